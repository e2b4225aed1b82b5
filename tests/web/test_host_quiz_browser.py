"""The host's phone runs the quiz games on a box with no screen and no bell (issue 48):
Chromium as the host and two players' phones, the third seat played from the host's
phone (its slate written, its bet placed), every step moved on by the host. A whole
Gambit 7 game of the box's questions; a round whose true answer the host types from
a card; a Quitte ou Double round. The journal then replays to the same scores
(`tabletop export`, `tabletop replay`). Each phase of the host's page is saved at
360x640 (in $HOST_SHOTS when set, else the test's folder), to be looked at."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as seen

from pi_app.box.seats import SeatBook
from pi_app.config import Config
from pi_app.devices import open_devices
from pi_app.devices.ring import MockRing
from pi_app.screenless import Screenless
from pi_app.table import Journal, Table
from pi_app.web.host_key import HostKey, host_link
from pi_app.web.hub import Hub
from pi_app.web.server import PhoneServer
from tests.web.browser import phone, tap, wait
from tests.web.test_screenless_box import DEADLINE, until

SEATS = ("Ana", "Ben", "Cléo")  # Cléo has no phone: the host writes and bets for her
SMALL = (360, 640)


@contextmanager
def hosted_box(
    folder: Path, game: str, extras: dict[str, Any]
) -> Iterator[tuple[Screenless, str, str]]:
    """A game seated in the journal, taken up by a box with no screen and no bell (the
    simulated devices: nothing wired): (the run, the phones' address, the host's link)."""
    path = folder / "journal.sqlite3"
    journal = Journal(path)
    Table.new(journal, game, list(SEATS), {}, extras=extras, seed=1)
    config = Config()
    config.values.update(journal=str(path), hardware="sim")
    devices = open_devices(config, ring_backend=MockRing())
    key = HostKey.beside(path)
    hub = Hub(SeatBook(folder / "phones.json"), key)
    server = PhoneServer(hub, host="127.0.0.1", port=0)
    port = server.start()
    run = Screenless(config, journal, hub, devices, probe=lambda: False, retry=0.2)
    thread = threading.Thread(target=run.run, daemon=True)
    thread.start()
    try:
        until(lambda: hub.published is not None)
        yield run, f"http://127.0.0.1:{port}", host_link("127.0.0.1", port, key.current())
    finally:
        run.stop()
        thread.join(DEADLINE)
        server.stop()
        devices.close()
        journal.close()


@contextmanager
def at_the_table(
    folder: Path, game: str, extras: dict[str, Any], langs: tuple[str, str, str]
) -> Iterator[tuple[Screenless, webdriver.Chrome, webdriver.Chrome, webdriver.Chrome]]:
    """The hosted box with its host's page open on a small phone, Ana and Ben seated on
    theirs: (the run, the host, Ana, Ben), each phone in its language of `langs`."""
    with hosted_box(folder, game, extras) as (run, url, link):
        table = run.session.table
        assert table is not None
        secret = run.hub.secret_for(table.game_id)
        with phone(langs[0]) as host, phone(langs[1]) as ana, phone(langs[2]) as ben:
            small_phone(host)
            host.get(link)
            seated(ana, url, secret, "Ana")
            seated(ben, url, secret, "Ben")
            yield run, host, ana, ben


def game_of(run: Screenless) -> int:
    table = run.session.table
    assert table is not None
    return table.game_id


def state(run: Screenless) -> Any:
    table = run.session.table
    assert table is not None
    return table.state


def seated(driver: webdriver.Chrome, url: str, secret: str, seat: str) -> None:
    driver.get(f"{url}/j/{secret}")
    tap(driver, f'[data-seat="{seat}"]')
    wait(driver, seen.presence_of_element_located((By.ID, "keypad")))


def phone_answers(driver: webdriver.Chrome, typed: str) -> None:
    """A player types an answer on the phone's keypad and sends it."""
    wait(driver, seen.presence_of_element_located((By.ID, "keypad")))
    for key in typed:
        tap(driver, f'#keypad [data-key="{key}"]')
    tap(driver, "#send")
    wait(driver, seen.presence_of_element_located((By.ID, "slate")))


def host_types(host: webdriver.Chrome, typed: str) -> None:
    for key in typed:
        tap(host, f'#host-game [data-key="{key}"]')
    wait(host, lambda d: d.find_element(By.ID, "draft").text == typed)


