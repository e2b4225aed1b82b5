"""PicoLink against the firmware's own controller run in CPython, on a lossy line."""

from __future__ import annotations

import importlib.util
import os
import select
import sys
import threading
import time
import tty
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest

from pi_app.devices import pico_port
from pi_app.devices.link import PicoLink
from pi_app.devices.pico_port import find_pico
from pi_app.devices.shared import FIRMWARE_DIR, animations, protocol


def _controller_module() -> ModuleType:
    saved = sys.modules.get("protocol")
    sys.modules["protocol"] = protocol  # the controller imports it by its Pico name
    try:
        spec = importlib.util.spec_from_file_location(
            "fw_controller", FIRMWARE_DIR / "controller.py"
        )
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        if saved is None:
            del sys.modules["protocol"]
        else:
            sys.modules["protocol"] = saved


controller = _controller_module()
Filter = Callable[[bytes], bool]


class FakePico:
    """The firmware's Controller on a pseudo-terminal, with frames lost on demand.

    `lose_in(frame)` / `lose_out(frame)` say whether a complete frame going to or
    coming from the Pico is lost on the way.
    """

    def __init__(
        self,
        lose_in: Filter = lambda f: False,
        lose_out: Filter = lambda f: False,
        version: int = protocol.VERSION,
    ) -> None:
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        self.path = os.ttyname(self.slave)
        self.lose_in, self.lose_out = lose_in, lose_out
        self.version = version
        self.anim = animations.Animator(24, 96)
        self.ctrl: Any = None
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def now(self) -> int:
        return int(time.monotonic() * 1000)

    def write(self, frame: bytes) -> None:
        if self.version != protocol.VERSION and frame[3:4] == b"H":
            seq, kind, args = protocol.decode(frame[1:], len(frame) - 2)
            frame = protocol.encode(seq, kind, [self.version, *args[1:]])
        if not self.lose_out(frame):
            os.write(self.master, frame)

    def run(self) -> None:
        self.ctrl = controller.Controller(self.anim, self.write, self.now())
        line = bytearray()
        while not self.stop.is_set():
            wait = min(self.ctrl.step(self.now()), 20)
            if not select.select([self.master], [], [], wait / 1000)[0]:
                continue
            for byte in os.read(self.master, 256):
                line.append(byte)
                if byte == 0x0A:
                    frame, line = bytes(line), bytearray()
                    if not self.lose_in(frame):
                        for b in frame:
                            self.ctrl.feed(b, self.now())

    def close(self) -> None:
        self.stop.set()
        self.thread.join(2)
        os.close(self.master)
        os.close(self.slave)


def every_other() -> Filter:
    seen: set[bytes] = set()

    def lose(frame: bytes) -> bool:
        if frame in seen:
            return False
        seen.add(frame)
        return True  # the first copy of every frame is lost

    return lose


def acks_only(inner: Filter) -> Filter:
    return lambda frame: frame[3:4] == b"A" and inner(frame)


def wait_for(condition: Callable[[], bool], timeout: float = 10.0) -> bool:
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            return False
        time.sleep(0.005)
    return True


@pytest.fixture
def make() -> Iterator[Callable[..., tuple[FakePico, PicoLink]]]:
    made: list[tuple[FakePico, PicoLink]] = []

    def build(**kwargs: Any) -> tuple[FakePico, PicoLink]:
        pico = FakePico(**kwargs)
        # Retries come quickly, but a busy machine gets many before the link gives up.
        link = PicoLink(pico.path, ack_timeout=0.05, retries=200, reconnect_delay=0.02).start()
        made.append((pico, link))
        return pico, link

    yield build
    for pico, link in made:
        link.close()
        pico.close()


def test_commands_get_through_a_line_that_loses_frames(make: Any) -> None:
    pico, link = make(lose_in=every_other())
    assert wait_for(lambda: link.up)
    for colour in (0xFF0000, 0x00FF00, 0x0000FF):
        assert link.send(protocol.TURN, [colour], wait=10)
    assert link.stats.retries >= 3
    assert pico.ctrl.commands == 3 and pico.anim.rgb == 0x0000FF


def test_a_lost_acknowledgement_does_not_apply_a_command_twice(make: Any) -> None:
    pico, link = make(lose_out=acks_only(every_other()))
    assert wait_for(lambda: link.up)
    assert link.send(protocol.FLASH, [0xFFFFFF, 300], wait=10)
    assert link.send(protocol.OFF, [], wait=10)
    assert pico.ctrl.commands == 2 and link.stats.retries >= 2


def test_events_are_acknowledged_and_their_repeats_ignored(make: Any) -> None:
    pico, link = make(lose_in=acks_only(every_other()))  # the Pi's first ACKs are lost
    events: list[tuple[str, list[int]]] = []
    link.on_event(lambda kind, args: events.append((kind, args)))
    assert wait_for(lambda: link.up)
    assert link.send(protocol.TIMER, [100, 0, 1, 2, 77], wait=10)
    assert wait_for(lambda: not pico.ctrl.pending and bool(events))
    time.sleep(0.2)
    assert events == [(protocol.TIMER_DONE, [77])]


def test_a_pico_speaking_another_version_is_not_used(make: Any) -> None:
    _pico, link = make(version=protocol.VERSION + 1)
    assert wait_for(lambda: link.pico_version is not None)
    assert not wait_for(lambda: link.up, timeout=0.3)
    assert not link.send(protocol.OFF)


def test_a_silent_port_never_brings_the_link_up(tmp_path: Path) -> None:
    master, slave = os.openpty()
    tty.setraw(slave)
    link = PicoLink(os.ttyname(slave), hello_timeout=0.1, reconnect_delay=0.01).start()
    try:
        assert not wait_for(lambda: link.up, timeout=0.3)
        assert not link.send(protocol.OFF)
    finally:
        link.close()
        os.close(master)
        os.close(slave)


def test_the_pico_is_found_by_its_usb_ids(monkeypatch: pytest.MonkeyPatch) -> None:
    ports = [
        SimpleNamespace(device="/dev/ttyUSB0", vid=0x0403, pid=0x6001),
        SimpleNamespace(device="/dev/ttyACM1", vid=0x2E8A, pid=0x0005),
        SimpleNamespace(device="/dev/ttyS0", vid=None, pid=None),
    ]
    monkeypatch.setattr(pico_port.list_ports, "comports", lambda: ports)
    assert find_pico(0x2E8A, 0x0005) == "/dev/ttyACM1"
    assert find_pico(0x2E8A, 0x000A) is None


def test_a_restarted_program_is_a_new_conversation_for_a_running_pico(make: Any) -> None:
    pico, first = make()
    assert wait_for(lambda: first.up)
    for colour in (1, 2, 3):
        assert first.send(protocol.TURN, [colour], wait=10)
    first.close()
    second = PicoLink(pico.path, ack_timeout=0.05, retries=200).start()  # numbering from 0
    try:
        assert wait_for(lambda: second.up)
        for colour in (4, 5, 6):
            assert second.send(protocol.TURN, [colour], wait=10)
    finally:
        second.close()
    assert pico.ctrl.commands == 6 and pico.anim.rgb == 6
