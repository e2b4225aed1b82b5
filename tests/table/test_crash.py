"""A pulled plug loses nothing acknowledged: kill a playing table 50 times at random."""

from __future__ import annotations

import os
import random
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

from pi_app.table import Journal, Table
from tests.table.crash_child import perform, script

ROOT = Path(__file__).resolve().parents[2]
SEED, COUNT, KILLS = 11, 1000, 50


def _run_and_kill(journal: Path, more: int, delay: float) -> tuple[int, int]:
    """Start the child, SIGKILL it `delay` s after `more` new acks; (first ack, last ack)."""
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.table.crash_child", str(journal), str(SEED), str(COUNT)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert child.stdout is not None
    first, last, buffer = -1, -1, b""
    deadline: float | None = None
    while deadline is None or time.monotonic() < deadline:
        timeout = 10.0 if deadline is None else max(deadline - time.monotonic(), 0.0)
        ready, _, _ = select.select([child.stdout], [], [], timeout)
        if not ready:
            continue
        chunk = os.read(child.stdout.fileno(), 65536)
        if not chunk:
            break
        buffer += chunk
        *lines, buffer = buffer.split(b"\n")
        for line in lines:
            last = int(line.split()[1])
            first = last if first < 0 else first
        if deadline is None and first >= 0 and last - first >= more:
            deadline = time.monotonic() + delay
    child.send_signal(signal.SIGKILL)
    child.wait()
    child.stdout.close()
    return first, last


def test_sigkill_never_loses_an_acknowledged_event(tmp_path: Path) -> None:
    journal_path = tmp_path / "journal.sqlite3"
    events = script(SEED, COUNT)
    rng = random.Random(2024)
    progress = []
    for _ in range(KILLS):
        first, acked = _run_and_kill(journal_path, rng.randint(1, 15), rng.uniform(0, 0.004))
        journal = Journal(journal_path)
        assert journal.notice is None
        table = Table.resume(journal)
        assert table is not None
        recorded = len(journal.events(table.game_id))
        assert acked <= recorded <= acked + 1
        progress.append((first, recorded))
        expected = Table.new(
            Journal(tmp_path / "expected.sqlite3"), "tiny-race", ["A", "B"], {"target": 10**6}, 7
        )
        for event in events[:recorded]:
            perform(expected, event)
        assert table.state == expected.state
        assert table.timeline.undone == expected.timeline.undone
        journal.close()
        (tmp_path / "expected.sqlite3").unlink()
    # Every kill landed in the middle of the game, after the resumed table had played on.
    assert all(first < recorded < COUNT for first, recorded in progress)
    assert len(progress) == KILLS
