"""The box as a wheel installs it, checked end to end; run by test_wheel.py.

Run with the python of a fresh virtual environment holding only the wheel, from a
folder outside the repository, so every import comes from site-packages. Arguments:
the MicroPython unix port's executable, the folder of stub `machine`/`neopixel`
modules, and a scratch folder. It runs the firmware the wheel carries in MicroPython
on a pseudo-terminal, opens the box's devices on it (the bell on gpiozero's
MockFactory), waits for the ring's sand timer to be reported done by the firmware,
rings the bell in a Cambio round and prints what it saw as one JSON object.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
import tty
from pathlib import Path

os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import pygame
from gpiozero.pins.mock import MockFactory

import pi_app
from pi_app.bundled import BUNDLED
from pi_app.config import Config
from pi_app.devices.pinout import BUNDLED_PINOUT, load_pinout
from pi_app.devices.shared import FIRMWARE_DIR, protocol
from pi_app.display.app import build_app
from pi_app.display.devices import open_for_display
from pi_app.display.intents import Press, wait_events
from pi_app.display.scene import NewGame
from pi_app.table import Journal


def wait_for(condition, seconds: float = 15.0) -> bool:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


def start_firmware(micropython: str, stubs: str) -> tuple[subprocess.Popen[bytes], str]:
    """The wheel's firmware/main.py in MicroPython, its stdin and stdout a pty."""
    master, slave = os.openpty()
    tty.setraw(slave)
    env = {**os.environ, "MICROPYPATH": f"{stubs}:{FIRMWARE_DIR}:.frozen"}
    process = subprocess.Popen(
        [micropython, str(FIRMWARE_DIR / "main.py")], stdin=master, stdout=master, env=env
    )
    os.close(master)
    return process, os.ttyname(slave)


def main() -> int:
    micropython, stubs, scratch = sys.argv[1], sys.argv[2], Path(sys.argv[3])
    report: dict[str, object] = {
        "package": str(Path(pi_app.__file__).resolve().parent),
        "firmware": str(FIRMWARE_DIR),
        "pinout": str(BUNDLED_PINOUT),
        "bundled": sorted(
            str(p.relative_to(BUNDLED))
            for p in BUNDLED.rglob("*")
            if p.is_file() and "__pycache__" not in p.parts
        ),
    }
    firmware, port = start_firmware(micropython, stubs)
    config = Config()
    config.values.update(hardware="pi", journal=str(scratch / "journal.sqlite3"))
    factory = MockFactory()
    devices = open_for_display(config.values, factory, port=lambda: port)
    led_ring = devices.ring.ring  # type: ignore[union-attr]
    report["ring_on_hardware"] = wait_for(lambda: led_ring.on_hardware)
    report["pico_version"] = list(led_ring.backend.link.pico_version or ())
    report["protocol_version"] = protocol.VERSION

    done: list[int] = []
    led_ring.on_timer_done(done.append)
    ident = led_ring.sand_timer(1.0)
    report["timer_done"] = wait_for(lambda: ident in done) and done == [ident]

    pygame.display.init()
    pygame.font.init()
    app = build_app(
        config.values,
        journal=Journal(config.journal_path),
        ring=devices.ring,
        on_listen=devices.listen_bell,
    )
    app.open_window()
    app.execute(NewGame("cambio", ("Ana", "Ben", "Cléo", "Dan"), {}))
    for target in ("deal", "open"):
        app.feed(Press(target))
    app.step([])
    report["before_bell"] = app.scene.name
    pin = factory.pin(load_pinout("").bell)
    threading.Timer(0.05, pin.drive_low).start()
    deadline = time.monotonic() + 5
    while app.scene.name != "cambio-stop" and time.monotonic() < deadline:
        app.step(wait_events(100, False))
    report["after_bell"] = app.scene.name
    report["stop_shown"] = "STOP" in " ".join(t.text for t in app.canvas.texts)  # type: ignore[union-attr]
    report["phase"] = app.table.state.phase if app.table else None
    app.journal.close()
    devices.close()
    firmware.kill()
    firmware.wait()
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
