"""Quitte ou Double's table geometry and arithmetic: tiles, zones and what a round pays.

The teams' tiles lie in ascending order, equal answers stacked, so n distinct answers
leave n+1 zones: below the smallest, between each pair of neighbours, above the
largest. A place on the table is named by the answers around it (`Place`), never by an
index, so that a bet reads the same in a journal, a record and on the display.

Everything here is pure arithmetic on those places; the phase machine
(`state`) decides when each step may happen.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from pi_app.rules.answers import format_answer
from pi_app.rules.contract import RuleError

DOMAIN = "quitte_ou_double"
NAME = "quitte-ou-double"
ROUNDS = 7
MIN_TEAMS = 3
MAX_TEAMS = 6
BET_TOKENS = 2
"""Bet tokens per team (2 of its colour)."""
QUESTIONS = (1, 2, 3)
"""The host plays question 1, 2 or 3 of every card for the whole game."""
GROSSES_TETES = "grosses-tetes"
PERMANENT = "permanent"
VARIANTS = (GROSSES_TETES, PERMANENT)
EXACT_BONUS = 3
"""The *grosses têtes* bonus on top of the exact tile's 1 gain token."""
BANK_TOKENS = 90
"""R5: the box holds 90 gain tokens; the device counts, it never runs out."""


def refuse(message: str, **params: object) -> RuleError:
    """A broken rule of this game, its message in this game's catalogue."""
    return RuleError(message, domain=DOMAIN, **params)


@dataclass(frozen=True)
class Place:
    """Where a bet token lies, named by the answers around it.

    `Place(None, a)` is below the smallest answer a, `Place(z, None)` above the largest
    answer z, `Place(a, b)` between neighbours a and b. `Place(a, a)` is the tile a
    itself: it can be written, so that a token put there is refused with a reason.
    """

    low: Decimal | None
    high: Decimal | None

    def __post_init__(self) -> None:
        if self.low is None and self.high is None:
            raise ValueError("a place needs at least one answer")

    @property
    def is_tile(self) -> bool:
        return self.low is not None and self.low == self.high

    def holds(self, value: Decimal) -> bool:
        """Whether `value` lies in this zone or on one of its bordering tiles."""
        above_low = self.low is None or self.low <= value
        below_high = self.high is None or value <= self.high
        return above_low and below_high


def place_name(place: Place, locale: str = "fr") -> str:
    """`"<A"`, `">Z"`, `"A..B"` (or `"A"` for a tile) with values written for `locale`."""
    return place_label(place, lambda value: format_answer(value, locale))


def place_label(place: Place, write: Callable[[Decimal], str]) -> str:
    """A place named as `place_name` does, each value written by `write`.

    The board writes the values as its tiles show them (`<1h30`); records and
    messages keep the numbers.
    """
    low = None if place.low is None else write(place.low)
    high = None if place.high is None else write(place.high)
    if low is None:
        return f"<{high}"
    if high is None:
        return f">{low}"
    return low if place.is_tile else f"{low}..{high}"


def tile_values(answers: Iterable[Decimal]) -> tuple[Decimal, ...]:
    """The distinct answers in ascending order: one position per stack of tiles."""
    return tuple(sorted(set(answers)))


def zones(values: Sequence[Decimal]) -> tuple[Place, ...]:
    """The n+1 zones around n distinct answers, from the lowest to the highest."""
    if not values:
        return ()
    bounds: list[Decimal | None] = [None, *values, None]
    return tuple(Place(bounds[i], bounds[i + 1]) for i in range(len(values) + 1))


