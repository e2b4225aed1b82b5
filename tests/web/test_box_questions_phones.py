"""A Gambit 7 round of the box's own questions with a French and a German phone at the
same table (issue 27): each phone shows the question in its language, the box gives
the true answer with its source, the round is scored right, and the game's record
keeps the question and replays to the same scores."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as seen

from pi_app.cli import main
from pi_app.display.games.gambit7 import BetButton
from pi_app.display.intents import Press, wait_events
from pi_app.display.scene import NewGame, Play
from pi_app.questions.numbers import with_unit
from tests.web.browser import PATIENCE, phone, tap, wait
from tests.web.test_app_phones import box_with_phones

SEATS = ("Ana", "Ben", "Cléo")
PHONES = {"Ana": ("fr", "12"), "Ben": ("de", "30")}


def _pump(app: Any, phones: threading.Thread, steps: dict[str, Callable[[], None]]) -> None:
    """The box's loop while the phones play in their thread; each box step runs once,
    when the phones' thread asks for it (by its name, in `asked`)."""
    done: set[str] = set()
    while phones.is_alive():
        app.step(wait_events(20, False))
        for name, step in steps.items():
            if name not in done and name in ASKED:
                step()
                app.step([])
                done.add(name)
                READY[name].set()


def _plain(text: str) -> str:
    """A text as Selenium reads a page: no-break spaces are plain spaces there."""
    return text.replace("\u00a0", " ").replace("\u202f", " ")


ASKED: set[str] = set()
READY = {name: threading.Event() for name in ("reveal", "close")}


def _ask_box(name: str) -> None:
    """From the phones' thread: the box does `name`; wait until it has."""
    ASKED.add(name)
    assert READY[name].wait(PATIENCE), name


def test_a_round_of_the_boxs_questions_with_a_french_and_a_german_phone(
    tmp_path: Path, capsys: Any
) -> None:
    ASKED.clear()
    for event in READY.values():
        event.clear()
    with box_with_phones(tmp_path) as (app, hub, port):
        app.execute(NewGame("gambit7", SEATS, {}, extras={"questions": "box"}))
        app.step([])
        asked = app.table.state.current.question
        secret = hub.seats.game(app.table.game_id)
        seen_on: dict[str, dict[str, str]] = {}
        failures: list[BaseException] = []

        def phones() -> None:
            try:
                with phone("fr") as fr, phone("de") as de:
                    drivers = {"Ana": fr, "Ben": de}
                    for seat, driver in drivers.items():
                        driver.get(f"http://127.0.0.1:{port}/j/{secret}")
                        tap(driver, f'[data-seat="{seat}"]')
                        wait(driver, seen.presence_of_element_located((By.ID, "question")))
                        seen_on[seat] = {"question": driver.find_element(By.ID, "question").text}
                    for seat, driver in drivers.items():
                        for key in PHONES[seat][1]:
                            tap(driver, f'[data-key="{key}"]')
                        tap(driver, "#send")
                        wait(driver, seen.presence_of_element_located((By.ID, "slate")))
                    _ask_box("reveal")  # Cléo's slate typed on the box, and the reveal
                    for seat, driver in drivers.items():
                        tap(driver, f'.case[data-target="{PHONES[seat][1]}"]')
                        tap(driver, "#place-bet")
                        wait(driver, seen.text_to_be_present_in_element((By.ID, "status"), " "))
                    _ask_box("close")  # Rien ne va plus: the box gives the answer
                    for seat, driver in drivers.items():
                        wait(driver, seen.presence_of_element_located((By.ID, "source")))
                        seen_on[seat]["truth"] = driver.find_element(By.ID, "truth").text
                        seen_on[seat]["source"] = driver.find_element(By.ID, "source").text
                        seen_on[seat]["payout"] = driver.find_element(By.ID, "payout").text
            except BaseException as error:  # said in the main thread
                failures.append(error)

        def reveal() -> None:
            app.execute(Play('answer "Cléo" 20 fr'))
            app.execute(Play("reveal"))

        thread = threading.Thread(target=phones)
        thread.start()
        _pump(app, thread, {"reveal": reveal, "close": lambda: app.feed(Press(BetButton.CLOSE))})
        thread.join()
        assert not failures, failures
        state = app.table.state
        assert _plain(seen_on["Ana"]["question"]) == _plain(asked.text["fr"])
        assert _plain(seen_on["Ben"]["question"]) == _plain(asked.text["de"])
        assert asked.text["fr"] != asked.text["de"]
        french = _plain(with_unit(asked.answer, asked.unit, "fr"))
        assert french in _plain(seen_on["Ana"]["truth"])
        assert _plain(with_unit(asked.answer, asked.unit, "de")) in _plain(seen_on["Ben"]["truth"])
        assert (
            asked.source in seen_on["Ana"]["source"] and asked.licence in seen_on["Ben"]["source"]
        )
        assert str(state.phase) == "scored" and state.history[-1].truth.value == asked.answer
        scores = dict(zip(state.seats, state.scores, strict=True))
        assert f"→ {scores['Ana']}" in seen_on["Ana"]["payout"]
        assert f"→ {scores['Ben']}" in seen_on["Ben"]["payout"]
        record = app.table.export()
        app.journal.flush()
    (round_,) = record["rounds"]
    assert (
        round_["question"]["id"] == asked.id
        and round_["question"]["text"]["de"] == asked.text["de"]
    )
    for kept in (
        record,
        {**record, "rounds": [{k: v for k, v in round_.items() if k != "question"}]},
    ):
        path = tmp_path / "record.json"
        path.write_text(json.dumps(kept), encoding="utf-8")
        capsys.readouterr()
        assert main(["replay", str(path)]) == 0
        assert json.loads(capsys.readouterr().out)["scores"] == scores
