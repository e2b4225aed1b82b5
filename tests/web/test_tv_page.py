"""The big screen's page (issue 49): its language chosen by `?lang=`, the sand timer
as the ring shows it, the no-screen banner, a page that reconnects by itself, and the
same layout with nothing scrolled at 3840x2160."""

from __future__ import annotations

import asyncio
from pathlib import Path

from selenium.webdriver.common.by import By

from pi_app.i18n import translate
from pi_app.web.texts import TEXTS
from tests.web.browser import need_chromium, wait
from tests.web.conftest import Served, serve
from tests.web.tv_room import (
    FULL_HD,
    HD,
    UHD,
    check_room_scale,
    drawn,
    published_version,
    shot,
    tv,
    until,
)


def test_the_page_in_german_with_the_timer_and_the_no_screen_banner(served: Served) -> None:
    need_chromium()
    with tv(served.url, FULL_HD, lang="de") as driver:
        drawn(driver, published_version(served))
        assert "Zum Mitspielen scannen" in driver.find_element(By.ID, "lobby").text
        assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "de"
        show = served.owner.box.show
        served.owner.call(
            lambda _table: (show.start_timer("answers", 60.0), served.owner.box.publish())
        )
        wait(driver, lambda d: d.find_element(By.ID, "timer").is_displayed())
        lit = len(driver.find_elements(By.CSS_SELECTOR, "#ring circle.lit"))
        left = int(driver.find_element(By.ID, "timer-left").text)
        assert 50 <= left <= 60 and 20 <= lit <= 24  # the sand left, as the ring lights it
        served.hub.screen = False
        served.box('answer "Ana" 12')
        wait(driver, lambda d: d.find_element(By.ID, "banner").is_displayed())
        said = translate(TEXTS["no_screen"], "web", "de")  # the phones' own words
        assert driver.find_element(By.ID, "banner").text == said
        check_room_scale(driver, FULL_HD)
        shot(driver, "tv-timer-banner-1920")


def test_the_page_reconnects_by_itself(served: Served) -> None:
    need_chromium()
    with tv(served.url, FULL_HD) as driver:
        drawn(driver, published_version(served))
        loop = served.server._loop
        assert loop is not None
        asyncio.run_coroutine_threadsafe(served.server.tv.close_all(), loop).result(30)
        until(lambda: len(served.server.tv.screens) == 1)  # the page came back
        served.box('answer "Ana" 12')
        drawn(driver, published_version(served))
        assert driver.find_elements(By.CSS_SELECTOR, "#answered .done")


def test_nothing_is_scrolled_at_3840x2160(served: Served) -> None:
    need_chromium()
    with tv(served.url, UHD) as driver:
        drawn(driver, published_version(served))
        check_room_scale(driver, UHD)
        served.box('answer "Ana" 12')
        drawn(driver, published_version(served))
        check_room_scale(driver, UHD)
        shot(driver, "tv-answers-3840")


def test_seven_seats_named_alike_fit_and_are_told_apart(tmp_path: Path) -> None:
    """Seven seats, two of one initial: every score and the join code on the screen,
    nothing scrolled; the discs say "ANA" and "ANN" where one letter would not do."""
    need_chromium()
    seats = ("Ana", "Anna", "Ben", "Cléo", "Dan", "Eli", "Fanny")
    served = serve(tmp_path, "gambit7", seats)
    try:
        for size in (FULL_HD, HD):
            with tv(served.url, size) as driver:
                drawn(driver, published_version(served))
                check_room_scale(driver, size)
                served.box('answer "Ana" 12')
                drawn(driver, published_version(served))
                check_room_scale(driver, size)
                marks = driver.find_elements(By.CSS_SELECTOR, "#scores .disc")
                assert [m.text.split()[-1] for m in marks][:3] == ["ANA", "ANN", "B"]
                shapes = [m.get_attribute("data-shape") for m in marks]
                assert len(set(shapes)) == len(shapes)  # each seat its own shape too
                lines = driver.find_elements(By.CSS_SELECTOR, "#scores .line")
                assert len(lines) == 7 and all(line.is_displayed() for line in lines)
                bottom = driver.execute_script(
                    "return document.getElementById('small-qr').getBoundingClientRect().bottom"
                )
                assert bottom <= size[1]
                shot(driver, f"tv-seven-seats-{size[0]}")
        with tv(served.url, FULL_HD) as driver:  # a scored round of seven: nothing cut
            for number, seat in enumerate(seats[1:], start=1):
                served.box(f'answer "{seat}" {1_000_000 + 137_531 * number}')
            served.box("reveal")
            served.box("close-bets")
            served.box("truth 1400000")
            drawn(driver, published_version(served))
            check_room_scale(driver, FULL_HD)
            assert len(driver.find_elements(By.CSS_SELECTOR, "#payouts .payout")) == 7
            assert "1 400 000" in driver.find_element(By.ID, "truth").text.replace("\u202f", " ")
            shot(driver, "tv-seven-seats-scored-1920")
    finally:
        served.stop()
