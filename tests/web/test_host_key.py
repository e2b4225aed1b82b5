"""The host's key: one key however many make it at once, and made at the box's first
start, so a box with no screen is hosted from its first minute."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from pi_app.box.seats import SeatBook
from pi_app.web.host_key import HostKey
from pi_app.web.hub import Hub
from pi_app.web.server import PhoneServer


def make(key: HostKey, made: list[str]) -> None:
    made.append(key.current())


def test_makers_at_once_end_with_one_key_each_of_them_holds(tmp_path: Path) -> None:
    """The server's start, `tabletop host-link` and the screen may all make the first
    key at once: each returns the one key the file holds, and no file is left over."""
    for trial in range(20):
        folder = tmp_path / str(trial)
        key = HostKey(folder / "host-key")
        made: list[str] = []
        makers = [threading.Thread(target=make, args=(key, made)) for _ in range(6)]
        for maker in makers:
            maker.start()
        for maker in makers:
            maker.join()
        assert len(made) == 6 and set(made) == {key.read()}
        assert [path.name for path in folder.iterdir()] == ["host-key"]


def test_the_phones_server_makes_the_key_at_its_first_start(tmp_path: Path) -> None:
    key = HostKey(tmp_path / "host-key")
    server = PhoneServer(Hub(SeatBook(tmp_path / "phones.json"), key), "127.0.0.1", 0)
    server.start()
    try:
        deadline = time.monotonic() + 60
        while key.read() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        made = key.read()
        assert made is not None and len(made) >= 22  # 128 bits at least, URL-safe
        assert (tmp_path / "host-key").stat().st_mode & 0o777 == 0o600
    finally:
        server.stop()
