"""Undo against the Gambo engine takes back the player's own move with the engine's
reply; the engine then waits for the player, drops a search begun before the undo,
and Redo brings both moves back. Played through the real app with the engine's
searches on their thread: every wait is on a condition, with a generous deadline."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest

from pi_app.ai.gambo import opponent
from pi_app.display.games.gambo import Square, opponent_extras
from pi_app.display.intents import Press, Redo, Undo, wait_events
from pi_app.display.pages import PageButton
from pi_app.display.scene import NewGame, Play, ShowFinal
from pi_app.display.screens import Mode
from pi_app.display.targets import Button
from pi_app.rules.gambo.board import SQUARE_INDEX
from tests.display.layout_checks import drawn_text
from tests.paths import GOLDEN

SETUP = {
    "A": ["E1", "C2", "M3", "E2", "C3", "M1", "E3", "C1", "M2"],
    "B": ["M1", "E3", "C2", "M2", "E1", "C3", "M3", "E2", "C1"],
}
ENGINE, PLAYER = 1, 0  # the engine plays B, which moves first
DEADLINE = 60.0  # seconds: the easy engine answers in milliseconds, a busy machine slower


pytestmark = pytest.mark.usefixtures("english")


class Searches:
    """Every search the computer starts (the moves of the position it searches), and
    what each found."""

    def __init__(self) -> None:
        self.started: list[tuple[str, ...]] = []
        self.results: list[tuple[tuple[str, ...], str]] = []

    def searched(self, history: tuple[str, ...]) -> list[str]:
        """The moves found by the searches of the position after `history`."""
        return [move for seen, move in self.results if seen == history]


@pytest.fixture
def searches(monkeypatch: pytest.MonkeyPatch) -> Searches:
    seen = Searches()
    real = opponent.choose

    def recorded(state: Any, level: str) -> str:
        history = tuple(state.history)
        seen.started.append(history)
        move = real(state, level)
        seen.results.append((history, move))
        return move

    monkeypatch.setattr(opponent, "choose", recorded)
    return seen


def wait_until(app: Any, condition: Callable[[], bool], what: str) -> None:
    """Run the app's loop until `condition` holds (the engine's thread wakes it)."""
    end = time.monotonic() + DEADLINE
    while not condition():
        assert time.monotonic() < end, f"timed out waiting for {what}"
        app.step(wait_events(100, blocking=False))


def history(app: Any) -> tuple[str, ...]:
    return tuple(app.table.state.history)


def kinds(app: Any) -> list[str]:
    return [event.kind for event in app.journal.events(app.table.game_id)]


def start(app_factory: Any) -> Any:
    """A game against the easy engine, once the engine's first move is on the board."""
    app = app_factory()
    app.execute(NewGame("gambo", ("Alice", "Engine"), {"setup": SETUP}, opponent_extras("easy")))
    wait_until(app, lambda: len(history(app)) == 1, "the engine's first move")
    return app


def advance(app: Any, start_square: str) -> None:
    """The player advances the piece on `start_square` by tapping it, then its target."""
    app.feed(Press(Square(SQUARE_INDEX[start_square])))
    targets = app.scene.targets(app.ctx())
    square = next(s for s, move in targets.items() if move == f"adv {start_square}")
    app.feed(Press(Square(square)))
    assert history(app)[-1] == f"adv {start_square}"


def steps_while_waiting(app: Any, count: int = 20) -> None:
    """Let the loop run: were the engine to move, it would start a search here."""
    for _ in range(count):
        app.step(wait_events(10, blocking=False))


def test_undo_takes_back_the_engine_reply_with_the_players_move(
    app_factory: Any, searches: Searches
) -> None:
    app = start(app_factory)
    first = history(app)
    advance(app, "a0")
    wait_until(app, lambda: len(history(app)) == 3, "the engine's reply")
    app.dirty = True
    app.render()
    before = drawn_text(app.canvas.texts)

    app.feed(Press(Button.UNDO))
    app.step([])

    assert history(app) == first
    assert app.table.state.to_move == PLAYER
    assert kinds(app) == ["action", "action", "action", "undo", "undo"]
    assert drawn_text(app.canvas.texts) != before
    started = len(searches.started)
    steps_while_waiting(app)
    assert history(app) == first  # the engine waits for the player's move
    assert len(searches.started) == started

    advance(app, "a1")  # another move, answered by the engine
    wait_until(app, lambda: len(history(app)) == 3, "the engine's reply to the new move")
    assert history(app)[:2] == (*first, "adv a1")


def test_redo_brings_back_both_moves_and_the_engine_adds_none(
    app_factory: Any, searches: Searches
) -> None:
    app = start(app_factory)
    advance(app, "a0")
    wait_until(app, lambda: len(history(app)) == 3, "the engine's reply")
    played = history(app)
    app.feed(Undo())
    app.step([])
    assert len(history(app)) == 1 and app.table.can_redo
    started = len(searches.started)

    app.feed(Redo())
    app.step([])

    assert history(app) == played
    assert app.table.state.to_move == PLAYER
    assert kinds(app)[-2:] == ["redo", "redo"]
    assert not app.table.can_redo
    steps_while_waiting(app)
    assert history(app) == played  # no third move
    assert len(searches.started) == started  # the reply was redone, not searched again


