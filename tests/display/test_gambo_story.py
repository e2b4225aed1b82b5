"""Gambo shows a move as it happens: marked squares, the move in words, the moves so far
and the pairs each side took."""

from __future__ import annotations

import json
from typing import Any

import pygame
import pytest

from pi_app.display import theme as th
from pi_app.display.games.gambo import (
    Square,
    ghosts,
    last_move_colour,
    marked_squares,
    opponent_extras,
)
from pi_app.display.intents import Press
from pi_app.display.scene import NewGame, Play
from pi_app.rules.gambo.board import SQUARE_INDEX
from pi_app.rules.gambo.game import Piece
from tests.display.layout_checks import drawn_text, outside, too_small
from tests.paths import GOLDEN

SETUP = {
    "A": ["E1", "C2", "M3", "E2", "C3", "M1", "E3", "C1", "M2"],
    "B": ["M1", "E3", "C2", "M2", "E1", "C3", "M3", "E2", "C1"],
}
# B's elephant 1 (b4) crushes A's cat 3 (a4) on c9/c8, then B swaps its cat 2 and mouse 3
MOVES = ("adv b4", "adv a4", "duel c9 c8", "adv a5", "swap b2 b6")
SIZES = ("800x480", "480x320")
LAST_MOVE = th.SEAT_COLOURS[6]  # the last move's mark while the sides have their own colours
PASS_RECORD = GOLDEN / "gambo" / "pass-with-no-legal-move.json"


pytestmark = pytest.mark.usefixtures("english")


@pytest.fixture
def app_factory(app_factory: Any) -> Any:
    """Apps whose engine makes no search: the tests play its side themselves."""

    def make(*args: Any, **kwargs: Any) -> Any:
        app = app_factory(*args, **kwargs)
        pause_engine(app)
        return app

    return make


def pause_engine(app: Any) -> None:
    """Pause the engine of `app`: it neither searches nor plays."""
    app.session.computer.held = True


def play(app: Any, *moves: str, engine: bool = True) -> None:
    extras = opponent_extras("hard") if engine else {}
    app.execute(NewGame("gambo", ("Alice", "Bruno"), {"setup": SETUP}, extras))
    for move in moves:
        app.execute(Play(move))
    assert app.table.state.history == moves
    app.dirty = True
    app.render()


def square(name: str) -> int:
    return SQUARE_INDEX[name]


def cell_of(app: Any, index: int) -> pygame.Rect:
    return next(h.rect for h in app.canvas.hits if h.target == Square(index))


def colour_count(app: Any, box: pygame.Rect, colour: tuple[int, int, int]) -> int:
    surface = app.painter.surface
    return sum(
        1
        for x in range(box.left, box.right)
        for y in range(box.top, box.bottom)
        if tuple(surface.get_at((x, y)))[:3] == colour
    )


def taken_row(app: Any, label: str) -> pygame.Rect:
    """The strip under a side's name (its pairs, then its score), down to the board."""
    name = next(t for t in app.canvas.texts if t.text == label)
    row = pygame.Rect(name.box)
    board_top = min(h.rect.top for h in app.canvas.hits if isinstance(h.target, Square))
    return pygame.Rect(row.x, row.bottom, row.width, board_top - row.bottom)


@pytest.mark.parametrize("size", SIZES)
def test_the_computer_swap_is_said_marked_and_listed(app_factory: Any, size: str) -> None:
    app = app_factory(size)
    play(app, *MOVES)
    shown = drawn_text(app.canvas.texts)
    assert "Engine (hard) swapped cat 2 and mouse 3" in shown
    assert marked_squares(app.table.state) == {square("b2"), square("b6")}
    for name in ("b2", "b6"):
        cell = cell_of(app, square(name))
        assert colour_count(app, cell, LAST_MOVE) > 0, name
    assert colour_count(app, cell_of(app, square("b3")), LAST_MOVE) == 0
    assert not outside(app.canvas.texts, app.canvas.rect)
    assert not too_small(app.canvas.texts, 18)


def test_the_moves_so_far_are_numbered_up_to_the_last(app_factory: Any) -> None:
    """At 800x480; at 480x320 the board takes the strip's room, the sentence says the move."""
    app = app_factory("800x480")
    play(app, *MOVES)
    texts = [t.text for t in app.canvas.texts]
    assert texts.count("5") == 2 and texts.count("4") == 2  # the chips, and the board's c4, c5
    assert "c10" in texts  # move 4: A's mouse 1 to c10


