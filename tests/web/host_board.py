"""A screenless box with no bell, hosted from Chromium: the boards' games' browser tests.

The box is a phones-only owner (`loop.TableOwner`, as `tests/web/test_phones_only_owner`
runs one) whose hub says it has no screen; nothing but the host's page moves its game
on. `hosted` opens the host page with the box's key at 360x640, the smallest phone the
page is drawn for; `replayed` exports the journaled game with `tabletop export` and
re-scores it with `tabletop replay`, as anyone checking the evening would.
"""

from __future__ import annotations

import base64
import json
import subprocess
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from selenium import webdriver

from pi_app.box.seats import SeatBook
from pi_app.cli import main
from pi_app.loop import TableOwner
from pi_app.table import Journal, Table
from pi_app.web.host_key import HostKey
from pi_app.web.hub import Hub
from pi_app.web.server import PhoneServer
from tests.web.browser import phone
from tests.web.test_screenless_box import until as until

SMALL = (360, 640)
"""The smallest phone the host's page is drawn for."""


@dataclass
class Hosted:
    """The box, its table, and the host's Chromium on its page."""

    owner: TableOwner
    table: Table
    driver: webdriver.Chrome
    url: str
    journal: Path
    hub: Hub


@contextmanager
def hosted(
    folder: Path,
    game: str,
    seats: list[str],
    options: Mapping[str, Any],
    extras: Mapping[str, Any] | None = None,
    lang: str = "fr",
) -> Iterator[Hosted]:
    """A box with no screen and no bell playing `game`, and the host's page open on it."""
    path = folder / "journal.sqlite3"
    table = Table.new(Journal(path), game, seats, options, extras=dict(extras or {}), seed=1)
    hub = Hub(SeatBook(folder / "phones.json"), HostKey(folder / "host-key"))
    hub.screen = False
    owner = TableOwner(table, hub).start()
    server = PhoneServer(hub, host="127.0.0.1", port=0)
    url = f"http://127.0.0.1:{server.start()}"
    try:
        with phone(lang) as driver:
            driver.set_window_size(*SMALL)
            assert hub.host_key is not None
            driver.get(f"{url}/host#{hub.host_key.current()}")
            yield Hosted(owner, table, driver, url, path, hub)
    finally:
        owner.stop()
        server.stop()
        table.journal.close()


def replayed(journal: Path, game_id: int, folder: Path) -> dict[str, Any]:
    """The journaled game exported (`tabletop export --game`) and re-scored by
    `tabletop replay` in a process of its own: its printed result."""
    record = folder / "record.json"
    command = ["--journal", str(journal), "export", "--game", str(game_id), "-o", str(record)]
    assert main(command) == 0
    done = subprocess.run(
        [sys.executable, "-m", "pi_app", "--lang", "en", "replay", str(record)],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def shot(driver: webdriver.Chrome, folder: Path, name: str, at: str = "#game-part") -> None:
    """Pictures of the page as the host sees it: the screen scrolled to `at` (the
    game's part), and the whole page (`-page`)."""
    folder.mkdir(parents=True, exist_ok=True)
    driver.execute_script(
        "const n = document.querySelector(arguments[0]); if (n) n.scrollIntoView(true);", at
    )
    driver.save_screenshot(str(folder / f"{name}.png"))
    page = driver.execute_cdp_cmd(
        "Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True}
    )
    (folder / f"{name}-page.png").write_bytes(base64.b64decode(page["data"]))
