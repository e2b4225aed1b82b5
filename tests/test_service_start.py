"""The box's start as systemd sees it: `tabletop run` as a child process, with a fake
NOTIFY_SOCKET (a unix datagram socket this test reads) and a card whose syncs are slow
(`bench/slow_fsync.py`).

A slow journal gets EXTEND_TIMEOUT_USEC while it opens, READY=1 comes after the first
frame once the phones' server answers, and a SIGTERM while the journal opens ends the
start at once, leaving the journal whole. Nothing here is timed against the machine's
speed: the deadlines are generous, and the slow card sleeps a fixed time per sync.
"""

from __future__ import annotations

import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from bench.slow_fsync import environ as slow_card
from pi_app.table.journal import Journal
from tests.first_frame import at_first_frame

ROOT = Path(__file__).resolve().parents[1]
PATIENCE = 180.0  # seconds: a busy machine starts slowly, never fails for it
STOPS_WITHIN = 20.0  # seconds from SIGTERM to the end of the process

CHILD = at_first_frame(
    """
    from pi_app.devices import sdnotify

    sdnotify.notify("X_FIRST_FRAME=1")
    """
)


class Notifications:
    """The fake NOTIFY_SOCKET: every datagram the child sends, in order."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(str(path))
        self.sock.settimeout(0.5)
        self.got: list[str] = []

    def until(self, wanted: Callable[[list[str]], bool], child: subprocess.Popen[str]) -> None:
        """Read datagrams until `wanted(got)`; fails on the deadline or the child's end."""
        deadline = time.monotonic() + PATIENCE
        while not wanted(self.got):
            assert time.monotonic() < deadline, f"not seen in {PATIENCE} s: {self.got}"
            assert child.poll() is None, f"the box ended ({child.returncode}): {self.got}"
            try:
                self.got.append(self.sock.recv(4096).decode())
            except TimeoutError:
                continue

    def close(self) -> None:
        self.sock.close()


@pytest.fixture
def notifications(tmp_path: Path) -> Iterator[Notifications]:
    made = Notifications(tmp_path / "notify")
    yield made
    made.close()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def start_box(
    tmp_path: Path, notify: Path, sync_ms: float, port: int, video: str = "dummy"
) -> subprocess.Popen[str]:
    """`tabletop run` as the service starts it, on a card whose syncs take `sync_ms`,
    with SDL's `video` driver (one that does not exist: a display that cannot start)."""
    config = tmp_path / "config.toml"
    config.write_text(
        f'hardware = "sim"\n[phones]\nport = {port}\n[wifi]\nhotspot = "never"\n',
        encoding="utf-8",
    )
    shim = tmp_path / "shim"
    shim.mkdir()
    environ = {
        **slow_card(sync_ms, shim),
        "NOTIFY_SOCKET": str(notify),
        "SDL_VIDEODRIVER": video,
        "SDL_AUDIODRIVER": "dummy",
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        "XDG_CONFIG_HOME": str(tmp_path / "xdg-config"),
        "XDG_DATA_HOME": str(tmp_path / "xdg-data"),
        "PYTHONPATH": str(ROOT),
    }
    journal = tmp_path / "journal.sqlite3"
    argv = ["--config", str(config), "--journal", str(journal), "run"]
    return subprocess.Popen(
        [sys.executable, "-c", CHILD, *argv],
        env=environ,
        cwd=tmp_path,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )


def ends_after_sigterm(child: subprocess.Popen[str]) -> int:
    """SIGTERM, then the child's exit code; fails (and kills it) past `STOPS_WITHIN`."""
    child.send_signal(signal.SIGTERM)
    try:
        return child.wait(STOPS_WITHIN)
    except subprocess.TimeoutExpired:
        child.kill()
        child.wait()
        pytest.fail(f"the box went on {STOPS_WITHIN} s after SIGTERM")


def _answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=5):
            return True
    except OSError:
        return False


@pytest.mark.parametrize("screen", [True, False], ids=["with-a-screen", "no-screen"])
def test_a_slow_journal_extends_the_start_then_ready_follows_the_first_frame(
    tmp_path: Path, notifications: Notifications, screen: bool
) -> None:
    """With no screen (the display cannot start), READY comes once the phones can play."""
    port = _free_port()
    video = "dummy" if screen else "no-such-driver"
    child = start_box(tmp_path, notifications.path, sync_ms=300, port=port, video=video)
    try:
        notifications.until(lambda got: "READY=1" in got, child)
        ready_then = _answers(port)  # the phones' server, as READY was said
        assert ends_after_sigterm(child) == 0
    finally:
        if child.poll() is None:
            child.kill()
        child.wait()
    got = notifications.got
    extended = [i for i, said in enumerate(got) if said.startswith("EXTEND_TIMEOUT_USEC=")]
    assert extended, got
    assert int(got[extended[0]].split("=")[1]) >= 10_000_000  # room for the next one
    ready = got.index("READY=1")
    assert max(extended) < ready, got  # extended while the journal opened
    if screen:
        assert max(extended) < got.index("X_FIRST_FRAME=1") < ready, got
    else:
        assert "X_FIRST_FRAME=1" not in got
    assert ready_then


def test_sigterm_while_the_journal_opens_ends_the_start_at_once(
    tmp_path: Path, notifications: Notifications
) -> None:
    journal = tmp_path / "journal.sqlite3"
    child = start_box(tmp_path, notifications.path, sync_ms=60_000, port=_free_port())
    try:
        deadline = time.monotonic() + PATIENCE
        while not journal.exists():  # the journal opens: its first sync takes a minute
            assert child.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
        code = ends_after_sigterm(child)
    finally:
        if child.poll() is None:
            child.kill()
        child.wait()
    assert code == 0, child.stderr.read() if child.stderr else ""
    assert "READY=1" not in notifications.got
    with sqlite3.connect(journal) as db:  # whole, as after a pulled plug
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    opened = Journal(journal)
    try:
        assert opened.error is None and opened.notice is None and opened.games() == []
    finally:
        opened.close()
    assert not os.path.exists(str(journal) + ".damaged")
