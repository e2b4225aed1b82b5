"""The box's own network: a NetworkManager hotspot on the Pi's Wi-Fi, driven by nmcli.

At a café or a club the box often knows no network, or the guests' one keeps phones
apart; the box then makes its own. On Raspberry Pi OS Bookworm that is NetworkManager:
one connection, `Tabletop-hotspot`, in access-point mode with `ipv4.method shared`
(NetworkManager then runs a dnsmasq for DHCP and DNS on it, which reads the box's
drop-in, see `DROPIN`). The SSID (`Tabletop-XXXX`) and the WPA2 password are made once
and kept in a file next to the journal (mode 0600), so the phones that joined once
join again.

Every nmcli call goes through a `Runner` (an argv list in, (exit code, output) out):
never a shell, so a hostile name or password is one argument and nothing more, and
tests give a recording stand-in that checks the exact commands.
"""

from __future__ import annotations

import json
import logging
import os
import secrets
import subprocess
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from pi_app.i18n import Translator

_ = Translator("core")
log = logging.getLogger(__name__)

Runner = Callable[[Sequence[str]], tuple[int, str]]
CONNECTION = "Tabletop-hotspot"  # the NetworkManager connection's name
ADDRESS = "10.42.0.1"  # NetworkManager's shared-mode address, set explicitly
PREFIX = 24
DROPIN = Path("/etc/NetworkManager/dnsmasq-shared.d/tabletop.conf")
KEPT = "wifi.json"  # the SSID and password, next to the journal
SETTINGS = ("never", "when-no-network", "always")
WAIT_SECONDS = 30.0  # for a known network at start before the box makes its own
POLL_SECONDS = 2.0
NMCLI_SECONDS = 20.0  # one nmcli call (bringing a connection up can take seconds)
ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"  # no 0/O, 1/l: typed from the box's screen
MISSING = 127  # the runner's code for a program that is not there


@dataclass(frozen=True)
class Hotspot:
    """What the phones' panel needs to show the network: its name, password, address."""

    ssid: str
    password: str
    address: str


@dataclass(frozen=True)
class Status:
    """What NetworkManager says: its Wi-Fi device, whether the hotspot is up, and the
    known network the box is on (None: none)."""

    nmcli: bool
    device: str | None
    hotspot: bool
    network: str | None


def run_command(argv: Sequence[str]) -> tuple[int, str]:
    """Run `argv` (no shell); its exit code and output, `MISSING` when it is not there."""
    try:
        done = subprocess.run(
            list(argv), capture_output=True, text=True, check=False, timeout=NMCLI_SECONDS
        )
    except FileNotFoundError:
        return MISSING, ""
    except subprocess.TimeoutExpired:
        return 124, ""
    return done.returncode, (done.stdout + done.stderr).strip()


def dropin_text(address: str = ADDRESS) -> str:
    """The dnsmasq drop-in: every name answers the box's address on its network."""
    return (
        "# Table Companion: on the box's own Wi-Fi every name is the box, so phones\n"
        "# land on the game (see docs/WIFI.md). Remove this file to undo.\n"
        f"address=/#/{address}\n"
    )


def fields(line: str) -> list[str]:
    """One line of `nmcli -t` output split on its colons (`\\:` and `\\\\` escaped)."""
    parts, current, escaped = [], "", False
    for char in line:
        if escaped:
            current, escaped = current + char, False
        elif char == "\\":
            escaped = True
        elif char == ":":
            parts.append(current)
            current = ""
        else:
            current += char
    parts.append(current)
    return parts


def credentials(folder: Path) -> tuple[str, str]:
    """The hotspot's SSID and password, made once and kept in `folder` (mode 0600)."""
    path = folder / KEPT
    try:
        kept = json.loads(path.read_text(encoding="utf-8"))
        ssid, password = str(kept["ssid"]), str(kept["password"])
        if ssid and len(password) >= 8:
            return ssid, password
    except (OSError, ValueError, KeyError, TypeError):
        pass
    ssid = "Tabletop-" + "".join(secrets.choice(ALPHABET[:24]).upper() for _ in range(4))
    password = "".join(secrets.choice(ALPHABET) for _ in range(12))
    folder.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(KEPT + ".new")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as kept_file:
        json.dump({"ssid": ssid, "password": password}, kept_file)
    os.chmod(temporary, 0o600)
    if os.geteuid() == 0:  # `sudo tabletop wifi on`: the box's own user must read it
        owner = folder.stat()
        os.chown(temporary, owner.st_uid, owner.st_gid)
    os.replace(temporary, path)
    return ssid, password