def host_writes(host: webdriver.Chrome, seat: str, typed: str) -> None:
    """The host writes a seat's slate (a seat without a phone) from the host's phone."""
    tap(host, f'.correct[data-seat="{seat}"]')
    host_types(host, typed)
    tap(host, "#write-slate")


def shown(host: webdriver.Chrome, phase: str) -> None:
    """Wait until the host's page shows `phase` (its requests are then made on it)."""
    wait(host, seen.presence_of_element_located((By.CSS_SELECTOR, f'[data-phase="{phase}"]')))


def small_phone(host: webdriver.Chrome) -> None:
    """The host's page in a 360x640 viewport, a small phone's."""
    metrics = {"width": SMALL[0], "height": SMALL[1], "deviceScaleFactor": 1, "mobile": True}
    host.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)


def shoot(host: webdriver.Chrome, folder: Path, name: str, anchor: str = "#host-game") -> None:
    """What the host's phone shows at 360x640 from `anchor` down (the game's part, the
    keypad...), in $HOST_SHOTS or `folder`."""
    target = Path(os.environ.get("HOST_SHOTS") or folder)
    target.mkdir(parents=True, exist_ok=True)
    host.execute_script(
        "document.querySelector(arguments[0]).scrollIntoView({block: 'start'})", anchor
    )
    host.save_screenshot(str(target / f"{name}.png"))


def replayed(journal: Path, game_id: int) -> dict[str, Any]:
    """The game's record as `tabletop export` writes it, re-scored by `tabletop replay`."""
    command = [sys.executable, "-m", "pi_app", "--journal", str(journal), "export"]
    exported = subprocess.run(
        [*command, "--game", str(game_id)],
        capture_output=True,
        text=True,
        check=True,
    )
    done = subprocess.run(
        [sys.executable, "-m", "pi_app", "replay", "-"],
        input=exported.stdout,
        capture_output=True,
        text=True,
        check=True,
    )
    output: dict[str, Any] = json.loads(done.stdout)
    return output


def test_a_whole_gambit7_game_of_the_box_s_questions_from_the_host_s_phone(
    tmp_path: Path,
) -> None:
    table = at_the_table(tmp_path, "gambit7", {"questions": "box"}, ("fr", "fr", "de"))
    with table as (run, host, ana, ben):
        banner = wait(host, seen.visibility_of_element_located((By.ID, "no-screen")))
        assert banner.text
        for number in range(1, 8):
            until(lambda n=number: state(run).round == n)
            shown(host, "answers")
            wait(host, seen.presence_of_element_located((By.ID, "host-question")))
            phone_answers(ana, str(10 * number))
            phone_answers(ben, str(10 * number + 5))
            host_writes(host, "Cléo", str(10 * number + 3))
            if number == 1:
                shoot(host, tmp_path, "host-gambit7-box-question")
            tap(host, "#reveal")
            until(lambda: str(state(run).phase) == "bets")
            shown(host, "bets")
            tap(ana, f'.case[data-target="{10 * number}"]')
            tap(ana, "#place-bet")
            until(lambda: "Ana" in dict(state(run).bets))
            tap(host, '#bet-for [data-seat="Cléo"]')
            tap(host, f'#host-game .case[data-target="{10 * number + 3}"]')
            tap(host, "#place-bet")
            until(lambda: "Cléo" in dict(state(run).bets))
            wait(
                host,
                seen.presence_of_element_located(
                    (By.CSS_SELECTOR, '#bets .done[data-seat="Cléo"]')
                ),
            )
            if number == 1:
                shoot(host, tmp_path, "host-gambit7-box-bets", "#bets")
            tap(host, "#close")  # rien ne va plus, and the box's own true answer
            until(lambda: str(state(run).phase) == "scored")
            shown(host, "scored")
            if number < 7:
                tap(host, "#next")
        assert state(run).finished
        wait(host, seen.visibility_of_element_located((By.ID, "over")))
        scores = dict(zip(SEATS, state(run).scores, strict=True))
        game_id = game_of(run)
    events = [event.action or "" for event in Journal(tmp_path / "journal.sqlite3").events(game_id)]
    assert events.count("reveal") == 7 and events.count("next") == 6
    assert sum(event.startswith('answer "Cléo"') for event in events) == 7
    output = replayed(tmp_path / "journal.sqlite3", game_id)
    assert output["finished"] is True and output["scores"] == scores


