"""Long team names on the Quitte ou Double mat: never cut, never on a border.

Each case plays a round with long names ("Marie-Gabrielle", "Jean-Baptiste") up to a
screen and runs the layout checks of the screenshot tests on what it drew.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from pi_app.display.scene import NewGame, Play
from pi_app.i18n import set_language
from tests.display import layout_checks as lc
from tests.display.test_screens import Drawn

NAMES = ("Marie-Gabrielle", "Paul", "Tom", "Léa", "Jean-Baptiste", "Zoé")
STAGES = ("answers", "reveal", "bets", "paid")


def _faults(app: object, names: tuple[str, ...]) -> list[str]:
    """What the layout checks find wrong in the frame drawn now."""
    app.dirty = True  # type: ignore[attr-defined]
    app.step([])  # type: ignore[attr-defined]
    d = Drawn.of(app.canvas)  # type: ignore[attr-defined]
    bad = lc.texts_on_borders(d.texts, d.panels) + lc.overlapping_texts(d.texts, d.panels)
    bad += lc.cut_names(d.texts, names)
    bad += lc.covered_texts(d.texts, d.panels, d.animated)
    screen = app.canvas.rect  # type: ignore[attr-defined]
    return bad + [f"outside {t.text!r}" for t in lc.outside(d.texts, screen)]


def _play_to(app: object, stage: str, names: tuple[str, ...]) -> None:
    """Tiles laid, turned up, bets down and the truth given, as far as `stage`."""
    execute = app.execute  # type: ignore[attr-defined]
    if stage == "answers":
        return
    for i, name in enumerate(names):
        execute(Play(f'answer "{name}" {10 * (i + 1)}'))
    if stage == "reveal":
        return
    execute(Play("reveal"))
    count = len(names)
    for i, name in enumerate(names):
        place = f"{10 * (i + 1)}..{10 * (i + 2)}" if i < count - 1 else f">{10 * count}"
        execute(Play(f'bet "{name}" {place}'))
    if stage == "paid":
        execute(Play("truth 25"))


CASES = [
    (size, teams, stage, lang)
    for size, teams, stage, langs in (
        ("480x320", 3, "answers", "fr de en"),
        ("480x320", 6, "answers", "fr de"),  # "Tile of Marie-Gabrielle" just fits
        ("480x320", 3, "reveal", "fr de en"),
        ("480x320", 5, "reveal", "fr de en"),
        ("480x320", 6, "reveal", "fr de en"),
        ("480x320", 4, "paid", "fr de en"),
        ("480x320", 5, "paid", "fr de en"),
        ("800x480", 6, "paid", "fr de en"),
    )
    for lang in langs.split()
]


@pytest.mark.parametrize(("size", "teams", "stage", "lang"), CASES)
def test_long_names_stay_whole_and_clear(
    app_factory: Callable[..., object], size: str, teams: int, stage: str, lang: str
) -> None:
    set_language(lang)
    try:
        names = NAMES[:teams]
        app = app_factory(size)
        app.execute(NewGame("quitte-ou-double", names, {}))  # type: ignore[attr-defined]
        _play_to(app, stage, names)
        assert _faults(app, names) == []
    finally:
        set_language("fr")
