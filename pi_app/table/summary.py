"""What a finished game was: its scores round by round, its winners and a few facts.

A summary is computed from the game's record and what `replay` makes of it, the very
output of `tabletop export` and `tabletop replay`, so the history, the end-of-game
screen and a record exported from either can never disagree. Nothing here is stored:
the journal's events are the one truth, and a summary is folded from them on demand.

What is particular to one game (Gambo's chart, a Gambit 7 token, a Cambio streak) is
that game's own, asked of its rules' `GAME` (`rules.chart.OwnChart`,
`rules.facts.OwnFacts`, `OwnSlates`); a game without them gets its replay's rounds as
its chart and its biggest round as its fact.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from pi_app.rules.chart import OwnChart, steps_chart
from pi_app.rules.facts import Fact, OwnFacts, OwnSlates, told
from pi_app.rules.registry import games
from pi_app.table.protocol import GameTable
from pi_app.table.results import Result

__all__ = ["Fact", "GameSummary", "renamed", "results_of", "summarise", "summary_of"]


@dataclass(frozen=True)
class GameSummary:
    """A game as the history shows it.

    `series[seat]` holds the seat's score before the first round, then after each
    round (each duel for Gambo): the points of its chart. `steps` are the round (or
    move) numbers of those points after the first.
    """

    game: str
    seats: tuple[str, ...]
    scores: dict[str, int | float]
    winners: tuple[str, ...]
    finished: bool
    series: dict[str, tuple[float, ...]]
    steps: tuple[int, ...]
    facts: tuple[Fact, ...] = ()
    own_slate_wins: dict[str, int] = field(default_factory=dict)
    """In a game of slates (Gambit 7): every seat, with the rounds its own slate was the
    winning case (`rules.facts.OwnSlates`); empty in every other game."""
    table: tuple[tuple[str, tuple[float, ...]], ...] = ()
    """One row per round (per move for Gambo): its label and every seat's score after it."""

    @property
    def rounds(self) -> int:
        return len(self.steps)

    def ranking(self) -> list[tuple[int, str, int | float]]:
        """(place, seat, score), best first; equal scores share a place."""
        ordered = sorted(self.seats, key=lambda seat: -self.scores.get(seat, 0))
        ranked: list[tuple[int, str, int | float]] = []
        for index, seat in enumerate(ordered):
            score = self.scores.get(seat, 0)
            tied = ranked and ranked[-1][2] == score
            ranked.append((ranked[-1][0] if tied else index + 1, seat, score))
        return ranked


def summarise(
    seats: Sequence[str], record: Mapping[str, Any], output: Mapping[str, Any]
) -> GameSummary:
    """The summary of a game from its record and `replay`'s output for it.

    `seats` are the table's seats (a Gambo record names sides A and B, not players).
    """
    game = str(record["game"])
    rules = games().get(game)
    if isinstance(rules, OwnChart):
        chart = rules.chart(seats, record, output)
    else:
        chart = steps_chart(output)
    facts = rules.facts(chart, record, output) if isinstance(rules, OwnFacts) else told(chart)
    slates: dict[str, int] = {}
    if isinstance(rules, OwnSlates):
        slates = rules.own_slate_wins(record, output)
    return GameSummary(
        game=game,
        seats=chart.seats,
        scores=chart.scores,
        winners=chart.winners,
        finished=bool(output.get("finished", True)),
        series=chart.series,
        steps=chart.steps,
        facts=tuple(facts),
        own_slate_wins=slates,
        table=chart.table,
    )


def renamed(summary: GameSummary, names: Mapping[str, str]) -> GameSummary:
    """`summary` with each seat of `names` shown by its name there (the computer's seat
    in the language of now: `pi_app.ai.seat_names`); `summary` itself when none is."""
    if not names:
        return summary

    def name(seat: str) -> str:
        return names.get(seat, seat)

    return replace(
        summary,
        seats=tuple(map(name, summary.seats)),
        scores={name(seat): score for seat, score in summary.scores.items()},
        winners=tuple(map(name, summary.winners)),
        series={name(seat): points for seat, points in summary.series.items()},
        facts=tuple(replace(fact, seat=name(fact.seat)) for fact in summary.facts),
        own_slate_wins={name(seat): wins for seat, wins in summary.own_slate_wins.items()},
    )


def summary_of(table: GameTable) -> GameSummary:
    """The summary of the game at `table`, from its record and that record's replay."""
    record = table.export()
    return summarise(table.seats, record, table.game.replay(record))


def results_of(summary: GameSummary) -> tuple[Result, ...]:
    """What a finished game gives each of its seats, as its players' statistics keep it
    (the seats as the game named them, never renamed for the screen)."""
    return tuple(
        Result(
            seat,
            seat in summary.winners,
            float(summary.scores.get(seat, 0)),
            summary.own_slate_wins.get(seat),
            summary.rounds,
        )
        for seat in summary.seats
    )
