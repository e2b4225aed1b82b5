"""What the big screen's tests share: a TV (Chromium with an exact viewport), phones
over the phones' own protocol, a recorder of every message a TV's socket receives, and
the measures of a TV's page (its smallest text, its key numbers, its scroll sizes)."""

from __future__ import annotations

import itertools
import json
import os
import tempfile
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import websocket  # websocket-client, Selenium's own dependency
from selenium import webdriver
from selenium.webdriver.common.by import By

from tests.web.browser import PATIENCE, phone, wait
from tests.web.conftest import Served

FULL_HD = (1920, 1080)
HD = (1280, 720)
UHD = (3840, 2160)
SHOTS = Path(os.environ.get("TV_SHOTS", Path(tempfile.gettempdir()) / "tv-shots"))
"""Where the TV's pictures go, to be looked at by a person (`TV_SHOTS=dir` to choose)."""


@contextmanager
def tv(url: str, size: tuple[int, int], lang: str | None = None) -> Iterator[webdriver.Chrome]:
    """A Chromium whose page is exactly `size` CSS pixels (a TV), on `url`/tv."""
    with phone("fr", size) as driver:
        resize(driver, size)
        driver.get(f"{url}/tv" + (f"?lang={lang}" if lang else ""))
        yield driver


def resize(driver: webdriver.Chrome, size: tuple[int, int]) -> None:
    """The page's viewport made exactly `size` (the window's own frame left out)."""
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": False},
    )


def drawn(driver: webdriver.Chrome, version: int) -> None:
    """Wait until the TV has drawn the box's state `version` (or a later one)."""
    wait(
        driver,
        lambda d: int(d.execute_script("return document.body.dataset.version || 0")) >= version,
    )


MEASURE = """
const sizes = [];
const keys = [];
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
while (walker.nextNode()) {
  const node = walker.currentNode;
  if (!node.textContent.trim()) continue;
  const parent = node.parentElement;
  if (!parent || parent.closest('[hidden]')) continue;
  const box = parent.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) continue;
  sizes.push([parseFloat(getComputedStyle(parent).fontSize), node.textContent.trim().slice(0, 30)]);
}
document.querySelectorAll('.key, #scores .n, .payout .n, .standings .n').forEach((node) => {
  if (!node.textContent.trim() || node.closest('[hidden]')) return;
  keys.push(node.getBoundingClientRect().height);
});
const boxes = [...['stage', 'side'].map((id) => document.getElementById(id)),
  ...document.querySelectorAll('.case, .payout, .place')];
const cut = boxes.filter((node) => node && !node.hidden
  && (node.scrollHeight > node.clientHeight + 1 || node.scrollWidth > node.clientWidth + 1))
  .map((node) => [node.id || node.className, node.scrollWidth, node.clientWidth,
    node.scrollHeight, node.clientHeight]);
const root = document.documentElement;
return {sizes, keys, cut, scroll: [root.scrollWidth, root.scrollHeight, document.body.scrollWidth,
  document.body.scrollHeight], view: [innerWidth, innerHeight]};
"""


def measure(driver: webdriver.Chrome) -> dict[str, Any]:
    """The page's text sizes, its key numbers' heights and its scroll sizes."""
    found: dict[str, Any] = driver.execute_script(MEASURE)
    return found


def check_room_scale(driver: webdriver.Chrome, size: tuple[int, int]) -> None:
    """Nothing scrolled nor cut; at 1920x1080, no text under 28 px, key numbers 80 px."""
    seen = measure(driver)
    width, height = size
    assert seen["view"] == [width, height], seen["view"]
    assert seen["scroll"] == [width, height, width, height], seen["scroll"]
    assert seen["cut"] == [], seen["cut"]  # nothing cut: the stage, the side, a case
    scale = height / FULL_HD[1]
    smallest = min(seen["sizes"])
    assert smallest[0] >= 28 * scale - 0.5, smallest
    if seen["keys"]:
        assert max(seen["keys"]) >= 80 * scale, seen["keys"]


def shot(driver: webdriver.Chrome, name: str) -> Path:
    SHOTS.mkdir(exist_ok=True)
    path = SHOTS / f"{name}.png"
    driver.save_screenshot(str(path))
    return path


class Recorder:
    """Every message a TV's socket receives, in order, from a thread of its own."""

    def __init__(self, url: str) -> None:
        self.socket = websocket.create_connection(url.replace("http", "ws", 1) + "/tv/ws")
        self.messages: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        try:
            while True:
                said = json.loads(self.socket.recv())
                with self._lock:
                    self.messages.append(said)
        except Exception:  # closed at the test's end
            return

    def mark(self) -> int:
        with self._lock:
            return len(self.messages)

    def since(self, start: int) -> list[dict[str, Any]]:
        with self._lock:
            return self.messages[start:]

    def close(self) -> None:
        self.socket.close()


