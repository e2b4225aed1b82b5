"""Properties of Cambio over random legal games and random actions."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from pi_app.rules.cambio.actions import (
    BellRang,
    CambioAction,
    Deal,
    FalseRing,
    Open,
    Ring,
    Show,
    Stop,
)
from pi_app.rules.cambio.game import GAME, CambioState
from pi_app.rules.cambio.tournament import game as cambio_tournament
from pi_app.rules.cambio.tournament.game import TableAction
from pi_app.rules.cambio.tournament.state import TournamentState

TOURNAMENT = cambio_tournament.GAME
VALUES = {
    "Dollar": 100,
    "Deutschemark": 85,
    "Yen": 80,
    "Franc": 75,
    "Rouble": 70,
    "Livre": 65,
    "Lire": 60,
}
FAST = settings(max_examples=40, deadline=None)


def choose(actions: list[Any], rng: random.Random, stop_chance: float = 0.01) -> Any:
    """A random legal action; a false ring now and then, and rarely a stop."""
    plain = [a for a in actions if not isinstance(getattr(a, "action", a), Stop)]
    false_rings = [a for a in plain if isinstance(getattr(a, "action", a), FalseRing)]
    if false_rings and rng.random() < 0.3:
        return rng.choice(false_rings)
    if rng.random() < stop_chance:
        return actions[-1]
    return rng.choice([a for a in plain if a not in false_rings] or plain)


def random_game(rng: random.Random, steps: int, fines: bool = True) -> list[CambioState]:
    count = rng.randint(3, 7)
    options = {
        "variant": rng.choice(["simple", "cambio"]),
        "target": rng.choice([None, 300, 5000]),
        "false_ring_fine": rng.choice([0, 0, 10]) if fines else 0,
    }
    state = GAME.new_game([f"Joueur {i}" for i in range(count)], options, rng)
    states = [state]
    for _ in range(steps):
        actions = list(GAME.legal_actions(state))
        if not actions:
            break
        state = GAME.apply(state, choose(actions, rng))
        states.append(state)
    return states


@FAST
@given(st.randoms(use_true_random=False), st.integers(20, 120))
def test_a_round_changes_the_scores_by_the_hand_minus_the_fines(
    rng: random.Random, steps: int
) -> None:
    states = random_game(rng, steps)
    for before, after in itertools.pairwise(states):
        if len(after.history) == len(before.history):
            assert after.scores == before.scores
            continue
        result = after.history[-1]
        value = VALUES[result.currency] * (2 if result.hand == "9+plus" else 1)
        fines = 20 * len(result.holding) + after.settings.false_ring_fine * len(result.false_rings)
        assert sum(after.scores) - sum(before.scores) == value - fines
        gained = after.score_map[result.winner] - before.score_map[result.winner]
        fine = after.settings.false_ring_fine * result.false_rings.count(result.winner)
        assert gained == value - fine


@FAST
@given(st.randoms(use_true_random=False), st.integers(0, 120))
def test_export_then_replay_gives_the_same_scores(rng: random.Random, steps: int) -> None:
    state = random_game(rng, steps, fines=False)[-1]
    record = json.loads(json.dumps(GAME.export(state)))
    output = GAME.replay(record)
    assert output["scores"] == state.score_map
    assert len(output["rounds"]) == len(state.history)
    assert output["finished"] == (state.termination == "target" or state.settings.target is None)


names = st.text(min_size=1, max_size=12)
cards = st.sampled_from(["plus", "minus"])
round_actions: st.SearchStrategy[CambioAction] = st.one_of(
    st.just(Deal()),
    st.just(Open()),
    st.just(BellRang()),
    st.just(FalseRing()),
    st.builds(Ring, names),
    st.builds(
        Show,
        st.sampled_from(sorted(VALUES)),
        st.sampled_from(["9", "8+plus", "9+plus", "9+odd"]),
        st.lists(st.tuples(names, cards), max_size=3).map(tuple),
    ),
)


@settings(max_examples=200, deadline=None)
@given(st.one_of(round_actions, st.just(Stop())))
def test_notation_round_trips(action: CambioAction) -> None:
    text = GAME.format_action(action)
    assert len(text.splitlines()) == 1
    assert GAME.parse_action(text) == action
    assert GAME.format_action(GAME.parse_action(text)) == text


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 99), round_actions)
def test_tournament_notation_round_trips(table: int, action: CambioAction) -> None:
    wrapped = TableAction(table, action)
    text = TOURNAMENT.format_action(wrapped)
    assert TOURNAMENT.parse_action(text) == wrapped


def random_tournament(rng: random.Random, steps: int) -> list[TournamentState]:
    sizes = [rng.randint(3, 7) for _ in range(rng.randint(1, 4))]
    tables = []
    for number, size in enumerate(sizes):
        tables.append([f"T{number} S{seat}" for seat in range(size)])
    players = [p for row in tables for p in row]
    options = {"tables": tables, "variant": rng.choice(["simple", "cambio"]), "target": 2000}
    state = TOURNAMENT.new_game(players, options, rng)
    states = [state]
    for _ in range(steps):
        actions = list(TOURNAMENT.legal_actions(state))
        if not actions:
            break
        table = rng.randrange(len(state.tables))
        at_table = [a for a in actions if isinstance(a, TableAction) and a.table == table]
        state = TOURNAMENT.apply(state, choose([*at_table, actions[-1]], rng, 0.001))
        states.append(state)
    return states


@FAST
@given(st.randoms(use_true_random=False), st.integers(50, 300))
def test_seat_moves_keep_every_player_seated_exactly_once(rng: random.Random, steps: int) -> None:
    states = random_tournament(rng, steps)
    start = states[0]
    players = Counter(p for row in start.seating for p in row)
    for state in states:
        assert Counter(p for row in state.seating for p in row) == players
        assert [len(row) for row in state.seating] == [len(row) for row in start.seating]
        for move in state.last_moves:
            assert state.seating[move.to_table][move.to_seat] == move.player


@FAST
@given(st.randoms(use_true_random=False), st.integers(0, 300))
def test_tournament_export_replay_and_json_agree(rng: random.Random, steps: int) -> None:
    state = random_tournament(rng, steps)[-1]
    output = TOURNAMENT.replay(json.loads(json.dumps(TOURNAMENT.export(state))))
    assert output["scores"] == state.score_map
    assert output["tables"] == [list(row) for row in state.seating]
    assert TournamentState.from_json(json.loads(json.dumps(state.to_json()))) == state
