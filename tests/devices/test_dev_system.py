"""Choosing backends, systemd notifications and the service unit."""

from __future__ import annotations

import configparser
import os
import re
import shutil
import socket
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from pi_app.devices import (
    DevicesError,
    MockRing,
    SimRing,
    choose_hardware,
    is_raspberry_pi,
    open_devices,
    sdnotify,
)

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "systemd" / "tabletop.service"


@pytest.fixture
def pi_model(tmp_path: Path) -> Path:
    model = tmp_path / "model"
    model.write_bytes(b"Raspberry Pi 4 Model B Rev 1.5\x00")
    return model


def test_auto_means_pi_only_on_a_raspberry_pi(pi_model: Path, tmp_path: Path) -> None:
    other = tmp_path / "other"
    other.write_text("Pine64 RockPro64")
    assert is_raspberry_pi(pi_model) and not is_raspberry_pi(other)
    assert not is_raspberry_pi(tmp_path / "absent")
    assert choose_hardware("auto", pi_model) == "pi"
    assert choose_hardware("auto", other) == "sim"
    assert choose_hardware("sim", pi_model) == "sim"
    with pytest.raises(DevicesError):
        choose_hardware("gpio", pi_model)


def test_the_simulator_needs_no_gpio_and_no_port(tmp_path: Path) -> None:
    devices = open_devices({"hardware": "auto", "pinout": ""}, model_file=tmp_path / "absent")
    assert devices.hardware == "sim" and devices.link is None
    assert devices.bell.simulated and all(b.simulated for b in devices.buttons)
    assert isinstance(devices.ring.backend, SimRing) and not devices.ring.on_hardware
    devices.bell.listen()
    devices.bell.press_from_keyboard()
    assert devices.bell.get() is not None
    devices.close()


def test_on_a_pi_the_pins_come_from_the_pinout(pi_model: Path) -> None:
    factory = MockFactory()
    mock = MockRing()
    devices = open_devices(
        {"hardware": "auto", "pinout": ""}, factory, ring_backend=mock, model_file=pi_model
    )
    try:
        assert devices.hardware == "pi"
        devices.bell.listen()
        factory.pin(devices.pinout.bell).drive_low()
        factory.pin(devices.pinout.undo).drive_low()
        assert [p.source for p in devices.bell.drain()] == ["bell"]
        assert [p.source for p in devices.undo.drain()] == ["undo"]
        assert devices.next.drain() == []
        factory.pin(devices.pinout.bell).drive_high()
        factory.pin(devices.pinout.undo).drive_high()
        devices.ring.whose_turn(0x00FF00)
        assert len(mock.commands) == 1
    finally:
        devices.close()
        factory.close()


def test_on_a_pi_without_a_pico_the_ring_says_so(pi_model: Path) -> None:
    factory = MockFactory()
    devices = open_devices(
        {"hardware": "pi", "pinout": ""}, factory, port=lambda: None, model_file=pi_model
    )
    try:
        assert devices.link is not None and not devices.ring.on_hardware
        devices.ring.sand_timer(5)  # the table goes on
        assert devices.ring.timer_left() is not None
    finally:
        devices.close()
        factory.close()


