"""A player corrects their own slate (tile) from the phone until the answers are turned
up, and counts their chips on the mat (issue 46).

The rules let an answer be written again until the reveal (Gambit 7's and Quitte ou
Double's state machines); a phone asks for it outright (`"change": true`, the page's
"Change my answer"), so a repeated send is still refused as before. After the reveal a
change is refused in plain words and nothing changes.
"""

from __future__ import annotations

from pathlib import Path

import aiohttp
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as seen

from tests.web.browser import phone, tap, wait
from tests.web.conftest import SEATS, Served, serve
from tests.web.test_server import act, claim, hello, run

TOO_LATE = "The answers are turned up: your answer can no longer be changed."


def slates(served: Served) -> dict[str, str]:
    return served.owner.call(lambda table: {seat: s.typed for seat, s in table.state.answers})


def test_a_gambit7_slate_changes_until_the_reveal(served: Served) -> None:
    async def scenario(session: aiohttp.ClientSession) -> None:
        ana, _view = await hello(session, token=await claim(session, served.secret, "Ana"))
        assert (await act(ana, type="answer", typed="10", locale="fr"))["ok"]
        again = await act(ana, type="answer", typed="11", locale="fr")  # a repeated send
        assert not again["ok"] and "already" in again["message"]
        assert (await act(ana, type="answer", typed="20", locale="fr", change=True))["ok"]
        for number, seat in enumerate(SEATS[1:], start=1):
            served.box(f'answer "{seat}" {number}')
        assert (await act(ana, type="answer", typed="25", locale="fr", change=True))["ok"]
        served.box("reveal")
        late = await act(ana, type="answer", typed="30", locale="fr", change=True)
        assert not late["ok"] and late["message"] == TOO_LATE

    run(served, scenario)
    assert slates(served)["Ana"] == "25"


def test_a_quitte_ou_double_tile_changes_until_the_reveal(tmp_path: Path) -> None:
    teams = ("Jaune", "Rouge", "Bleu")
    served = serve(tmp_path, "quitte-ou-double", teams)
    try:

        async def scenario(session: aiohttp.ClientSession) -> None:
            token = await claim(session, served.secret, "Jaune")
            jaune, _view = await hello(session, token=token)
            assert (await act(jaune, type="answer", typed="12", locale="fr"))["ok"]
            changed = await act(jaune, type="answer", typed="14", locale="fr", change=True)
            assert changed["ok"]
            served.box('answer "Rouge" 20')
            served.box('answer "Bleu" 30')
            served.box("reveal")
            late = await act(jaune, type="answer", typed="15", locale="fr", change=True)
            assert not late["ok"] and late["message"] == TOO_LATE

        run(served, scenario)
        tiles = served.owner.call(lambda table: dict(table.state.current.answer_map))
        assert str(tiles["Jaune"]) == "14"
    finally:
        served.stop()


def test_the_page_changes_the_slate_and_counts_the_chips_on_the_mat(served: Served) -> None:
    """The real page (Chromium): "Change my answer" brings the keypad back with the
    slate as sent; the new answer replaces it. Once the answers are up, each case shows
    the player's chips on it, and the mat the total placed."""
    with phone("en") as driver:
        driver.get(f"{served.url}/j/{served.secret}")
        tap(driver, '[data-seat="Ana"]')
        tap(driver, '[data-key="9"]')
        tap(driver, "#send")
        wait(driver, seen.text_to_be_present_in_element((By.ID, "slate"), "9"))
        tap(driver, "#change-answer")
        wait(driver, seen.presence_of_element_located((By.ID, "keypad")))
        assert "9" in driver.find_element(By.ID, "slate").text  # the slate as it stands
        tap(driver, '[data-key="4"]')
        tap(driver, '[data-key="2"]')
        tap(driver, "#send")
        wait(driver, seen.text_to_be_present_in_element((By.ID, "slate"), "42"))
        assert slates(served) == {"Ana": "42"}

        for number, seat in enumerate(SEATS[1:], start=1):
            served.box(f'answer "{seat}" {number}')
        served.box("reveal")
        wait(driver, seen.presence_of_element_located((By.ID, "chip-total")))
        assert driver.find_element(By.ID, "chip-total").text == "Your chips on the mat: 0 of 2"
        tap(driver, '.case[data-target="42"]')
        tap(driver, '.case[data-target="42"]')
        own = '.case[data-target="42"] .own'
        wait(driver, seen.text_to_be_present_in_element((By.CSS_SELECTOR, own), "your chips: 2"))
        assert driver.find_element(By.ID, "chip-total").text == "Your chips on the mat: 2 of 2"
        tap(driver, "#place-bet")
        wait(driver, seen.text_to_be_present_in_element((By.ID, "status"), "mat"))
        assert driver.find_element(By.CSS_SELECTOR, own).get_attribute("data-chips") == "2"
