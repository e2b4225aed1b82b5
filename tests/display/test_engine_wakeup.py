"""The Gambo engine plays every move it owes in time, with no input (issue 36, bug 1).

After a duel the lower score moves next, so the engine's own duel may give it the move
again. On today's main its search for that move starts only when the loop next steps,
and nothing wakes the loop: the screen says the engine thinks, at 0 % CPU, until
someone touches it.

Each test runs `engine_loop.py` in its own process: whole games against random legal
moves, the loop driven as `App.run` drives it (`wait_events(app.wait_ms(), blocking)`,
the real clock, no input), on the dummy driver (which polls, like the Pi's kmsdrm) and
in a real X11 window under Xvfb (which blocks in SDL, like a laptop's). Every move the
engine owes must land within its move time plus one second (`MOVETIME + 1`); the
machine's speed matters only past that, and the easy engine answers in milliseconds.

The seed's games give the engine the move right after its own 11 times (`again`,
checked, so the test cannot pass without the case it is about). The journal is kept on
a RAM disk where there is one, as on a laptop's fast disk: a write still pending makes
the loop look at the journal half a second later, which hides the lost wake-up (on this
machine's disk, every time; on the dummy driver, even on a RAM disk, now and then: so
the games hold many such moves). A wait is cut at `CAP` seconds, so that the games go
on where the loop would sleep for an hour.
"""

from __future__ import annotations

import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.paths import ROOT

GAMES = 2
SEED = 1571  # two games in which the engine owes a move after its own 11 times
CAP = 5.0  # seconds: a wait is cut there, late already (the limit is MOVETIME + 1)
TIMEOUT = 600.0  # seconds for the whole script, on a busy machine
XVFB_START = 30.0  # seconds for Xvfb's socket to appear
RAM_DISK = Path("/dev/shm")


@pytest.fixture
def journal_folder(tmp_path: Path) -> Iterator[Path]:
    """A folder for the journal, on a RAM disk where there is one (see the module)."""
    if not RAM_DISK.is_dir() or not os.access(RAM_DISK, os.W_OK):
        yield tmp_path
        return
    folder = Path(tempfile.mkdtemp(prefix="engine-wakeup-", dir=RAM_DISK))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def xvfb() -> Iterator[str]:
    """An X server of our own on a free display number; its DISPLAY (`:N`)."""
    binary = shutil.which("Xvfb")
    if binary is None:
        pytest.fail(
            "Xvfb is missing: this test opens a real X11 window under Xvfb; "
            "install the Debian package xvfb (sudo apt-get install -y xvfb)"
        )
    reading, writing = os.pipe()  # Xvfb picks a free display and writes its number here
    server = subprocess.Popen(
        [binary, "-displayfd", str(writing), "-screen", "0", "1024x768x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        pass_fds=(writing,),
    )
    os.close(writing)
    try:
        number = _display_number(server, reading)
        yield f":{number}"
    finally:
        server.terminate()
        try:
            server.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.communicate()


def _display_number(server: subprocess.Popen[str], reading: int) -> int:
    """The display number Xvfb chose (`-displayfd`): parallel test workers never pick
    the same one."""
    written = b""
    deadline = time.monotonic() + XVFB_START
    try:
        while not written.endswith(b"\n"):
            if server.poll() is not None:
                pytest.fail(f"Xvfb stopped at start: {server.communicate()[1]}")
            if time.monotonic() > deadline:
                pytest.fail(f"Xvfb named no display in {XVFB_START:.0f} s")
            ready, _w, _x = select.select([reading], [], [], 0.1)
            if ready:
                chunk = os.read(reading, 16)
                if not chunk:
                    pytest.fail("Xvfb closed its display pipe with no number")
                written += chunk
    finally:
        os.close(reading)
    return int(written.strip())


def play_games(driver: str, journal: Path, display: str | None = None) -> dict[str, Any]:
    """Run `engine_loop.py` on `driver`; its report (the last line it printed)."""
    env = {**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    env.pop("SDL_VIDEODRIVER", None)  # the script sets it from its argument
    if display is not None:
        env["DISPLAY"] = display
    command = [
        sys.executable,
        "-m",
        "tests.display.engine_loop",
        "--driver",
        driver,
        "--games",
        str(GAMES),
        "--seed",
        str(SEED),
        "--journal",
        str(journal / "journal.sqlite3"),
        "--cap",
        str(CAP),
    ]
    done = subprocess.run(
        command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=TIMEOUT, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.strip().splitlines()
    assert lines, done.stderr
    report: dict[str, Any] = json.loads(lines[-1])
    return report


def check(report: dict[str, Any], driver: str) -> None:
    """Every move the engine owed came within its move time plus one second."""
    assert report["driver"] == driver, report
    assert report["again"] >= 1, f"no move owed after the engine's own: {report}"
    late = "\n".join(
        f"  {wait:.3f} s for the move owed after {ply} moves" for wait, ply in report["late"]
    )
    assert report["late"] == [], (
        f"on the {driver} driver the engine was late (limit {report['limit']} s, "
        f"a wait cut at {CAP:.0f} s) for {len(report['late'])} of its "
        f"{report['engine_moves']} moves ({report['again']} owed after its own):\n{late}\n"
        f"{json.dumps(report)}"
    )
    assert report["games"] == GAMES, report


def test_engine_moves_in_time_on_the_dummy_driver(journal_folder: Path) -> None:
    check(play_games("dummy", journal_folder), "dummy")


def test_engine_moves_in_time_in_an_x11_window(journal_folder: Path, xvfb: str) -> None:
    check(play_games("x11", journal_folder, xvfb), "x11")
