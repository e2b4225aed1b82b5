"""The history tells a past Gambo game's moves in the board screen's own words, both sides'
scores beside each move on every page (not its record's notation, one side a page)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from pi_app.display.canvas import TextDraw
from pi_app.display.games.gambo import engine_label, opponent_extras
from pi_app.display.history.scene import HistoryScene, OpenGame
from pi_app.display.intents import Press
from pi_app.display.pages import PageButton
from pi_app.display.scene import NewGame, Play
from tests.display.layout_checks import outside, shortened, too_small

pytestmark = pytest.mark.usefixtures("english")

SETUP = {
    "A": ["E1", "C2", "M3", "E2", "C3", "M1", "E3", "C1", "M2"],
    "B": ["M1", "E3", "C2", "M2", "E1", "C3", "M3", "E2", "C1"],
}
MOVES = ("adv b4", "adv a4", "duel c9 c8", "adv a5", "swap b2 b6")
TOLD = (
    "1. Engine (medium) advanced elephant 1 to c9",
    "2. Alice advanced cat 3 to c8",
    "3. Engine (medium) took cat 3 with elephant 1: +3",
    "4. Alice advanced mouse 1 to c10",
    "5. Engine (medium) swapped cat 2 and mouse 3",
)
"""The first moves as the board screen says them (`gambo.move_sentence`)."""


def finish_against_the_engine(app: Any) -> list[str]:
    """A game against the engine (its moves played here), to its end; returns what the
    board screen said of each of the first moves (`MOVES`)."""
    app.session.computer.held = True
    seats = ("Alice", engine_label("medium"))
    app.execute(NewGame("gambo", seats, {"setup": SETUP}, opponent_extras("medium")))
    table = app.table
    said: list[str] = []
    for move in MOVES:
        app.execute(Play(move))
        shown = whole(frame(app))
        labels = {f"{seat} ({side})" for seat, side in zip(seats, "AB", strict=True)}
        said += [s for s in shown - labels if s.startswith(seats) and "tap" not in s]
    while table.outcome() is None:
        app.execute(Play(table.game.format_action(table.game.legal_actions(table.state)[0])))
    app.step([])
    return said


def frame(app: Any) -> list[TextDraw]:
    app.dirty = True
    app.step([])
    return list(app.canvas.texts)


def whole(texts: list[TextDraw]) -> set[str]:
    """The texts as the scene gave them (a wrapped sentence is one)."""
    return {text.source or text.text for text in texts}


@pytest.mark.parametrize("size", ["800x480", "480x320"])
def test_the_rounds_of_a_gambo_game_read_as_its_board_tells_them(
    app_factory: Any, size: str
) -> None:
    app = app_factory(size)
    said = finish_against_the_engine(app)
    if size == "800x480":  # where the board has room for its duels' full sentences
        assert tuple(f"{n}. {words}" for n, words in enumerate(said, start=1)) == TOLD
    moves = len(app.table.state.history)
    app.feed(Press("final"))
    app.feed(Press("menu"))
    app.feed(Press(PageButton("history")))
    app.feed(Press(OpenGame(app.table.game_id)))
    app.feed(Press("toggle"))
    scene = app.scene
    assert isinstance(scene, HistoryScene) and scene.rounds_view
    told: list[str] = []
    for page in range(moves):  # at least one move a page
        texts = frame(app)
        shown = whole(texts)
        assert not [t for t in shown if "adv " in t or "duel " in t or "swap " in t], page
        assert {"Alice", "Engine (medium)"} <= shown, page  # both sides on every page
        assert not outside(texts, app.canvas.rect) and not too_small(texts, 18)
        assert not shortened(texts)
        for text in texts:  # in the order drawn; a wrapped sentence once
            said = text.source or text.text
            if said[:1].isdigit() and ". " in said and said not in told:
                told.append(said)
        if len(told) >= moves:
            break
        app.feed(Press("rounds-page"))
    assert tuple(told[: len(TOLD)]) == TOLD
    assert len(told) == moves


@pytest.mark.parametrize("size", ["800x480", "480x320"])
def test_each_told_move_has_both_scores_on_its_line(app_factory: Any, size: str) -> None:
    app = app_factory(size)
    finish_against_the_engine(app)
    app.feed(Press("final"))
    app.feed(Press("menu"))
    app.feed(Press(PageButton("history")))
    app.feed(Press(OpenGame(app.table.game_id)))
    app.feed(Press("toggle"))
    texts = frame(app)
    duel = next(t for t in texts if (t.source or t.text) == TOLD[2])
    line = pygame.Rect(duel.rect)
    beside = [t.text for t in texts if pygame.Rect(t.rect).top == line.top and t is not duel]
    assert beside == ["0", "3"]  # Alice 0, the engine 3, on the duel's own line