@pytest.fixture
def notify_socket(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[socket.socket]:
    path = tmp_path / "notify"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    server.bind(str(path))
    server.settimeout(2)
    monkeypatch.setenv("NOTIFY_SOCKET", str(path))
    yield server
    server.close()


def test_ready_and_watchdog_reach_systemd(notify_socket: socket.socket) -> None:
    assert sdnotify.ready()
    assert notify_socket.recv(100) == b"READY=1"
    assert sdnotify.watchdog()
    assert notify_socket.recv(100) == b"WATCHDOG=1"
    assert sdnotify.status("round 3\nof 7")
    assert notify_socket.recv(100) == b"STATUS=round 3 of 7"


def test_outside_systemd_notifications_do_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    assert not sdnotify.ready()


def test_the_watchdog_interval_is_half_what_systemd_expects(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("WATCHDOG_USEC", "30000000")
    monkeypatch.setenv("WATCHDOG_PID", str(os.getpid()))
    assert sdnotify.watchdog_interval() == 15.0
    monkeypatch.setenv("WATCHDOG_PID", "1")
    assert sdnotify.watchdog_interval() is None
    monkeypatch.delenv("WATCHDOG_USEC")
    assert sdnotify.watchdog_interval() is None


def test_the_unit_starts_unprivileged_with_a_watchdog() -> None:
    unit = configparser.ConfigParser(strict=False, interpolation=None)
    unit.optionxform = str  # type: ignore[assignment,method-assign]
    unit.read(UNIT, encoding="utf-8")
    service = unit["Service"]
    assert service["Type"] == "notify" and int(service["WatchdogSec"]) > 0
    assert service["Restart"] == "on-failure"
    assert int(service["LimitNOFILE"]) >= 8192  # many sockets on a busy Wi-Fi (gate.py)
    assert service["User"] not in ("", "root")
    assert set(service["SupplementaryGroups"].split()) == {
        "gpio",
        "dialout",
        "video",
        "render",
        "input",
        "audio",
        "netdev",  # nmcli brings the box's own Wi-Fi up
    }
    # its one privilege: port 80 on the box's own Wi-Fi (docs/WIFI.md)
    assert service["AmbientCapabilities"] == "CAP_NET_BIND_SERVICE"
    assert (
        "CapabilityBoundingSet" not in service
        or "CAP_NET_BIND_SERVICE" in service["CapabilityBoundingSet"]
    )
    assert unit["Install"]["WantedBy"] == "multi-user.target"


def test_systemd_accepts_the_unit(tmp_path: Path) -> None:
    tool = shutil.which("systemd-analyze")
    if tool is None and os.environ.get("CI"):  # CI has systemd: missing is a failure there
        pytest.fail("systemd-analyze is missing (apt-get install -y systemd)")
    if tool is None:
        pytest.skip("systemd-analyze is not installed here (it comes with systemd)")
    # The program is installed on the box only; point ExecStart at a real executable.
    text = UNIT.read_text(encoding="utf-8").replace(
        "/opt/tabletop/.venv/bin/tabletop", shutil.which("true") or "/bin/true"
    )
    copy = tmp_path / "tabletop.service"
    copy.write_text(text, encoding="utf-8")
    done = subprocess.run(
        [tool, "verify", str(copy)], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0 and "tabletop.service" not in done.stderr, done.stderr


SCORE = re.compile(r"Overall exposure level for tabletop\.service: (\d+\.\d+)")


def test_the_unit_holds_only_what_the_box_needs(tmp_path: Path) -> None:
    """`systemd-analyze security` rated the unit 8.8, "EXPOSED": now 4.0 or less, the
    file system read-only but the state folder, devices closed but the box's own."""
    tool = shutil.which("systemd-analyze")
    if tool is None and os.environ.get("CI"):
        pytest.fail("systemd-analyze is missing (apt-get install -y systemd)")
    if tool is None:
        pytest.skip("systemd-analyze is not installed here (it comes with systemd)")
    copy = tmp_path / "tabletop.service"
    shutil.copyfile(UNIT, copy)
    done = subprocess.run(
        [tool, "security", "--offline=yes", "--no-pager", str(copy)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    found = SCORE.search(done.stdout)
    assert found, done.stdout + done.stderr
    print(found.group(0))
    assert float(found.group(1)) <= 4.0, done.stdout
    unit = configparser.ConfigParser(strict=False, interpolation=None)
    unit.optionxform = str  # type: ignore[assignment,method-assign]
    unit.read(UNIT, encoding="utf-8")
    service = unit["Service"]
    assert service["ProtectSystem"] == "strict" and service["StateDirectory"] == "tabletop"
    assert service["DevicePolicy"] == "closed"
    assert service["CapabilityBoundingSet"] == "CAP_NET_BIND_SERVICE"
