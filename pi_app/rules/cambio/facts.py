"""Cambio's own facts for the history: the longest run of rounds won in a row.

Both the single table and the tournament tell it (a tournament counts each table's
runs apart); their `GAME`s hand it to the history (`pi_app.rules.facts`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pi_app.rules.chart import Chart
from pi_app.rules.facts import Fact, best_step

STREAK = "streak"
"""Rounds won in a row by one seat at its table (two at least)."""


def facts(chart: Chart, record: Mapping[str, Any]) -> list[Fact]:
    """The biggest round, then the longest streak."""
    found = [best_step(chart), streak(record)]
    return [fact for fact in found if fact is not None]


def streak(record: Mapping[str, Any]) -> Fact | None:
    """The longest run of rounds won by one seat in a row at its table (two at least)."""
    best: Fact | None = None
    runs: dict[Any, tuple[Any, int]] = {}  # table -> (its last winner, their run)
    for number, played in enumerate(record["rounds"], start=1):
        winner, table = played.get("winner"), played.get("table", 0)
        previous, run = runs.get(table, (None, 0))
        run = run + 1 if winner == previous else 1
        runs[table] = (winner, run)
        if run >= 2 and (best is None or run > best.value):
            best = Fact(STREAK, str(winner), run, number)
    return best
