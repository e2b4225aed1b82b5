"""Quitte ou Double from phones: a tile, bet tokens in zones, and a stake in round 7."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as seen

from pi_app.rules.quitte_ou_double.board import board
from tests.web.browser import phone, tap, wait
from tests.web.conftest import Served, serve
from tests.web.test_server import act, claim, hello, receive

TEAMS = ("Jaune", "Rouge", "Bleu")


@pytest.fixture
def qod(tmp_path: Path) -> Iterator[Served]:
    made = serve(tmp_path, "quitte-ou-double", TEAMS, everywhere=True)  # by the QR's address
    yield made
    made.stop()


def _six_rounds_on_the_box(served: Served) -> None:
    """Rounds 1 to 6 typed on the box; Jaune wins tokens so it can stake in round 7."""
    for _ in range(6):
        for team, value in zip(TEAMS, (10, 20, 30), strict=True):
            served.box(f'answer "{team}" {value}')
        served.box('bet "Jaune" 10..20')
        served.box("truth 15")
        served.box("next")


def test_a_team_answers_bets_and_stakes_from_its_phone(qod: Served) -> None:
    _six_rounds_on_the_box(qod)
    owned = qod.owner.call(lambda table: table.state.owned("Jaune"))
    assert owned > 0

    async def scenario() -> None:
        async with aiohttp.ClientSession(qod.url) as session:
            socket, view = await hello(session, token=await claim(session, qod.secret, "Jaune"))
            assert view["play"]["round"] == 7
            assert (await act(socket, type="answer", typed="12", locale="fr"))["ok"]
            again = await act(socket, type="answer", typed="13", locale="fr")
            assert not again["ok"] and "already" in again["message"]
            qod.box('answer "Rouge" 20')
            qod.box('answer "Bleu" 30')
            qod.box("reveal")  # the host turns the tiles up
            while view["play"]["phase"] != "bets":
                view = (await receive(socket, "state"))["view"]
            assert view["play"]["may_stake"]
            on_tile = await act(socket, type="bet", low="20", high="20")
            assert not on_tile["ok"] and "tile" in on_tile["message"]
            assert (await act(socket, type="bet", low="12", high="20"))["ok"]
            assert (await act(socket, type="stake", low="12", high="20", count=owned))["ok"]
            too_much = await act(socket, type="stake", low="12", high="20", count=1)
            assert not too_much["ok"]

    asyncio.run(scenario())
    tokens = qod.owner.call(lambda table: table.state.current.tokens)
    assert [(t.team, t.stake) for t in tokens] == [("Jaune", owned)]


def _stake_all_from_the_browser(qod: Served, driver: Any, owned: int, truth: int) -> str:
    """Round seven played from Jaune's phone: 12 answered, a token on 12-20 with every
    gain staked under it, the box's other answers and the true answer `truth`. The
    phone's payout line."""
    driver.get(f"{qod.url}/j/{qod.secret}")
    tap(driver, '[data-seat="Jaune"]')
    wait(driver, seen.presence_of_element_located((By.ID, "keypad")))
    for key in ("1", "2"):
        tap(driver, f'[data-key="{key}"]')
    tap(driver, "#send")
    wait(driver, seen.presence_of_element_located((By.ID, "slate")))
    qod.box('answer "Rouge" 20')
    qod.box('answer "Bleu" 30')
    qod.box("reveal")
    tap(driver, '.case[data-low="12"][data-high="20"]')
    tap(driver, "#place-token")
    count = wait(driver, seen.presence_of_element_located((By.ID, "stake-count")))
    count.clear()
    count.send_keys(str(owned))
    tap(driver, "#stake")
    wait(driver, lambda _d: qod.owner.call(lambda table: table.state.current.tokens)[0].stake)
    qod.box(f"truth {truth}")
    return str(wait(driver, seen.presence_of_element_located((By.ID, "payout"))).text)


def test_a_stake_in_round_seven_in_the_browser(qod: Served) -> None:
    _six_rounds_on_the_box(qod)
    owned = qod.owner.call(lambda table: table.state.owned("Jaune"))
    with phone("en") as driver:
        assert "15" in _stake_all_from_the_browser(qod, driver, owned, 15)
    tokens = qod.owner.call(lambda table: table.state.current.tokens)
    assert [(t.team, t.stake) for t in tokens] == [("Jaune", owned)]


def test_a_lost_stake_reads_as_a_loss_on_the_phone(qod: Served) -> None:
    """A seat that loses reads "vous perdez 2", never "vous gagnez -2" (issue 46)."""
    _six_rounds_on_the_box(qod)
    owned = qod.owner.call(lambda table: table.state.owned("Jaune"))
    with phone("fr") as driver:
        payout = _stake_all_from_the_browser(qod, driver, owned, 40)
    lost = -qod.owner.call(lambda table: dict(board(table.state).gains)["Jaune"])
    assert lost > 0
    assert payout.endswith(f" : vous perdez {lost}.") and "40" in payout
