"""A sixth game, declared in its own file only (`tests/tinygame.py`), played on the box.

The tiny race has rules and a declaration (its menu place and one option) and nothing
else: no screen module, no line in a shared module. It goes the whole way through the
real app as a player would: the home lists it, its seats, its option, the start, the
generic screen to the end, the final screen, and the history with its summary.
"""

from __future__ import annotations

from typing import Any

from pi_app.display.final import FinalScene
from pi_app.display.games import declaration_of
from pi_app.display.games.generic import Action, GenericScene
from pi_app.display.history.scene import HistoryScene, OpenGame
from pi_app.display.home.options import OptionsPage, PickPage
from pi_app.display.home.scene import HomeScene
from pi_app.display.home.targets import Cycle, GameTap, Pick
from pi_app.display.intents import Press
from pi_app.display.pages import PageButton
from pi_app.display.scene import ShowFinal
from pi_app.display.titles import winners_line
from pi_app.i18n import translate
from tests import tinygame
from tests.display.layout_checks import drawn_text

NAME = tinygame.GAME.name


def _(message: str) -> str:
    return translate(message, "display")


def shown(app: Any) -> str:
    app.dirty = True
    app.step([])
    return drawn_text(app.canvas.texts)


def targets(app: Any) -> set[object]:
    shown(app)
    return {hit.target for hit in app.canvas.hits}


def test_the_declaration_is_found_by_the_game_s_name() -> None:
    assert declaration_of(NAME) is tinygame.DECLARATION
    assert declaration_of("no-such-game").choices == ()  # the defaults: no options


def test_a_game_declared_in_its_own_file_is_played_through_the_app(app_factory: Any) -> None:
    app = app_factory()
    home = app.scene
    assert isinstance(home, HomeScene)
    assert [name for name, _title in home.available()][-1] == NAME  # menu place 60: last
    assert GameTap(NAME) in targets(app) and "Tiny Race" in shown(app)

    app.feed(Press(GameTap(NAME)))  # the seats: 2 to 4, four offered
    assert _("Players ({low} to {high})").format(low=2, high=4) in shown(app)
    app.feed(Press("remove"))
    app.feed(Press("remove"))
    assert home.seats == ["Vert", "Jaune"]  # the colours' names, in French

    app.feed(Press("next"))  # its option, from its declaration
    assert isinstance(home.page, OptionsPage) and Cycle("target") in targets(app)
    assert _("Target") in shown(app) and "10" in shown(app)
    app.feed(Press(Cycle("target")))  # the list of its values
    assert isinstance(home.page, PickPage) and Pick("target", 1) in targets(app)
    app.feed(Press(Pick("target", 1)))
    assert isinstance(home.page, OptionsPage)
    assert "5" in shown(app) and home.setup().options == {"target": 5}

    app.feed(Press("next"))  # start
    table = app.table
    assert table is not None and table.game.name == NAME
    assert table.state.target == 5 and table.seats == ("Vert", "Jaune")
    assert app.journal.game(table.game_id).setup["options"] == {"target": 5}

    assert isinstance(app.scene, GenericScene)  # no screen of its own
    for move in ("add 1", "add 2", "add 2"):  # Vert 1, Jaune 2, Vert 2: Vert reaches 5
        assert Action(move) in targets(app)
        app.feed(Press(Action(move)))
    assert table.outcome() is not None and table.outcome().winners == ("Vert",)

    app.execute(ShowFinal())  # the end of the game, as every game ends
    final = app.scene
    assert isinstance(final, FinalScene) and final.summary.winners == ("Vert",)
    text = shown(app)
    assert winners_line(["Vert"]) in text
    best = _("Biggest round: {seat} +{points} (round {step})")
    assert best.format(seat="Jaune", points=2, step=2) in text

    app.feed(Press("home"))
    app.feed(Press(PageButton("history")))
    history = app.scene
    assert isinstance(history, HistoryScene) and history.count == 1
    assert "Tiny Race" in shown(app) and "Vert" in shown(app)
    app.feed(Press(OpenGame(table.game_id)))
    opened = history.opened
    assert opened is not None and opened.game == NAME and opened.summary is not None
    assert opened.summary.scores == {"Vert": 3, "Jaune": 2}
    assert opened.summary.series["Vert"] == (0, 1, 1, 3)
    assert "Jaune" in shown(app)
