"""`tabletop firmware install|check`: the Pico's firmware, from the installed package.

The wheel carries the firmware (`pi_app.bundled`); `install` copies those very files
to the Pico with mpremote and restarts it, then asks it its version; `check` only asks.
The version is the one in the link's hello: the protocol and the firmware release
(`firmware/protocol.py`), which must both equal this package's.

The look and the install return what they found as typed data (`Outcome`): the command
line says it here (`said`), and the box's own Pico page (`pi_app.display.pico_page`),
which runs the same install with the box's link to the Pico closed, in its own words.
"""

from __future__ import annotations

import argparse
import logging
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from pi_app import __version__
from pi_app.config import Config
from pi_app.i18n import Translator

_ = Translator("devices")
log = logging.getLogger(__name__)

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


class Verdict(Enum):
    """What a look at the Pico, or an install on it, came to."""

    SAME = "same"
    """It runs this package's firmware."""
    OTHER = "other"
    """It runs another release of the firmware."""
    REFUSED = "refused"
    """It speaks another protocol."""
    SILENT = "silent"
    """It did not answer a hello (no firmware, or a program holds the port)."""
    NO_PICO = "no-pico"
    """No Pico on the serial ports."""
    NO_MPREMOTE = "no-mpremote"
    """mpremote is not installed: nothing can be copied."""
    COPY_FAILED = "copy-failed"
    """mpremote failed (`code` is its exit code)."""


@dataclass(frozen=True)
class Outcome:
    """A look or an install, as typed data: the command line and the box's screen each
    say it in their own words."""

    verdict: Verdict
    port: str | None = None
    version: tuple[int, ...] | None = None
    """The Pico's (protocol, major, minor) when it answered."""
    code: int = 0
    """mpremote's exit code (COPY_FAILED)."""

    @property
    def exit_code(self) -> int:
        """0 when the Pico runs this package's firmware, 1 another, 2 no answer or fault."""
        if self.verdict is Verdict.SAME:
            return 0
        return 1 if self.verdict in (Verdict.OTHER, Verdict.REFUSED) else 2


def look_at(port: str | None) -> Outcome:
    """Ask the Pico on `port` (None: none found) its version and compare it with ours."""
    from pi_app.devices.link import EXPECTED

    if port is None:
        return Outcome(Verdict.NO_PICO)
    version, refused = ask_version(port)
    if refused:
        return Outcome(Verdict.REFUSED, port)
    if version is None:
        return Outcome(Verdict.SILENT, port)
    return Outcome(Verdict.SAME if version == EXPECTED else Verdict.OTHER, port, version)


def install_on(port: str | None, quiet: bool = False) -> Outcome:
    """Copy the package's firmware to the Pico on `port` with mpremote, restart it, then
    look at it: what `tabletop firmware install` does, and the box's Pico page. `quiet`
    keeps mpremote's progress off the terminal (the box has none: it is logged)."""
    mpremote = mpremote_command()
    if mpremote is None:
        return Outcome(Verdict.NO_MPREMOTE)
    if port is None:
        return Outcome(Verdict.NO_PICO)
    files = firmware_files()
    if not quiet:
        print(
            _.plural(
                "Copying {count} firmware file to the Pico on {port}…",
                "Copying {count} firmware files to the Pico on {port}…",
                len(files),
            ).format(count=len(files), port=port)
        )
    command = [mpremote, "connect", port, "fs", "cp", *map(str, files), ":", "+", "reset"]
    done = subprocess.run(command, capture_output=quiet, text=True, check=False)
    if done.returncode != 0:
        if quiet:
            log.warning("mpremote failed (%d): %s%s", done.returncode, done.stdout, done.stderr)
        return Outcome(Verdict.COPY_FAILED, port, code=done.returncode)
    return look_at(port)


def said(outcome: Outcome) -> str:
    """The command line's words for `outcome` (it is run in a shell, by hand)."""
    from pi_app.devices.link import EXPECTED
    from pi_app.devices.ring import release

    port = outcome.port
    match outcome.verdict:
        case Verdict.NO_MPREMOTE:
            return _("mpremote is not installed; pip install 'tabletop[pi]' brings it.")
        case Verdict.NO_PICO:
            return _("No Pico found by its USB ids; plug it in, or give its port with --port.")
        case Verdict.COPY_FAILED:
            return _(
                "mpremote failed (exit {code}). Is the box's service stopped "
                "(systemctl stop tabletop, as root), and is MicroPython on the Pico?"
            ).format(code=outcome.code)
        case Verdict.REFUSED:
            return _(
                "The Pico on {port} speaks another protocol: run “tabletop firmware install”."
            ).format(port=port)
        case Verdict.SILENT:
            return _(
                "The Pico on {port} did not answer. Is MicroPython with the box's firmware "
                "on it (“tabletop firmware install”), and is the box's service stopped "
                "(systemctl stop tabletop, as root)?"
            ).format(port=port)
    assert outcome.version is not None
    words = {"port": port, "pico": release(outcome.version), "ours": release(EXPECTED)}
    if outcome.verdict is Verdict.SAME:
        return _("The Pico on {port} runs firmware {pico}, the one of tabletop {package}.").format(
            package=__version__, **words
        )
    return _(
        "The Pico on {port} runs firmware {pico}, this box carries {ours}: "
        "run “tabletop firmware install”."
    ).format(**words)


def check(args: argparse.Namespace, config: Config) -> int:
    """Ask the Pico its version: 0 when it matches this package, 1 when not, 2 if no answer."""
    outcome = look_at(pico_port(args, config))
    print(said(outcome))
    return outcome.exit_code


def install(args: argparse.Namespace, config: Config) -> int:
    """Copy the package's firmware to the Pico with mpremote, restart it, then check it."""
    outcome = install_on(pico_port(args, config))
    print(said(outcome))
    return outcome.exit_code


def run(args: argparse.Namespace, config: Config) -> int:
    """The `firmware` command."""
    return install(args, config) if args.action == "install" else check(args, config)
