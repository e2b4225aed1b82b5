"""Perft for Gambo: how many legal move sequences of each depth start from fixed positions.

The counts come from a brute force that knows nothing of the move generator: it tries
every move a player could write (every `adv`, `swap` and `duel` over every pair of
squares, and `pass`) through `apply`, and keeps the distinct positions that result.
The generator's `legal_actions` must reach the same numbers, and the numbers are pinned
as literals so that move generation cannot drift unnoticed.
"""

from __future__ import annotations

import contextlib

import pytest

from pi_app.rules.contract import RuleError
from pi_app.rules.gambo import game as gambo

SQUARES = [f"{row}{i}" for row, size in (("a", 9), ("b", 9), ("c", 18)) for i in range(size)]
EVERY_MOVE_TEXT = (
    [f"adv {square}" for square in SQUARES]
    + [f"{kind} {x} {y}" for kind in ("swap", "duel") for x in SQUARES for y in SQUARES if x != y]
    + ["pass"]
)
EVERY_MOVE = [gambo.parse_action(text) for text in EVERY_MOVE_TEXT]

G = {
    "A": ["C1", "M2", "C3", "C2", "M1", "E1", "E3", "M3", "E2"],
    "B": ["E1", "E2", "M1", "E3", "C2", "C3", "C1", "M2", "M3"],
}
RECORD_EXAMPLE = {
    "A": ["E1", "C2", "M3", "E2", "C3", "M1", "E3", "C1", "M2"],
    "B": ["M1", "E3", "C2", "M2", "E1", "C3", "M3", "E2", "C1"],
}
SAME_ORDER = {
    "A": ["E1", "E2", "E3", "C1", "C2", "C3", "M1", "M2", "M3"],
    "B": ["E1", "E2", "E3", "C1", "C2", "C3", "M1", "M2", "M3"],
}
# B has swapped twice in a row (no third swap), and advancing b0 opens two duels for A.
AFTER_TWO_SWAPS = ["swap b0 b1", "adv a0", "swap b0 b1", "adv a1"]
# Six pieces alternate on the central row: duels everywhere, turn order by scores.
CROWDED_CENTRE = ["adv b0", "adv a1", "adv b2", "adv a3", "adv b4", "adv a5"]

POSITIONS: dict[str, tuple[dict[str, list[str]], list[str]]] = {
    "setup-g": (G, []),
    "setup-record-example": (RECORD_EXAMPLE, []),
    "setup-same-order": (SAME_ORDER, []),
    "after-two-swaps": (G, AFTER_TWO_SWAPS),
    "crowded-centre": (G, CROWDED_CENTRE),
}

# Counts for depth 1..4, computed with `brute_force_perft` (depth 3 and 4 offline, since
# they take minutes). From a start position the three setups cannot differ before depth
# 5 (every duel there leaves the next player 8 start pieces), hence the mid-game ones.
PINNED: dict[str, tuple[int, int, int, int]] = {
    "setup-g": (45, 729, 20817, 399732),
    "setup-record-example": (45, 729, 20817, 399732),
    "setup-same-order": (45, 729, 20817, 399732),
    "after-two-swaps": (9, 397, 6177, 175717),
    "crowded-centre": (47, 867, 24908, 495153),
}


def position(name: str) -> gambo.GamboState:
    setup, moves = POSITIONS[name]
    state = gambo.start_state(("A", "B"), (tuple(setup["A"]), tuple(setup["B"])))
    for text in moves:
        state = gambo.apply(state, gambo.parse_action(text))
    return state


def brute_force_successors(state: gambo.GamboState) -> set[gambo.GamboState]:
    """Every distinct position one written move away, found by trying them all."""
    found = set()
    for action in EVERY_MOVE:
        with contextlib.suppress(RuleError):
            found.add(gambo.apply(state, action))
    return found


def brute_force_perft(state: gambo.GamboState, depth: int) -> int:
    if depth == 0:
        return 1
    return sum(brute_force_perft(child, depth - 1) for child in brute_force_successors(state))


def perft(state: gambo.GamboState, depth: int) -> int:
    """The generator's count: legal_actions at every node."""
    actions = gambo.legal_actions(state)
    if depth == 1:
        return len(actions)
    return sum(perft(gambo.apply(state, action), depth - 1) for action in actions)


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_generator_matches_brute_force_at_depth_two(name: str) -> None:
    state = position(name)
    assert perft(state, 1) == brute_force_perft(state, 1)
    assert perft(state, 2) == brute_force_perft(state, 2)


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_generator_matches_pinned_counts(name: str) -> None:
    state = position(name)
    assert tuple(perft(state, depth) for depth in (1, 2, 3, 4)) == PINNED[name]


def test_legal_actions_are_distinct_moves() -> None:
    state = position("after-two-swaps")
    actions = gambo.legal_actions(state)
    assert len(set(actions)) == len(actions)
    assert len({gambo.apply(state, a) for a in actions}) == len(actions)
