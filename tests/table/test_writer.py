"""The journal writes on its own thread: the table never waits, nothing queued is lost."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from pi_app.table import Journal, JournalError, Table, writer
from tests.journals import reopen


def _table(path: Path) -> Table:
    return Table.new(Journal(path), "tiny-race", ["Ana", "Ben"], {"target": 10**6}, seed=3)


def _wait(condition: object, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, "condition never met"
        time.sleep(0.005)


def test_play_goes_on_while_the_storage_is_stuck(tmp_path: Path) -> None:
    table = _table(tmp_path / "j.sqlite3")
    table.journal.flush()
    stuck, release = threading.Event(), threading.Event()

    def hold_the_disk() -> None:  # the writer cannot reach the database meanwhile
        with table.journal._lock:
            stuck.set()
            release.wait(30)

    holder = threading.Thread(target=hold_the_disk)
    holder.start()
    stuck.wait(10)
    durable = table.journal._writer.durable
    for _ in range(20):
        table.play("add 2")
    assert table.state.total == 40  # shown at once...
    assert table.journal.pending == 20  # ...while nothing reached the disk
    assert table.journal._writer.durable == durable
    release.set()
    holder.join()
    table.journal.flush(10)
    assert table.journal.pending == 0
    resumed = Table.resume(reopen(table))
    assert resumed is not None and resumed.state == table.state


def test_listeners_hear_every_ticket_in_order(tmp_path: Path) -> None:
    table = _table(tmp_path / "j.sqlite3")
    heard: list[int] = []
    table.journal.on_durable(heard.append)
    table.journal.on_durable(lambda _ticket: 1 / 0)  # a faulty listener stops nothing
    tickets = []
    for move in ("add 1", "add 2", "add 1"):
        table.play(move)
        tickets.append(table.ticket)
    table.journal.flush(10)
    assert tickets == sorted(tickets) and len(set(tickets)) == 3
    assert heard and heard == sorted(heard) and heard[-1] == tickets[-1]
    table.undo()
    table.journal.flush(10)
    assert heard[-1] == table.ticket


def test_a_full_disk_is_reported_retried_and_loses_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(writer, "RETRY_FIRST", 0.01)
    monkeypatch.setattr(writer, "RETRY_MAX", 0.05)
    table = _table(tmp_path / "j.sqlite3")
    journal = table.journal
    table.play("add 1")
    journal.flush(10)
    with journal._lock:  # the disk is full: not one page more
        pages = journal._db.execute("PRAGMA page_count").fetchone()[0]
        journal._db.execute(f"PRAGMA max_page_count={pages}")
    for _ in range(3000):
        table.play("add 1")
        if journal.error:
            break
    _wait(lambda: journal.error is not None)
    assert journal.error is not None and "plein" in journal.error  # in French, no English
    assert "disk" not in journal.error
    with pytest.raises(JournalError, match="plein"):
        journal.flush(10)
    shown = table.state
    table.play("add 2")  # play goes on
    with journal._lock:  # room again
        journal._db.execute("PRAGMA max_page_count=1073741823")
    journal.flush(10)
    assert journal.error is None and journal.pending == 0
    resumed = Table.resume(reopen(table))
    assert resumed is not None and resumed.state == table.state
    assert resumed.state.total == shown.total + 2


def test_closing_writes_what_is_queued(tmp_path: Path) -> None:
    table = _table(tmp_path / "j.sqlite3")
    for _ in range(50):
        table.play("add 1")
    table.journal.close()
    with pytest.raises(JournalError):
        table.play("add 1")  # a closed journal refuses, the state stays as it was
    assert table.state.total == 50
    resumed = Table.resume(Journal(tmp_path / "j.sqlite3"))
    assert resumed is not None and resumed.state.total == 50


def test_a_program_that_ends_without_closing_still_writes_its_events(tmp_path: Path) -> None:
    import subprocess
    import sys

    from tests.paths import ROOT

    code = (
        "import sys\n"
        "from pi_app.rules.registry import register\n"
        "from pi_app.table import Journal, Table\n"
        "from tests import tinygame\n"
        "register(tinygame.GAME)\n"
        "table = Table.new(Journal(sys.argv[1]), 'tiny-race', ['A', 'B'], {'target': 10**6}, 7)\n"
        "for _ in range(100):\n"
        "    table.play('add 1')\n"
    )
    path = tmp_path / "j.sqlite3"
    subprocess.run([sys.executable, "-c", code, str(path)], cwd=ROOT, check=True)
    resumed = Table.resume(Journal(path))
    assert resumed is not None and resumed.state.total == 100
