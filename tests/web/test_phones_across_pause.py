"""A phone of a paused game keeps its seat (seen three times at a table): the host starts
game 2 from the home and plays it, then resumes game 1. Game 1's phones are told their
game is paused, in their language, keep their tokens, and get their seats back the
moment game 1 is at the table again: no rescan, no reload, and the host never frees
a seat. Meanwhile nothing they send is carried out, on either game."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import aiohttp
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as seen

from pi_app.box.acts import NewGame, Play, Resume
from tests.web.browser import phone, tap, wait
from tests.web.conftest import SEATS, Served, serve
from tests.web.test_server import act, claim, receive

DEADLINE = 30.0  # seconds to wait for anything, however busy the machine
PAUSED = {  # what the box says to a phone of a paused game, in its language
    "fr": "Votre partie est en pause sur le boîtier ; vous gardez votre place.",
    "de": "Ihre Partie ist auf der Box pausiert; Sie behalten Ihren Platz.",
    "en": "Your game is paused on the box; you keep your seat.",
}


def start_game_2(served: Served) -> int:
    """The host starts another game from the home: game 1 waits, paused."""
    assert served.owner.act(NewGame("gambit7", SEATS, {})).ok
    return int(served.owner.call(lambda table: table.game_id))


def resume(served: Served, game_id: int) -> None:
    """The host resumes `game_id` from the home."""
    assert served.owner.act(Resume(game_id)).ok


def slates(served: Served) -> tuple[int, dict[str, str]]:
    """The game at the table and the answers written in its round."""
    return served.owner.call(
        lambda table: (table.game_id, {seat: s.typed for seat, s in table.state.answers})
    )


async def said_hello(session: aiohttp.ClientSession, lang: str, **who: Any) -> Any:
    socket = await session.ws_connect("/ws")
    await socket.send_json({"type": "hello", "lang": lang, **who})
    return socket


async def seated(session: aiohttp.ClientSession, secret: str) -> tuple[str, Any]:
    """Ana's phone takes her seat: its token, and its websocket seated there."""
    token = await claim(session, secret, "Ana")
    socket = await said_hello(session, "en", token=token)
    assert (await receive(socket, "state"))["view"]["you"] == "Ana"
    return token, socket


async def turned_away(session: aiohttp.ClientSession, token: str) -> None:
    """A hello with `token` is told "unknown" and closed for good (the page stops)."""
    socket = await said_hello(session, "en", token=token)
    assert (await receive(socket, "unknown"))["type"] == "unknown"
    closing = await socket.receive(timeout=DEADLINE)
    assert closing.type == aiohttp.WSMsgType.CLOSE and closing.data == 4403


def test_a_paused_games_phone_is_told_so_and_is_seated_again_on_resume(served: Served) -> None:
    first = served.owner.call(lambda table: table.game_id)
    secret = served.secret

    async def scenario() -> None:
        async with aiohttp.ClientSession(served.url) as session:
            token, ana = await seated(session, secret)
            assert await asyncio.to_thread(start_game_2, served) != first
            paused = await receive(ana, "paused")
            assert paused["message"] == PAUSED["en"]

            # A reload (a new hello with the token) hears the same, in its language,
            # and stays open; the older connection of the seat gives way to it.
            again = await said_hello(session, "de", token=token)
            told = await receive(again, "paused")
            assert told["message"] == PAUSED["de"]
            refused = await act(again, type="answer", typed="7", locale="fr", lang="de")
            assert not refused["ok"] and refused["message"] == PAUSED["de"]

            await turned_away(session, "no-such-token")  # only a seat of no kept book

            await asyncio.to_thread(resume, served, first)
            view = (await receive(again, "state"))["view"]
            assert view["game_id"] == first and view["you"] == "Ana"
            assert (await act(again, type="answer", typed="7", locale="fr"))["ok"]

    asyncio.run(asyncio.wait_for(scenario(), 4 * DEADLINE))
    assert slates(served) == (first, {"Ana": "7"})


def play_to_the_end(served: Served) -> None:
    """Every move a legal one, through the door, until the game is over."""
    while served.owner.call(lambda table: table.outcome()) is None:
        move = served.owner.call(lambda t: t.game.format_action(t.game.legal_actions(t.state)[0]))
        assert served.owner.act(Play(move)).ok


def test_a_finished_games_phone_holds_no_seat_once_another_game_starts(tmp_path: Path) -> None:
    """A game that left the table over is not paused: it never comes back, so its phones
    are told they hold no seat (and scan the new game's code), as before games paused."""
    served = serve(tmp_path, game="gambo", seats=("Ana", "Ben"))
    secret = served.secret

    async def scenario() -> None:
        async with aiohttp.ClientSession(served.url) as session:
            token, ana = await seated(session, secret)
            await asyncio.to_thread(play_to_the_end, served)
            while not (await receive(ana, "state"))["view"]["finished"]:
                pass
            await asyncio.to_thread(start_game_2, served)
            told = json.loads((await ana.receive(timeout=DEADLINE)).data)
            while told["type"] == "state":  # the end's last states may still come
                told = json.loads((await ana.receive(timeout=DEADLINE)).data)
            assert told["type"] == "unknown", told
            await turned_away(session, token)

    try:
        asyncio.run(asyncio.wait_for(scenario(), 4 * DEADLINE))
    finally:
        served.stop()


def test_the_phone_page_shows_its_game_paused_and_plays_on_when_it_resumes(
    served: Served,
) -> None:
    """The real page (Chromium): seated in game 1, told it is paused while game 2 is at
    the table (its token kept), and seated again with its keypad when game 1 resumes."""
    first = served.owner.call(lambda table: table.game_id)
    with phone("fr") as driver:
        driver.get(f"{served.url}/j/{served.secret}")
        tap(driver, '[data-seat="Ana"]')
        wait(driver, seen.presence_of_element_located((By.ID, "keypad")))
        token = driver.execute_script("return localStorage.getItem('seatToken');")
        assert token

        start_game_2(served)
        words = PAUSED["fr"]
        wait(driver, seen.text_to_be_present_in_element((By.ID, "paused"), words))
        assert driver.execute_script("return localStorage.getItem('seatToken');") == token
        assert not driver.find_elements(By.ID, "keypad")  # nothing to send meanwhile

        resume(served, first)
        wait(driver, seen.presence_of_element_located((By.ID, "keypad")))
        assert "Place : Ana" in driver.find_element(By.ID, "who").text
        assert not driver.find_elements(By.ID, "paused")
        tap(driver, '[data-key="7"]')
        tap(driver, "#send")
        wait(driver, seen.presence_of_element_located((By.ID, "slate")))
    assert slates(served) == (first, {"Ana": "7"})
