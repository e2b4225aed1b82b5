"""What the display draws for Quitte ou Double: a pure view of the state.

The board is the table as the players see it: the tiles in a row (stacks of equal
answers with every team on them), the zones between them named as records name them,
the bet tokens and staked gain tokens in each zone by team, and, once the true answer
is read, the paying zone(s), the tiles that earn and each team's gain this round.
The display draws this and nothing else, so it never repeats a rule.

Tiles, zones and the truth show a duration or a percentage as it was typed (`1h30`,
`<45 %`, `1h..1h30`), every other answer as its number: a tile reading `90` would not
be the tile the team wrote.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from pi_app.rules.answers import shown_among, shown_answer
from pi_app.rules.quitte_ou_double.scoring import (
    Place,
    bank_count,
    paying_zones,
    place_label,
    tile_earners,
    zones,
)
from pi_app.rules.quitte_ou_double.state import ANSWERS, QodState


@dataclass(frozen=True)
class TileStack:
    """The tiles showing one value, bottom to top in seat order."""

    value: Decimal
    label: str
    teams: tuple[str, ...]
    earns: bool
    """After the truth: these tiles border the paying zone, or show the exact answer."""


@dataclass(frozen=True)
class ZoneTokens:
    """One team's bet tokens in a zone and the gain tokens staked under them."""

    team: str
    tokens: int
    stake: int


@dataclass(frozen=True)
class ZoneView:
    """A zone between tiles, named `"<A"`, `"A..B"` or `">Z"`."""

    name: str
    low: Decimal | None
    high: Decimal | None
    bets: tuple[ZoneTokens, ...]
    paying: bool


@dataclass(frozen=True)
class Board:
    """Everything the Quitte ou Double scene shows."""

    round: int
    question: int
    phase: str
    waiting: tuple[str, ...]
    """Teams that have not laid their tile yet (the tiles stay face down until all are in)."""
    tiles: tuple[TileStack, ...]
    zones: tuple[ZoneView, ...]
    truth: str | None
    paying_zones: tuple[str, ...]
    gains: tuple[tuple[str, int], ...]
    scores: tuple[tuple[str, int], ...]
    bank: int
    """R5: 90 minus the tokens the teams hold; below zero when the table uses stand-ins."""
    finished: bool


def board(state: QodState) -> Board:
    """The board of the current round, ready to draw."""
    current = state.current
    locale = state.setup.locale
    answered = current.answer_map
    laid = state.phase != ANSWERS
    values = current.values if laid else ()
    truth = current.truth
    paying = set(paying_zones(values, truth)) if truth is not None and values else set()
    earners = set(tile_earners(answered, truth)) if truth is not None else set()
    labels = _tile_labels(state, values)
    stacks = tuple(
        TileStack(
            value=value,
            label=labels[value],
            teams=tuple(team for team, answer in current.answers if answer == value),
            earns=any(team in earners for team, answer in current.answers if answer == value),
        )
        for value in values
    )
    views = tuple(
        ZoneView(
            name=place_label(place, labels.__getitem__),
            low=place.low,
            high=place.high,
            bets=_zone_tokens(state, place),
            paying=index in paying,
        )
        for index, place in enumerate(zones(values))
    )
    return Board(
        round=current.number,
        question=state.setup.question,
        phase=state.phase,
        waiting=tuple(team for team in state.setup.teams if team not in answered),
        tiles=stacks,
        zones=views,
        truth=None if truth is None else shown_answer(truth, current.truth_typed, locale),
        paying_zones=tuple(view.name for view in views if view.paying),
        gains=current.gains,
        scores=tuple(state.score_map().items()),
        bank=bank_count(state.scores),
        finished=state.finished,
    )


def _tile_labels(state: QodState, values: tuple[Decimal, ...]) -> dict[Decimal, str]:
    """Each tile's label: the first duration or percentage form its teams typed (seat
    order), else the number in the table's locale."""
    current = state.current
    typed = current.typed_map
    return {
        value: shown_among(
            value,
            (typed.get(team) for team, answer in current.answers if answer == value),
            state.setup.locale,
        )
        for value in values
    }


def _zone_tokens(state: QodState, place: Place) -> tuple[ZoneTokens, ...]:
    tokens = [token for token in state.current.tokens if token.place == place]
    return tuple(
        ZoneTokens(
            team=team,
            tokens=sum(1 for token in tokens if token.team == team),
            stake=sum(token.stake for token in tokens if token.team == team),
        )
        for team in state.setup.teams
        if any(token.team == team for token in tokens)
    )
