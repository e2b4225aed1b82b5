"""Each game's phone play is found by its name (`web.games`); a game without any is
followed from a phone, and a request to play it is refused with a message."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pi_app.rules.registry import find_game, games
from pi_app.table import Journal, Table
from pi_app.web.games import phone_module
from pi_app.web.requests import PhoneActions, PhoneRequest, perform
from pi_app.web.views import GameView, phone_view


@pytest.mark.parametrize("name", ["gambit7", "quitte-ou-double"])
def test_games_phones_play_have_their_actions_and_views(name: str) -> None:
    module = phone_module(name)
    assert isinstance(module, PhoneActions) and isinstance(module, GameView)
    assert module.__name__ == f"pi_app.web.games.{name.replace('-', '_')}"


def test_the_other_games_are_followed_with_their_scores_alone() -> None:
    played = {name for name in games() if phone_module(name) is not None}
    assert played == {"gambit7", "quitte-ou-double"}
    game = find_game("tiny-race")
    state = game.new_game(["Ann", "Bob"], {}, random.Random(0))
    view = phone_view(game, state, "Ann", 3)
    assert view["game_id"] == 3 and view["you"] == "Ann" and "tiny-race" not in view
    assert view["scores"] == {"Ann": 0, "Bob": 0}


def test_a_request_for_a_game_played_on_the_box_is_refused(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "journal.sqlite3")
    try:
        table = Table.new(journal, "tiny-race", ["Ann", "Bob"], {})
        reply = perform(table, PhoneRequest("Ann", "answer", {"typed": "1"}, "en"))
        assert not reply.ok
        assert reply.message == "This game is played on the box; the phone shows the scores."
        assert table.moves_played == 0
    finally:
        journal.close()