def test_the_host_types_a_card_s_true_answer(tmp_path: Path) -> None:
    table = at_the_table(tmp_path, "gambit7", {}, ("fr", "fr", "en"))
    with table as (run, host, ana, ben):
        shown(host, "answers")
        assert "Carte 1, question 1" in host.find_element(By.ID, "host-round").text
        phone_answers(ana, "25")
        wait(host, seen.text_to_be_present_in_element((By.ID, "slates"), "25"))
        tap(host, '.correct[data-seat="Cléo"]')
        host_types(host, "28")
        shoot(host, tmp_path, "host-gambit7-answers", "#slates")
        tap(host, "#write-slate")
        phone_answers(ben, "30")
        tap(host, "#reveal")
        until(lambda: str(state(run).phase) == "bets")
        shown(host, "bets")
        tap(ana, '.case[data-target="28"]')
        tap(ana, "#place-bet")
        until(lambda: "Ana" in dict(state(run).bets))
        tap(host, '#bet-for [data-seat="Cléo"]')
        tap(host, "#mode-token")
        tap(host, '#host-game .case[data-target="28"]')
        shoot(host, tmp_path, "host-gambit7-bet-for", "#bet-for")
        tap(host, "#place-bet")
        until(lambda: "Cléo" in dict(state(run).bets))
        host_types(host, "29")
        truth = host.find_element(By.ID, "truth")
        assert "29" in truth.text  # "Clore les mises : la réponse est 29"
        shoot(host, tmp_path, "host-gambit7-bets-truth", "#entry")
        tap(host, "#close")  # rien ne va plus alone: the true answer is typed after
        until(lambda: str(state(run).phase) == "truth")
        shown(host, "truth")
        host_types(host, "29")
        shoot(host, tmp_path, "host-gambit7-truth", "#host-game")
        tap(host, "#truth")
        until(lambda: str(state(run).phase) == "scored")
        shown(host, "scored")
        shoot(host, tmp_path, "host-gambit7-scored")
        said = host.find_element(By.ID, "scored").text
        assert "29" in said
        scores = dict(zip(SEATS, state(run).scores, strict=True))
        assert scores == {"Ana": 6, "Ben": 0, "Cléo": 4}  # a chip alone; a slate; x7 on 0
        tap(host, "#undo")
        confirm = wait(host, seen.visibility_of_element_located((By.ID, "confirm-words")))
        assert "29" in confirm.text  # what undo takes back, said first
        shoot(host, tmp_path, "host-gambit7-undo")
        tap(host, "#confirm-no")
        game_id = game_of(run)
    events = [event.action or "" for event in Journal(tmp_path / "journal.sqlite3").events(game_id)]
    assert events[-2:] == ["close-bets", 'truth "29" fr']
    output = replayed(tmp_path / "journal.sqlite3", game_id)
    assert output["scores"] == scores


def test_a_quitte_ou_double_round_from_the_host_s_phone(tmp_path: Path) -> None:
    table = at_the_table(tmp_path, "quitte-ou-double", {}, ("de", "fr", "en"))
    with table as (run, host, ana, ben):
        shown(host, "answers")
        phone_answers(ana, "12")
        phone_answers(ben, "30")
        tap(host, '.correct[data-seat="Cléo"]')
        host_types(host, "18")
        shoot(host, tmp_path, "host-qod-answers", "#slates")
        tap(host, "#write-slate")
        tap(host, "#reveal")
        until(lambda: state(run).phase == "bets")
        shown(host, "bets")
        tap(ana, '.case[data-low="12"][data-high="18"]')
        tap(ana, "#place-token")
        until(lambda: state(run).current.tokens_of("Ana"))
        tap(host, '#bet-for [data-seat="Cléo"]')
        tap(host, '#host-game .case[data-low="18"][data-high="30"]')
        until(lambda: state(run).current.tokens_of("Cléo"))
        host_types(host, "15")
        shoot(host, tmp_path, "host-qod-bets", "#tiles")
        tap(host, "#truth")
        until(lambda: state(run).phase == "paid")
        shown(host, "paid")
        shoot(host, tmp_path, "host-qod-paid")
        assert state(run).score_map() == {"Ana": 2, "Ben": 0, "Cléo": 1}
        scores = state(run).score_map()
        game_id = game_of(run)
    output = replayed(tmp_path / "journal.sqlite3", game_id)
    assert output["scores"] == scores and output["finished"] is False
