"""A table that plays a scripted game as fast as it can, to be killed at random.

Run as `python -m tests.table.crash_child JOURNAL SEED COUNT`. It resumes whatever the
journal holds and plays the rest of the script. Each line it prints is one `write` to
its pipe, so a line printed before a kill is never lost with the process:

- `play N` before the N-th event is handed to the table: nothing of that event can be
  on disk before this line is in the pipe, so the journal never holds more than the
  last `play` (an exact bound, whatever the machine's speed);
- `shown N` once the N-th event is in the table's state (what the screen shows at once);
- `commit T` when the journal's writer thread starts committing up to ticket T;
- `ack N` once the journal reports the N-th event durable (from the writer's thread).
"""

from __future__ import annotations

import random
import sys
import threading
from collections import deque

from pi_app.rules.registry import register
from pi_app.table import Journal, Table
from tests import tinygame

register(tinygame.GAME)
_print_lock = threading.Lock()


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


def say(word: str, n: int) -> None:
    """One whole line, even with two threads printing."""
    with _print_lock:
        sys.stdout.write(f"{word} {n}\n")
        sys.stdout.flush()


class Acks:
    """Turns the journal's durable tickets into event numbers."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.waiting: deque[tuple[int, int]] = deque()  # (ticket, event number)

    def expect(self, ticket: int, n: int) -> None:
        with self.lock:
            self.waiting.append((ticket, n))

    def durable(self, ticket: int) -> None:
        last = None
        with self.lock:
            while self.waiting and self.waiting[0][0] <= ticket:
                last = self.waiting.popleft()[1]
        if last is not None:
            say("ack", last)


def announce_commits(journal: Journal) -> None:
    """Say `commit T` as each group commit starts, so a kill can be aimed inside one."""
    writer = journal._writer
    commit = writer._commit

    def announced(batch: list[tuple[int, str, tuple[object, ...]]]) -> None:
        say("commit", batch[-1][0])
        commit(batch)

    writer._commit = announced  # type: ignore[method-assign]


def main() -> None:
    path, seed, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    journal = Journal(path)
    acks = Acks()
    journal.on_durable(acks.durable)
    announce_commits(journal)
    table = Table.resume(journal) or Table.new(
        journal, "tiny-race", ["A", "B"], {"target": 10**6}, 7
    )
    done = len(journal.events(table.game_id))
    say("ack", done)
    for n, event in enumerate(script(seed, count)[done:], start=done + 1):
        say("play", n)
        perform(table, event)
        acks.expect(table.ticket, n)
        say("shown", n)
    journal.close()


if __name__ == "__main__":
    main()
