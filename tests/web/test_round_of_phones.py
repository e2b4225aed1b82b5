"""A whole Gambit 7 round with five phones at once and one seat typed on the box;
and any phone following the scores of the games played on the box alone."""

from __future__ import annotations

import asyncio
from contextlib import ExitStack
from pathlib import Path

import aiohttp
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as seen

from tests.web.browser import phone, tap, wait
from tests.web.conftest import serve
from tests.web.test_server import hello, receive

SEATS = ("Ana", "Ben", "Cléo", "Dan", "Eli", "Fay")
ANSWERS = {"Ana": "1h30", "Ben": "100", "Cléo": "95", "Dan": "2h", "Eli": "80"}
BETS = {"Ana": "95", "Ben": "95", "Cléo": "100", "Dan": "less", "Eli": "80"}


def test_five_phones_and_the_box_play_a_round(tmp_path: Path) -> None:
    served = serve(tmp_path, "gambit7", SEATS, everywhere=True)  # by the QR code's address
    try:
        with ExitStack() as stack:
            phones = {seat: stack.enter_context(phone("fr")) for seat in ANSWERS}
            for seat, driver in phones.items():
                driver.get(f"{served.url}/j/{served.secret}")
                button = f'[data-seat="{seat}"]'
                tap(driver, button)
                wait(driver, seen.presence_of_element_located((By.ID, "keypad")))
            for seat, driver in phones.items():
                for key in ANSWERS[seat]:
                    tap(driver, f'[data-key="{key}"]')
                tap(driver, "#send")
            for driver in phones.values():
                wait(driver, seen.presence_of_element_located((By.ID, "slate")))
            served.box('answer "Fay" "110" fr')  # the seat without a phone
            served.box("reveal")  # the host turns the slates up
            for seat, driver in phones.items():
                case = f'.case[data-target="{BETS[seat]}"]'
                tap(driver, case)
                tap(driver, "#place-bet")
            for driver in phones.values():
                wait(driver, seen.text_to_be_present_in_element((By.ID, "status"), "tapis"))
            served.box("close-bets")
            served.box('truth "1h36" fr')  # 96: the 95 case wins
            for driver in phones.values():
                wait(driver, seen.presence_of_element_located((By.ID, "payout")))
            scores = served.owner.call(
                lambda table: dict(zip(table.state.seats, table.state.scores, strict=True))
            )
            shown = phones["Ana"].find_element(By.ID, "payout").text
            assert f"→ {scores['Ana']}" in shown
            assert scores["Ana"] > 0 and scores["Ben"] > 0 and scores["Dan"] == 0
    finally:
        served.stop()


@pytest.mark.parametrize(
    ("game", "seats", "moves"),
    [
        (
            "cambio",
            ("Ana", "Ben", "Cléo", "Dan"),
            ["deal", "open", 'ring "Ben"', "show Yen 9"],
        ),
        ("gambo", ("Ana", "Ben"), []),
    ],
)
def test_games_played_on_the_box_show_their_scores_on_phones(
    tmp_path: Path, game: str, seats: tuple[str, ...], moves: list[str]
) -> None:
    served = serve(tmp_path, game, seats)
    try:

        async def watch() -> dict[str, object]:
            async with aiohttp.ClientSession(served.url) as session:
                socket, view = await hello(session, secret=served.secret)
                assert view["game"] == game and len(view["scores"]) == len(seats)
                for move in moves:
                    served.box(move)
                while moves and not view["rounds"]:
                    view = (await receive(socket, "state"))["view"]
                return view

        view = asyncio.run(watch())
        if moves:
            assert view["rounds"] and sum(view["scores"].values()) != 0
    finally:
        served.stop()
