"""Cambio at one table: phases, scoring, refusals that change nothing, records."""

from __future__ import annotations

import ast
import random
from pathlib import Path
from typing import Any

import pytest

from pi_app.i18n import parse_po
from pi_app.rules.cambio.actions import BellRang, Deal, FalseRing, Open, Ring, Show, Stop
from pi_app.rules.cambio.game import GAME, CambioState
from pi_app.rules.cambio.scoring import currencies_in_play
from pi_app.rules.contract import RuleError
from pi_app.rules.registry import find_game
from tests.paths import ROOT, RULES

SEATS = ["Ana", "Ben", "Cleo", "Dan"]


def new(seats: list[str] | None = None, **options: Any) -> CambioState:
    return GAME.new_game(seats or SEATS, options, random.Random(0))


def play(state: CambioState, *notations: str) -> CambioState:
    for notation in notations:
        state = GAME.apply(state, GAME.parse_action(notation))
    return state


def trading(state: CambioState) -> CambioState:
    return play(state, "deal", "open")


def refused(state: CambioState, action: Any, fragment: str) -> None:
    """The action is refused with an English message holding `fragment`; nothing changed."""
    before = GAME.export(state), GAME.legal_actions(state), state
    with pytest.raises(RuleError) as caught:
        GAME.apply(state, action)
    assert fragment in caught.value.message("en")
    assert "{" not in caught.value.message("fr")
    assert (GAME.export(state), GAME.legal_actions(state), state) == before


def test_the_registry_finds_cambio() -> None:
    assert find_game("cambio") is GAME


@pytest.mark.parametrize("count", range(3, 8))
def test_the_first_n_currencies_are_in_play(count: int) -> None:
    state = new([f"P{i}" for i in range(count)])
    names = [name for name, _ in state.currencies]
    assert len(names) == count
    assert names[:3] == ["Dollar", "Deutschemark", "Yen"]
    assert dict(currencies_in_play(7))["Lire"] == 60
    assert dict(state.currencies)["Dollar"] == 100


@pytest.mark.parametrize("count", [2, 8])
def test_two_or_eight_players_are_refused(count: int) -> None:
    with pytest.raises(RuleError) as caught:
        new([f"P{i}" for i in range(count)])
    assert f"not {count}" in caught.value.message("en")


def test_setup_refuses_bad_options_and_names() -> None:
    cases: list[tuple[dict[str, Any], str]] = [
        ({"variant": "double"}, "Unknown variant"),
        ({"target": 0}, "at least 1"),
        ({"mime": "yes"}, "true or false"),
        ({"bonus": 1}, "Unknown Cambio option"),
    ]
    for options, fragment in cases:
        with pytest.raises(RuleError) as caught:
            new(**options)
        assert fragment in caught.value.message("en")
    with pytest.raises(RuleError):
        new(["Ana", "Ana", "Ben"])


def test_defaults_and_trading_variants_are_kept_for_the_display() -> None:
    state = new(variant="cambio", panachee=True, mime=True)
    assert state.settings.target == 5000
    assert state.settings.study_seconds == 30
    assert state.settings.trading_variants == ("panachee", "mime")
    assert new().settings.trading_variants == ()
    record = GAME.export(state)
    assert record["options"] == {"variant": "cambio", "target": 5000}
    assert GAME.replay(record)["scores"] == dict.fromkeys(SEATS, 0)


def test_the_round_moves_through_its_phases() -> None:
    state = new()
    assert state.phase == "deal"
    state = play(state, "deal")
    assert state.phase == "study"
    state = play(state, "open")
    assert state.phase == "trading"
    state = play(state, 'ring "Cleo"')
    assert state.phase == "rung" and state.round.rung_by == "Cleo"
    state = play(state, "show Yen 9")
    assert state.phase == "deal"
    assert state.score_map == {"Ana": 0, "Ben": 0, "Cleo": 80, "Dan": 0}


