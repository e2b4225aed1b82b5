"""The phone pages in a real browser: join, answer on the keypad, bet on the mat, reload."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as seen

from pi_app.web.reach import addresses
from tests.web.browser import phone, tap, wait
from tests.web.conftest import SEATS, Served, serve
from tests.web.test_reach import scan_panel


@pytest.fixture
def served(everywhere: Served) -> Served:
    """Every page here is opened as a phone would: by the address the box's code carries."""
    return everywhere


def test_a_phone_joins_answers_bets_and_comes_back_after_a_reload(served: Served) -> None:
    with phone("fr") as driver:
        driver.get(f"{served.url}/j/{served.secret}")
        tap(driver, '[data-seat="Ana"]')
        wait(driver, seen.presence_of_element_located((By.ID, "keypad")))
        assert "Place : Ana" in driver.find_element(By.ID, "who").text
        for key in ("1", "h", "3", "0"):
            tap(driver, f'[data-key="{key}"]')
        assert driver.find_element(By.ID, "draft").text == "1h30"
        tap(driver, "#send")
        slate = wait(driver, seen.presence_of_element_located((By.ID, "slate")))
        assert "1h30" in slate.text
        for seat, value in zip(SEATS[1:], (100, 95, 120, 80), strict=True):
            served.box(f'answer "{seat}" "{value}" fr')
        served.box("reveal")  # the host turns the slates up
        case = '.case[data-target="90"]'
        tap(driver, case)
        tap(driver, "#place-bet")
        wait(driver, seen.text_to_be_present_in_element((By.ID, "status"), "sur le tapis"))
        bets = served.owner.call(lambda table: dict(table.state.bets))
        assert bets["Ana"].chips == (90,)

        driver.refresh()  # the phone reloads mid-round: same seat, same bet shown
        wait(driver, seen.presence_of_element_located((By.CSS_SELECTOR, ".case.mine")))
        assert "Place : Ana" in driver.find_element(By.ID, "who").text
        mine = driver.find_element(By.CSS_SELECTOR, ".case.mine").get_attribute("data-target")
        assert mine == "90"

        served.box("close-bets")
        wait(driver, seen.presence_of_element_located((By.ID, "closed")))
        served.box('truth "1h32" fr')
        payout = wait(driver, seen.presence_of_element_located((By.ID, "payout")))
        assert "→" in payout.text


def test_the_page_follows_the_phone_s_language_and_can_switch(served: Served) -> None:
    with phone("de") as driver:
        driver.get(f"{served.url}/j/{served.secret}")
        wait(driver, seen.text_to_be_present_in_element((By.TAG_NAME, "h2"), "Wählen Sie"))
        tap(driver, "#watch")
        wait(driver, seen.text_to_be_present_in_element((By.ID, "who"), "Sie schauen zu"))
        picker = driver.find_element(By.ID, "lang")
        picker.find_element(By.CSS_SELECTOR, 'option[value="en"]').click()
        wait(driver, seen.text_to_be_present_in_element((By.ID, "who"), "You are watching"))
        assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en"


def test_a_code_made_for_one_seat_seats_the_phone_there(served: Served) -> None:
    with phone("en") as driver:
        driver.get(f"{served.url}/j/{served.secret}#Cl%C3%A9o")
        wait(driver, seen.text_to_be_present_in_element((By.ID, "who"), "Seat: Cléo"))
    assert served.hub.seats.holders() == {"Cléo"}


def test_the_box_s_sand_timer_shows_on_the_phone_only_while_it_runs(served: Served) -> None:
    from pi_app.effects.ring_show import SandTimer

    with phone("fr") as driver:
        driver.get(f"{served.url}/j/{served.secret}")
        tap(driver, '[data-seat="Ana"]')
        wait(driver, seen.presence_of_element_located((By.ID, "keypad")))
        assert not driver.find_element(By.ID, "timer").is_displayed()
        table = served.owner.table
        served.hub.publish(table, SandTimer("answers", 0.0, 30.0), 30.0)  # the box turns it
        wait(driver, seen.visibility_of_element_located((By.ID, "timer")))
        shown = driver.find_element(By.ID, "timer").text
        assert shown.startswith("Sablier : ") and 25 <= int(shown.split()[-2]) <= 30
        served.hub.publish(table, None)  # the timer stops
        wait(driver, seen.invisibility_of_element_located((By.ID, "timer")))


def test_a_phone_joins_through_the_address_the_qr_code_carries(
    everywhere: Served, tmp_path: Path
) -> None:
    link = scan_panel(everywhere, tmp_path)  # what the phone's camera reads on the box
    host = urlsplit(link).hostname
    assert host == addresses()[0] and host != "127.0.0.1", link
    with phone("fr") as driver:
        driver.get(link)
        tap(driver, '[data-seat="Ana"]')
        wait(driver, seen.presence_of_element_located((By.ID, "keypad")))
        assert "Place : Ana" in driver.find_element(By.ID, "who").text
        assert urlsplit(driver.current_url).hostname == host
        for key in ("4", "2"):
            tap(driver, f'[data-key="{key}"]')
        tap(driver, "#send")
        slate = wait(driver, seen.presence_of_element_located((By.ID, "slate")))
        assert "42" in slate.text
    assert everywhere.hub.seats.holders() == {"Ana"}
    answers = everywhere.owner.call(lambda table: dict(table.state.answers))
    assert answers["Ana"].typed == "42"


def test_the_phones_are_told_that_the_game_is_over_and_who_won(tmp_path: Path) -> None:
    """The end of a game reaches the phones (issue 36): each says who won, in its own
    language, under the scores' final line."""
    made = serve(tmp_path, game="cambio", seats=("Ana", "Ben", "Cléo"))
    try:
        with phone("de") as driver:
            driver.get(f"{made.url}/j/{made.secret}")
            tap(driver, '[data-seat="Ana"]')
            wait(driver, seen.presence_of_element_located((By.ID, "who")))
            assert not driver.find_elements(By.ID, "game-over")
            made.box("stop")  # nobody has a card: the game ends at once
            winners = made.owner.call(lambda table: table.outcome().winners)
            over = wait(driver, seen.presence_of_element_located((By.ID, "game-over")))
            assert over.text.startswith("Das Spiel ist zu Ende")
            assert all(winner in over.text for winner in winners)
    finally:
        made.stop()
