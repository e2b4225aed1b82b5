"""The big screen follows a whole Gambit 7 game of the box's own questions (issue 49):
two phones answer and bet, a seat without a phone plays on the box, and two TVs
(1920x1080 and 1280x720) show each phase: the join code (read back with zbarimg), the
seats filling, who answered, the mat as the box sorted it, the truth, every payout and
the scores, then the standings. Every message a TV's socket receives is kept: no
answer reaches a TV before the answers are turned up."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium import webdriver
from selenium.webdriver.common.by import By

from pi_app.rules.gambit7.board import board, payouts
from tests.web.browser import need_chromium, wait
from tests.web.conftest import Served, serve
from tests.web.tv_room import FULL_HD, HD, Phone, Recorder, facts_worded, look, scores_on, shot, tv

SEATS = ("Ana", "Ben", "Cléo")


@pytest.fixture
def box_game(tmp_path: Path) -> Iterator[Served]:
    made = serve(tmp_path, "gambit7", SEATS, extras={"questions": "box"})
    yield made
    made.stop()


def typed(round_: int, seat: int) -> str:
    """An answer no other number of the game is likely to spell."""
    return str(7000 + 131 * round_ + 17 * seat)


def read_code(path: Path) -> str:
    found = subprocess.run(
        ["zbarimg", "--quiet", "--raw", str(path)], capture_output=True, text=True, check=True
    )
    return found.stdout.strip()


def without_join(message: dict[str, Any]) -> str:
    """A TV's message as text, its join link left out (a secret could spell digits)."""
    view = dict(message.get("view") or {})
    view.pop("join", None)
    return json.dumps({**message, "view": view}, ensure_ascii=False)


def test_two_tvs_follow_a_whole_gambit7_game(box_game: Served) -> None:
    need_chromium()
    if shutil.which("zbarimg") is None:
        if os.environ.get("CI"):
            pytest.fail("zbarimg is missing: apt-get install -y zbar-tools")
        pytest.skip("zbarimg is not installed (apt-get install -y zbar-tools)")
    served = box_game
    recorder = Recorder(served.url)
    with tv(served.url, FULL_HD) as big, tv(served.url, HD) as small:
        screens = {FULL_HD: big, HD: small}
        look(screens, served, "gambit7-lobby")
        link = read_code(shot(big, "gambit7-qr-1920"))
        assert link == f"{served.url}/j/{served.secret}"
        phones = [Phone(served.url, served.secret, seat) for seat in SEATS[:2]]
        for driver in screens.values():
            wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, '[data-held="1"]')) == 2)
        look(screens, served, "gambit7-seats")
        for round_ in range(1, 8):
            play_round(served, screens, phones, recorder, round_)
        table = served.owner.table
        assert table is not None and table.game.outcome(table.state) is not None
        look(screens, served, "gambit7-over")
        for driver in screens.values():
            places = driver.find_elements(By.CSS_SELECTOR, "#standings .place")
            assert {p.get_attribute("data-seat") for p in places} == set(SEATS)
            assert facts_worded(driver)
            assert scores_on(driver) == dict(zip(SEATS, table.state.scores, strict=True))
    recorder.close()
    for phone_ in phones:
        phone_.close()


def play_round(
    served: Served,
    screens: dict[tuple[int, int], webdriver.Chrome],
    phones: list[Phone],
    recorder: Recorder,
    round_: int,
) -> None:
    """One round: answers (the TV sees who, never what), the reveal (the mat), bets, the
    truth (payouts and scores)."""
    table = served.owner.table
    assert table is not None
    start = recorder.mark()
    answers = {seat: typed(round_, index) for index, seat in enumerate(SEATS)}
    for phone_ in phones:
        assert phone_.act(type="answer", typed=answers[phone_.seat], locale="fr")["ok"]
    if round_ == 1:
        look(screens, served, "gambit7-answers")
        for driver in screens.values():
            done = driver.find_elements(By.CSS_SELECTOR, "#answered .done")
            assert {d.get_attribute("data-seat") for d in done} == set(SEATS[:2])
    served.box(f'answer "Cléo" "{answers["Cléo"]}" fr')
    before_reveal = recorder.since(start)
    served.box("reveal")
    for message in before_reveal:  # nothing of an answer before the slates are turned up
        text = without_join(message)
        for value in answers.values():
            assert value not in text, (value, text)
        assert '"answer"' not in text.replace('"answers_in"', "")
    state = table.state
    labels = [case.label("fr") for case in board(state)]
    look(screens, served, f"gambit7-mat-{round_}" if round_ == 1 else "gambit7-mat")
    for driver in screens.values():
        cases = driver.find_elements(By.CSS_SELECTOR, "#mat .case")
        assert [c.find_element(By.CSS_SELECTOR, "span").text for c in cases][1:] == [
            label or "—" for label in labels
        ][1:]
    for phone_ in phones:
        assert phone_.act(type="bet", chips=[answers[phone_.seat]])["ok"]
    if round_ == 1:
        look(screens, served, "gambit7-bets")
    served.box("close-bets")
    truth = table.state.current.question.answer
    served.box(f'truth "{truth}" en')
    state = table.state
    look(screens, served, "gambit7-scored" if round_ == 1 else "gambit7-scored-later")
    paid = {p.seat: p.after for p in payouts(state)}
    for driver in screens.values():
        assert scores_on(driver) == dict(zip(SEATS, state.scores, strict=True))
        if round_ == 7:
            continue  # the game is over: the standings take the stage
        shown = driver.find_elements(By.CSS_SELECTOR, "#payouts .payout")
        after = {
            s.get_attribute("data-seat"): int(s.get_attribute("data-after") or 0) for s in shown
        }
        assert after == paid
        assert driver.find_element(By.ID, "truth").text
    if round_ < 7:
        served.box("next")