def test_actions_out_of_phase_are_refused() -> None:
    state = new()
    refused(state, Open(), "Trading opens only after the deal")
    refused(state, Ring("Ana"), "Trading is not open")
    refused(state, Show("Yen", "9"), "Nobody has rung")
    refused(state, FalseRing(), "Nobody has rung")
    studying = play(state, "deal")
    refused(studying, Deal(), "already dealt")
    refused(studying, Ring("Ana"), "Trading is not open")
    rung = play(studying, "open", 'ring "Ana"')
    refused(rung, Ring("Ben"), "Ana has already rung")


def test_a_false_ring_voids_nothing_and_trading_resumes() -> None:
    """R6: the round goes on; by default the false ring costs nothing."""
    state = play(trading(new()), 'ring "Dan"', "false-ring")
    assert state.phase == "trading"
    assert state.round.false_rings == ("Dan",)
    state = play(state, 'ring "Ben"', "show Dollar 9")
    assert state.score_map == {"Ana": 0, "Ben": 100, "Cleo": 0, "Dan": 0}
    assert state.history[-1].false_rings == ("Dan",)


def test_the_bell_is_legal_only_in_trading() -> None:
    state = new()
    refused(state, BellRang(), "Trading is not open")
    studying = play(state, "deal")
    refused(studying, BellRang(), "Trading is not open")
    assert BellRang() not in GAME.legal_actions(studying)
    stopped = play(studying, "open", "bell")
    refused(stopped, BellRang(), "first say who rang")
    rung = play(trading(new()), 'ring "Ana"')
    refused(rung, BellRang(), "Ana has already rung")
    assert BellRang() not in GAME.legal_actions(rung)
    assert BellRang() in GAME.legal_actions(trading(new()))


def test_the_bell_stops_everything_until_the_ringer_is_named() -> None:
    state = play(trading(new()), "bell")
    assert state.phase == "stopped" and state.round.rung_by is None
    assert state.scores == (0, 0, 0, 0)
    actions = GAME.legal_actions(state)
    assert [a for a in actions if not isinstance(a, Stop)] == [Ring(seat) for seat in SEATS]
    refused(state, Show("Yen", "9"), "first say who rang")
    refused(state, FalseRing(), "first say who rang")
    refused(state, Open(), "Trading opens only after the deal")
    refused(state, Deal(), "already dealt")
    refused(state, Ring("Zoé"), "Zoé is not seated at this table")
    # the round in progress is not in the record: the bell leaves the export as it was
    assert GAME.export(state) == GAME.export(trading(new()))


def test_bell_then_ring_then_show_scores_the_ringer() -> None:
    state = play(trading(new(variant="cambio")), "bell", 'ring "Ben"')
    assert state.phase == "rung" and state.round.rung_by == "Ben"
    state = play(state, 'show Franc 9+plus "Dan"=minus')
    # 9 + CAMBIO-plus doubles the Franc (75); Dan kept the CAMBIO-minus card
    assert state.score_map == {"Ana": 0, "Ben": 150, "Cleo": 0, "Dan": -20}
    assert state.phase == "deal"
    assert GAME.replay(GAME.export(state))["scores"] == state.score_map


def test_bell_then_a_false_ring_returns_to_trading() -> None:
    """R6 after the bell: the named ringer's hand was incomplete, trading resumes."""
    state = play(trading(new()), "bell", 'ring "Dan"', "false-ring")
    assert state.phase == "trading"
    assert state.round.false_rings == ("Dan",)
    assert BellRang() in GAME.legal_actions(state)
    state = play(state, "bell", 'ring "Cleo"', "show Yen 9")
    assert state.score_map == {"Ana": 0, "Ben": 0, "Cleo": 80, "Dan": 0}
    assert state.history[-1].false_rings == ("Dan",)


def test_the_bell_and_its_notation_round_trip() -> None:
    assert GAME.format_action(BellRang()) == "bell"
    assert GAME.parse_action("bell") == BellRang()
    assert GAME.parse_action("  bell ") == BellRang()


