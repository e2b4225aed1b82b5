"""Where phones reach the box: its addresses, the join links, and the QR code carrying
the default route's address (decoded by the real `zbarimg`, then fetched)."""

from __future__ import annotations

import os
import threading
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pygame
import pytest

from pi_app.box.seats import SeatBook
from pi_app.config import Config
from pi_app.display.canvas import Canvas, FontBook
from pi_app.display.demo import FakeClock, make_app
from pi_app.display.intents import Press, wait_events
from pi_app.display.phones import draw_phones
from pi_app.display.phones_panel import PhonesPanel
from pi_app.display.scene import NewGame
from pi_app.display.startup import start_phones
from pi_app.display.targets import SeatCode
from pi_app.display.theme import theme_for
from pi_app.i18n import set_language
from pi_app.web import reach
from pi_app.web.hub import Hub
from pi_app.web.reach import (
    REREAD_SECONDS,
    Interface,
    JoinLinks,
    Reach,
    default_interfaces,
    join_urls,
    rank,
)
from tests.display.layout_checks import drawn_text, outside, too_small
from tests.qr_reading import need_zbarimg, read_codes
from tests.web.conftest import SEATS, Served, reachable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

SIZES = ("800x480", "480x320")
DEADLINE = 60.0  # seconds to wait for what a slow machine does late
JOIN_PAGE = 'data-text="pick_seat"'  # what only the join page holds

ROUTES = """\
Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT
eth0\t0000A8C0\t00000000\t0001\t0\t0\t100\t00FFFFFF\t0\t0\t0
wlan0\t00000000\t0101A8C0\t0003\t0\t0\t600\t00000000\t0\t0\t0
eth0\t00000000\t0100000A\t0003\t0\t0\t100\t00000000\t0\t0\t0
usb0\t00000000\t01010A0A\t0002\t0\t0\t50\t00000000\t0\t0\t0
broken line
"""
TABLE = [
    Interface("lo", "127.0.0.1"),
    Interface("eth0", "10.0.0.5"),
    Interface("docker0", "172.17.0.1", running=False),
    Interface("usb0", "169.254.3.4"),
    Interface("wlan0", "192.168.1.20"),
    Interface("wlan1", "192.168.50.2"),
]


# ---- the pure helpers, on made-up tables -------------------------------------------


def test_the_default_route_s_interfaces_come_lowest_metric_first() -> None:
    # wlan0 and eth0 hold a default route (eth0's metric is lower); usb0's is not up;
    # eth0's other line is its own network's, not a default route.
    assert default_interfaces(ROUTES) == ["eth0", "wlan0"]
    assert default_interfaces(ROUTES.splitlines()[0]) == []
    assert default_interfaces("") == []


def test_the_default_route_s_address_comes_first_and_unreachable_ones_are_left_out() -> None:
    assert rank(TABLE, ["wlan0"]) == ["192.168.1.20", "10.0.0.5", "192.168.50.2"]
    assert rank(TABLE, ["wlan1", "eth0"]) == ["192.168.50.2", "10.0.0.5", "192.168.1.20"]
    assert rank(TABLE, []) == ["10.0.0.5", "192.168.1.20", "192.168.50.2"]  # kernel order
    twice = [Interface("wlan0", "192.168.1.20"), Interface("br0", "192.168.1.20")]
    assert rank(twice, []) == ["192.168.1.20"]
    assert rank([Interface("eth0", "not an address"), Interface("eth1", "0.0.0.0")], []) == []


def test_loopback_and_link_local_only_when_there_is_nothing_else() -> None:
    alone = [Interface("lo", "127.0.0.1"), Interface("usb0", "169.254.3.4")]
    assert rank(alone, []) == ["169.254.3.4", "127.0.0.1"]
    assert rank(alone[:1], []) == ["127.0.0.1"]
    assert rank([], ["eth0"]) == []


def test_the_links_name_every_address_then_the_local_name() -> None:
    found = ["192.168.1.20", "10.0.0.5"]
    assert join_urls(8370, "s3cret", "tablebox", found) == [
        "http://192.168.1.20:8370/j/s3cret",
        "http://10.0.0.5:8370/j/s3cret",
        "http://tablebox.local:8370/j/s3cret",
    ]
    assert join_urls(8370, "x", "tablebox.home.lan", found[:1])[-1] == (
        "http://tablebox.local:8370/j/x"
    )
    assert join_urls(8370, "x", "tablebox", []) == ["http://tablebox.local:8370/j/x"]
    assert join_urls(8370, "x", "", []) == ["http://localhost:8370/j/x"]


