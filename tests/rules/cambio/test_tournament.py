"""Cambio tournaments: R8 seat moves, tables in their own phases, JSON state."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from pi_app.rules.cambio.actions import BellRang, Open, Ring, Show
from pi_app.rules.cambio.tournament.game import GAME, TableAction
from pi_app.rules.cambio.tournament.seating import Move, apply_moves, leader_seat, seat_moves
from pi_app.rules.cambio.tournament.state import TournamentState
from pi_app.rules.contract import RuleError
from pi_app.rules.registry import find_game
from tests.paths import GOLDEN as GOLDEN_ROOT

GOLDEN = GOLDEN_ROOT / "cambio-tournament"
TABLES = [["Ana", "Ben", "Cleo", "Dan", "Eve"], ["Fay", "Gus", "Hal", "Ivy", "Jo"]]


def new(tables: Any = None, **options: Any) -> TournamentState:
    players = [p for row in TABLES for p in row]
    return GAME.new_game(players, {"tables": tables or TABLES, **options}, random.Random(0))


def win(state: TournamentState, table: int, winner: str, show: str = "show Dollar 9") -> Any:
    for step in ("deal", "open", f'ring "{winner}"', show):
        state = GAME.apply(state, GAME.parse_action(f"table {table} {step}"))
    return state


def test_the_registry_finds_the_tournament() -> None:
    assert find_game("cambio-tournament") is GAME


def test_nobody_moves_with_one_table_or_one_win() -> None:
    scores = dict.fromkeys(["A", "B", "C", "D", "E", "F"], 0)
    assert seat_moves([["A", "B", "C"]], scores, {"A": 2}, 0, "A") == ()
    assert seat_moves([["A", "B", "C"], ["D", "E", "F"]], scores, {"A": 1}, 0, "A") == ()


def test_the_winner_swaps_with_the_next_tables_leader_wrapping_around() -> None:
    tables = [["A", "B", "C"], ["D", "E", "F"], ["G", "H", "I"]]
    scores = {p: 0 for row in tables for p in row} | {"H": 50, "I": 50, "F": 10}
    moves = seat_moves(tables, scores, {"F": 2}, 1, "F")
    assert moves == (Move("F", 1, 2, 2, 1), Move("H", 2, 1, 1, 2))
    assert apply_moves(tables, moves) == (("A", "B", "C"), ("D", "E", "H"), ("G", "F", "I"))
    wrapped = seat_moves(tables, scores, {"I": 2}, 2, "I")
    assert wrapped == (Move("I", 2, 2, 0, 0), Move("A", 0, 0, 2, 2))


def test_a_tie_for_the_lead_goes_to_the_earliest_seat() -> None:
    assert leader_seat(["A", "B", "C"], {"A": 5, "B": 9, "C": 9}) == 1
    assert leader_seat(["A", "B", "C"], {"A": 0, "B": 0, "C": 0}) == 0


def test_moves_travel_as_json() -> None:
    move = Move("Zoé Lou", 3, 1, 0, 4)
    assert Move.from_json(json.loads(json.dumps(move.to_json()))) == move
    with pytest.raises(RuleError):
        Move.from_json({"player": "A"})


def test_the_golden_tournament_announces_each_move() -> None:
    record = json.loads((GOLDEN / "two-moves.json").read_text(encoding="utf-8"))
    rounds = GAME.replay(record)["rounds"]
    moves = [r["moves"] for r in rounds]
    assert [i for i, m in enumerate(moves, start=1) if m] == [4, 6, 7]
    assert moves[3] == [
        {"player": "Ben", "from": {"table": 0, "seat": 1}, "to": {"table": 1, "seat": 1}},
        {"player": "Gus", "from": {"table": 1, "seat": 1}, "to": {"table": 0, "seat": 1}},
    ]
    assert moves[5] == [
        {"player": "Hal", "from": {"table": 1, "seat": 2}, "to": {"table": 0, "seat": 1}},
        {"player": "Gus", "from": {"table": 0, "seat": 1}, "to": {"table": 1, "seat": 2}},
    ]
    assert moves[6][0] == {
        "player": "Ben",
        "from": {"table": 1, "seat": 1},
        "to": {"table": 0, "seat": 1},
    }


def test_wins_restart_after_a_move() -> None:
    state = win(win(new(), 0, "Ben"), 0, "Ben")
    assert state.last_moves[0].player == "Ben"
    assert state.win_map["Ben"] == 0 and state.win_map["Fay"] == 0
    state = win(state, 1, "Ben")
    assert state.last_moves == ()
    assert state.seating[1][0] == "Ben"


def test_a_mover_joining_a_round_in_progress_has_it_dealt_again() -> None:
    state = win(new(), 0, "Ben")
    for step in ("deal", "open", 'ring "Gus"', "false-ring"):
        state = GAME.apply(state, GAME.parse_action(f"table 1 {step}"))
    state = win(state, 0, "Ben")
    assert state.tables[1].round.phase == "deal"
    assert state.tables[1].round.false_rings == ()
    assert "Ben" in state.seating[1]


def test_broken_rules_are_refused_and_change_nothing() -> None:
    state = new()
    for step in ("deal", "open"):
        state = GAME.apply(state, GAME.parse_action(f"table 0 {step}"))
    snapshot = state.to_json()
    for action, fragment in [
        (TableAction(0, Ring("Fay")), "Fay is not seated at this table"),
        (TableAction(2, Open()), "There is no table 2"),
        (TableAction(1, Ring("Fay")), "Trading is not open"),
    ]:
        with pytest.raises(RuleError) as caught:
            GAME.apply(state, action)
        assert fragment in caught.value.message("en")
        assert state.to_json() == snapshot
    rung = GAME.apply(state, TableAction(0, Ring("Ben")))
    with pytest.raises(RuleError) as caught:
        GAME.apply(rung, TableAction(0, Show("Lire", "9")))
    assert "The Lire is not in play with 5 players" in caught.value.message("en")


def test_a_bell_stops_one_table_only_and_survives_json() -> None:
    state = new()
    for step in ("deal", "open"):
        for table in (0, 1):
            state = GAME.apply(state, GAME.parse_action(f"table {table} {step}"))
    action = GAME.parse_action("table 1 bell")
    assert action == TableAction(1, BellRang()) and GAME.format_action(action) == "table 1 bell"
    assert action in GAME.legal_actions(state)
    state = GAME.apply(state, action)
    assert [table.round.phase for table in state.tables] == ["trading", "stopped"]
    assert TableAction(1, BellRang()) not in GAME.legal_actions(state)
    assert TableAction(1, Ring("Gus")) in GAME.legal_actions(state)
    assert TournamentState.from_json(json.loads(json.dumps(state.to_json()))) == state
    state = GAME.apply(state, GAME.parse_action('table 1 ring "Gus"'))
    state = GAME.apply(state, GAME.parse_action("table 1 show Yen 9"))
    assert state.score_map["Gus"] == 80
    assert state.tables[0].round.phase == "trading"


def test_the_tournament_ends_at_the_target() -> None:
    state = win(new(target=100), 1, "Jo")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == ("Jo",)
    with pytest.raises(RuleError) as caught:
        GAME.apply(state, GAME.parse_action("table 0 deal"))
    assert "Jo reached the target of 100 points" in caught.value.message("en")


def test_seating_options() -> None:
    players = [f"P{i}" for i in range(12)]
    by_default = GAME.new_game(players, {}, random.Random(0))
    assert [len(row) for row in by_default.seating] == [6, 6]
    three = GAME.new_game(players, {"tables": 3}, random.Random(0))
    assert [len(row) for row in three.seating] == [4, 4, 4]
    with pytest.raises(RuleError):
        GAME.new_game(players, {"tables": [players[:6], players[5:]]}, random.Random(0))
    with pytest.raises(RuleError):
        GAME.new_game(players, {"tables": 5}, random.Random(0))


def test_the_state_travels_as_json() -> None:
    state = win(
        win(new(variant="cambio", mime=True), 0, "Ben", 'show Yen 9+odd "Ana"=plus'),
        0,
        "Ben",
        'show Yen 9 "Ana"=plus "Cleo"=minus',
    )
    state = GAME.apply(state, GAME.parse_action("table 1 deal"))
    copy = TournamentState.from_json(json.loads(json.dumps(state.to_json())))
    assert copy == state
    assert copy.last_moves == state.last_moves != ()
    with pytest.raises(RuleError):
        TournamentState.from_json({"tables": []})


def test_notation() -> None:
    for text in ['table 0 ring "Ana Lou"', 'table 12 show Yen 9+odd "B"=plus', "stop"]:
        assert GAME.format_action(GAME.parse_action(text)) == text
    for text in ["table x deal", "table 0 stop", "table deal", 'ring "A"']:
        with pytest.raises(RuleError):
            GAME.parse_action(text)
