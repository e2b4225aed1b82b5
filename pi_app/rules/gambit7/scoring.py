"""Gambit 7 arithmetic: where answers sit on the mat, which case wins, what each seat earns.

Pure functions over values, shared by the phase machine, the board view and replay, so
the display's payout detail and the scores are the very same numbers.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal, TypeAlias

from pi_app.rules.gambit7.mat import CENTRE, MatProfile

LESS: Literal["less"] = "less"
"""The *Moins que ça* case (German *Alle zu hoch*), below the lowest answer case."""

Target: TypeAlias = Decimal | Literal["less"]
"""Where a chip or a token goes: the value of an answer written this round, or LESS."""
Case: TypeAlias = int | Literal["less"]
"""A case of the mat: an answer case index (0 lowest, 3 the blue centre) or LESS."""

CHIPS = 2
"""Bet chips per seat (the Gambit 7 token is played instead of them)."""
TOKEN_FACTOR = 7


@dataclass(frozen=True)
class Bet:
    """One seat's bet in a round: 0 to 2 chips, or the Gambit 7 token instead."""

    chips: tuple[Target, ...] = ()
    gambit7: Target | None = None


@dataclass(frozen=True)
class Payout:
    """How one seat's score moved in a round, step by step in the order of rulings R2."""

    seat: str
    before: int
    token: Literal["won", "lost"] | None
    after_token: int
    chips: int
    """Chips this seat had on the winning case."""
    chip_value: int
    """What each of those chips paid (alone, shared or Moins que ça)."""
    chip_gain: int
    slate_bonus: int
    after: int


def placement(values: Iterable[Decimal]) -> tuple[tuple[int, Decimal], ...]:
    """(case index, value) for each distinct answer, lowest first.

    Odd count: the median faces the blue centre case. Even count: the centre stays empty
    and the answers split evenly below and above it (rulebook, phase 2).
    """
    distinct = sorted(set(values))
    count = len(distinct)
    below = count // 2
    first = CENTRE - below
    cases = [first + i for i in range(count)]
    if count % 2 == 0:
        cases = [case if i < below else case + 1 for i, case in enumerate(cases)]
    return tuple(zip(cases, distinct, strict=True))


def case_of(values: Iterable[Decimal], target: Target) -> Case | None:
    """The case a target names this round, or None when no answer faces it."""
    if target == LESS:
        return LESS
    for case, value in placement(values):
        if value == target:
            return case
    return None


def winning_target(values: Iterable[Decimal], truth: Decimal) -> Target:
    """The largest answer not above the truth; LESS when every answer is too high."""
    below = [value for value in set(values) if value <= truth]
    return max(below) if below else LESS


def _chip_value(winning: Target, case: Case, backers: int, mat: MatProfile) -> int:
    """What one chip on the winning case pays; only chips count as backers (R3)."""
    if winning == LESS or case == LESS:
        return mat.less
    return mat.alone[case] if backers == 1 else mat.shared[case]


def score_round(
    seats: Sequence[str],
    before: Sequence[int],
    answers: Mapping[str, Decimal],
    bets: Mapping[str, Bet],
    truth: Decimal,
    mat: MatProfile,
) -> tuple[Target, tuple[Payout, ...]]:
    """The winning target and every seat's payout for one round.

    Rulings R2: Gambit 7 tokens first (x7 or back to 0, on the score before the round),
    then chips, then slate bonuses. R3: a token never makes chips "shared". R4: any
    answer may be backed, one's own included.
    """
    values = list(answers.values())
    winning = winning_target(values, truth)
    case = case_of(values, winning)
    assert case is not None
    backers = sum(1 for bet in bets.values() if winning in bet.chips)
    chip_value = _chip_value(winning, case, backers, mat)
    star = 0 if case == LESS else mat.star(case)
    payouts = []
    for seat, score in zip(seats, before, strict=True):
        bet = bets.get(seat, Bet())
        token: Literal["won", "lost"] | None = None
        after_token = score
        if bet.gambit7 is not None:
            token = "won" if bet.gambit7 == winning else "lost"
            after_token = score * TOKEN_FACTOR if token == "won" else 0
        chips = sum(1 for chip in bet.chips if chip == winning)
        bonus = star if answers.get(seat) == winning else 0
        gain = chips * chip_value
        payouts.append(
            Payout(
                seat,
                score,
                token,
                after_token,
                chips,
                chip_value,
                gain,
                bonus,
                after_token + gain + bonus,
            )
        )
    return winning, tuple(payouts)