def test_a_new_network_is_followed_once_the_reading_is_old_enough() -> None:
    clock = FakeClock()
    network = ["192.168.1.20"]
    reads: list[int] = []

    def read() -> list[str]:
        reads.append(1)
        return list(network)

    links = JoinLinks(Reach(read, clock, every=REREAD_SECONDS), 8370, "tablebox")
    assert not links.moved()  # no panel drawn yet
    assert links("s")[0] == "http://192.168.1.20:8370/j/s"
    network[:] = ["10.0.0.5", "192.168.1.20"]  # the box joins another network
    clock.advance(REREAD_SECONDS / 2)
    assert links("s")[0] == "http://192.168.1.20:8370/j/s" and not links.moved()
    assert len(reads) == 1  # frames in between read nothing
    clock.advance(REREAD_SECONDS / 2)
    assert links.moved()
    assert links("s") == [
        "http://10.0.0.5:8370/j/s",
        "http://192.168.1.20:8370/j/s",
        "http://tablebox.local:8370/j/s",
    ]
    assert not links.moved() and len(reads) == 2


def test_reading_the_addresses_never_waits_for_another_reader() -> None:
    clock = FakeClock()
    entered, release = threading.Event(), threading.Event()
    network = ["192.168.1.20"]
    calls: list[int] = []

    def slow() -> list[str]:
        calls.append(1)
        if len(calls) > 1:  # every reading after the first hangs until released
            entered.set()
            release.wait()
        return list(network)

    spot = Reach(slow, clock, every=1.0)
    clock.advance(1.0)
    network[:] = ["10.0.0.5"]
    other = threading.Thread(target=spot.current, daemon=True)
    other.start()
    guard = threading.Timer(DEADLINE, release.set)  # a blocked reader fails, not hangs
    guard.start()
    try:
        assert entered.wait(DEADLINE)  # the other thread is reading
        assert spot.current() == ["192.168.1.20"]  # the last reading, at once
        assert not release.is_set()
    finally:
        release.set()
        guard.cancel()
        other.join(DEADLINE)
    assert spot.current() == ["10.0.0.5"] and len(calls) == 2


# ---- the panel --------------------------------------------------------------------


def _app(tmp_path: Path, size: str, clock: FakeClock, links: JoinLinks) -> Any:
    hub = Hub(SeatBook(tmp_path / f"phones-{size}.json"))
    panel = PhonesPanel(hub, links)
    app = make_app(size, tmp_path / f"journal-{size}.sqlite3", clock, {}, phones=panel)
    app.execute(NewGame("gambit7", ("Alice", "Bruno", "Chloé", "Dimitri", "Émile"), {}))
    app.step([])
    app.feed(Press("phones"))
    app.step([])
    return app


@pytest.mark.parametrize("lang", ["fr", "de"])
@pytest.mark.parametrize("size", SIZES)
def test_the_panel_writes_every_link_and_follows_a_new_network(
    tmp_path: Path, size: str, lang: str
) -> None:
    need_zbarimg()
    clock = FakeClock()
    network = ["192.168.178.23", "10.42.0.1", "172.17.0.1"]
    links = JoinLinks(Reach(lambda: list(network), clock), 8370, "raspberrypi")
    set_language(lang)
    app = _app(tmp_path, size, clock, links)
    try:
        texts = app.canvas.texts
        assert not outside(texts, app.canvas.rect) and not too_small(texts, 18)
        written = [t.text for t in texts if ":8370/j/" in t.text]
        word = {"fr": "ou", "de": "oder"}[lang]
        assert written == [
            "192.168.178.23:8370/j/",
            f"{word} 10.42.0.1:8370/j/",
            f"{word} 172.17.0.1:8370/j/",
            f"{word} raspberrypi.local:8370/j/",  # the last line
        ]
        secret = app.phones.hub.seats.game(app.table.game_id)
        assert secret in drawn_text(texts)
        assert scan(app.painter.surface, tmp_path / f"panel-{size}-{lang}.png") == (
            f"http://192.168.178.23:8370/j/{secret}"
        )
        network[:] = ["10.0.0.7"]  # the box is taken to another table's Wi-Fi
        clock.advance(REREAD_SECONDS)
        assert links.moved()  # what the watcher started by start_phones looks at
        app.dirty = True  # what it does then
        app.step([])
        written = [t.text for t in app.canvas.texts if ":8370/j/" in t.text]
        assert written == ["10.0.0.7:8370/j/", f"{word} raspberrypi.local:8370/j/"]
        assert scan(app.painter.surface, tmp_path / f"moved-{size}-{lang}.png") == (
            f"http://10.0.0.7:8370/j/{secret}"
        )
        app.feed(Press(SeatCode("Chloé")))  # a seat's own code: the same address
        app.step([])
        assert scan(app.painter.surface, tmp_path / f"seat-{size}-{lang}.png") == (
            f"http://10.0.0.7:8370/j/{secret}#Chlo%C3%A9"
        )
    finally:
        set_language("fr")
        app.journal.close()


