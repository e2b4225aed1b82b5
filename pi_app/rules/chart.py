"""A finished game's chart: each seat's score after every step, and the rows of scores.

The history and the end-of-game screen draw it from the game's record and what
`replay` makes of it. Most games need nothing of their own for that: their replay
output lists the scores after each round (`"rounds"`, or `"moves"` for a game scored
move by move, `RECORDS.md`), and those are the chart's points (`steps_chart`). A game
whose chart is something else (Gambo: a point per duel, its sides named by their seats)
says so with a `chart` method on its `GAME` (`OwnChart`), which the history looks for.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Protocol, runtime_checkable

Number = int | float


@dataclass(frozen=True)
class Chart:
    """What the chart and the table of scores show, under the seats' names.

    `series[seat]` holds the seat's score before the first step, then after each step:
    the points of its line. `steps` are the round (or move) numbers of those points
    after the first; `table` is one row per round (or move): its label and every
    seat's score after it.
    """

    seats: tuple[str, ...]
    scores: dict[str, Number]
    winners: tuple[str, ...]
    series: dict[str, tuple[float, ...]]
    steps: tuple[int, ...]
    table: tuple[tuple[str, tuple[float, ...]], ...]


@runtime_checkable
class OwnChart(Protocol):
    """A game whose chart is not its replay's steps as they are."""

    def chart(
        self, seats: Sequence[str], record: Mapping[str, Any], output: Mapping[str, Any]
    ) -> Chart:
        """The chart of a record (`seats` are the table's, `output` the record's replay)."""
        ...


def number(value: object) -> Number:
    """A score as JSON gave it (scores are whole in every game; a float stays one)."""
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    return value if isinstance(value, int | float) else 0


def series(
    names: Sequence[str], steps: Sequence[Mapping[str, Any]]
) -> dict[str, tuple[float, ...]]:
    """Each seat's line: 0 before the first step, then its score after each step."""
    return {
        seat: (0.0, *(float(number(scores.get(seat, 0))) for scores in steps)) for seat in names
    }


def steps_chart(output: Mapping[str, Any]) -> Chart:
    """The chart of a game whose replay lists the scores after each round (or move)."""
    names = tuple(str(seat) for seat in output["scores"])
    played = output.get("rounds", output.get("moves", []))
    steps = tuple(range(1, len(played) + 1))
    points = series(names, [step["scores"] for step in played])
    rows = tuple((str(step), tuple(points[seat][step] for seat in names)) for step in steps)
    return Chart(
        seats=names,
        scores={seat: number(output["scores"][seat]) for seat in names},
        winners=tuple(str(w) for w in output["winners"]),
        series=points,
        steps=steps,
        table=rows,
    )
