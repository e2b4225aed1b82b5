"""The phones follow their players into the next game (issue 46): "play again" on the
box's final screen starts a new game with the same players, and every phone seated in
the game that ended is seated in the new one, with its token, without scanning again:
its open page is sent the new game, a reload finds it there, and it plays on."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as seen

from pi_app.box.acts import NewGame
from tests.web.browser import phone, tap, wait
from tests.web.conftest import Served, serve
from tests.web.test_phones_across_pause import said_hello
from tests.web.test_server import act, claim

PLAYERS = ("Ana", "Ben", "Cy")
DEADLINE = 30.0  # seconds to wait for anything, however busy the machine


@pytest.fixture
def three(tmp_path: Path) -> Iterator[Served]:
    made = serve(tmp_path, seats=PLAYERS)
    yield made
    made.stop()


def play_seven_rounds(served: Served) -> None:
    """The whole game typed on the box's own keypad: it ends on its final screen."""
    for number in range(1, 8):
        for value, seat in enumerate(PLAYERS, start=1):
            served.box(f'answer "{seat}" {value}')
        served.box("reveal")
        served.box("close-bets")
        served.box("truth 2")
        if number < 7:
            served.box("next")
    assert served.owner.call(lambda table: table.outcome()) is not None


def play_again(served: Served) -> int:
    """The host's "play again": a new game of the same players."""
    assert served.owner.act(NewGame("gambit7", PLAYERS, {})).ok
    return int(served.owner.call(lambda table: table.game_id))


async def next_state(socket: Any) -> dict[str, Any]:
    """The next message, which must be a state (never "unknown": the seat is kept)."""
    message = json.loads((await socket.receive(timeout=DEADLINE)).data)
    assert message["type"] == "state", message
    return dict(message["view"] or {})


def test_play_again_keeps_the_phones_seated_without_scanning(three: Served) -> None:
    first = three.owner.call(lambda table: table.game_id)

    async def scenario() -> None:
        async with aiohttp.ClientSession(three.url) as session:
            token = await claim(session, three.secret, "Ana")
            ana = await said_hello(session, "en", token=token)
            assert (await next_state(ana))["you"] == "Ana"
            await asyncio.to_thread(play_seven_rounds, three)
            while not (await next_state(ana)).get("finished"):
                pass
            again = await asyncio.to_thread(play_again, three)
            assert again != first
            view = await next_state(ana)
            while view["game_id"] != again:  # the end's last states may still come
                view = await next_state(ana)
            assert view["you"] == "Ana" and not view["finished"]
            assert (await act(ana, type="answer", typed="12", locale="fr"))["ok"]

            reloaded = await said_hello(session, "de", token=token)
            view = await next_state(reloaded)
            assert (view["game_id"], view["you"]) == (again, "Ana")

    asyncio.run(asyncio.wait_for(scenario(), 6 * DEADLINE))
    answers = three.owner.call(lambda table: {seat: s.typed for seat, s in table.state.answers})
    assert answers == {"Ana": "12"}


def test_the_page_follows_its_player_into_the_next_game(three: Served) -> None:
    """The real page (Chromium): at the end it says the phone keeps its seat if the same
    players play again, and when they do it shows the new game's keypad by itself."""
    with phone("fr") as driver:
        driver.get(f"{three.url}/j/{three.secret}")
        tap(driver, '[data-seat="Ben"]')
        wait(driver, seen.presence_of_element_located((By.ID, "keypad")))
        token = driver.execute_script("return localStorage.getItem('seatToken');")
        play_seven_rounds(three)
        wait(driver, seen.presence_of_element_located((By.ID, "game-over")))
        note = driver.find_element(By.ID, "next-game").text
        assert "même" in note and "place" in note, note

        again = play_again(three)
        wait(driver, seen.presence_of_element_located((By.ID, "keypad")))
        assert not driver.find_elements(By.ID, "game-over")
        assert "Place : Ben" in driver.find_element(By.ID, "who").text
        assert driver.execute_script("return localStorage.getItem('seatToken');") == token
        tap(driver, '[data-key="4"]')
        tap(driver, "#send")
        wait(driver, seen.presence_of_element_located((By.ID, "slate")))
    assert three.owner.call(lambda table: (table.game_id, set(dict(table.state.answers)))) == (
        again,
        {"Ben"},
    )
