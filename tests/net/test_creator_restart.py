"""A creating box that restarts takes up its tournament at once, whatever its Mosquitto
does: the first frame never waits for the broker to listen (before, it waited up to
5 s and then gave the tournament up), and the table plays on, offline, until it does."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from pi_app.box.tournament import BoxTournament
from pi_app.net.ports import free_port
from tests.net.harness import need_mosquitto, wait_until

SEATS = ("Ana", "Ben", "Cleo", "Dan", "Eve", "Fay")
PATIENCE = 60.0


def slow_mosquitto(folder: Path, gate: Path) -> Path:
    """A `mosquitto` that starts the real one only once `gate` exists."""
    real = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
    folder.mkdir()
    script = folder / "mosquitto"
    script.write_text(
        f'#!/bin/sh\nwhile [ ! -e "{gate}" ]; do sleep 0.05; done\nexec {real} "$@"\n',
        encoding="utf-8",
    )
    script.chmod(0o755)
    return folder


def test_a_creator_takes_up_its_tournament_before_its_broker_listens(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    need_mosquitto()
    config = {"tournament.port": free_port()}
    first = BoxTournament(config, tmp_path / "box", lambda: None)
    made = first.create(SEATS, {"variant": "simple", "target": 1000}, 2)
    wait_until(lambda: made.box.online, PATIENCE, "the creator online")
    tid = made.box.me.tid
    first.close()  # the box stops; its broker with it

    gate = tmp_path / "gate"
    slow = slow_mosquitto(tmp_path / "bin", gate)
    monkeypatch.setenv("PATH", f"{slow}:{os.environ['PATH']}")
    again = BoxTournament(config, tmp_path / "box", lambda: None)
    try:
        table = again.resume()  # returns while Mosquitto waits at its gate
        assert table is not None and table.box.me.tid == tid
        assert not gate.exists() and not table.box.online
        assert again.broker is not None and again.broker.process is not None
        gate.touch()  # Mosquitto goes on: the link, reconnecting by itself, is online
        wait_until(lambda: table.box.online, PATIENCE, "the creator online again")
    finally:
        gate.touch()
        again.close()
