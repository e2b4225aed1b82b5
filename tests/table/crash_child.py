"""A table that plays a scripted game as fast as it can, to be killed at random.

Run as `python -m tests.table.crash_child JOURNAL SEED COUNT`. It resumes whatever the
journal holds, plays the rest of the script, and prints `ack N` once the N-th event has
been journaled (so the parent knows what the journal has acknowledged).
"""

from __future__ import annotations

import random
import sys

from pi_app.rules.registry import register
from pi_app.table import Journal, Table
from tests import tinygame

register(tinygame.GAME)


def script(seed: int, count: int) -> list[str]:
    """The scripted events: moves, with undos and redos sprinkled in (all legal)."""
    rng = random.Random(seed)
    events: list[str] = []
    played = undone = 0
    while len(events) < count:
        roll = rng.random()
        if roll < 0.15 and played:
            events.append("undo")
            played, undone = played - 1, undone + 1
        elif roll < 0.25 and undone:
            events.append("redo")
            played, undone = played + 1, undone - 1
        else:
            events.append(f"add {rng.choice((1, 2))}")
            played, undone = played + 1, 0
    return events


def perform(table: Table, event: str) -> None:
    """Send one scripted event to the table."""
    if event == "undo":
        table.undo()
    elif event == "redo":
        table.redo()
    else:
        table.play(event)


def main() -> None:
    path, seed, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    journal = Journal(path)
    table = Table.resume(journal) or Table.new(
        journal, "tiny-race", ["A", "B"], {"target": 10**6}, 7
    )
    done = len(journal.events(table.game_id))
    print(f"ack {done}", flush=True)
    for n, event in enumerate(script(seed, count)[done:], start=done + 1):
        perform(table, event)
        print(f"ack {n}", flush=True)


if __name__ == "__main__":
    main()
