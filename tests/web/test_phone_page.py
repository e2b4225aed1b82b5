"""The phone's page on a small phone (360x640): its action button in view without
scrolling, the page keeping its place when the player acts or the box moves on, and a
minus key for negative answers. Gambit 7 with 7 seats, Quitte ou Double with 6 teams.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as seen

from tests.web.browser import phone, tap, wait
from tests.web.conftest import Served, serve

SMALL = (360, 640)  # CSS pixels of a small phone's viewport
G7_SEATS = ("Ana", "Ben", "Cléo", "Dan", "Eli", "Fay", "Gus")
G7_ANSWERS = ("100", "95", "120", "80", "110", "70")  # Ben to Gus, typed on the box
TEAMS = ("Jaune", "Rouge", "Bleu", "Vert", "Noir", "Blanc")
TEAM_ANSWERS = ("20", "30", "40", "50", "60")  # Rouge to Blanc
ACTION = {
    ("gambit7", "answers"): "#send",
    ("gambit7", "bets"): "#place-bet",
    ("quitte-ou-double", "answers"): "#send",
    ("quitte-ou-double", "bets"): "#place-token",
}
IN_VIEW = """
const box = arguments[0].getBoundingClientRect();
const bar = document.getElementById('bar');
const floor = bar && arguments[1] ? bar.getBoundingClientRect().top : innerHeight;
return box.top >= 0 && box.left >= 0 && box.right <= innerWidth && box.bottom <= floor
  && box.height > 0;
"""


@pytest.fixture
def gambit7(tmp_path: Path) -> Iterator[Served]:
    made = serve(tmp_path, "gambit7", G7_SEATS)
    yield made
    made.stop()


@pytest.fixture
def qod(tmp_path: Path) -> Iterator[Served]:
    made = serve(tmp_path, "quitte-ou-double", TEAMS)
    yield made
    made.stop()


@contextmanager
def small_phone(lang: str = "fr") -> Iterator[webdriver.Chrome]:
    """A phone whose viewport is exactly `SMALL`, as a phone's browser lays pages out."""
    with phone(lang) as driver:
        width, height = SMALL
        driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True},
        )
        yield driver


def _seated(driver: webdriver.Chrome, served: Served, seat: str) -> None:
    driver.get(f"{served.url}/j/{served.secret}")
    tap(driver, f'[data-seat="{seat}"]')
    wait(driver, seen.presence_of_element_located((By.ID, "keypad")))
    assert driver.execute_script("return [innerWidth, innerHeight]") == list(SMALL)


def _others_answer(served: Served, game: str) -> None:
    """Every seat but the first answers on the box."""
    if game == "gambit7":
        for seat, value in zip(G7_SEATS[1:], G7_ANSWERS, strict=True):
            served.box(f'answer "{seat}" "{value}" fr')
    else:
        for team, value in zip(TEAMS[1:], TEAM_ANSWERS, strict=True):
            served.box(f'answer "{team}" {value}')


def _answer(driver: webdriver.Chrome, keys: str) -> None:
    for key in keys:
        tap(driver, f'[data-key="{key}"]')
    tap(driver, "#send")
    wait(driver, lambda d: d.find_elements(By.ID, "slate") or d.find_elements(By.ID, "board"))


def _in_view(driver: webdriver.Chrome, selector: str, above_bar: bool = True) -> bool:
    """Whether what `selector` names is wholly in the viewport (above the action bar)."""
    found = driver.find_element(By.CSS_SELECTOR, selector)
    return bool(driver.execute_script(IN_VIEW, found, above_bar))


def _scroll_y(driver: webdriver.Chrome) -> float:
    return float(driver.execute_script("return window.scrollY"))


@pytest.mark.parametrize(("game", "phase"), list(ACTION))
def test_the_action_button_is_in_view_without_scrolling(
    tmp_path: Path, game: str, phase: str
) -> None:
    seats = G7_SEATS if game == "gambit7" else TEAMS
    served = serve(tmp_path, game, seats)
    try:
        with small_phone() as driver:
            _seated(driver, served, seats[0])
            if phase == "bets":
                _others_answer(served, game)
                _answer(driver, "12")
                wait(driver, seen.presence_of_element_located((By.CSS_SELECTOR, ".case")))
            else:
                tap(driver, '[data-key="4"]')
            button = ACTION[game, phase]
            wait(driver, seen.presence_of_element_located((By.CSS_SELECTOR, button)))
            assert _scroll_y(driver) == 0
            assert _in_view(driver, button, above_bar=False), button
            # scrolled down, a key or the mat's lowest case tapped: the button is still there
            driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")
            tap(driver, "#board .case:last-child" if phase == "bets" else '[data-key="0"]')
            assert _in_view(driver, button, above_bar=False), button
            assert driver.find_element(By.CSS_SELECTOR, button).is_enabled()
    finally:
        served.stop()


