"""Gambo reads across a table: squares a fingertip wide, strength marks that show,
the central squares numbered as the moves name them, a hint for the first tap, and
no text cut at 480x320 in any language."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from pi_app.display import theme as th
from pi_app.display.games.gambo import Square, opponent_extras
from pi_app.display.intents import Press
from pi_app.display.scene import NewGame, Play
from pi_app.i18n import set_language, translate
from pi_app.rules.gambo.board import A_START, B_START, CENTRAL, SQUARE_INDEX
from tests.display.layout_checks import drawn_text, outside, too_small

SETUP = {
    "A": ["E1", "C2", "M3", "E2", "C3", "M1", "E3", "C1", "M2"],
    "B": ["M1", "E3", "C2", "M2", "E1", "C3", "M3", "E2", "C1"],
}
MOVES = ("adv b4", "adv a4", "duel c9 c8", "adv a5", "swap b2 b6")
SIZES = ("800x480", "480x320")
FINGER = 48  # px: 9 mm on the 7" display at 800x480


pytestmark = pytest.mark.usefixtures("english")


def game(
    app: Any, *moves: str, seats: tuple[str, str] = ("Alice", "Bruno"), engine: bool = False
) -> None:
    """A game of `moves`, drawn; the engine (on B) is paused: the test plays its side."""
    extras = opponent_extras("hard") if engine else {}
    with app.session.computer.paused():
        app.execute(NewGame("gambo", seats, {"setup": SETUP}, extras))
        for move in moves:
            app.execute(Play(move))
        redraw(app)


def redraw(app: Any) -> None:
    app.dirty = True
    app.render()


def cells(app: Any) -> dict[int, pygame.Rect]:
    return {h.target.index: h.rect for h in app.canvas.hits if isinstance(h.target, Square)}


@pytest.mark.parametrize("size", SIZES)
def test_every_square_is_a_touch_target_of_its_own(app_factory: Any, size: str) -> None:
    app = app_factory(size)
    game(app, *MOVES)
    found = cells(app)
    assert sorted(found) == list(range(36))
    rects = list(found.values())
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
    assert all(app.canvas.rect.contains(r) for r in rects)


def test_squares_are_a_fingertip_wide_at_800x480(app_factory: Any) -> None:
    app = app_factory("800x480")
    game(app, *MOVES)
    small = [(i, r.size) for i, r in cells(app).items() if min(r.size) < FINGER]
    assert not small


def test_squares_at_480x320_are_twice_as_wide_as_a_straight_row_allows(app_factory: Any) -> None:
    """A straight central row of 18 leaves 26 px a square at 480x320; staggered, a
    square is as wide as two of those, and no lower."""
    app = app_factory("480x320")
    game(app, *MOVES)
    for index, rect in cells(app).items():
        assert rect.width >= 46 and rect.height >= 26, (index, rect)


def test_the_stagger_keeps_each_start_square_facing_its_central_square(
    app_factory: Any,
) -> None:
    """R9: A's start square i faces central square 2i, B's faces 2i+1."""
    app = app_factory()
    game(app)
    found = cells(app)
    for i in range(9):
        a, b = found[A_START.start + i], found[B_START.start + i]
        even, odd = found[CENTRAL.start + 2 * i], found[CENTRAL.start + 2 * i + 1]
        assert a.x == even.x and a.top >= even.bottom
        assert b.x == odd.x and b.bottom <= odd.top
        assert even.left < odd.left < even.right  # c(2i+1) stands between c(2i) and c(2i+2)


@pytest.mark.parametrize("size", SIZES)
def test_the_central_squares_are_numbered_as_the_moves_name_them(
    app_factory: Any, size: str
) -> None:
    app = app_factory(size)
    game(app, "adv b4", "adv a5")  # "Alice advanced mouse 1 to c10"
    assert "to c10" in drawn_text(app.canvas.texts)
    found = cells(app)
    odd_line = found[CENTRAL.start + 1]
    even_line = found[CENTRAL.start]
    strip = [t for t in app.canvas.texts if odd_line.bottom <= t.rect[1] < even_line.top]
    numbers = {int(t.text): pygame.Rect(t.rect) for t in strip if t.text.isdigit()}
    assert sorted(numbers) == list(range(18))
    for number, rect in numbers.items():
        square = found[SQUARE_INDEX[f"c{number}"]]
        assert abs(rect.centerx - square.centerx) <= 2, number
    letters = {t.text: pygame.Rect(t.rect) for t in app.canvas.texts if t.text in "abc"}
    assert set(letters) == {"a", "b", "c"}
    a_row = found[A_START.start]
    assert a_row.top <= letters["a"].centery <= a_row.bottom
    assert not too_small(strip, 18) and not outside(strip, app.canvas.rect)


def pip_width(app: Any, cell: pygame.Rect) -> int:
    """The widest run of the strength marks' colour across any row of `cell`."""
    surface, widest = app.painter.surface, 0
    for y in range(cell.top, cell.bottom):
        run = 0
        for x in range(cell.left, cell.right):
            run = run + 1 if tuple(surface.get_at((x, y)))[:3] == th.TEXT else 0
            widest = max(widest, run)
    return widest


@pytest.mark.parametrize(("size", "wide"), [("800x480", 10), ("480x320", 6)])
def test_strength_marks_are_large_enough_to_count(app_factory: Any, size: str, wide: int) -> None:
    app = app_factory(size)
    game(app)
    strength_3 = cells(app)[A_START.start + 2]  # A's mouse 3, unselected, unmarked
    assert app.table.state.board[A_START.start + 2].code == "M3"
    assert pip_width(app, strength_3) >= wide


def test_the_first_tap_has_a_hint_then_the_second(app_factory: Any) -> None:
    app = app_factory()
    game(app)  # B moves first
    assert "Bruno: tap one of your pieces" in drawn_text(app.canvas.texts)
    app.feed(Press(Square(SQUARE_INDEX["b4"])))
    redraw(app)
    shown = drawn_text(app.canvas.texts)
    assert "Tap a highlighted square" in shown and "tap one of your pieces" not in shown


def test_while_the_engine_thinks_no_hint_asks_for_a_tap(app_factory: Any) -> None:
    app = app_factory("480x320")
    game(app, engine=True)
    shown = drawn_text(app.canvas.texts)
    assert "The engine is thinking…" in shown and "tap one of your pieces" not in shown


LONG = ("Marie-Christine", "Jean-Christophe")  # names of 15 letters, near the keyboard's 16


@pytest.mark.parametrize("lang", ["fr", "de", "en"])
@pytest.mark.parametrize(
    ("moves", "seats", "engine"),
    [
        (MOVES, ("Alice", "Engine"), True),
        (("adv b4", "adv a5", "duel c9 c10"), LONG, False),  # B attacks and loses
        (("adv b4", "adv a4", "duel c9 c8"), LONG, False),  # B takes
    ],
    ids=["engine", "duel-lost", "duel-won"],
)
def test_nothing_is_cut_at_480x320(
    app_factory: Any, lang: str, moves: tuple[str, ...], seats: tuple[str, str], engine: bool
) -> None:
    set_language(lang)
    app = app_factory("480x320")
    game(app, *moves, seats=seats, engine=engine)
    texts = app.canvas.texts
    thinking = translate("The engine is thinking…", "display", lang)
    assert not [t.text for t in texts if "…" in t.text and t.text != thinking]
    assert not outside(texts, app.canvas.rect)
    assert not too_small(texts, 18)
    shown = drawn_text(texts)
    assert "+" in shown or engine  # the duel's points are said
