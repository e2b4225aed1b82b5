"""What stood out in a finished game: the facts its end screen and history tell.

Every game has its biggest round (`best_step`); a game with feats of its own (a
Gambit 7 token won, a Cambio streak, Gambo's biggest duel) tells all its facts with a
`facts` method on its `GAME` (`OwnFacts`), and a game whose seats write slates counts
the rounds each seat's own slate won with `own_slate_wins` (`OwnSlates`). The history
looks for those methods, so a game needs no line anywhere else to have its own facts.
A fact is plain data: the display words it in the screen's language, by its `kind`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from pi_app.rules.chart import Chart

BEST_ROUND = "best-round"
"""A seat's biggest gain in one round (one step of the chart)."""


@dataclass(frozen=True)
class Fact:
    """One thing worth telling about a game; the display words it in its language.

    `kind` says what it is (`best-round`, or a game's own kind), `seat` who, `value`
    how much (0 when there is no figure) and `step` the round or move where it
    happened, 1-based.
    """

    kind: str
    seat: str
    value: int
    step: int


@runtime_checkable
class OwnFacts(Protocol):
    """A game with facts of its own."""

    def facts(
        self, chart: Chart, record: Mapping[str, Any], output: Mapping[str, Any]
    ) -> Sequence[Fact]:
        """Every fact of the game (`best_step(chart)` too when it wants the biggest round)."""
        ...


@runtime_checkable
class OwnSlates(Protocol):
    """A game whose seats write a slate each round, one of them the winning case."""

    def own_slate_wins(
        self, record: Mapping[str, Any], output: Mapping[str, Any]
    ) -> dict[str, int]:
        """Every seat of the record, with the rounds its own slate was the winning case."""
        ...


def best_step(chart: Chart, kind: str = BEST_ROUND) -> Fact | None:
    """The biggest gain of one seat in one step (the earliest step on a tie), if any."""
    best: Fact | None = None
    for index, step in enumerate(chart.steps):
        for seat in chart.seats:
            points = chart.series[seat]
            gain = int(points[index + 1] - points[index])
            if gain > 0 and (best is None or gain > best.value):
                best = Fact(kind, seat, gain, step)
    return best


def told(chart: Chart) -> tuple[Fact, ...]:
    """The facts of a game without its own: its biggest round, if any."""
    best = best_step(chart)
    return () if best is None else (best,)
