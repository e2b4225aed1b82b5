"""A pulled plug loses nothing acknowledged: kill a playing table 50 times at random.

The table shows an event at once and the journal makes it durable one commit later,
so at a kill: every event acknowledged durable is on disk, nothing beyond what was
shown is, and what is on disk is the game's beginning, in order. The same holds when
every fsync takes 20 ms, as on a Pi's SD card.
"""

from __future__ import annotations

import os
import random
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bench.slow_fsync import environ
from pi_app.table import Journal, Table
from tests.paths import ROOT
from tests.table.crash_child import perform, script

SEED, COUNT, KILLS = 11, 20_000, 50  # more events than a kill ever lets the child play


def _run_and_kill(
    journal: Path, more: int, delay: float, env: dict[str, str]
) -> tuple[int, int, int]:
    """Start the child, SIGKILL it `delay` s after `more` events shown.

    Returns (the first event number it reported, the last shown, the last acknowledged).
    """
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.table.crash_child", str(journal), str(SEED), str(COUNT)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        env={**env, "PYTHONUNBUFFERED": "1"},
    )
    assert child.stdout is not None
    first, shown, acked, buffer = -1, -1, -1, b""
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
            word, number = line.split()
            n = int(number)
            first = n if first < 0 else first
            if word == b"ack":
                acked = max(acked, n)
            shown = max(shown, n)
        if deadline is None and first >= 0 and shown - first >= more:
            deadline = time.monotonic() + delay
    child.send_signal(signal.SIGKILL)
    child.wait()
    child.stdout.close()
    return first, shown, acked


def _expected(tmp_path: Path, recorded: int) -> Table:
    """The same game played without any kill, as far as the journal holds it."""
    expected = Table.new(
        Journal(tmp_path / "expected.sqlite3"), "tiny-race", ["A", "B"], {"target": 10**6}, 7
    )
    for event in script(SEED, COUNT)[:recorded]:
        perform(expected, event)
    return expected


@pytest.mark.parametrize("fsync_ms", [0, 20], ids=["disk", "sd-card-fsync-20ms"])
def test_sigkill_never_loses_an_acknowledged_event(tmp_path: Path, fsync_ms: int) -> None:
    journal_path = tmp_path / "journal.sqlite3"
    env = environ(fsync_ms, tmp_path) if fsync_ms else dict(os.environ)
    rng = random.Random(2024)
    kills = []
    for _ in range(KILLS):
        more, delay = rng.randint(1, 15), rng.uniform(0, 0.004 + fsync_ms / 1000)
        first, shown, acked = _run_and_kill(journal_path, more, delay, env)
        journal = Journal(journal_path)
        assert journal.notice is None
        table = Table.resume(journal)
        assert table is not None
        recorded = len(journal.events(table.game_id))
        assert acked <= recorded <= shown
        expected = _expected(tmp_path, recorded)
        assert table.state == expected.state
        assert table.timeline.undone == expected.timeline.undone
        journal.close()
        expected.journal.close()
        (tmp_path / "expected.sqlite3").unlink()
        kills.append((first, shown, acked, recorded))
    print("kills (first, shown, acked, recorded):", kills)
    # Every kill landed in the middle of the game, and the game went on from kill to kill.
    assert all(first <= recorded < COUNT for first, _, _, recorded in kills)
    assert sum(recorded > first for first, _, _, recorded in kills) > KILLS // 2
    assert len(kills) == KILLS
    if fsync_ms:
        # The table ran ahead of the slow disk: shown events were not yet durable.
        assert any(shown > acked for _, shown, acked, _ in kills)
