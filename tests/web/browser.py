"""Chromium from the distribution, driven by Selenium with the distribution's driver.

Phone-sized windows, headless, a fresh profile each, and none of Chromium's own
network traffic (this machine has no network beyond localhost). A missing Chromium
fails the test in CI, where `.ci/run` installs it, and skips it elsewhere.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import pytest
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as seen
from selenium.webdriver.support.ui import WebDriverWait

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
PHONE = (390, 844)  # CSS pixels of a common phone
PATIENCE = 30.0  # seconds: generous, so a busy machine is only slower, never failed
T = TypeVar("T")


def need_chromium() -> None:
    if os.path.exists(CHROMIUM) and os.path.exists(DRIVER):
        return
    if os.environ.get("CI"):
        pytest.fail("Chromium is missing: apt-get install -y chromium chromium-driver")
    pytest.skip("Chromium is not installed (apt-get install -y chromium chromium-driver)")


@contextmanager
def phone(lang: str = "fr", size: tuple[int, int] = PHONE) -> Iterator[webdriver.Chrome]:
    """A headless Chromium the size of a phone (or `size`: a TV's), speaking `lang`."""
    need_chromium()
    profile = tempfile.mkdtemp(prefix="phone-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-quic",
        "--no-proxy-server",  # pages of this machine's own addresses, asked directly
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--user-data-dir={profile}",
        f"--window-size={size[0]},{size[1]}",
        f"--lang={lang}",
    ):
        options.add_argument(flag)
    options.add_experimental_option("prefs", {"intl.accept_languages": lang})
    driver = webdriver.Chrome(options=options, service=Service(DRIVER))
    driver.set_window_size(*size)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def _between_pages(message: str) -> bool:
    """Whether a WebDriver error only says the page was between two documents: join.js
    moves the phone on to /play, and a find that lands in that moment is aborted
    ("aborted by navigation"), or finds the old document's frame or window gone."""
    return any(word in message for word in ("navigat", "target frame detached", "no such window"))


def wait(driver: webdriver.Chrome, condition: Callable[[Any], T], seconds: float = PATIENCE) -> T:
    """Wait until `condition` holds, a page changing under it counting as "not yet"."""

    def holds(_driver: object) -> T | bool:
        try:
            return condition(driver)
        except StaleElementReferenceException:
            return False
        except WebDriverException as error:
            if _between_pages(str(error.msg or "")):
                return False
            raise

    return WebDriverWait(driver, seconds).until(holds)  # type: ignore[return-value]


REACH = """
const node = arguments[0];
const bar = document.getElementById('bar');
const floor = bar ? bar.getBoundingClientRect().top : innerHeight;
const box = node.getBoundingClientRect();
if (!node.closest('#bar') && (box.top < 0 || box.bottom > floor)) {
  node.scrollIntoView({block: 'center'});
}
"""
"""Scroll to an element as a thumb would, when it is out of sight or under the bar at
the page's foot (WebDriver's own scroll may leave it under that bar)."""


def tap(driver: webdriver.Chrome, selector: str, seconds: float = PATIENCE) -> None:
    """Click what `selector` names once it can be clicked, scrolled into sight first if
    it is not. The page redraws itself on every state from the box, so an element
    found a moment ago may be gone: find it again and retry until the time is up."""

    def clicked(_driver: object) -> bool:
        found = seen.element_to_be_clickable((By.CSS_SELECTOR, selector))(driver)
        if not found:
            return False
        driver.execute_script(REACH, found)
        found.click()
        return True

    wait(driver, clicked, seconds)
