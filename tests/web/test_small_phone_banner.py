"""A small phone (360x640) of a box playing without its screen (issue 46): with the
banner that says so at the top, the keypad's last row is wholly in view above the Send
bar, without scrolling, in every language (the banner's length is the language's)."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as seen

from tests.web.browser import tap, wait
from tests.web.conftest import Served
from tests.web.test_phone_page import SMALL, small_phone

LAST_ROW = """
const keys = [...document.querySelectorAll('#keypad button')];
const bar = document.getElementById('bar').getBoundingClientRect();
const last = keys.slice(-4).map((key) => key.getBoundingClientRect());
return {
  top: Math.min(...last.map((box) => box.top)),
  bottom: Math.max(...last.map((box) => box.bottom)),
  rows: new Set(keys.map((key) => Math.round(key.getBoundingClientRect().top))).size,
  lastRowSameLine: new Set(last.map((box) => Math.round(box.top))).size === 1,
  bar: bar.top,
  send: document.getElementById('send').getBoundingClientRect().top >= bar.top,
  scrolled: window.scrollY,
};
"""


@pytest.mark.parametrize("lang", ["fr", "de", "en"])
def test_the_keypads_last_row_is_above_the_send_bar_with_the_banner(
    served: Served, lang: str
) -> None:
    served.hub.screen = False  # the box runs with no screen: every phone shows the banner
    with small_phone(lang) as driver:
        driver.get(f"{served.url}/j/{served.secret}")
        tap(driver, '[data-seat="Ana"]')
        wait(driver, seen.presence_of_element_located((By.ID, "keypad")))
        wait(driver, seen.presence_of_element_located((By.ID, "no-screen")))
        assert driver.execute_script("return [innerWidth, innerHeight]") == list(SMALL)
        found = driver.execute_script(LAST_ROW)
        assert found["scrolled"] == 0 and found["rows"] == 4 and found["lastRowSameLine"]
        assert found["send"], found  # the Send button is in the bar
        assert found["top"] >= 0 and found["bottom"] <= found["bar"], found
