"""Gambo's chart for the history: a point per duel, the only moves that score.

A Gambo record names sides A and B, not players: the chart names them by the table's
seats. Its rows are every move with its notation, and its one fact is the biggest
duel. `GamboGame.chart` and `GamboGame.facts` hand them to the history
(`pi_app.rules.chart`, `pi_app.rules.facts`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pi_app.rules.chart import Chart, number, series
from pi_app.rules.facts import Fact, best_step
from pi_app.rules.gambo.board import SIDES

BEST_DUEL = "best-duel"
"""A side's biggest gain in one duel (its step is the duel's move)."""


def chart(seats: Sequence[str], record: Mapping[str, Any], output: Mapping[str, Any]) -> Chart:
    """The chart of a Gambo record: sides named by `seats`, a point after each duel."""
    moves = [str(move) for move in record["moves"]]
    names = (str(seats[0]), str(seats[1])) if len(seats) >= 2 else SIDES
    side_of = dict(zip(SIDES, names, strict=True))
    points: list[Mapping[str, Any]] = []
    steps: list[int] = []
    last: Mapping[str, Any] = {side: 0 for side in SIDES}
    rows: list[tuple[str, tuple[float, ...]]] = []
    for step, (move, notation) in enumerate(zip(output["moves"], moves, strict=False), start=1):
        after = tuple(float(number(move["scores"][side])) for side in SIDES)
        rows.append((f"{step}. {notation}", after))
        if move["scores"] != last:
            points.append({side_of[side]: score for side, score in move["scores"].items()})
            steps.append(step)
            last = move["scores"]
    return Chart(
        seats=names,
        scores={side_of[side]: number(score) for side, score in output["scores"].items()},
        winners=tuple(side_of.get(str(w), str(w)) for w in output["winners"]),
        series=series(names, points),
        steps=tuple(steps),
        table=tuple(rows),
    )


def facts(chart: Chart) -> list[Fact]:
    """The biggest duel, if a duel scored."""
    best = best_step(chart, BEST_DUEL)
    return [] if best is None else [best]