def test_a_table_may_fine_false_rings() -> None:
    state = trading(new(false_ring_fine=15))
    state = play(state, 'ring "Dan"', "false-ring", 'ring "Dan"', "false-ring")
    state = play(state, 'ring "Ben"', "show Dollar 9")
    assert state.score_map == {"Ana": 0, "Ben": 100, "Cleo": 0, "Dan": -30}
    record = GAME.export(state)
    assert record["options"]["false_ring_fine"] == 15
    assert GAME.replay(record)["scores"] == state.score_map


def test_a_game_without_a_fine_keeps_its_record_unchanged() -> None:
    state = play(trading(new()), 'ring "Ben"', "show Dollar 9")
    assert "false_ring_fine" not in GAME.export(state)["options"]


def test_a_record_fine_must_be_a_whole_number() -> None:
    record = GAME.export(play(trading(new()), 'ring "Ben"', "show Dollar 9"))
    for bad in ("10", 2.5, True, -5):
        record["options"]["false_ring_fine"] = bad
        with pytest.raises(RuleError):
            GAME.replay(record)


@pytest.mark.parametrize(
    ("show", "winner_gain", "fines"),
    [
        ('show Yen 9 "Ana"=plus "Cleo"=minus', 80, {"Ana": -20, "Cleo": -20}),
        ('show Yen 8+plus "Cleo"=minus', 80, {"Cleo": -20}),
        ('show Yen 9+plus "Dan"=minus', 160, {"Dan": -20}),
        ('show Yen 9+odd "Dan"=plus', 80, {"Dan": -20}),
        ('show Yen 9+odd "Dan"=plus "Dan"=minus', 80, {"Dan": -40}),
    ],
)
def test_every_winning_hand_scores(show: str, winner_gain: int, fines: dict[str, int]) -> None:
    state = play(trading(new(variant="cambio")), 'ring "Ben"', show)
    expected = {seat: fines.get(seat, 0) for seat in SEATS}
    expected["Ben"] = winner_gain
    assert state.score_map == expected


def test_scores_go_below_zero() -> None:
    state = play(trading(new(variant="cambio")), 'ring "Ben"', 'show Yen 9 "Ana"=plus "Ana"=minus')
    assert state.score_map["Ana"] == -40


def test_the_dealer_rotates_and_two_seats_get_ten_cards() -> None:
    state = new(variant="cambio")
    seen = []
    for _ in range(5):
        seen.append((state.dealer, state.ten_cards))
        state = play(trading(state), 'ring "Ana"', 'show Dollar 9 "Ben"=plus "Cleo"=minus')
    assert [dealer for dealer, _ in seen] == ["Ana", "Ben", "Cleo", "Dan", "Ana"]
    assert seen[1][1] == ("Ben", "Cleo")
    assert seen[3][1] == ("Dan", "Ana")
    assert new().ten_cards == ()


def test_broken_rules_are_refused_and_change_nothing() -> None:
    simple = play(trading(new(["Ana", "Ben", "Cleo"])), 'ring "Ana"')
    refused(simple, Show("Franc", "9"), "The Franc is not in play with 3 players")
    refused(simple, Show("Yen", "9+plus"), "In the simple variant only 9 identical cards")
    refused(simple, Show("Yen", "9", (("Ben", "minus"),)), "no CAMBIO cards in the simple")
    cambio = play(trading(new(variant="cambio")), 'ring "Ana"')
    refused(
        cambio,
        Show("Yen", "9+plus", (("Ana", "minus"),)),
        "Ana won the round: the winner is never fined",
    )
    refused(
        cambio,
        Show("Yen", "9", (("Ben", "plus"), ("Cleo", "minus"), ("Dan", "minus"))),
        "The CAMBIO-minus card cannot be in two hands (Cleo and Dan)",
    )
    refused(
        cambio,
        Show("Yen", "8+plus", (("Ben", "plus"), ("Cleo", "minus"))),
        "The CAMBIO-plus card cannot be in two hands (Ana and Ben)",
    )
    refused(cambio, Show("Yen", "9+plus"), "The CAMBIO-minus card is not in the winning hand")
    refused(cambio, Show("Yen", "9+odd", (("Zoé", "plus"),)), "Zoé is not seated")
    refused(cambio, Show("Yen", "9+odd", (("Ben", "joker"),)), "Unknown CAMBIO card")
    refused(trading(new()), Ring("Zoé"), "Zoé is not seated at this table")


