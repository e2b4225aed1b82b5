"""Mosquitto, started by the box that creates a tournament, locked by a password.

Anyone on the network may read the directory of tournaments (their names and table
counts), so a box can list what it can join; only a client with the tournament's
username and password may read or write the tournament's own topics. A stranger's
forged round is thus dropped by the broker itself; a bad message from a box that has
the password is refused by the ledger.

The broker keeps nothing the boxes need: the creator publishes the settings and the
order again on each connection, and boxes send their rounds again until the order
holds them, so a broker restarted mid-tournament loses nothing.
"""

from __future__ import annotations

import logging
import os
import secrets
import shutil
import socket
import subprocess
import time
from pathlib import Path

from pi_app.i18n import Translator
from pi_app.net.protocol import ROOT, directory_topic, topic

_ = Translator("core")

log = logging.getLogger(__name__)

DEFAULT_PORT = 8371
"""Next to the phones' 8370, not MQTT's 1883: a Mosquitto installed from the distribution
runs its own service there, and the tournament's broker must not fight it for the port."""
_ALPHABET = "abcdefghjkmnpqrstuvwxyz"  # letters only, no i, l, o: read aloud, typed on a box


def new_secret(length: int) -> str:
    """A random code of letters and digits that cannot be misread."""
    return "".join(secrets.choice(_ALPHABET) for _ in range(length))


def username_for(tid: str) -> str:
    return f"t-{tid}"


def acl_text(tid: str) -> str:
    """Anonymous clients read the directory; the tournament's user, its own topics."""
    return (
        f"topic read {ROOT}/directory/#\n\n"
        f"user {username_for(tid)}\n"
        f"topic readwrite {topic(tid, '#')}\n"
        f"topic readwrite {directory_topic(tid)}\n"
    )


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class BrokerError(RuntimeError):
    """Mosquitto could not be started (missing, or its port taken)."""


class Broker:
    """A Mosquitto process serving one tournament on `port`."""

    def __init__(self, folder: Path, port: int = DEFAULT_PORT, bind: str = "0.0.0.0") -> None:
        self.folder = Path(folder)
        self.port = port
        self.bind = bind
        self.process: subprocess.Popen[bytes] | None = None

    def configure(self, tid: str, password: str) -> None:
        """Write the password file, the ACL and the configuration for tournament `tid`."""
        tool = shutil.which("mosquitto_passwd")
        if tool is None:
            raise BrokerError("mosquitto_passwd is not installed (apt-get install mosquitto)")
        self.folder.mkdir(parents=True, exist_ok=True)
        passwords = self.folder / "passwords"
        passwords.unlink(missing_ok=True)
        subprocess.run(
            [tool, "-c", "-b", str(passwords), username_for(tid), password],
            check=True,
            capture_output=True,
        )
        os.chmod(passwords, 0o600)
        (self.folder / "acl").write_text(acl_text(tid), encoding="utf-8")
        os.chmod(self.folder / "acl", 0o600)

    def _config(self) -> Path:
        lines = [
            f"listener {self.port} {self.bind}",
            "allow_anonymous true",
            f"password_file {self.folder / 'passwords'}",
            f"acl_file {self.folder / 'acl'}",
            "persistence false",
            "set_tcp_nodelay true",
            f"log_dest file {self.folder / 'mosquitto.log'}",
        ]
        if os.geteuid() == 0:
            lines.append("user root")  # the files are the caller's; keep the caller's rights
        path = self.folder / "mosquitto.conf"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        return path

    def start(self, wait: float = 5.0) -> None:
        """Run Mosquitto; returns once it accepts connections (BrokerError if it cannot)."""
        binary = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
        if not Path(binary).exists():
            raise BrokerError("mosquitto is not installed (apt-get install mosquitto)")
        self.process = subprocess.Popen(
            [binary, "-c", str(self._config())],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise BrokerError(
                    _("Mosquitto stopped at once (is port {port} taken?).").format(port=self.port)
                )
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise BrokerError(_("Mosquitto did not listen on port {port}.").format(port=self.port))

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def kill(self) -> None:
        """Stop at once, as a crash would (tests)."""
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None
