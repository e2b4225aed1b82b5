"""Chromium as the host, on a 360x640 phone: a game started with typed names, paused,
resumed, another abandoned once confirmed, the box's language switched and a pack
uploaded, each seen in the box's own session (the page's words are not trusted alone).

With `HOST_SHOTS=<folder>` the panels are also saved as pictures there, to look at.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from pi_app.box.session import Session
from pi_app.display.home.host_offer import HomeOffer
from pi_app.web import host_health, host_home
from tests.test_doctor import Pi
from tests.web.browser import PATIENCE, need_chromium, phone, tap, wait
from tests.web.conftest import Served, serve
from tests.web.test_host_settings import GOOD

SMALL = (360, 640)
T = TypeVar("T")


@pytest.fixture
def served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Served]:
    need_chromium()
    host_home.offer_games(HomeOffer())
    monkeypatch.setattr(host_health, "machine", Pi)  # the doctor looks at a healthy Pi
    made = serve(tmp_path, game="tiny-race", seats=("Ana", "Ben"))
    yield made
    made.stop()


def on_box(served: Served, look: Callable[[Session], T]) -> T:
    """What the box's session says, read on its owner's thread."""
    return served.owner.call(lambda _table: look(served.owner.session))


def until(served: Served, look: Callable[[Session], bool]) -> None:
    """Wait until the box's session shows what the host did."""
    wait(None, lambda _driver: on_box(served, look), PATIENCE)  # type: ignore[arg-type]


def shot(driver: Any, name: str, part: str) -> None:
    folder = os.environ.get("HOST_SHOTS")
    if not folder:
        return
    driver.execute_script(f"document.getElementById('{part}').scrollIntoView()")
    Path(folder).mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(Path(folder) / f"{name}.png"))


def typed(driver: Any, selector: str, text: str) -> None:
    field = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, selector))
    field.clear()
    field.send_keys(text)


def test_the_host_runs_the_evening_from_a_small_phone(served: Served, tmp_path: Path) -> None:
    first = on_box(served, lambda s: s.table.game_id if s.table else None)
    pack = tmp_path / "quiz.csv"
    pack.write_text(GOOD, encoding="utf-8")
    with phone("en") as driver:
        driver.set_window_size(*SMALL)
        driver.get(f"{served.url}/host#{served.host_key.current()}")
        tap(driver, "#home-game-tiny-race")
        shot(driver, "host-home", "panel-home")
        while len(driver.find_elements(By.CSS_SELECTOR, ".seat input")) > 2:  # the home offers 4
            count = len(driver.find_elements(By.CSS_SELECTOR, ".seat input"))
            tap(driver, "#home-remove")
            wait(
                driver, lambda d, n=count: len(d.find_elements(By.CSS_SELECTOR, ".seat input")) < n
            )
        typed(driver, "#home-seat-0", "Zoé")
        typed(driver, "#home-seat-1", "Yann")
        Select(driver.find_element(By.ID, "home-option-target")).select_by_visible_text("20")
        shot(driver, "host-home-new-game", "home-new")
        tap(driver, "#home-start")
        import time

        time.sleep(3)
        print("STATUS", on_box(served, lambda s: (s.table.seats, s.table.game_id, first)))
        until(served, lambda s: s.table is not None and s.table.seats == ("Zoé", "Yann"))
        second = on_box(served, lambda s: s.table.game_id if s.table else None)
        assert second != first and on_box(served, lambda s: s.table.state.target) == 20  # type: ignore[union-attr]

        tap(driver, "#home-pause")
        until(served, lambda s: s.table is None)
        tap(driver, f"#home-resume-{second}")
        until(served, lambda s: s.table is not None and s.table.game_id == second)

        tap(driver, f"#home-abandon-{first}")
        shot(driver, "host-home-abandon", "home-unfinished")
        tap(driver, f"#home-abandon-yes-{first}")
        until(served, lambda s: [t.game_id for t in s.unfinished.tables()] == [second])

        tap(driver, "#settings-lang-de")
        until(served, lambda s: s.settings.get("language") == "de")

        wait(driver, lambda d: choose_file(d, pack))  # the page redraws in German meanwhile
        tap(driver, "#settings-send")
        said = wait(driver, lambda d: d.find_element(By.ID, "settings-upload-said").text)
        assert said == "2 questions kept in the pack “quiz”. 1 line refused."
        until(served, lambda s: s.packs.names == ("quiz",))
        shot(driver, "host-settings", "panel-settings")

        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#health-journal.ok"))
        shot(driver, "host-health", "panel-health")
        driver.set_window_size(800, 1280)  # a tablet
        shot(driver, "host-tablet-home", "panel-home")
        shot(driver, "host-tablet-settings", "panel-settings")


def choose_file(driver: Any, pack: Path) -> bool:
    """The pack chosen in the file input as it is now (one the page just redrew away is
    found again: `wait` takes a stale element as "not yet")."""
    driver.find_element(By.ID, "settings-file").send_keys(str(pack))
    return True