def check_zone(place: Place, values: Sequence[Decimal], locale: str) -> int:
    """The index of the zone `place` names among `values`, or why it names none."""
    name = place_name(place, locale)
    if place.is_tile:
        raise refuse(
            "A bet token goes in a zone between tiles, never on a tile ({zone}).", zone=name
        )
    for bound in (place.low, place.high):
        if bound is not None and bound not in values:
            raise refuse(
                "No tile shows {value}: name a zone by the answers around it ({zone}).",
                value=format_answer(bound, locale),
                zone=name,
            )
    if place.low is None:
        return _edge_zone(place, values, 0, name, locale)
    if place.high is None:
        return _edge_zone(place, values, len(values), name, locale)
    low, high = values.index(place.low), values.index(place.high)
    if low > high:
        raise refuse("“{zone}” is not a zone: write the smaller answer first.", zone=name)
    if high != low + 1:
        raise refuse(
            "“{zone}” is not a zone: {low} and {high} are not neighbouring answers.",
            zone=name,
            low=format_answer(values[low], locale),
            high=format_answer(values[high], locale),
        )
    return high


def _edge_zone(place: Place, values: Sequence[Decimal], index: int, name: str, locale: str) -> int:
    """Check a zone below the smallest or above the largest answer."""
    if zones(values)[index] == place:
        return index
    if index == 0:
        raise refuse(
            "“{zone}” is not a zone: only the smallest answer ({edge}) has a zone below it.",
            zone=name,
            edge=format_answer(values[0], locale),
        )
    raise refuse(
        "“{zone}” is not a zone: only the largest answer ({edge}) has a zone above it.",
        zone=name,
        edge=format_answer(values[-1], locale),
    )


def paying_zones(values: Sequence[Decimal], truth: Decimal) -> tuple[int, ...]:
    """The zone holding the true answer, or the two beside a tile that shows it exactly."""
    if truth in values:
        at = values.index(truth)
        return (at, at + 1)
    return (sum(1 for value in values if value < truth),)


def tile_earners(answers: Mapping[str, Decimal], truth: Decimal) -> tuple[str, ...]:
    """Teams whose tile earns: the exact tile(s), else the tiles bordering the paying zone."""
    values = tile_values(answers.values())
    if truth in values:
        earning = {truth}
    else:
        below = [value for value in values if value < truth]
        above = [value for value in values if value > truth]
        earning = set(below[-1:] + above[:1])
    return tuple(team for team, value in answers.items() if value in earning)


@dataclass(frozen=True)
class BetToken:
    """One bet token on the table, with the gain tokens staked under it."""

    team: str
    place: Place
    stake: int = 0


def round_gains(
    answers: Mapping[str, Decimal],
    tokens: Iterable[BetToken],
    truth: Decimal,
    grosses_tetes: bool,
) -> dict[str, int]:
    """What each team wins (or loses, from stakes) once the true answer is known.

    Every bet token in a paying zone earns 1; a staked gain token there is kept and
    earns 1 more, one elsewhere is lost; the bordering tiles earn 1 each, or only the
    exact tile(s) when a team found the answer (1 + 3 with *grosses têtes*).
    """
    values = tile_values(answers.values())
    everywhere = zones(values)
    paying = {everywhere[index] for index in paying_zones(values, truth)}
    gains = dict.fromkeys(answers, 0)
    for token in tokens:
        if token.place in paying:
            gains[token.team] += 1 + token.stake
        else:
            gains[token.team] -= token.stake
    exact_bonus = EXACT_BONUS if grosses_tetes and truth in values else 0
    for team in tile_earners(answers, truth):
        gains[team] += 1 + exact_bonus
    return gains


def leaders(scores: Mapping[str, int]) -> tuple[str, ...]:
    """Every team with the most gain tokens (ties share the win)."""
    if not scores:
        return ()
    best = max(scores.values())
    return tuple(team for team, score in scores.items() if score == best)


def bank_count(scores: Iterable[int]) -> int:
    """R5: the tokens left in the box, 90 minus what the teams hold.

    It goes below zero when the teams hold more than the box has: the device keeps
    counting (it never runs out) and the negative figure tells the banker how many
    stand-in tokens the table is using.
    """
    return BANK_TOKENS - sum(scores)
