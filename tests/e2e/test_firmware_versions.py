"""The Pi and the Pico agree on the firmware, or the box says so and draws the ring.

The Pico is the real firmware in MicroPython's unix port over a pseudo-terminal: the
release this package carries, or a copy made to report an older release.
"""

from __future__ import annotations

import json
import os
import stat
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from gpiozero.pins.mock import MockFactory

from pi_app.cli import main
from pi_app.config import Config
from pi_app.devices.shared import protocol
from pi_app.display.app import build_app
from pi_app.display.devices import open_for_display
from pi_app.display.intents import wait_events
from pi_app.table import Journal
from tests.firmware.mpy_harness import FIRMWARE, FirmwareProcess, older_firmware

OURS = ".".join(str(part) for part in protocol.FIRMWARE)
"""The release this package carries (older_firmware's copy calls itself 0.9)."""


@pytest.fixture
def older(tmp_path: Path) -> Iterator[FirmwareProcess]:
    process = FirmwareProcess(firmware=older_firmware(tmp_path / "firmware-0.9"))
    yield process
    process.stop()


@pytest.fixture
def current() -> Iterator[FirmwareProcess]:
    process = FirmwareProcess()
    yield process
    process.stop()


def test_another_release_is_said_on_screen_and_in_the_log_and_the_ring_is_drawn(
    older: FirmwareProcess, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    config = Config()
    config.values.update(hardware="pi", journal=str(tmp_path / "j.sqlite3"))
    devices = open_for_display(config.values, MockFactory(), port=lambda: older.path)
    pygame.display.init()
    pygame.font.init()
    app = build_app(config.values, journal=Journal(config.journal_path), ring=devices.ring)
    try:
        app.open_window()
        assert devices.ring is not None
        app.step([])
        deadline = time.monotonic() + 10
        while app.message is None and time.monotonic() < deadline:
            app.step(wait_events(200, False))  # the link's refusal wakes the loop
        assert app.message is not None and app.message[1], "nothing was said"
        said = app.message[0]
        assert "0.9" in said and OURS in said and "tabletop firmware install" in said
        assert "0.9" in " ".join(t.text for t in app.canvas.texts)  # on screen
        assert "firmware 0.9" in caplog.text  # and in the log
        assert not devices.ring.ring.on_hardware  # type: ignore[attr-defined]
        assert app.ctx().leds is not None  # the ring is drawn on screen instead
    finally:
        app.journal.close()
        devices.close()
        pygame.display.quit()


def test_firmware_check_compares_the_pico_with_this_package(
    current: FirmwareProcess, older: FirmwareProcess, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--lang", "en", "firmware", "check", "--port", current.path]) == 0
    said = capsys.readouterr().out
    assert f"runs firmware {OURS} (protocol 1), the one of tabletop" in said
    assert main(["--lang", "fr", "firmware", "check", "--port", older.path]) == 1
    said = capsys.readouterr().out
    assert "0.9 (protocole 1)" in said and "tabletop firmware install" in said


def test_firmware_check_without_a_pico_says_how_to_find_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--lang", "en", "firmware", "check", "--port", str(tmp_path / "none")]) == 2
    assert "did not answer" in capsys.readouterr().out


def _fake_mpremote(folder: Path, exit_code: int = 0) -> Path:
    """An `mpremote` that records its arguments (a real Pico is not at hand)."""
    script = folder / "mpremote"
    script.write_text(
        f"#!{sys.executable}\n"
        "import json, sys\n"
        f"open({str(folder / 'calls.json')!r}, 'a').write(json.dumps(sys.argv[1:]) + '\\n')\n"
        f"sys.exit({exit_code})\n"
    )
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return folder / "calls.json"


def test_firmware_install_copies_every_file_restarts_and_checks(
    current: FirmwareProcess,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    calls = _fake_mpremote(tmp_path)
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    assert main(["--lang", "en", "firmware", "install", "--port", current.path]) == 0
    (call,) = [json.loads(line) for line in calls.read_text().splitlines()]
    assert call[:4] == ["connect", current.path, "fs", "cp"]
    copied = {Path(name).name for name in call[4 : call.index(":")]}
    assert copied == {path.name for path in FIRMWARE.glob("*.py")}
    assert call[call.index(":") :] == [":", "+", "reset"]
    assert "the one of tabletop" in capsys.readouterr().out


def test_firmware_install_says_when_mpremote_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _fake_mpremote(tmp_path, exit_code=1)
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    assert main(["--lang", "fr", "firmware", "install", "--port", "/dev/ttyACM9"]) == 2
    assert "mpremote a échoué (code 1)" in capsys.readouterr().out
