"""Mosquitto, started by the box that creates a tournament: locked, bounded, watched.

Anyone on the network may read the directory of tournaments (their names and table
counts), through its public account, so a box can list what it can join; a client with
no account is refused, and one client cannot take another's place unless it has that
client's password (`listener`). The join code's password only lets a box
ask to join; each admitted box then has a password of its own and may write only its
own topics, and the creator alone the settings and the order (`access`). A stranger's
forged message is thus dropped by the broker itself; a bad one from an admitted box is
refused by the creator.

The broker is bounded (`limits`), so no client can make it grow past a few dozen MiB:
a packet larger than the protocol's largest is cut at its header, before it is read.
The box that runs it watches it (`watch`) and starts it again if it dies. It keeps
nothing the boxes need: the creator publishes the settings and the order again on
each connection, and boxes send their rounds again until the order holds them, so a
broker restarted mid-tournament loses nothing.
"""

from __future__ import annotations

import logging
import os
import secrets
import shutil
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path

from pi_app.i18n import Translator
from pi_app.net.access import Access
from pi_app.net.protocol import MAX_PACKET, MAX_PAYLOAD

_ = Translator("core")

log = logging.getLogger(__name__)

DEFAULT_PORT = 8371
"""Next to the phones' 8370, not MQTT's 1883: a Mosquitto installed from the distribution
runs its own service there, and the tournament's broker must not fight it for the port."""
_ALPHABET = "abcdefghjkmnpqrstuvwxyz"  # letters only, no i, l, o: read aloud, typed on a box
MAX_CONNECTIONS = 64
"""A box per table (a few dozen at most), boxes listing the directory, and connections
of boxes whose loss the broker has not noticed yet."""
MAX_QUEUED_MESSAGES = 32
MAX_QUEUED_BYTES = 4 * MAX_PAYLOAD
"""Messages kept for a box that is away: the order and settings are retained and sent
again on every connection, rounds are sent again until ordered, so a short queue loses
nothing and a box away for hours costs at most this much."""
MAX_INFLIGHT_BYTES = 4 * MAX_PAYLOAD
MEMORY_LIMIT = 64 * 1024 * 1024
"""All the broker may allocate: every connection reading its largest packet
(MAX_CONNECTIONS x MAX_PACKET, 16 MiB) and every queue nearly full fit; a 512 MB Pi keeps
the rest for the table. Past it Mosquitto drops the message and the client asking."""
WATCH_SECONDS = 0.5  # how often the watcher looks at Mosquitto
RESTART_DELAYS = (0.5, 30.0)  # between restarts that fail at once: growing from first to last


def limits() -> list[str]:
    """The broker's bounds (mosquitto.conf(5) of Mosquitto 2.0), global options: a
    reload reads them and keeps the values of the start (Mosquitto 2.0.11 to 2.0.20),
    but for `memory_limit`, set again to the same."""
    return [
        f"max_packet_size {MAX_PACKET}",
        f"max_queued_messages {MAX_QUEUED_MESSAGES}",
        f"max_queued_bytes {MAX_QUEUED_BYTES}",
        f"max_inflight_bytes {MAX_INFLIGHT_BYTES}",
        f"memory_limit {MEMORY_LIMIT}",
    ]


def listener(port: int, bind: str) -> list[str]:
    """The one way in, as Mosquitto's default listener (`port`, `bind_address`) and not a
    `listener` line: at each reload (SIGHUP, when a box is admitted) Mosquitto 2.0 sets a
    `listener` line's listener back to its defaults and skips its `max_connections`,
    so the bound would be gone from the first admission on; the default listener is
    made once, at the start, and no reload touches it.

    `use_username_as_clientid`: a client's id is its account's name, so only a client
    with a box's password can take that box's place (Mosquitto drops the older of two
    connections with one id), and a client with no account is refused (the directory
    is read with its own public account, `access.DIRECTORY_USER`)."""
    return [
        f"port {port}",
        f"bind_address {bind}",
        f"max_connections {MAX_CONNECTIONS}",
        "use_username_as_clientid true",
        "allow_anonymous false",
    ]


def new_secret(length: int) -> str:
    """A random code of letters and digits that cannot be misread."""
    return "".join(secrets.choice(_ALPHABET) for _ in range(length))


class BrokerError(RuntimeError):
    """Mosquitto could not be started (missing, or its port taken)."""


