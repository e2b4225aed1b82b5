"""Each game's declaration (its screen module's `DECLARATION`) makes the home, the end
screen and the demo what they were when they named the games themselves."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pi_app.display.choice import Choice
from pi_app.display.demo import demo_names, script_for
from pi_app.display.games import DEFAULT, declaration_of, menu_order
from pi_app.display.home.scene import HomeScene
from pi_app.display.home.targets import Cycle, GameTap, Pick
from pi_app.display.intents import Press
from pi_app.display.scene import CreateTournament, NewGame, Notice, Remember
from pi_app.rules.registry import games

PRODUCT = ("gambit7", "quitte-ou-double", "cambio", "cambio-tournament", "gambo")


def test_the_menu_keeps_the_games_order() -> None:
    assert menu_order(games()) == [*PRODUCT, "tiny-race"]
    assert [name for name in PRODUCT if declaration_of(name).across_boxes] == ["cambio-tournament"]


def test_every_game_has_its_demo_and_the_history_its_own() -> None:
    assert demo_names() == [*PRODUCT, "history", "evening", "questions"]
    assert script_for("tiny-race") is None and script_for("chess") is None
    assert script_for("gambo") is declaration_of("gambo").demo


@pytest.mark.parametrize("name", [*PRODUCT, "tiny-race", "no-such-game"])
def test_declarations_are_well_formed(name: str) -> None:
    declared = declaration_of(name)
    choices = declared.offered({})
    assert all(len(choice.values) == len(choice.names) > 0 for choice in choices)
    assert len({choice.key for choice in choices}) == len(choices)
    kinds = [kind for kind, _words in declared.facts]
    assert len(set(kinds)) == len(kinds) and kinds


@pytest.mark.parametrize(
    ("name", "seated", "not_seated"),
    [
        ("cambio", "Joueurs (3 à 7)", "équipe"),  # a game of players, never of teams
        ("cambio-tournament", "Joueurs (3 à 14)", "équipe"),
        ("quitte-ou-double", "Équipes (3 à 6)", "Joueurs"),  # "Formez entre 3 et 6 équipes"
        ("gambit7", "Joueurs ou équipes (3 à", "Seats"),  # "Chaque joueur (ou équipe)"
    ],
)
def test_the_seats_page_names_who_sits_as_the_game_declares(
    app_factory: Any, name: str, seated: str, not_seated: str
) -> None:
    app = app_factory()
    app.feed(Press(GameTap(name)))
    app.dirty = True
    app.step([])
    (title,) = [drawn.text for drawn in app.canvas.texts if " à " in drawn.text]
    assert seated in title and not_seated not in title


def test_a_game_without_a_declaration_gets_the_defaults() -> None:
    assert declaration_of("no-such-game") is DEFAULT
    assert DEFAULT.offered({"gambit7.mat": "x.json"}) == ()
    assert [kind for kind, _words in DEFAULT.facts] == ["best-round"]


def test_quitte_ou_double_reads_answers_in_the_box_s_language(app_factory: Any) -> None:
    from pi_app.i18n import set_language

    app = app_factory()
    app.feed(Press(GameTap("quitte-ou-double")))
    home = app.scene
    app.feed(Press("next"))
    app.feed(Press(Cycle("variants")))
    app.feed(Press(Pick("variants", 2)))
    set_language("de")
    app.feed(Press("next"))
    assert app.table is not None
    options = app.journal.game(app.table.game_id).setup["options"]
    assert options == {"question": 1, "variants": ["permanent"], "locale": "de"}
    assert isinstance(home, HomeScene)


def _commands(home: HomeScene, app: Any) -> Any:
    """What the home asks for on Next, without the app carrying it out (the choices it
    keeps for next time left out)."""
    commands = home.handle(Press("next"), app.ctx())
    return tuple(command for command in commands if not isinstance(command, Remember))


def test_gambit7_plays_the_mat_file_the_configuration_names(
    app_factory: Any, tmp_path: Path
) -> None:
    profile = {"alone": [20, 15, 11, 9, 11, 15, 20], "shared": [10, 8, 6, 5, 6, 8, 10], "less": 25}
    path = tmp_path / "pub.json"
    path.write_text(json.dumps(profile))
    app = app_factory(**{"gambit7.mat": str(path)})
    app.feed(Press(GameTap("gambit7")))
    home = app.scene
    mat, questions = home.choices()
    assert mat.names == (str(path),) and questions.key == "questions"
    app.feed(Press("next"))  # seats -> options
    (command,) = _commands(home, app)
    assert isinstance(command, NewGame) and command.options == {"mat": profile}
    path.unlink()
    (refused,) = _commands(home, app)
    assert isinstance(refused, Notice) and refused.error and str(path) in refused.text


def test_the_default_mat_is_named_in_the_record(app_factory: Any) -> None:
    app = app_factory()
    app.feed(Press(GameTap("gambit7")))
    home = app.scene
    assert home.choices()[0] == Choice("mat", "Mat", ("default",), ("default",))
    assert [choice.key for choice in home.choices()] == ["mat", "questions"]
    app.feed(Press("next"))
    (command,) = _commands(home, app)
    assert isinstance(command, NewGame) and command.options == {"mat": "default"}


def test_a_tournament_across_boxes_chooses_its_tables(app_factory: Any) -> None:
    app = app_factory()
    app.step([])
    assert "tournament" in {hit.target for hit in app.canvas.hits}
    app.feed(Press("tournament"))
    app.feed(Press("tournament-create"))
    home = app.scene
    assert home.game == "cambio-tournament" and home.tournament
    assert [choice.key for choice in home.choices()] == [
        "variant",
        "target",
        "false_ring_fine",
        "tables",
    ]
    app.feed(Press("next"))  # seats -> options
    app.feed(Press(Cycle("tables")))
    app.feed(Press(Pick("tables", 1)))  # 2 -> 3 tables
    app.feed(Press(Cycle("target")))
    app.feed(Press(Pick("target", 1)))  # 5000 -> 1000
    (command,) = _commands(home, app)
    assert command == CreateTournament(
        tuple(home.seats), {"variant": "simple", "target": 1000, "false_ring_fine": 0}, 3
    )
