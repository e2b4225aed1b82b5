"""A phone's request names the game it was made in (issue 37): carried out on that game
only, whatever the timing. Ben's answer from game 1 that reaches the box in the same
step as the host starts game 2 with the same seats is not carried out on game 2: Ben's
phone hears that game 1 has ended, and follows: game 1 waits, paused, with Ben's seat."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import aiohttp
import pygame
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as seen

from pi_app.display.intents import WAKE_EVENT
from pi_app.display.scene import NewGame
from pi_app.i18n import translate
from pi_app.web.requests import ENDED
from pi_app.web.standing import PAUSED
from tests.web.browser import phone, tap, wait
from tests.web.conftest import Served
from tests.web.test_app_phones import box_with_phones, claimed
from tests.web.test_server import hello, receive

SEATS = ("Ana", "Ben", "Cléo")
DEADLINE = 60.0  # seconds: a busy machine is slow, never this slow


async def _woken() -> None:
    """Wait until the phone's request wakes the box's loop (it waits in the hub)."""
    ends = time.monotonic() + DEADLINE
    while not pygame.event.peek(WAKE_EVENT):
        assert time.monotonic() < ends, "the request never reached the box"
        await asyncio.sleep(0.01)


def test_an_old_games_request_in_the_new_games_step_is_not_carried_out(tmp_path: Path) -> None:
    with box_with_phones(tmp_path) as (app, hub, port):
        app.execute(NewGame("gambit7", SEATS, {}))
        app.step([])
        first = app.table.game_id
        secret = hub.seats.game(first)
        said: dict[str, Any] = {}

        async def scenario() -> None:
            async with aiohttp.ClientSession(f"http://127.0.0.1:{port}") as session:
                socket, view = await hello(
                    session, token=await claimed(app, session, secret, "Ben")
                )
                assert view["game_id"] == first
                pygame.event.clear()
                request = {"type": "answer", "typed": "4242", "locale": "fr", "id": "r1"}
                await socket.send_json({"lang": "en", "game": first, **request})
                await _woken()
                # the same step: the host's new game with the same seats, then the
                # phones' requests served, as the display loop does
                app.execute(NewGame("gambit7", SEATS, {}))
                app.step([])
                said["reply"] = await receive(socket, "reply")
                assert not said["reply"]["ok"], "game 1's answer was carried out in game 2"
                said["after"] = json.loads((await socket.receive(timeout=DEADLINE)).data)

        asyncio.run(asyncio.wait_for(scenario(), 2 * DEADLINE))
        second = app.table.game_id
        assert second != first
        app.journal.flush()
        assert [e.action for e in app.journal.events(second)] == []  # no "answer Ben 4242"
        assert [e.action for e in app.journal.events(first)] == []
        reply = said["reply"]
        assert (
            not reply["ok"] and reply["ended"] and reply["message"] == translate(ENDED, "web", "en")
        )
        # game 1 is paused, not left: Ben keeps his seat there, and hears so
        assert said["after"] == {"type": "paused", "message": translate(PAUSED, "web", "en")}


def test_a_request_naming_another_game_is_refused_and_the_phone_follows(
    tmp_path: Path,
) -> None:
    """A phone whose page still shows an earlier game (its `game`) acts in none."""
    with box_with_phones(tmp_path) as (app, hub, port):
        app.execute(NewGame("gambit7", SEATS, {}))
        app.step([])
        game = app.table.game_id
        secret = hub.seats.game(game)
        said: dict[str, Any] = {}

        async def scenario() -> None:
            async with aiohttp.ClientSession(f"http://127.0.0.1:{port}") as session:
                token = await claimed(app, session, secret, "Ana")
                socket, _view = await hello(session, token=token)
                request = {"type": "answer", "typed": "7", "locale": "fr", "id": "r1"}
                await socket.send_json({"lang": "fr", "game": game - 1, **request})
                said["reply"] = await receive(socket, "reply")
                assert not said["reply"]["ok"], "an answer naming another game was carried out"
                said["view"] = (await receive(socket, "state"))["view"]

        asyncio.run(asyncio.wait_for(scenario(), 2 * DEADLINE))
        app.journal.flush()
        assert app.journal.events(game) == []
        assert said["reply"]["ended"] and "partie est terminée" in said["reply"]["message"]
        assert said["view"]["game_id"] == game and said["view"]["you"] == "Ana"


def test_the_phone_page_names_its_game_in_each_request(served: Served) -> None:
    """The real page (Chromium): the answer it sends names the game it shows, and the
    box carries it out in that game."""
    game = served.owner.call(lambda table: table.game_id)
    with phone("en") as driver:
        driver.get(f"{served.url}/j/{served.secret}")
        tap(driver, '[data-seat="Ana"]')
        wait(driver, seen.presence_of_element_located((By.ID, "keypad")))
        driver.execute_script(  # keep a copy of what the page sends on its websocket
            "window.sentToBox = []; const send = WebSocket.prototype.send;"
            "WebSocket.prototype.send = function (data) {"
            " window.sentToBox.push(JSON.parse(data)); return send.call(this, data); };"
        )
        tap(driver, '[data-key="7"]')
        tap(driver, "#send")
        wait(driver, seen.presence_of_element_located((By.ID, "slate")))
        sent = driver.execute_script("return window.sentToBox;")
    (answer,) = [message for message in sent if message["type"] == "answer"]
    assert answer["game"] == game
    slates = served.owner.call(lambda table: {seat: s.typed for seat, s in table.state.answers})
    assert slates == {"Ana": "7"}
