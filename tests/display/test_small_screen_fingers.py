"""The 3.5-inch screen with a full table: every seat's "who rang" button takes a finger
(at least 44 px high, its name whole), and a ranking of ten shows every place (it
showed seven lines and nothing of the three others)."""

from __future__ import annotations

from typing import Any

import pytest

from pi_app.display.games.cambio_targets import Ringer, RoundButton
from pi_app.display.history.scene import OpenGame
from pi_app.display.intents import Bell, Press
from pi_app.display.pages import PageButton
from pi_app.display.scene import NewGame, Play, ShowFinal
from pi_app.i18n import LANGUAGES, set_language
from tests.display import layout_checks as checks

LONG = checks.LONG_NAMES
TEN = (*LONG, "Cléo", "Dan", "Eve")
FINGER = 44
MORE_PLACES = "more-places"
"""The end screen's button to the ranking's next page (`MORE_PLACES`)."""


def stopped(app: Any, seats: tuple[str, ...]) -> None:
    """A Cambio round rung at the bell: the STOP screen asks who rang."""
    app.execute(NewGame("cambio", seats, {}))
    app.execute(Play("deal"))
    app.execute(Play("open"))
    app.feed(Bell(0.0))
    app.step([])
    assert app.scene.name == "cambio-stop"


TABLES = [
    (count, size)
    for count in range(3, 8)
    for size in ("480x320", "800x480")
    if size == "480x320" or count > 4  # four and fewer had 84 px at 800x480 already
]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("count", "size"), TABLES)
def test_who_rang_takes_a_finger_and_names_each_seat_whole(
    app_factory: Any, count: int, size: str, lang: str
) -> None:
    set_language(lang)
    try:
        app = app_factory(size)
        seats = LONG[:count]
        stopped(app, seats)
        canvas = app.canvas
    finally:
        set_language("fr")
    ringers = [hit for hit in canvas.hits if isinstance(hit.target, Ringer)]
    assert sorted(hit.target.index for hit in ringers) == list(range(count))
    assert [hit.rect for hit in ringers if hit.rect.height < FINGER] == []
    assert all(canvas.hit_at(hit.rect.center) == hit.target for hit in ringers)
    assert RoundButton.RESUME in [hit.target for hit in canvas.hits]  # "not a ring"
    assert checks.cut_names(canvas.texts, seats) == []
    assert checks.shortened(canvas.texts) == []
    assert checks.outside(canvas.texts, canvas.rect) == []
    assert checks.overlapping_texts(canvas.texts, canvas.panels) == []


def tournament_of_ten(app: Any) -> None:
    """A Cambio tournament of ten on two tables, played to its end at table 1."""
    app.execute(NewGame("cambio-tournament", TEN, {"tables": 2, "target": 250}))
    table = app.table
    while table.outcome() is None:
        leader = table.state.tables[0].seats[0]
        for action in ("deal", "open", f'ring "{leader}"', "show Dollar 9"):
            app.execute(Play(f"table 0 {action}"))
    app.execute(ShowFinal())
    app.step([])


def all_places_seen(app: Any, more: str) -> set[str]:
    """The names the ranking shows, page after page (`more`: its button's target)."""
    seen: set[str] = set()
    for _page in range(len(TEN)):
        canvas = app.canvas
        drawn = [text.text for text in canvas.texts]
        seen |= {name for name in TEN if name in drawn}
        assert checks.cut_names(canvas.texts, TEN) == []
        assert checks.outside(canvas.texts, canvas.rect) == []
        assert checks.shortened(canvas.texts) == []  # nor a button's word ("Exportie…")
        assert checks.overlapping_texts(canvas.texts, canvas.panels) == []
        turn = [hit for hit in canvas.hits if hit.target == more]
        if seen == set(TEN) or not turn:
            break
        assert turn[0].rect.height >= app.theme.button_h
        app.feed(Press(more))
        app.step([])
    return seen


def in_the_history(app: Any) -> None:
    """The game just ended, opened in the history (its ranking beside its chart)."""
    game = app.table.game_id
    app.journal.flush(30)
    for target in ("home", "menu", PageButton("history"), OpenGame(game)):
        app.feed(Press(target))
    app.step([])
    assert app.scene.name == "history"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("where", ["end", "history"])
def test_a_ranking_of_ten_shows_every_place_on_the_small_screen(
    app_factory: Any, where: str, lang: str
) -> None:
    """The end of the game, and the game in the history."""
    set_language(lang)
    try:
        app = app_factory("480x320")
        tournament_of_ten(app)
        if where == "history":
            in_the_history(app)
        seen = all_places_seen(app, MORE_PLACES)
    finally:
        set_language("fr")
    assert seen == set(TEN)
