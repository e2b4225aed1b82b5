"""`tabletop firmware install|check`: the Pico's firmware, from the installed package.

The wheel carries the firmware (`pi_app.bundled`); `install` copies those very files
to the Pico with mpremote and restarts it, then asks it its version; `check` only asks.
The version is the one in the link's hello: the protocol and the firmware release
(`firmware/protocol.py`), which must both equal this package's.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import time
from pathlib import Path

from pi_app import __version__
from pi_app.config import Config
from pi_app.i18n import Translator

_ = Translator("devices")

ANSWER_SECONDS = 6.0  # how long the Pico may take to answer a hello (it may be restarting)


def firmware_files() -> list[Path]:
    """The firmware's files as this package carries them (main.py among them)."""
    from pi_app.devices.shared import FIRMWARE_DIR

    return sorted(FIRMWARE_DIR.glob("*.py"))


def mpremote_command() -> str | None:
    """mpremote on the PATH, or beside this Python (a venv not activated)."""
    found = shutil.which("mpremote")
    beside = Path(sys.executable).parent / "mpremote"
    return found or (str(beside) if beside.is_file() else None)


def pico_port(args: argparse.Namespace, config: Config) -> str | None:
    """--port, else the first serial port with the pinout's USB ids."""
    if args.port:
        return str(args.port)
    from pi_app.devices.link import find_pico
    from pi_app.devices.pinout import load_pinout

    pinout = load_pinout(config["pinout"])
    return find_pico(pinout.usb_vid, pinout.usb_pid)


def ask_version(port: str, seconds: float = ANSWER_SECONDS) -> tuple[tuple[int, ...] | None, bool]:
    """The Pico's (protocol, major, minor) from its hello, and whether it refused ours."""
    from pi_app.devices.link import PicoLink

    link = PicoLink(port, hello_timeout=1.0, reconnect_delay=0.2).start()
    try:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if link.pico_version is not None:
                return tuple(link.pico_version[:3]), False
            if link.refused_protocol:
                return None, True
            time.sleep(0.02)
        return None, False
    finally:
        link.close()


def check(args: argparse.Namespace, config: Config) -> int:
    """Ask the Pico its version: 0 when it matches this package, 1 when not, 2 if no answer."""
    from pi_app.devices.link import EXPECTED
    from pi_app.devices.ring import release

    port = pico_port(args, config)
    if port is None:
        print(_("No Pico found by its USB ids; plug it in, or give its port with --port."))
        return 2
    version, refused = ask_version(port)
    if refused:
        print(
            _(
                "The Pico on {port} speaks another protocol: run “tabletop firmware install”."
            ).format(port=port)
        )
        return 1
    if version is None:
        print(
            _(
                "The Pico on {port} did not answer. Is MicroPython with the box's firmware "
                "on it (“tabletop firmware install”), and is the box's service stopped "
                "(sudo systemctl stop tabletop)?"
            ).format(port=port)
        )
        return 2
    said = {"port": port, "pico": release(version), "ours": release(EXPECTED)}
    if version == EXPECTED:
        print(
            _("The Pico on {port} runs firmware {pico}, the one of tabletop {package}.").format(
                package=__version__, **said
            )
        )
        return 0
    print(
        _(
            "The Pico on {port} runs firmware {pico}, this box carries {ours}: "
            "run “tabletop firmware install”."
        ).format(**said)
    )
    return 1


def install(args: argparse.Namespace, config: Config) -> int:
    """Copy the package's firmware to the Pico with mpremote, restart it, then check it."""
    mpremote = mpremote_command()
    if mpremote is None:
        print(_("mpremote is not installed; pip install 'tabletop[pi]' brings it."))
        return 2
    port = pico_port(args, config)
    if port is None:
        print(_("No Pico found by its USB ids; plug it in, or give its port with --port."))
        return 2
    files = firmware_files()
    print(
        _.plural(
            "Copying {count} firmware file to the Pico on {port}…",
            "Copying {count} firmware files to the Pico on {port}…",
            len(files),
        ).format(count=len(files), port=port)
    )
    command = [mpremote, "connect", port, "fs", "cp", *map(str, files), ":", "+", "reset"]
    done = subprocess.run(command, check=False)
    if done.returncode != 0:
        print(
            _(
                "mpremote failed (exit {code}). Is the box's service stopped "
                "(sudo systemctl stop tabletop), and is MicroPython on the Pico?"
            ).format(code=done.returncode)
        )
        return 2
    return check(args, config)


def run(args: argparse.Namespace, config: Config) -> int:
    """The `firmware` command."""
    return install(args, config) if args.action == "install" else check(args, config)
