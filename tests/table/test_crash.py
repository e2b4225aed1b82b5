"""A pulled plug loses nothing acknowledged: kill a playing table 50 times at random.

The table shows an event at once and the journal makes it durable one commit later,
so at a kill: every event acknowledged durable is on disk, nothing beyond what the
child had started to play is, and what is on disk is the game's beginning, in order.
The same holds when every fsync takes 20 ms, as on a Pi's SD card.

The kills are placed by progress, never by the clock: the parent reads the child's
counts and kills it after a random number of events shown (and at least one more
event durable, so the game goes on from kill to kill on a machine of any speed), at
once, a few events later, or as a commit starts. After the kill it reads the pipe to
its end, so it knows every line the child printed; the child's pipe is kept small so
that a parent starved of the processor cannot fall far behind.
"""

from __future__ import annotations

import fcntl
import os
import random
import select
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO

import pytest

from bench.slow_fsync import environ
from pi_app.table import Journal, Table
from tests.paths import ROOT
from tests.table.crash_child import perform, script

SEED, COUNT, KILLS = 11, 20_000, 50  # more events than a kill ever lets the child play
PIPE_BYTES = 4096  # the child blocks once this much is unread: it runs ahead by ~150 events
DEADLINE = 120.0  # seconds a child may take to reach its kill point, however busy the machine


@dataclass
class Counts:
    """What one child reported, as event numbers (-1: nothing yet)."""

    first: int = -1  # events on disk when it started (its first `ack`)
    played: int = -1  # the last event it started to play
    shown: int = -1  # the last event in its table's state
    acked: int = -1  # the last event it heard durable
    commits: int = 0
    in_commit: bool = False  # a commit had started and not been acknowledged

    def read(self, line: bytes) -> None:
        word, number = line.decode().split()
        n = int(number)
        if word == "play":
            self.played = n
        elif word == "shown":
            self.shown = n
        elif word == "commit":
            self.commits += 1
            self.in_commit = True
        elif word == "ack":
            self.first = n if self.first < 0 else self.first
            self.acked, self.in_commit = max(self.acked, n), False


@dataclass
class Aim:
    """Where a kill lands: `more` events shown and one durable, then `how` (now,
    `extra` events later, or as the next commit starts, `delay` s into it)."""

    more: int
    how: str
    extra: int
    delay: float

    @classmethod
    def draw(cls, rng: random.Random, fsync_ms: int) -> Aim:
        how = rng.choice(("now", "later", "commit"))
        return cls(rng.randint(1, 15), how, rng.randint(1, 40), rng.uniform(0, fsync_ms / 1000))

    def reached(self, counts: Counts, since: Counts) -> bool:
        """Whether to kill now, given the counts now and those when the aim was first met."""
        if self.how == "later":
            return counts.shown - since.shown >= self.extra
        if self.how == "commit":
            return counts.commits > since.commits
        return True

    def ready(self, counts: Counts) -> bool:
        """The game went on in this run: events shown, and at least one more durable."""
        return counts.shown - counts.first >= self.more and counts.acked > counts.first


def _lines(stream: IO[bytes], buffer: bytes, timeout: float) -> tuple[list[bytes], bytes, bool]:
    """The whole lines that arrive within `timeout` s; (lines, the rest, end of stream)."""
    ready, _, _ = select.select([stream], [], [], timeout)
    if not ready:
        return [], buffer, False
    chunk = os.read(stream.fileno(), 65536)
    *lines, rest = (buffer + chunk).split(b"\n")
    return lines, rest, not chunk


def _run_and_kill(journal: Path, aim: Aim, env: dict[str, str]) -> Counts:
    """Start the child, SIGKILL it where `aim` says, and return all it reported."""
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.table.crash_child", str(journal), str(SEED), str(COUNT)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        env={**env, "PYTHONUNBUFFERED": "1"},
    )
    assert child.stdout is not None
    fcntl.fcntl(child.stdout.fileno(), fcntl.F_SETPIPE_SZ, PIPE_BYTES)
    counts, since, buffer, ended = Counts(), None, b"", False
    lines: list[bytes] = []
    deadline = time.monotonic() + DEADLINE
    while not ended and time.monotonic() < deadline:
        lines, buffer, ended = _lines(child.stdout, buffer, 1.0)
        while lines:
            counts.read(lines.pop(0))
            if since is None and aim.ready(counts):
                since = Counts(**vars(counts))
            if since is not None and aim.reached(counts, since):
                break
        if since is not None and aim.reached(counts, since):
            break
    if aim.how == "commit" and aim.delay:
        time.sleep(aim.delay)  # a random moment within the commit (any moment is correct)
    child.send_signal(signal.SIGKILL)
    child.wait()
    for line in lines:  # read but not yet counted
        counts.read(line)
    while not ended:  # every line printed before the kill is still in the pipe
        lines, buffer, ended = _lines(child.stdout, buffer, 10.0)
        for line in lines:
            counts.read(line)
    child.stdout.close()
    assert since is not None, f"the child made no progress in {DEADLINE:.0f} s: {counts}"
    return counts


class Expected:
    """The same game played without any kill, advanced as far as the journal holds it.

    The journal only grows from kill to kill, so one table follows it, each event once.
    """

    def __init__(self, path: Path) -> None:
        self.table = Table.new(Journal(path), "tiny-race", ["A", "B"], {"target": 10**6}, 7)
        self.script = script(SEED, COUNT)
        self.played = 0

    def upto(self, recorded: int) -> Table:
        assert recorded >= self.played, "the journal lost events it held before"
        for event in self.script[self.played : recorded]:
            perform(self.table, event)
        self.played = recorded
        return self.table


@pytest.mark.parametrize("fsync_ms", [0, 20], ids=["disk", "sd-card-fsync-20ms"])
def test_sigkill_never_loses_an_acknowledged_event(tmp_path: Path, fsync_ms: int) -> None:
    journal_path = tmp_path / "journal.sqlite3"
    env = environ(fsync_ms, tmp_path) if fsync_ms else dict(os.environ)
    rng = random.Random(2024)
    expected_game = Expected(tmp_path / "expected.sqlite3")
    kills = []
    for _ in range(KILLS):
        aim = Aim.draw(rng, fsync_ms)
        counts = _run_and_kill(journal_path, aim, env)
        journal = Journal(journal_path)
        assert journal.notice is None
        table = Table.resume(journal)
        assert table is not None
        recorded = len(journal.events(table.game_id))
        # Exact bounds: acknowledged is on disk; nothing the child had not started is.
        assert counts.acked <= recorded <= counts.played, (aim, counts, recorded)
        assert counts.played - 1 <= counts.shown <= counts.played
        expected = expected_game.upto(recorded)
        assert table.state == expected.state
        assert table.timeline.undone == expected.timeline.undone
        journal.close()
        kills.append((aim.how, counts.first, counts.shown, counts.acked, recorded))
    print("kills (how, first, shown, acked, recorded):", kills)
    print("killed inside a commit:", sum(k[0] == "commit" for k in kills), "aimed")
    # Every kill landed in the middle of the game, and the game went on from kill to kill.
    assert all(first < recorded < COUNT for _, first, _, _, recorded in kills)
    assert len(kills) == KILLS
    expected_game.table.journal.close()
    assert {how for how, *_ in kills} == {"now", "later", "commit"}
    if fsync_ms:
        # The table ran ahead of the slow disk: shown events were not yet durable.
        assert any(shown > acked for _, _, shown, acked, _ in kills)