class Phone:
    """A seat's phone over the phones' own protocol: its claim, its hello, its requests."""

    _ids = itertools.count(1)

    def __init__(self, url: str, secret: str, seat: str) -> None:
        body = json.dumps({"secret": secret, "seat": seat}).encode()
        asked = urllib.request.Request(
            f"{url}/api/claim", body, {"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(asked, timeout=PATIENCE) as reply:
            token = json.loads(reply.read())["token"]
        self.socket = websocket.create_connection(
            url.replace("http", "ws", 1) + "/ws", timeout=PATIENCE
        )
        self.socket.send(json.dumps({"type": "hello", "token": token, "lang": "en"}))
        self.seat = seat

    def act(self, **message: Any) -> dict[str, Any]:
        """Send a request; the box's reply (states that come meanwhile are skipped)."""
        ident = f"t-{next(self._ids)}"
        self.socket.send(json.dumps({"lang": "en", "id": ident, **message}))
        while True:
            said = json.loads(self.socket.recv())
            if said["type"] == "reply" and said["id"] == ident:
                return dict(said)

    def close(self) -> None:
        self.socket.close()


def until(condition: Callable[[], Any], seconds: float = PATIENCE * 3) -> Any:
    """Wait for `condition()` to hold (polled), or fail."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        found = condition()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"not within {seconds} s")


def facts_worded(driver: webdriver.Chrome) -> list[str]:
    """The facts of a finished game as the TV words them, each checked to be words (a
    kind without its game's words would show as its bare kind, "best-duel")."""
    shown = driver.find_elements(By.CSS_SELECTOR, "#facts [data-kind]")
    for fact in shown:
        assert fact.text and fact.text != fact.get_attribute("data-kind"), fact.text
    return [fact.text for fact in shown]


def published_version(served: Served) -> int:
    """The version of the table's state once the box has published it (an act's answer
    comes before its publish)."""
    table = served.owner.table
    assert table is not None
    until(lambda: served.hub.published is not None and served.hub.published.state is table.state)
    published = served.hub.published
    assert published is not None
    return published.version


def look(screens: dict[tuple[int, int], webdriver.Chrome], served: Served, name: str) -> None:
    """Every TV has drawn the box's last state; a picture, and the room's scale checked."""
    version = published_version(served)
    for size, driver in screens.items():
        drawn(driver, version)
        check_room_scale(driver, size)
        shot(driver, f"{name}-{size[0]}")


def scores_on(driver: webdriver.Chrome) -> dict[str, int]:
    """The scores the TV's side shows, by seat."""
    return {
        line.get_attribute("data-seat") or "": int(line.find_element(By.CSS_SELECTOR, ".n").text)
        for line in driver.find_elements(By.CSS_SELECTOR, "#scores .line")
    }


KEY_NUMBERS = """
const keys = [...document.querySelectorAll('[data-key-number]')]
  .filter((node) => node.textContent.trim() && !node.closest('[hidden]'))
  .map((node) => [parseFloat(getComputedStyle(node).fontSize),
    Math.min(...[...node.getClientRects()].map((line) => line.height)),
    node.textContent.trim().slice(0, 30)]);
const unmarked = [...document.querySelectorAll('.key, .n')]
  .filter((node) => /[0-9]/.test(node.textContent) && !node.closest('[hidden]')
    && !node.closest('[data-key-number]'))
  .map((node) => node.textContent.trim().slice(0, 30));
const boxes = [...document.querySelectorAll('#stage, #side, #stage *, #side *')]
  .filter((node) => !(node instanceof SVGElement));
const cut = boxes.filter((node) => getComputedStyle(node).overflow !== 'visible'
  && (node.scrollHeight > node.clientHeight + 1 || node.scrollWidth > node.clientWidth + 1))
  .map((node) => [node.id || node.className, node.textContent.trim().slice(0, 30)]);
const stage = document.getElementById('stage').getBoundingClientRect();
const outside = [...document.querySelectorAll('#stage *')]
  .filter((node) => !(node instanceof SVGElement) && node.getClientRects().length > 0)
  .filter((node) => {
    const box = node.getBoundingClientRect();
    return box.bottom > stage.bottom + 1 || box.right > stage.right + 1;
  })
  .map((node) => [node.id || node.className, node.textContent.trim().slice(0, 30)]);
return {keys, unmarked, cut, outside};
"""
"""Every key number the page marks (`data-key-number`): its computed font-size (its em
box: the height of its line box at the line-height of 1 the key numbers are drawn with,
the box height `MEASURE` reads; the digits' cap height is about 0.73 of it in DejaVu Sans)
and the height of its shortest line box; every number drawn large (`.key`, `.n`) the page
left unmarked; every box of the stage or the side that clips what it holds; every element
of the stage drawn past the stage's bottom or right edge."""

KEY_SIZE = 80
"""A key number's size at 1920x1080, in CSS pixels of font-size (issue 49)."""


def check_key_numbers(driver: webdriver.Chrome, size: tuple[int, int]) -> list[str]:
    """`check_room_scale`, and more: EVERY key number at least 80 px (scaled from
    1920x1080) of font-size and of line box, none left unmarked, nothing clipped by any
    box of the stage or the side, nothing past the stage's edges. The key numbers' texts."""
    check_room_scale(driver, size)
    seen: dict[str, Any] = driver.execute_script(KEY_NUMBERS)
    least = KEY_SIZE * size[1] / FULL_HD[1] - 0.5
    small = [key for key in seen["keys"] if min(key[0], key[1]) < least]
    assert small == [], small
    assert seen["unmarked"] == [], seen["unmarked"]
    assert seen["cut"] == [], seen["cut"]
    assert seen["outside"] == [], seen["outside"]
    return [key[2] for key in seen["keys"]]
