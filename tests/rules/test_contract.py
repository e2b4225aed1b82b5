"""The rules contract, proven on the tiny test game."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pi_app.rules import RecordError, RuleError, find_game, games
from pi_app.rules.contract import Outcome
from tests.tinygame import GAME, Add


def test_registry_finds_registered_game() -> None:
    assert find_game("tiny-race") is GAME
    assert "tiny-race" in games()


def test_registry_refuses_unknown_game_naming_it() -> None:
    with pytest.raises(RecordError) as caught:
        find_game("chess")
    assert "chess" in caught.value.message("en")
    assert "tiny-race" in caught.value.message("en")


def test_rule_error_is_french_by_default_and_locates() -> None:
    error = RuleError("Nothing to undo.").at("round", 3).at("round", 5)
    assert error.where == ("round", 3)
    assert error.message("en") == "round 3: Nothing to undo."
    assert str(error) == error.message("fr")
    assert error.message("fr").startswith("manche 3")
    assert error.message("de").startswith("Runde 3")


def test_illegal_move_changes_nothing() -> None:
    state = GAME.new_game(["Ana", "Ben"], {"target": 3}, random.Random(1))
    state = GAME.apply(state, Add(2))
    before = state
    with pytest.raises(RuleError):
        GAME.apply(state, Add(2))
    assert state == before and state.total == 2


def test_outcome_names_termination_and_winner() -> None:
    state = GAME.new_game(["Ana", "Ben"], {"target": 3}, random.Random(1))
    assert GAME.outcome(state) is None
    for move in (Add(1), Add(2)):
        state = GAME.apply(state, move)
    assert GAME.outcome(state) == Outcome("target", ("Ben",), {"Ana": 1, "Ben": 2})
    assert GAME.legal_actions(state) == ()


@settings(max_examples=50, deadline=None)
@given(st.lists(st.sampled_from([1, 2]), max_size=12))
def test_legal_actions_are_exactly_the_applicable_ones(amounts: list[int]) -> None:
    state = GAME.new_game(["Ana", "Ben", "Cleo"], {}, random.Random(0))
    for amount in amounts:
        legal = GAME.legal_actions(state)
        for candidate in (Add(1), Add(2)):
            try:
                GAME.apply(state, candidate)
                assert candidate in legal
            except RuleError:
                assert candidate not in legal
        if Add(amount) in legal:
            state = GAME.apply(state, Add(amount))
        assert GAME.parse_action(GAME.format_action(Add(amount))) == Add(amount)


def test_replay_reports_the_move_that_broke() -> None:
    record = {
        "game": "tiny-race",
        "seats": ["A", "B"],
        "options": {"target": 3},
        "moves": ["add 2", "add 2"],
    }
    with pytest.raises(RuleError) as caught:
        GAME.replay(record)
    assert caught.value.message("en").startswith("move 2: ")


def test_replay_refuses_unknown_fields() -> None:
    record = {"game": "tiny-race", "seats": ["A", "B"], "moves": [], "colour": "red"}
    with pytest.raises(RecordError) as caught:
        GAME.replay(record)
    assert "colour" in caught.value.message("en")


def test_every_game_is_found_by_its_package() -> None:
    """Each game is a package under `pi_app.rules` whose `__init__` exposes its `GAME`,
    and its scenes, tests and golden records carry the same name."""
    import importlib

    from tests.paths import GOLDEN, ROOT

    found = {name: game for name, game in games().items() if name != "tiny-race"}
    assert set(found) == {"gambit7", "quitte-ou-double", "cambio", "cambio-tournament", "gambo"}
    for name, game in found.items():
        package = "pi_app.rules." + name.replace("-", "_").replace("cambio_", "cambio.")
        assert importlib.import_module(package).GAME is game
        assert (GOLDEN / name).is_dir()
        module = ROOT / "pi_app" / "display" / "games" / f"{name.replace('-', '_')}.py"
        assert module.is_file()
    for package in ("gambit7", "quitte_ou_double", "cambio", "gambo"):
        assert (ROOT / "tests" / "rules" / package).is_dir()
