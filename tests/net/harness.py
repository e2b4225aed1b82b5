"""Boxes as processes, a real Mosquitto, and a network that the test can cut.

Each box is `tests.net.box_child` in a process of its own with its own store;
it reaches the broker through a `Proxy`, a TCP relay the test can cut (every
connection dropped, new ones refused) and mend, as a pulled network cable would.
Mosquitto is the distribution's: missing, it fails the test in CI (where `.ci/run`
installs it) and skips it elsewhere.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from pi_app.net.broker import Broker, new_secret
from pi_app.net.ports import free_port
from pi_app.net.store import Membership, TournamentStore

ROOT = Path(__file__).resolve().parents[2]


def need_mosquitto() -> None:
    broker = shutil.which("mosquitto") or Path("/usr/sbin/mosquitto").exists()
    if broker and shutil.which("mosquitto_passwd"):
        return
    if os.environ.get("CI"):
        pytest.fail("Mosquitto is missing: apt-get install -y mosquitto")
    pytest.skip("Mosquitto is not installed (apt-get install -y mosquitto)")


class BoxProcess:
    """One box: a child process speaking JSON lines, its store kept across restarts."""

    def __init__(self, store: Path) -> None:
        self.store = store
        self.process: subprocess.Popen[str] | None = None
        self.start()

    def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.net.box_child", str(self.store)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.log.open("a", encoding="utf-8"),
            text=True,
            cwd=ROOT,
        )
        assert json.loads(self._line()) == {"ready": True}

    @property
    def log(self) -> Path:
        """What the box logged (every refused message says why there)."""
        return self.store.with_suffix(".log")

    def _line(self) -> str:
        assert self.process is not None and self.process.stdout is not None
        line = self.process.stdout.readline()
        assert line, "the box process ended"
        return line

    def cmd(self, **command: Any) -> dict[str, Any]:
        assert self.process is not None and self.process.stdin is not None
        self.process.stdin.write(json.dumps(command) + "\n")
        self.process.stdin.flush()
        answer: dict[str, Any] = json.loads(self._line())
        return answer

    def state(self) -> dict[str, Any]:
        return self.cmd(cmd="state")

    def submit(self, winner: str, currency: str = "Dollar", hand: str = "9") -> str:
        answer = self.cmd(
            cmd="submit", result={"winner": winner, "currency": currency, "hand": hand}
        )
        assert "id" in answer, answer
        return str(answer["id"])

    def kill(self) -> None:
        """SIGKILL: a pulled plug."""
        if self.process is not None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()
            self.process = None

    def close(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None


class Proxy:
    """A TCP relay from a local port to the broker that can be cut and mended."""

    def __init__(self, target: int) -> None:
        self.target = target
        self.port = free_port()
        self.open = True
        self._pairs: list[tuple[socket.socket, socket.socket]] = []
        self._lock = threading.Lock()
        self._server = socket.create_server(("127.0.0.1", self.port))
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _address = self._server.accept()
            except OSError:
                return
            if not self.open:
                client.close()
                continue
            try:
                upstream = socket.create_connection(("127.0.0.1", self.target))
            except OSError:
                client.close()
                continue
            with self._lock:
                self._pairs.append((client, upstream))
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        for end in (source, sink):
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)

    def cut(self) -> None:
        """Every connection dropped, new ones refused: the cable is out."""
        self.open = False
        with self._lock:
            pairs, self._pairs = self._pairs, []
        for pair in pairs:
            for end in pair:
                with contextlib.suppress(OSError):
                    end.shutdown(socket.SHUT_RDWR)
                end.close()

    def mend(self) -> None:
        self.open = True

    def close(self) -> None:
        self.cut()
        self._server.close()


class Tournament:
    """A broker, its boxes and their proxies, in one folder."""

    def __init__(self, folder: Path) -> None:
        need_mosquitto()
        self.folder = folder
        self.broker = Broker(folder / "broker", free_port(), bind="127.0.0.1")
        self.boxes: dict[str, BoxProcess] = {}
        self.proxies: dict[str, Proxy] = {}
        self.code = ""

    def box(self, name: str) -> BoxProcess:
        self.boxes[name] = BoxProcess(self.folder / f"{name}.sqlite3")
        self.proxies[name] = Proxy(self.broker.port)
        return self.boxes[name]

    def create(self, name: str, tables: list[list[str]], **options: Any) -> BoxProcess:
        """The creator's box (it writes the broker's access), then the broker."""
        box = self.box(name)
        answer = box.cmd(
            cmd="create",
            name="Tournoi",
            tables=tables,
            options=options,
            host="127.0.0.1",
            port=self.proxies[name].port,
            table=0,
            broker=str(self.broker.folder),
        )
        self.code = answer["code"]
        self.broker.start()
        return box

    def join(self, name: str, table: int) -> BoxProcess:
        box = self.box(name)
        answer = box.cmd(
            cmd="join", code=self.code, table=table, host="127.0.0.1", port=self.proxies[name].port
        )
        assert answer == {}, answer
        wait_until(lambda: not box.state()["joining"], what=f"box {name} welcomed")
        return box

    def close(self) -> None:
        for box in self.boxes.values():
            box.close()
        for proxy in self.proxies.values():
            proxy.close()
        self.broker.stop()


def membership(box: BoxProcess) -> Membership:
    """How `box` takes part, read from its store (its account and keys)."""
    store = TournamentStore(box.store)
    try:
        found = store.membership()
    finally:
        store.close()
    assert found is not None
    return found


def _client(username: str | None, password: str | None) -> mqtt.Client:
    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=f"tester-{new_secret(8)}")
    if username is not None:
        client.username_pw_set(username, password)
    return client


def connects(port: int, username: str | None, password: str | None) -> bool:
    """Whether the broker lets this account in."""
    client = _client(username, password)
    answers: list[bool] = []
    client.on_connect = lambda c, u, f, reason, props: answers.append(not reason.is_failure)
    client.connect("127.0.0.1", port)
    client.loop_start()
    try:
        wait_until(lambda: bool(answers), what="the broker's answer")
    finally:
        client.disconnect()
        client.loop_stop()
    return answers[0]


def publish_as(
    port: int,
    username: str | None,
    password: str | None,
    topic: str,
    payload: bytes,
    retain: bool = False,
) -> None:
    """Publish once (QoS 1, acknowledged) as a client of the test's own."""
    client = _client(username, password)
    client.connect("127.0.0.1", port)
    client.loop_start()
    try:
        client.publish(topic, payload, qos=1, retain=retain).wait_for_publish(60)
    finally:
        client.disconnect()
        client.loop_stop()