class NetworkManager:
    """The hotspot through nmcli: `status`, `on`, `off`, and `current` for the panel."""

    def __init__(self, folder: Path, runner: Runner = run_command) -> None:
        self.folder = folder
        self.runner = runner

    def _nmcli(self, *argv: str) -> tuple[int, str]:
        return self.runner(["nmcli", *argv])

    def _lines(self, *argv: str) -> list[list[str]] | None:
        """The `nmcli -t` answer as fields per line; None when nmcli fails."""
        code, out = self._nmcli("-t", *argv)
        if code != 0:
            return None
        return [fields(line) for line in out.splitlines() if line]

    def devices(self) -> list[list[str]]:
        """[device, type, state, connection] of each device NetworkManager knows."""
        rows = self._lines("-f", "DEVICE,TYPE,STATE,CONNECTION", "device", "status")
        return [row for row in rows or [] if len(row) == 4]

    def device(self) -> str | None:
        """The first Wi-Fi device (wlan0 on a Pi), or None."""
        return next((row[0] for row in self.devices() if row[1] == "wifi"), None)

    def network(self) -> str | None:
        """The known network the box is on: an active wifi or ethernet connection other
        than the hotspot, with an IPv4 address; None when there is none."""
        for name, kind, state, connection in self.devices():
            if kind not in ("wifi", "ethernet") or state != "connected":
                continue
            if connection == CONNECTION:
                continue
            code, address = self._nmcli("-g", "IP4.ADDRESS", "device", "show", name)
            if code == 0 and address.strip():
                return connection
        return None

    def active(self) -> bool:
        """Whether the hotspot connection is up."""
        rows = self._lines("-f", "NAME,TYPE,DEVICE", "connection", "show", "--active")
        return any(row[0] == CONNECTION for row in rows or [])

    def status(self) -> Status:
        """NetworkManager's view of the box's networks (nmcli missing: all empty)."""
        code, _out = self._nmcli("-t", "-f", "RUNNING", "general")
        if code != 0:
            return Status(False, None, False, None)
        return Status(True, self.device(), self.active(), self.network())

    def _exists(self) -> bool:
        rows = self._lines("-f", "NAME", "connection", "show")
        return any(row[0] == CONNECTION for row in rows or [])

    def on(self) -> Hotspot:
        """Make (or update) the hotspot connection and bring it up.

        Raises `WifiError` when there is no Wi-Fi device or nmcli refuses.
        """
        device = self.device()
        if device is None:
            raise WifiError(_("no Wi-Fi device"))
        ssid, password = credentials(self.folder)
        settings = [
            "802-11-wireless.mode",
            "ap",
            "802-11-wireless.band",
            "bg",
            "ipv4.method",
            "shared",
            "ipv4.addresses",
            f"{ADDRESS}/{PREFIX}",
            "ipv6.method",
            "disabled",
            "wifi-sec.key-mgmt",
            "wpa-psk",
            "wifi-sec.proto",
            "rsn",
            "wifi-sec.pairwise",
            "ccmp",
            "wifi-sec.group",
            "ccmp",
            "wifi-sec.psk",
            password,
        ]
        if self._exists():
            made = self._nmcli(
                "connection", "modify", CONNECTION, "connection.interface-name", device,
                "802-11-wireless.ssid", ssid, *settings,
            )  # fmt: skip
        else:
            made = self._nmcli(
                "connection", "add", "type", "wifi", "ifname", device, "con-name", CONNECTION,
                "autoconnect", "no", "ssid", ssid, *settings,
            )  # fmt: skip
        _check(made)
        _check(self._nmcli("connection", "up", CONNECTION))
        return Hotspot(ssid, password, ADDRESS)

    def off(self) -> bool:
        """Bring the hotspot down; False when it was not up."""
        if not self.active():
            return False
        _check(self._nmcli("connection", "down", CONNECTION))
        return True

    def current(self) -> Hotspot | None:
        """The hotspot as phones see it now (None when it is down): for the QR panel."""
        if not self.active():
            return None
        ssid, password = credentials(self.folder)
        return Hotspot(ssid, password, ADDRESS)

    def wait_for_network(
        self, seconds: float = WAIT_SECONDS, sleep: Callable[[float], None] = time.sleep
    ) -> str | None:
        """The known network once NetworkManager has one, or None after `seconds`."""
        deadline = time.monotonic() + seconds
        while True:
            found = self.network()
            if found is not None or time.monotonic() >= deadline:
                return found
            sleep(POLL_SECONDS)


class WifiError(RuntimeError):
    """nmcli refused, or there is no Wi-Fi device: what it said, for the log."""


def _check(answer: tuple[int, str]) -> None:
    code, out = answer
    if code != 0:
        raise WifiError(out or f"nmcli exit code {code}")


def current_hotspot(folder: Path, runner: Runner = run_command) -> Hotspot | None:
    """The box's own network now (None when it is down): what the QR panel shows."""
    return NetworkManager(folder, runner).current()


def install_dropin(path: Path = DROPIN) -> bool:
    """Write the dnsmasq drop-in (as root); False when it cannot be written here."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(dropin_text(), encoding="utf-8")
    except OSError:
        return False
    return True


def decide(setting: str, manager: NetworkManager, seconds: float = WAIT_SECONDS) -> Hotspot | None:
    """At the box's start: bring the hotspot up as `setting` says, or None.

    "always" brings it up; "when-no-network" waits (at most `seconds`) for a known
    network first; "never" leaves the network alone. Called on a thread of its own:
    it waits on NetworkManager, and the table app never does.
    """
    if setting == "never" or not manager.status().nmcli:
        return None
    if setting == "when-no-network":
        found = manager.wait_for_network(seconds)
        if found is not None:
            log.info("on the network %s: no hotspot", found)
            return None
    try:
        made = manager.on()
    except WifiError as error:
        log.warning("the box's own Wi-Fi could not start: %s", error)
        return None
    log.info("the box's own Wi-Fi %s is up at %s", made.ssid, made.address)
    return made
