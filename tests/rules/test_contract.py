"""The rules contract: proven on the tiny test game, then checked on every game found.

The second half runs every game the registry discovers (the tiny one included) through
the same checks, so a new game is held to them by being found: its name, its seats, bad
notation refused with a message, the actions it lists legal and written back as they
were read, a new game not over, its record replayed and summarised by the history.
What one game's refusals must say is data (`REFUSALS`), not a copy of the test.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pi_app.rules import RecordError, RuleError, find_game, games
from pi_app.rules.contract import Game, Outcome
from pi_app.table.summary import summarise
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


# ---- every game, through the same checks ----------------------------------------------

NAMES = sorted(games())
SEATS = ("Ana", "Ben", "Cleo", "Dan", "Eve", "Fay", "Gus")
EVERY_GAME_REFUSES = ("", "   ", "dance", "\x00", "{}")


@dataclass(frozen=True)
class Refusals:
    """Notation one game refuses beyond `EVERY_GAME_REFUSES`, and what it says then."""

    texts: tuple[str, ...] = ()
    words: str = ""
    """What every refusal's English message says."""
    quoted: bool = False
    """Whether the message quotes the text it could not read (without its spaces)."""


REFUSALS: dict[str, Refusals] = {
    "gambit7": Refusals(
        (
            "jump",
            "answer",
            'answer "Rouge"',
            "answer Rouge 3 fr",
            'answer "Rouge" 3 it',
            'answer "Rouge" 3 fr extra',
            'bet "Rouge" [true]',
            'bet "Rouge" ["beaucoup"]',
            'bet "Rouge" {"jeton": 25}',
            'bet "Rouge" {"gambit7": 25, "chips": 25}',
            'bet "Rouge" [25',
            "truth [27]",
            "reveal now",
        ),
        words="Cannot read the action",
        quoted=True,
    ),
    "cambio": Refusals(
        (
            "ring Ana",
            'ring "Ana" "Ben"',
            "bell now",
            'bell "Ana"',
            "show Yen",
            'show "Yen" 9',
            'show Yen 9 "Ana"',
        ),
        words="Cannot read the Cambio action",
    ),
    "cambio-tournament": Refusals(
        ("deal", "table", "table 0", "table x deal", "table -1 deal", "table 0 dance"),
        words="Cannot read the Cambio action",
    ),
    "gambo": Refusals(
        (
            "adv",
            "adv b4 b5",
            "advance b4",
            "duel c1",
            "adv c18",
            "adv a9",
            "adv c09",
            "swap a1 z1",
            "C: adv b4",
            "pass now",
            "ADV b4",
        )
    ),
    "quitte-ou-double": Refusals(
        (
            "hop",
            "answer Jaune 12",
            'answer "Jaune"',
            'answer "Jaune" 1 2',
            'bet "Jaune"',
            'bet "Jaune" <',
            'stake "Jaune" <10 0',
            'stake "Jaune" <10 -1',
            'stake "Jaune" <10 x',
            "truth",
            "truth 1.2.3",
            "next 2",
            'answer "Jaune"12',
        )
    ),
    "tiny-race": Refusals(("add", "add 0", "add 3", "add 1 2", "ADD 1"), words="Unknown move"),
}


def _refused(name: str) -> list[tuple[str, str]]:
    return [(name, text) for text in (*EVERY_GAME_REFUSES, *REFUSALS.get(name, Refusals()).texts)]


def _start(game: Game[Any, Any]) -> Any:
    """A new game at its fewest seats, with its default options."""
    return game.new_game(SEATS[: game.min_seats], {}, random.Random(1))


def test_every_product_game_and_the_tiny_one_are_checked() -> None:
    assert {"gambit7", "quitte-ou-double", "cambio", "cambio-tournament", "gambo"} < set(NAMES)
    assert "tiny-race" in NAMES


@pytest.mark.parametrize("name", NAMES)
def test_a_game_is_found_by_its_name_and_says_its_seats(name: str) -> None:
    game = find_game(name)
    assert game.name == name and game.title
    assert 1 <= game.min_seats <= game.max_seats


@pytest.mark.parametrize(("name", "text"), [c for name in NAMES for c in _refused(name)])
def test_bad_notation_is_refused(name: str, text: str) -> None:
    expected = REFUSALS.get(name, Refusals())
    with pytest.raises(RuleError) as caught:
        find_game(name).parse_action(text)
    english = caught.value.message("en")
    assert english and caught.value.message("fr")
    assert expected.words in english
    assert not expected.quoted or text.strip() in english


@pytest.mark.parametrize("name", NAMES)
def test_listed_actions_are_legal_and_written_as_they_are_read(name: str) -> None:
    game = find_game(name)
    state = _start(game)
    for action in game.legal_actions(state):
        text = game.format_action(action)
        assert "\n" not in text and game.parse_action(text) == action
        game.apply(state, action)


@pytest.mark.parametrize("name", NAMES)
def test_a_new_game_is_not_over_and_its_record_replays(name: str) -> None:
    game = find_game(name)
    state = _start(game)
    assert game.outcome(state) is None
    record = game.export(state)
    output = game.replay(record)
    assert record["game"] == output["game"] == name
    assert output["winners"] == [] and not output.get("finished", False)
    summary = summarise(SEATS[: game.min_seats], record, output)  # the history reads it
    assert summary.game == name and summary.winners == () and summary.steps == ()