def _centre(driver: webdriver.Chrome, selector: str) -> float:
    """Scroll what `selector` names to the middle of the viewport; the scroll reached."""
    found = driver.find_element(By.CSS_SELECTOR, selector)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", found)
    return _scroll_y(driver)


def _kept(driver: webdriver.Chrome, selector: str, before: float) -> bool:
    return abs(_scroll_y(driver) - before) <= 4 and _in_view(driver, selector)


def test_the_gambit7_mat_keeps_its_place_when_the_player_bets(gambit7: Served) -> None:
    with small_phone() as driver:
        _seated(driver, gambit7, "Ana")
        _others_answer(gambit7, "gambit7")
        _answer(driver, "90")
        case = '.case[data-target="80"]'
        wait(driver, seen.presence_of_element_located((By.CSS_SELECTOR, case)))
        before = _centre(driver, case)
        assert before > 100  # the mat is longer than the phone: the page was scrolled
        tap(driver, case)  # a chip on 80: the page redraws the mat
        assert _kept(driver, case, before)
        tap(driver, "#place-bet")
        wait(driver, seen.text_to_be_present_in_element((By.CSS_SELECTOR, case), "Ana×1"))
        assert _kept(driver, case, before)
        gambit7.box('bet "Ben" [80, 95]')  # another seat bets: the box sends a new state
        wait(driver, seen.text_to_be_present_in_element((By.CSS_SELECTOR, case), "Ben×1"))
        assert _kept(driver, case, before)


def test_the_qod_board_keeps_its_place_when_the_team_bets(qod: Served) -> None:
    with small_phone("en") as driver:
        _seated(driver, qod, "Jaune")
        _others_answer(qod, "quitte-ou-double")
        _answer(driver, "10")
        zone = '.case[data-low="10"][data-high="20"]'
        wait(driver, seen.presence_of_element_located((By.CSS_SELECTOR, zone)))
        before = _centre(driver, zone)
        assert before > 100
        tap(driver, zone)
        assert _kept(driver, zone, before)
        tap(driver, "#place-token")
        wait(driver, seen.text_to_be_present_in_element((By.CSS_SELECTOR, zone), "Jaune×1"))
        assert _kept(driver, zone, before)


def test_the_keypad_keeps_its_place_while_typing(gambit7: Served) -> None:
    with small_phone() as driver:
        _seated(driver, gambit7, "Ana")
        draft = driver.find_element(By.ID, "draft")
        driver.execute_script("arguments[0].scrollIntoView({block: 'start'})", draft)
        before = _scroll_y(driver)
        assert before > 0  # the page was scrolled down to the keypad
        for key in "123":
            tap(driver, f'[data-key="{key}"]')
            assert _kept(driver, f'[data-key="{key}"]', before)
        gambit7.box('answer "Ben" "100" fr')  # another seat answers meanwhile
        wait(driver, seen.presence_of_element_located((By.CSS_SELECTOR, ".tag.done")))
        assert abs(_scroll_y(driver) - before) <= 4
        assert driver.find_element(By.ID, "draft").text == "123"


@pytest.mark.parametrize("game", ["gambit7", "quitte-ou-double"])
def test_a_negative_answer_typed_on_the_phone_reaches_the_box(tmp_path: Path, game: str) -> None:
    seats = G7_SEATS[:3] if game == "gambit7" else TEAMS[:3]
    served = serve(tmp_path, game, seats)
    try:
        with small_phone("de") as driver:
            _seated(driver, served, seats[0])
            for key in ("1", "2", "sign", "sign", "sign", ",", "5"):
                tap(driver, f'[data-key="{key}"]')
            assert driver.find_element(By.ID, "draft").text == "-12,5"
            _answer(driver, "")
            slate = driver.find_element(By.ID, "slate").text  # the others still answer
            word = "Antwortkarte" if game == "gambit7" else "Antworttafel"  # the games' words
            assert "-12,5" in slate and word in slate
        if game == "gambit7":
            slates = served.owner.call(lambda table: dict(table.state.answers))
            assert (str(slates[seats[0]].value), slates[seats[0]].typed) == ("-12.5", "-12,5")
        else:
            answers = served.owner.call(lambda table: dict(table.state.current.answer_map))
            assert str(answers[seats[0]]) == "-12.5"
    finally:
        served.stop()
