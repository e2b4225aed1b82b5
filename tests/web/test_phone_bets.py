"""A Gambit 7 phone's bet, round after round, in a real browser: each round's betting
starts afresh, in chips mode with no bet (the token mode of the round before never
carries over: bug 5 of issue 36) or with the round's own bet after a reload, and the
phone says what the box recorded, an empty bet included."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as seen

from pi_app.web.texts import page_texts
from tests.web.browser import phone, tap, wait
from tests.web.conftest import Served, serve

SEATS = ("Ana", "Ben", "Cléo")


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    made = serve(tmp_path, "gambit7", SEATS)
    yield made
    made.stop()


def _seated(driver: webdriver.Chrome, served: Served) -> None:
    driver.get(f"{served.url}/j/{served.secret}")
    tap(driver, '[data-seat="Ana"]')
    wait(driver, seen.presence_of_element_located((By.ID, "keypad")))


def _bets_open(served: Served, answers: tuple[str, str, str]) -> None:
    """Every seat answers on the box, and the host turns the slates up."""
    for seat, value in zip(SEATS, answers, strict=True):
        served.box(f'answer "{seat}" "{value}" fr')
    served.box("reveal")


def _recorded(served: Served, round_number: int) -> Any:
    """Ana's bet as the box's table holds it in `round_number`, or None before it is."""

    def bet(table: Any) -> Any:
        state = table.state
        return dict(state.bets).get("Ana") if state.round == round_number else None

    return served.owner.call(bet)


def _said(driver: webdriver.Chrome, text: str) -> None:
    wait(driver, seen.text_to_be_present_in_element((By.ID, "status"), text))


def test_the_token_mode_of_a_round_never_carries_over_to_the_next(served: Served) -> None:
    placed = page_texts("fr")["bet_placed"]
    with phone("fr") as driver:
        _seated(driver, served)
        _bets_open(served, ("10", "20", "30"))
        tap(driver, "#mode-token")  # round 1: the Gambit 7 token on 20
        wait(driver, seen.presence_of_element_located((By.CSS_SELECTOR, "#mode-token.on")))
        tap(driver, '.case[data-target="20"]')
        tap(driver, "#place-bet")
        _said(driver, placed)
        wait(driver, lambda _d: _recorded(served, 1) is not None)
        first = _recorded(served, 1)
        assert (first.chips, first.gambit7) == ((), 20)
        driver.refresh()  # reloaded mid-round: the round's own bet, in the mode it was placed
        wait(driver, seen.presence_of_element_located((By.CSS_SELECTOR, "#mode-token.on")))
        assert "mine" in str(
            driver.find_element(By.CSS_SELECTOR, '.case[data-target="20"]').get_attribute("class")
        )

        served.box("close-bets")
        served.box('truth "21" fr')
        served.box("next")
        _bets_open(served, ("100", "200", "300"))  # round 2: its bets open
        case = '.case[data-target="200"]'
        tap(driver, case)  # a chip on 200, and a second one: chips mode, as every round
        tap(driver, case)
        tap(driver, "#place-bet")
        wait(driver, lambda _d: _recorded(served, 2) is not None)
        second = _recorded(served, 2)
        assert (second.chips, second.gambit7) == ((200, 200), None), second
        _said(driver, placed)
        assert "mine" in str(driver.find_element(By.CSS_SELECTOR, case).get_attribute("class"))
        assert driver.find_elements(By.CSS_SELECTOR, "#mode-chip.on")
        assert not driver.find_elements(By.CSS_SELECTOR, "#mode-token.on")


def test_an_empty_bet_is_said_as_no_bet(served: Served) -> None:
    texts = page_texts("de")
    with phone("de") as driver:
        _seated(driver, served)
        _bets_open(served, ("10", "20", "30"))
        tap(driver, '.case[data-target="30"]')
        tap(driver, "#clear-bet")  # the chips taken back, and "Setzen" tapped all the same
        tap(driver, "#place-bet")
        wait(driver, lambda _d: _recorded(served, 1) is not None)
        bet = _recorded(served, 1)
        assert (bet.chips, bet.gambit7) == ((), None)
        said = wait(driver, lambda d: d.find_element(By.ID, "status").text)  # the reply
        assert said == texts["no_bet"]