class Broker:
    """A Mosquitto process serving one tournament on `port`, started again if it dies.

    Two `Broker`s of one folder share the process: one starts it, the other (a creator
    that did not start it) rewrites its access and reloads it through the pid file.
    """

    def __init__(self, folder: Path, port: int = DEFAULT_PORT, bind: str = "0.0.0.0") -> None:
        self.folder = Path(folder)
        self.port = port
        self.bind = bind
        self.process: subprocess.Popen[bytes] | None = None
        self.restarts = 0
        """How many times the watcher started Mosquitto again."""
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._watcher: threading.Thread | None = None

    def configure(self, access: Access) -> None:
        """Write the password file and the ACL of `access` (read at the next reload)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        for name, text in (("passwords", access.password_file()), ("acl", access.acl())):
            path = self.folder / name
            fresh = path.with_suffix(".new")
            fresh.write_text(text, encoding="utf-8")
            os.chmod(fresh, 0o600)
            fresh.replace(path)  # Mosquitto never reads a half-written file

    def reload(self) -> None:
        """Have the running Mosquitto read its password file and ACL again (SIGHUP);
        connected clients stay. Nothing running: the next start reads them."""
        try:
            pid = int((self.folder / "mosquitto.pid").read_text(encoding="ascii").strip())
            os.kill(pid, signal.SIGHUP)
        except (OSError, ValueError) as error:
            log.info("Mosquitto not reloaded (%s): its next start reads the access", error)

    def grant(self, access: Access) -> None:
        """A box admitted: the access rewritten and read again (no waiting)."""
        self.configure(access)
        self.reload()

    def _config(self) -> Path:
        lines = [
            *listener(self.port, self.bind),
            f"password_file {self.folder / 'passwords'}",
            f"acl_file {self.folder / 'acl'}",
            f"pid_file {self.folder / 'mosquitto.pid'}",
            *limits(),
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
        with self._lock:
            self._stopping.clear()
            self._launch(wait)

    def start_watched(self) -> None:
        """Run Mosquitto and watch it, without waiting for it to listen: a box taking up
        its tournament after a restart draws its first frame at once, and a Mosquitto
        that cannot start yet (its port still held) is started again by the watcher."""
        with self._lock:
            self._stopping.clear()
            self.process = self._spawn()
        self.watch()

    def _spawn(self) -> subprocess.Popen[bytes]:
        binary = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
        if not Path(binary).exists():
            raise BrokerError("mosquitto is not installed (apt-get install mosquitto)")
        return subprocess.Popen(
            [binary, "-c", str(self._config())],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )

    def _launch(self, wait: float) -> None:
        process = self._spawn()
        self.process = process
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise BrokerError(
                    _("Mosquitto stopped at once (is port {port} taken?).").format(port=self.port)
                )
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        self._end(process, kill=False)
        raise BrokerError(_("Mosquitto did not listen on port {port}.").format(port=self.port))

    def watch(self) -> None:
        """Start Mosquitto again whenever it dies, on a thread of its own (never the
        table's): the boxes reconnect by themselves and the tournament goes on."""
        if self._watcher is None or not self._watcher.is_alive():
            self._watcher = threading.Thread(target=self._watch, name="broker-watch", daemon=True)
            self._watcher.start()

    def _watch(self) -> None:
        delay = RESTART_DELAYS[0]
        while not self._stopping.wait(WATCH_SECONDS):
            with self._lock:
                process = self.process
                if self._stopping.is_set() or process is None or process.poll() is None:
                    continue
                log.warning("Mosquitto ended (exit %s): starting it again", process.returncode)
                try:
                    self._launch(5.0)
                except BrokerError as error:
                    log.error("Mosquitto could not start again: %s", error)
                else:
                    self.restarts += 1
                    delay = RESTART_DELAYS[0]
                    continue
            self._stopping.wait(delay)  # a broker that cannot start is tried less often
            delay = min(delay * 2, RESTART_DELAYS[1])

    def stop(self) -> None:
        self._stopping.set()
        with self._lock:
            if self.process is not None:
                self._end(self.process, kill=False)
            self.process = None

    def kill(self) -> None:
        """Stop at once, as a crash nobody restarts would (tests): the watcher stops too."""
        self._stopping.set()
        with self._lock:
            if self.process is not None:
                self._end(self.process, kill=True)
            self.process = None

    @staticmethod
    def _end(process: subprocess.Popen[bytes], kill: bool) -> None:
        if process.poll() is not None:
            return
        if kill:
            process.kill()
        else:
            process.terminate()
        try:
            process.wait(5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
