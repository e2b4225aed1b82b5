"""The mats with long names, every seat count, both screens, three languages.

Gambit 7 (3 to 7 seats) and Quitte ou Double (3 to 6 teams) played with long names
through the answers, the reveal, the bets and the payout: on each screen no name is
cut, no text sits on a border or over another, and none leaves its box or the screen.

Six teams' column of tiles and zones at 480x320 holds thirteen places, more than
lines of the smallest type: there each tile is a strip of colour patches between its
zones, and every zone keeps its line and its tap target (the last test).
"""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pygame
import pytest

from pi_app.display.demo import FakeClock, make_app
from pi_app.display.scene import NewGame, Play
from pi_app.display.theme import LARGE_TEXT
from pi_app.i18n import LANGUAGES, set_language
from tests.display import layout_checks as checks
from tests.display.test_screens import Drawn

NAMES = ("Marie-Gabrielle", "Paul", "Tom", "Léa", "Jean-Baptiste", "Zoé", "Anne-Sophie")
PHASES = ("answers", "reveal", "bets", "paid")
SEATS = {"gambit7": range(3, 8), "quitte-ou-double": range(3, 7)}
CASES = [
    pytest.param(
        game,
        count,
        size,
        lang,
        phase,
        id=f"{game}-{count}-{size}-{lang}-{phase}",
    )
    for game, counts in SEATS.items()
    for count in counts
    for size in ("800x480", "480x320")
    for lang in LANGUAGES
    for phase in PHASES
]


def _play_to(app: Any, game: str, seats: tuple[str, ...], phase: str) -> None:
    """The round up to `phase`: every answer, the reveal, a bet each, the truth."""
    app.execute(NewGame(game, seats, {}))
    if phase == "answers":
        return
    for index, seat in enumerate(seats):
        value = 10 * (index + 1)
        app.execute(
            Play(
                f'answer "{seat}" "{value}" fr' if game == "gambit7" else f'answer "{seat}" {value}'
            )
        )
    if phase == "reveal":
        return
    app.execute(Play("reveal"))
    for index, seat in enumerate(seats):
        low = 10 * (index + 1)
        if game == "gambit7":
            app.execute(Play(f'bet "{seat}" [{low}, "less"]'))
        elif index < len(seats) - 1:
            app.execute(Play(f'bet "{seat}" {low}..{low + 10}'))
        else:
            app.execute(Play(f'bet "{seat}" >{low}'))
    if phase == "bets":
        return
    if game == "gambit7":
        app.execute(Play("close-bets"))
        app.execute(Play("truth 25 fr"))
    else:
        app.execute(Play("truth 25"))


LARGE_CASES = [
    pytest.param(game, max(counts), size, "de", phase, id=f"{game}-{size}-large-text-{phase}")
    for game, counts in SEATS.items()
    for size in ("800x480", "480x320")
    for phase in PHASES
]
"""With large text (the host's setting): the most seats, the longest language."""


@pytest.mark.parametrize(("game", "count", "size", "lang", "phase"), CASES)
def test_long_names_are_whole_and_clear(
    tmp_path: Path, game: str, count: int, size: str, lang: str, phase: str
) -> None:
    _whole_and_clear(tmp_path, game, count, size, lang, phase, large=False)


@pytest.mark.parametrize(("game", "count", "size", "lang", "phase"), LARGE_CASES)
def test_long_names_are_whole_and_clear_in_large_text(
    tmp_path: Path, game: str, count: int, size: str, lang: str, phase: str
) -> None:
    _whole_and_clear(tmp_path, game, count, size, lang, phase, large=True)


def _whole_and_clear(
    tmp_path: Path, game: str, count: int, size: str, lang: str, phase: str, large: bool
) -> None:
    set_language(lang)
    app = make_app(size, tmp_path / "journal.sqlite3", FakeClock(), {LARGE_TEXT: large})
    try:
        assert app.theme.large is large
        seats = NAMES[:count]
        _play_to(app, game, seats, phase)
        app.dirty = True
        app.step([])
        drawn = Drawn.of(app.canvas)
        found = [
            *checks.cut_names(drawn.texts, seats),
            *checks.texts_on_borders(drawn.texts, drawn.panels),
            *checks.overlapping_texts(drawn.texts, drawn.panels),
            *checks.covered_texts(drawn.texts, drawn.panels, drawn.animated),
            *(f"{t.text!r} outside its box" for t in checks.outside(drawn.texts, app.canvas.rect)),
        ]
        assert not found
    finally:
        app.journal.close()
        set_language("fr")


def test_six_teams_on_the_small_screen_keep_every_zone_and_who_laid_each_tile(
    tmp_path: Path,
) -> None:
    """Thirteen places at 480x320: every zone keeps a tap target at least a line high,
    and between two zones the strip shows the colour of the team whose tile it is."""
    from pi_app.display.games.quitte_ou_double import Zone

    set_language("fr")
    app = make_app("480x320", tmp_path / "journal.sqlite3", FakeClock(), {})
    try:
        seats = NAMES[:6]
        _play_to(app, "quitte-ou-double", seats, "bets")
        app.dirty = True
        app.step([])
        canvas = app.canvas
        zones = [hit for hit in canvas.hits if isinstance(hit.target, Zone)]
        places = ["<10", *(f"{10 * k}..{10 * (k + 1)}" for k in range(1, 6)), ">60"]
        assert sorted(h.target.place for h in zones) == sorted(places)  # type: ignore[attr-defined]
        line = canvas.fonts.font(canvas.theme.min_font).get_linesize()
        assert all(hit.rect.height >= line for hit in zones)
        assert all(canvas.hit_at(hit.rect.center) == hit.target for hit in zones)
        ordered = sorted(zones, key=lambda hit: hit.rect.y)  # ">60" on top
        for k, (upper, lower) in enumerate(itertools.pairwise(ordered)):
            strip = pygame.Rect(upper.rect.x, upper.rect.bottom, upper.rect.width, 0)
            strip.height = lower.rect.y - upper.rect.bottom
            team = 5 - k  # the tile between them is 60, then 50, ...: Zoé's, then Jean-Baptiste's
            colour = canvas.seat_colour(team)
            assert any(
                tuple(canvas.surface.get_at((x, y)))[:3] == colour
                for x in range(strip.left, strip.right)
                for y in range(strip.top, strip.bottom)
            ), (k, seats[team])
    finally:
        app.journal.close()
