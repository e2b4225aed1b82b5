"""Each seat's second cue on the phones: the view gives each seat its colour and shape
(`palette.SeatCue`, as the box's screen shows them), and the page prints the shape on
the colour beside the seat's name (the scores, who this phone is)."""

from __future__ import annotations

import random

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as seen

from pi_app.palette import SHAPES, seat_cue
from pi_app.rules.registry import find_game
from pi_app.web.views import phone_view
from tests.web.browser import phone, tap, wait
from tests.web.conftest import SEATS, Served


def test_the_view_gives_each_seat_its_colour_and_shape() -> None:
    game = find_game("gambit7")
    state = game.new_game(list(SEATS[:3]), {}, random.Random(0))
    view = phone_view(game, state, "Ben", 1, extras={"colours": [2, 0, 5]})
    assert view["cues"] == {
        "Ana": seat_cue(2).as_json(),
        "Ben": seat_cue(0).as_json(),
        "Cléo": seat_cue(5).as_json(),
    }
    assert view["cues"]["Ben"]["glyph"] == SHAPES[0][1]


def test_the_page_prints_each_seats_shape_on_its_colour(served: Served) -> None:
    with phone("en") as driver:
        driver.get(f"{served.url}/j/{served.secret}")
        tap(driver, '[data-seat="Ben"]')
        wait(driver, seen.presence_of_element_located((By.ID, "keypad")))
        mine = driver.find_element(By.CSS_SELECTOR, "#who .cue")
        assert mine.text == seat_cue(1).glyph
        assert "seat-1" in (mine.get_attribute("class") or "")
        assert mine.value_of_css_property("background-color") == "rgba(81, 122, 255, 1)"
        rows = driver.find_elements(By.CSS_SELECTOR, "#scores tr")
        shown = [row.find_element(By.CSS_SELECTOR, ".cue").text for row in rows]
        assert shown == [seat_cue(n).glyph for n in range(len(SEATS))]