def remaining_length(length: int) -> bytes:
    """MQTT's variable-length encoding of a packet's remaining length."""
    out = bytearray()
    while True:
        byte, length = length % 128, length // 128
        out.append(byte | (128 if length else 0))
        if not length:
            return bytes(out)


def connect_packet(client: str, user: str | None = None, password: str = "") -> bytes:
    """A raw MQTT 3.1.1 CONNECT (clean session, keepalive 60 s), as any program on the
    network can send one."""
    ids = struct.pack(">H", len(client)) + client.encode()
    flags = 0x02
    tail = b""
    if user is not None:
        flags |= 0xC0
        tail = struct.pack(">H", len(user)) + user.encode()
        tail += struct.pack(">H", len(password)) + password.encode()
    body = b"\x00\x04MQTT\x04" + bytes([flags]) + b"\x00\x3c" + ids + tail
    return b"\x10" + remaining_length(len(body)) + body


def wait_until(check: Callable[[], bool], timeout: float = 20.0, what: str = "") -> None:
    """Poll `check` until it holds; fail with `what` after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.05)
    raise AssertionError(f"not within {timeout} s: {what}")


def agreed(boxes: list[BoxProcess], rounds: int) -> Callable[[], bool]:
    """Every box holds `rounds` ordered rounds, nothing pending, the same scores and seats."""

    def check() -> bool:
        states = [box.state() for box in boxes]
        return all(
            s["ordered"] == rounds
            and not s["pending"]
            and s["ordered_scores"] == states[0]["ordered_scores"]
            and s["ordered_tables"] == states[0]["ordered_tables"]
            and s["order"] == states[0]["order"]
            for s in states
        )

    return check