def test_the_game_ends_at_the_target_and_refuses_another_round() -> None:
    state = new(["Ana", "Ben", "Cleo"], target=180)
    state = play(trading(state), 'ring "Ana"', "show Dollar 9")
    assert GAME.outcome(state) is None
    state = play(trading(state), 'ring "Ana"', "show Yen 9")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.termination == "target"
    assert outcome.winners == ("Ana",)
    assert GAME.legal_actions(state) == []
    refused(state, Deal(), "The game is over: Ana reached the target of 180 points")


def test_the_table_may_stop_the_game() -> None:
    state = play(trading(new(target=None)), 'ring "Ben"', "show Dollar 9", "deal", "stop")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.termination == "stopped"
    assert outcome.winners == ("Ben",)
    refused(state, Stop(), "the table stopped it")
    assert GAME.export(state)["rounds"] == [{"winner": "Ben", "currency": "Dollar", "hand": "9"}]


def test_every_listed_action_is_legal() -> None:
    state = play(trading(new(variant="cambio")), 'ring "Cleo"')
    actions = GAME.legal_actions(state)
    shows = [action for action in actions if isinstance(action, Show)]
    assert len(shows) > 100
    for action in actions:
        GAME.apply(state, action)
    for state in (trading(new()), play(trading(new()), "bell")):
        for action in GAME.legal_actions(state):
            GAME.apply(state, action)


def test_names_with_spaces_and_quotes_round_trip() -> None:
    action = Show("Yen", "9+odd", (('Jean "Jo" Paul', "plus"), ("Zoé Lou", "minus")))
    text = GAME.format_action(action)
    assert "\n" not in text
    assert GAME.parse_action(text) == action


def test_replay_names_the_round_and_refuses_unknown_fields() -> None:
    record: dict[str, Any] = {
        "game": "cambio",
        "seats": ["Ana", "Ben", "Cleo"],
        "rounds": [{"winner": "Ana", "currency": "Dollar", "hand": "9"}],
        "extra": 1,
    }
    with pytest.raises(RuleError) as caught:
        GAME.replay(record)
    assert "unknown field 'extra'" in caught.value.message("en")
    del record["extra"]
    record["rounds"].append({"winner": "Ben", "currency": "Lire", "hand": "9"})
    with pytest.raises(RuleError) as caught:
        GAME.replay(record)
    assert caught.value.where == ("round", 2)


def _msgids(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Call) and node.args):
            continue
        name = getattr(node.func, "id", None)
        first = node.args[0]
        domain = [kw for kw in node.keywords if kw.arg == "domain"]
        marked = name == "N_" or (name in ("RuleError", "RecordError") and domain)
        if marked and isinstance(first, ast.Constant) and isinstance(first.value, str):
            found.add(first.value)
    return found


def test_every_message_has_a_french_and_a_german_translation() -> None:
    msgids: set[str] = set()
    for path in sorted((RULES / "cambio").rglob("*.py")):
        msgids |= _msgids(path)
    assert len(msgids) > 30
    for lang in ("fr", "de"):
        po = ROOT / "pi_app" / "locale" / lang / "LC_MESSAGES" / "cambio.po"
        catalogue = parse_po(po.read_text(encoding="utf-8"))
        missing = sorted(msgids - set(catalogue))
        assert not missing, f"{lang}: {missing}"
