"""Gambit 7 with long names on the small screen: the seats' lines, the keypad's
prompt and the payout list keep every name whole and every text clear of the others and of the
boxes' outlines, from 3 to 7 seats."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

import pytest

from pi_app.display.scene import NewGame, Play
from pi_app.i18n import set_language
from tests.display import layout_checks as lc
from tests.display.test_screens import Drawn

NAMES = ("Marie-Gabrielle", "Paul", "Tom", "Léa", "Jean-Baptiste", "Zoé", "Anne-Sophie")
PHASES = ("answers", "reveal", "paid")
CASES = [("480x320", phase) for phase in PHASES]


@pytest.fixture(autouse=True)
def french_after() -> Iterator[None]:
    """Each case sets its language; the next tests find French again."""
    yield
    set_language("fr")


def _play_to(app: object, seats: Sequence[str], phase: str) -> None:
    """Play a round with `seats` up to `phase`: no answer yet, every answer in (the
    reveal's question), or the round paid."""
    run = app.execute  # type: ignore[attr-defined]
    run(NewGame("gambit7", seats, {}))
    if phase == "answers":
        return
    for i, seat in enumerate(seats):
        run(Play(f'answer "{seat}" "{10 * (i + 1)}" fr'))
    if phase == "reveal":
        return
    run(Play("reveal"))
    for i, seat in enumerate(seats):
        run(Play(f'bet "{seat}" [{10 * (i + 1)}, "less"]'))
    run(Play("close-bets"))
    run(Play("truth 25 fr"))


def _faults(app: object, names: Sequence[str]) -> list[str]:
    """What the layout checks find on the screen as drawn now."""
    app.dirty = True  # type: ignore[attr-defined]
    app.step([])  # type: ignore[attr-defined]
    d = Drawn.of(app.canvas)  # type: ignore[attr-defined]
    screen = app.canvas.rect  # type: ignore[attr-defined]
    return [
        *lc.texts_on_borders(d.texts, d.panels),
        *lc.overlapping_texts(d.texts, d.panels),
        *lc.cut_names(d.texts, names),
        *lc.covered_texts(d.texts, d.panels, d.animated),
        *(f"outside {t.text!r}" for t in lc.outside(d.texts, screen)),
    ]


@pytest.mark.parametrize("lang", ["fr", "de"])
@pytest.mark.parametrize("count", [3, 5, 7])
@pytest.mark.parametrize(("size", "phase"), CASES)
def test_long_names_stay_whole(
    app_factory: Callable[..., object], size: str, phase: str, count: int, lang: str
) -> None:
    set_language(lang)
    seats = NAMES[:count]
    app = app_factory(size)
    _play_to(app, seats, phase)
    assert _faults(app, seats) == []