def test_many_addresses_leave_room_for_the_seats_and_keep_the_local_name(
    tmp_path: Path,
) -> None:
    network = [f"10.0.{k}.1" for k in range(12)]
    links = JoinLinks(Reach(lambda: list(network), FakeClock()), 8370, "tablebox")
    app = _app(tmp_path, "480x320", FakeClock(), links)
    try:
        texts = app.canvas.texts
        assert not outside(texts, app.canvas.rect)
        written = [t.text for t in texts if ":8370/j/" in t.text]
        assert written[0] == "10.0.0.1:8370/j/" and written[-1] == "ou tablebox.local:8370/j/"
        assert 2 <= len(written) < len(network)
        assert "Alice" in drawn_text(texts) and "Fermer" in drawn_text(texts)
    finally:
        app.journal.close()


# ---- for real: this machine's addresses, its phones' server, zbarimg ----------------


def scan(surface: pygame.Surface, path: Path) -> str:
    """What a phone's camera reads on `surface`: saved to `path`, decoded by zbarimg."""
    need_zbarimg()
    pygame.image.save(surface, str(path))
    codes = read_codes(path)
    assert codes, f"no QR code read in {path}"
    return "\n".join(codes)


def fetch(url: str) -> tuple[int, str]:
    """GET `url` directly (never through a proxy: only this machine is asked)."""
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with opener.open(url, timeout=DEADLINE) as reply:
        return int(reply.status), reply.read().decode("utf-8")


def scan_panel(served: Served, folder: Path, size: str = "800x480") -> str:
    """The link the phones panel's code carries for `served`'s game, as zbarimg reads it
    on a picture of the panel drawn the box's way."""
    theme = theme_for(size)
    canvas = Canvas(pygame.Surface(theme.size), theme, FontBook())
    links = JoinLinks(Reach(), served.server.port)
    draw_phones(canvas, links(served.secret), SEATS, [])
    return scan(canvas.surface, folder / f"panel-{size}.png")


def test_the_code_carries_this_box_s_address_and_it_answers(
    everywhere: Served, tmp_path: Path
) -> None:
    found = reachable()
    for size in SIZES:
        link = scan_panel(everywhere, tmp_path, size)
        parts = urlsplit(link)
        assert parts.hostname == found[0], (link, found)  # the default route's, not .local
        assert parts.port == everywhere.server.port
        status, page = fetch(link)
        assert status == 200 and JOIN_PAGE in page


class _Config(Config):
    """The box's configuration with its files in a test's folder."""

    def __init__(self, folder: Path) -> None:
        super().__init__()
        self.values["journal"] = str(folder / "journal.sqlite3")
        self.values["phones.port"] = 0


def _until(app: Any, done: Callable[[], bool]) -> None:
    """Run the box's loop (as `App.run` does, woken by its events) until `done`."""
    deadline = time.monotonic() + DEADLINE + 2 * REREAD_SECONDS
    while not done():
        assert time.monotonic() < deadline, "the panel did not follow the new address"
        app.step(wait_events(200, False))


def test_the_box_s_panel_follows_its_network_by_itself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    found = reachable()
    network: list[Interface] = [Interface("eth0", found[0])]
    monkeypatch.setattr(reach, "interfaces", lambda: list(network))
    monkeypatch.setattr(reach, "read_routes", lambda: "")
    phones = start_phones(_Config(tmp_path))
    assert phones.panel is not None, f"the phones' server did not start: {phones.problem}"
    app = make_app("800x480", tmp_path / "journal.sqlite3", FakeClock(), {}, phones=phones.panel)
    closers = phones.closers
    try:
        port = phones.panel.links.port  # the free port the server took
        app.execute(NewGame("gambit7", SEATS, {}))
        app.step([])
        app.feed(Press("phones"))
        app.step([])
        secret = app.phones.hub.seats.game(app.table.game_id)
        link = scan(app.painter.surface, tmp_path / "box-panel.png")
        assert link == f"http://{found[0]}:{port}/j/{secret}"
        status, page = fetch(link)
        assert status == 200 and JOIN_PAGE in page
        network[:] = [Interface("wlan0", "192.0.2.77"), Interface("eth0", found[0])]
        shown = lambda: "192.0.2.77" in drawn_text(app.canvas.texts)  # noqa: E731
        _until(app, shown)  # no input: the watcher wakes the loop
        assert scan(app.painter.surface, tmp_path / "box-moved.png") == (
            f"http://192.0.2.77:{port}/j/{secret}"
        )
        assert f"ou {found[0]}:{port}/j/" in drawn_text(app.canvas.texts)
    finally:
        for close in closers:
            close()
        app.journal.close()