def test_a_search_begun_before_the_undo_is_dropped(app_factory: Any, searches: Searches) -> None:
    app = start(app_factory)
    first = history(app)
    advance(app, "a0")  # the engine starts its search for the position after a0 at once
    assert app.session.computer.thinking

    app.feed(Press(Button.UNDO))  # the player's own move: the engine had not replied
    assert history(app) == first
    wait_until(app, lambda: bool(searches.searched((*first, "adv a0"))), "the stale search")
    steps_while_waiting(app)
    assert history(app) == first  # the stale move is not played on the player's turn

    advance(app, "a2")
    wait_until(app, lambda: len(history(app)) == 3, "the engine's reply")
    reply = history(app)[-1]
    assert reply in searches.searched((*first, "adv a2"))  # searched in this position
    assert app.message is None


def test_undo_when_only_the_engine_has_moved_says_why(app_factory: Any) -> None:
    app = start(app_factory)
    first = history(app)
    app.feed(Press(Button.UNDO))
    assert history(app) == first
    assert kinds(app) == ["action"]
    assert app.message is not None and "no move of yours" in app.message[0]


def test_a_restart_after_the_undo_is_where_the_undo_left_it(app_factory: Any) -> None:
    app = start(app_factory)
    advance(app, "a0")
    wait_until(app, lambda: len(history(app)) == 3, "the engine's reply")
    played = history(app)
    app.feed(Undo())
    app.step([])
    undone = history(app)

    again = app_factory()  # the box restarts on the same journal
    again.step([])
    assert again.table.state == app.table.state
    assert history(again) == undone and again.table.can_redo
    steps_while_waiting(again)
    assert history(again) == undone  # the player's turn: the engine waits
    again.feed(Redo())
    again.step([])
    assert history(again) == played
    assert again.table.export()["moves"] == list(played)


def test_two_people_undo_one_move_at_a_time(app_factory: Any) -> None:
    app = app_factory()
    app.execute(NewGame("gambo", ("Alice", "Bruno"), {"setup": SETUP}))
    for move in ("adv b4", "adv a4", "adv b3"):
        app.execute(Play(move))
    app.feed(Undo())
    assert history(app) == ("adv b4", "adv a4")
    assert kinds(app)[-1:] == ["undo"]


def test_undo_from_the_end_of_a_game_against_the_engine(app_factory: Any) -> None:
    """The end screen's Undo groups the moves as the board's does: the player is to
    move again on the board, and the engine waits for them."""
    record = json.loads((GOLDEN / "gambo" / "full-game-tie-to-last-duel.json").read_text())
    app = app_factory()
    extras = opponent_extras("easy")
    with app.session.computer.paused():  # the record plays the engine's side
        app.execute(NewGame("gambo", ("Alice", "Engine"), {"setup": record["setup"]}, extras))
        for move in record["moves"]:
            app.execute(Play(move))
        app.execute(ShowFinal())
    assert app.screens.mode is Mode.FINAL

    app.feed(Press(Button.UNDO))
    app.step([])

    assert app.screens.mode is Mode.GAME
    assert app.table.state.to_move == PLAYER
    left = history(app)
    assert left == tuple(record["moves"][: len(left)]) and len(left) < len(record["moves"])
    steps_while_waiting(app)
    assert history(app) == left


def test_the_computers_seat_is_shown_in_the_language_of_now(app_factory: Any) -> None:
    """A game begun in French records the computer's seat as "Ordinateur (moyen)"; read
    in German, the end screen and the history name it "Computer (mittel)", and the
    record keeps the name it was given."""
    from pi_app.display.history.scene import OpenGame
    from pi_app.i18n import set_language
    from pi_app.table.history import History

    record = json.loads((GOLDEN / "gambo" / "full-game-tie-to-last-duel.json").read_text())
    app = app_factory()
    seats = ("Alice", "Ordinateur (moyen)")  # the label in French, as it was recorded
    with app.session.computer.paused():
        app.execute(NewGame("gambo", seats, {"setup": record["setup"]}, opponent_extras("medium")))
        for move in record["moves"]:
            app.execute(Play(move))
        app.execute(ShowFinal())
    game_id = app.table.game_id
    set_language("de")
    try:
        from pi_app.box.unfinished import Unfinished
        from pi_app.table import Table

        paused = Table.new(app.journal, "gambo", list(seats), {}, extras=opponent_extras("medium"))
        assert Unfinished([paused]).listed()[0].seats == ("Alice", "Computer (mittel)")
        app.dirty = True
        app.render()
        shown = drawn_text(app.canvas.texts)
        assert "Computer (mittel)" in shown and "Ordinateur" not in shown
        app.feed(Press("menu"))
        app.feed(Press(PageButton("history")))
        app.step([])
        listed = drawn_text(app.canvas.texts)
        assert "Computer (mittel)" in listed and "Ordinateur" not in listed
        app.feed(Press(OpenGame(game_id)))
        app.step([])
        opened = drawn_text(app.canvas.texts)
        assert "Computer (mittel)" in opened and "Ordinateur" not in opened
        past = History(app.journal).game(game_id)
        assert past is not None and past.seats == ("Alice", "Computer (mittel)")
    finally:
        set_language("fr")
    entry = app.journal.game(game_id)
    assert entry is not None and tuple(entry.seats) == seats  # as recorded
