"""The box's bare address (issue 46): a welcome in the phone's language instead of a
bare "404: Not Found", listing the game open to join now with its link, and nothing a
phone could not see on the box (no seat's token). Seen by a real server, and by
Chromium following the welcome's link to a seat."""

from __future__ import annotations

import asyncio

import aiohttp
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as seen

from pi_app.box.seats import SeatBook
from pi_app.web.hub import Hub
from pi_app.web.server import PhoneServer
from pi_app.web.welcome import ENTRIES
from tests.web.browser import phone, tap, wait
from tests.web.conftest import Served
from tests.web.test_server import claim

WORDS = {  # the heading of the joining entry, and the game's line, in each language
    "fr": ("Rejoindre la partie", "Gambit 7 : 4 places libres sur 5"),
    "de": ("Der Partie beitreten", "Gambit 7: 4 von 5 Plätzen frei"),
    "en": ("Join the game", "Gambit 7: 4 of 5 seats free"),
}


async def page(served: Served, language: str, query: str = "") -> tuple[int, str, str]:
    async with aiohttp.ClientSession(served.url) as session:
        headers = {"Accept-Language": language}
        async with session.get(f"/{query}", headers=headers) as response:
            return response.status, response.content_type, await response.text()


def test_the_bare_address_welcomes_in_the_phones_language(served: Served) -> None:
    async def scenario() -> str:
        async with aiohttp.ClientSession(served.url) as session:
            return await claim(session, served.secret, "Ana")

    token = asyncio.run(scenario())
    for language, lang in (("de-DE,de;q=0.9", "de"), ("en-GB", "en"), ("", "fr"), ("es", "fr")):
        status, kind, text = asyncio.run(page(served, language))
        assert (status, kind) == (200, "text/html"), text
        assert f'<html lang="{lang}">' in text
        heading, line = WORDS[lang]
        assert heading in text and line in text, text
        assert f'href="/j/{served.secret}"' in text
        assert token not in text  # a seat's token is never shown
    status, _kind, text = asyncio.run(page(served, "fr", "?lang=en"))
    assert status == 200 and WORDS["en"][0] in text


def test_the_welcome_says_when_no_game_is_open() -> None:
    """A box with no game at the table (before the host starts one): nothing to join."""
    server = PhoneServer(Hub(SeatBook(None)), host="127.0.0.1", port=0)
    port = server.start()
    try:

        async def fetch() -> tuple[int, str]:
            url = f"http://127.0.0.1:{port}/"
            async with (
                aiohttp.ClientSession() as session,
                session.get(url, headers={"Accept-Language": "en"}) as response,
            ):
                return response.status, await response.text()

        status, text = asyncio.run(fetch())
    finally:
        server.stop()
    assert status == 200
    assert "No game is open to join now" in text and "/j/" not in text


def test_the_welcome_lists_its_declared_entries_and_no_missing_page(served: Served) -> None:
    """Each declared entry is a section of the page; every link leads to a page that
    exists (the big screen and the host's page are not offered before they exist)."""
    _status, _kind, text = asyncio.run(page(served, "en"))
    for entry in ENTRIES:
        assert f'<section id="{entry.key}">' in text

    async def statuses() -> list[int]:
        async with aiohttp.ClientSession(served.url) as session:
            found = []
            for href in [part.split('"')[0] for part in text.split('href="')[1:]]:
                async with session.get(href) as response:
                    found.append(response.status)
            return found

    assert all(status == 200 for status in asyncio.run(statuses()))


def test_a_phone_joins_from_the_welcome(served: Served) -> None:
    with phone("de") as driver:
        driver.get(f"{served.url}/")
        assert "Der Partie beitreten" in driver.find_element(By.ID, "join").text
        tap(driver, "#join a.button")
        tap(driver, '[data-seat="Ben"]')
        wait(driver, seen.presence_of_element_located((By.ID, "keypad")))
        assert "Ben" in driver.find_element(By.ID, "who").text