@pytest.mark.parametrize("size", SIZES)
def test_the_pair_a_duel_took_stands_beside_the_winner(app_factory: Any, size: str) -> None:
    app = app_factory(size)
    play(app, *MOVES[:3])
    shown = drawn_text(app.canvas.texts)
    assert "Engine (hard) took cat 3 with elephant 1: +3" in shown
    assert marked_squares(app.table.state) == {square("c9"), square("c8")}
    assert ghosts(app.table.state) == {
        square("c9"): Piece(1, "E1"),
        square("c8"): Piece(0, "C3"),
    }
    winner, loser = taken_row(app, "Engine (hard) (B)"), taken_row(app, "Alice (A)")
    assert colour_count(app, winner, th.SEAT_COLOURS[0]) > 0  # A's cat 3
    assert colour_count(app, winner, th.SEAT_COLOURS[1]) > 0  # B's own elephant 1
    assert colour_count(app, winner, LAST_MOVE) > 0  # the pair of the move just played
    assert colour_count(app, loser, th.SEAT_COLOURS[0]) == 0
    assert colour_count(app, loser, th.SEAT_COLOURS[1]) == 0


def test_a_duel_lost_by_the_attacker_scores_for_the_defender(app_factory: Any) -> None:
    app = app_factory()
    play(app, "adv b4", "adv a5", "duel c9 c10", engine=False)  # a mouse scares the elephant
    shown = drawn_text(app.canvas.texts)
    assert "Bruno attacked mouse 1 with elephant 1 and lost: +1 for Alice" in shown
    pair = taken_row(app, "Alice (A)")
    assert colour_count(app, pair, th.SEAT_COLOURS[1]) > 0
    assert colour_count(app, taken_row(app, "Bruno (B)"), th.SEAT_COLOURS[1]) == 0


def test_an_advance_names_the_piece_and_its_square(app_factory: Any) -> None:
    app = app_factory("480x320")
    play(app, "adv b4", "adv a4", engine=False)
    assert "Alice advanced cat 3 to c8" in drawn_text(app.canvas.texts)
    assert marked_squares(app.table.state) == {square("a4"), square("c8")}


def test_a_pass_is_said(app_factory: Any) -> None:
    record = json.loads(PASS_RECORD.read_text(encoding="utf-8"))
    moves = record["moves"][: record["moves"].index("pass") + 1]
    app = app_factory("480x320")
    app.execute(NewGame("gambo", ("Alice", "Bruno"), {"setup": record["setup"]}))
    for move in moves:
        app.execute(Play(move))
    assert app.table.state.history == tuple(moves)
    app.dirty = True
    app.render()
    assert "Alice passed" in drawn_text(app.canvas.texts)
    assert marked_squares(app.table.state) == frozenset()
    assert not outside(app.canvas.texts, app.canvas.rect)


def test_before_the_first_move_nothing_is_marked(app_factory: Any) -> None:
    app = app_factory()
    play(app, engine=False)
    assert marked_squares(app.table.state) == frozenset()
    assert "No move yet." in drawn_text(app.canvas.texts)


def test_a_selection_still_shows_over_the_last_move(app_factory: Any) -> None:
    app = app_factory()
    play(app, "adv b4", "adv a4", engine=False)
    app.feed(Press(Square(square("c9"))))  # B's elephant 1, face to face with c8
    app.dirty = True
    app.render()
    targets = app.scene.targets(app.ctx())
    assert targets.get(square("c8")) == "duel c9 c8"
    c8 = cell_of(app, square("c8"))
    assert colour_count(app, c8, LAST_MOVE) > 0  # still marked as the last move


def test_pieces_take_their_players_colours_and_the_mark_avoids_them(app_factory: Any) -> None:
    app = app_factory()
    app.execute(NewGame("gambo", ("Alice", "Bruno"), {"setup": SETUP}, {"colours": [6, 4]}))
    for move in MOVES:
        app.execute(Play(move))
    app.dirty = True
    app.render()
    board = next(h.rect for h in app.canvas.hits if h.target == Square(square("b4")))
    board = board.unionall([h.rect for h in app.canvas.hits if isinstance(h.target, Square)])
    assert colour_count(app, board, th.SEAT_COLOURS[6]) > 0  # Alice's pieces, purple
    assert colour_count(app, board, th.SEAT_COLOURS[4]) > 0  # Bruno's, blue
    assert colour_count(app, board, th.SEAT_COLOURS[0]) == 0  # not the default orange
    assert last_move_colour(app.canvas) == th.SEAT_COLOURS[7]  # purple is Alice's: white marks
    assert colour_count(app, cell_of(app, square("b2")), th.SEAT_COLOURS[7]) > 0
    assert app.scene.ring_colour(app.ctx()) == th.SEAT_COLOURS[6]  # Alice (A) is to move
