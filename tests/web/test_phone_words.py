"""The phones' words: every one in the phone's language, each game's own vocabulary (a
tile in Quitte ou Double, the rulebooks' German words in Gambit 7), natural English,
and the mat's bottom case named as the box names it."""

from __future__ import annotations

from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as seen

from pi_app.i18n_check import catalogue
from pi_app.rules.registry import find_game
from pi_app.web import texts
from pi_app.web.texts import TEXTS, page_texts
from pi_app.web.views import phone_view
from tests.web.browser import phone, tap, wait
from tests.web.conftest import serve

NAMES = {"Table Companion", "Scores"}
"""Texts that read the same in French or German: a name, a borrowed word."""


@pytest.mark.parametrize("lang", ["fr", "de", "en"])
def test_every_phone_text_has_its_translation(lang: str) -> None:
    written = catalogue(lang, "web")
    assert [message for message in TEXTS.values() if message not in written] == []
    if lang != "en":
        same = {message for message in TEXTS.values() if written[message] == message}
        assert same <= NAMES


def test_the_english_phone_speaks_plain_english() -> None:
    english = page_texts("en")
    assert not [text for text in english.values() if "(s)" in text or "Rien ne va" in text]


def test_the_mat_s_bottom_case_is_named_as_the_box_names_it() -> None:
    named = {lang: page_texts(lang)["less"] for lang in ("fr", "de", "en")}
    assert named == {"fr": "Moins que ça", "de": "Alle zu hoch", "en": "Less than that"}


def test_each_game_names_what_its_answers_are_written_on() -> None:
    assert [page_texts(lang)["your_tile"] for lang in ("fr", "de", "en")] == [
        "Votre tuile : {answer}",
        "Ihre Antworttafel: {answer}",
        "Your tile: {answer}",
    ]
    assert page_texts("de")["your_slate"] == "Ihre Antwortkarte: {answer}"
    assert page_texts("de")["bet_placed"] == "Ihr Einsatz liegt auf der Wetttafel."
    assert "jeton de mise" in page_texts("fr")["qod_token"]  # the rulebook's bet token


def test_a_game_s_title_that_is_a_word_follows_the_phone_s_language() -> None:
    game = find_game("cambio-tournament")
    base = {"title": game.title, "scores": {}, "rounds": []}
    titles = [phone_view(game, None, None, 1, base, lang)["title"] for lang in ("fr", "de", "en")]
    assert titles == ["Cambio (tournoi)", "Cambio (Turnier)", "Cambio (tournament)"]
    assert texts.game_title("Gambit 7", "de") == "Gambit 7"  # a name stays a name


LABELS = """
const named = document.querySelectorAll('[aria-label]');
return Array.from(named, (node) => node.getAttribute('aria-label'));
"""


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_page_s_labels_are_in_the_phone_s_language(tmp_path: Path, lang: str) -> None:
    """What a screen reader says (the language picker, the sign and erase keys) is in the
    phone's language like the rest, and the bottom case as the box names it."""
    served = serve(tmp_path, "gambit7", ("Ana", "Ben", "Cléo"))
    words = set(page_texts(lang).values())
    try:
        with phone(lang) as driver:
            driver.get(f"{served.url}/j/{served.secret}")
            wait(driver, seen.presence_of_element_located((By.CSS_SELECTOR, "[data-seat]")))
            assert set(driver.execute_script(LABELS)) <= words
            tap(driver, '[data-seat="Ana"]')
            wait(driver, seen.presence_of_element_located((By.ID, "keypad")))
            labels = driver.execute_script(LABELS)
            assert len(labels) >= 3 and set(labels) <= words
            for seat, value in (("Ana", 10), ("Ben", 20), ("Cléo", 30)):
                served.box(f'answer "{seat}" "{value}" fr')
            less = '.case[data-case="less"] .value'
            wait(driver, seen.text_to_be_present_in_element((By.CSS_SELECTOR, less), ""))
            assert driver.find_element(By.CSS_SELECTOR, less).text == page_texts(lang)["less"]
    finally:
        served.stop()
