"""The host's page in Chromium on a box with no screen and no bell (issue 48): the
host's phone moves a round on with Next, takes the reveal back with Undo (said first),
and the players' phone says that the host's phone moves the round on."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as seen

from pi_app.box.acts import Play
from pi_app.box.seats import SeatBook
from pi_app.config import Config
from pi_app.screenless import Screenless
from pi_app.table import Journal, Table
from pi_app.web.host_key import HostKey
from pi_app.web.hub import Hub
from pi_app.web.server import PhoneServer
from tests.web.browser import phone, tap, wait
from tests.web.test_screenless_box import DEADLINE, until

SEATS = ("Ana", "Ben", "Cléo")
SMALL = (360, 640)


@contextmanager
def box_without_screen_or_bell(folder: Path) -> Iterator[tuple[Screenless, HostKey, int]]:
    """A Gambit 7 game of the box's questions taken up by a box with no screen and no
    devices at all: (the run, the host's key, the phones' port)."""
    path = folder / "journal.sqlite3"
    journal = Journal(path)
    Table.new(journal, "gambit7", list(SEATS), {}, extras={"questions": "box"})
    config = Config()
    config.values.update(journal=str(path), hardware="pi")
    key = HostKey.beside(path)
    hub = Hub(SeatBook(folder / "phones.json"), key)
    server = PhoneServer(hub, host="127.0.0.1", port=0)
    port = server.start()
    run = Screenless(config, journal, hub, None, probe=lambda: False, retry=0.2)
    thread = threading.Thread(target=run.run, daemon=True)
    thread.start()
    try:
        until(lambda: hub.published is not None)
        yield run, key, port
    finally:
        run.stop()
        thread.join(DEADLINE)
        server.stop()
        journal.close()


def test_the_hosts_phone_moves_a_round_on_with_next_and_undo(tmp_path: Path) -> None:
    with box_without_screen_or_bell(tmp_path) as (run, key, port):
        table = run.session.table
        assert table is not None
        secret = run.hub.secret_for(table.game_id)
        with phone("fr") as ana, phone("fr") as host:
            ana.get(f"http://127.0.0.1:{port}/j/{secret}")
            tap(ana, '[data-seat="Ana"]')
            banner = wait(ana, seen.presence_of_element_located((By.ID, "no-screen")))
            assert "sonnette" in banner.text
            host.set_window_size(*SMALL)
            host.get(f"http://127.0.0.1:{port}/host#{key.current()}")
            wait(host, seen.presence_of_element_located((By.CSS_SELECTOR, "#next")))
            assert "#" not in host.current_url  # the key left the address bar
            wait(ana, lambda d: "hôte" in d.find_element(By.ID, "no-screen").text)
            wait(host, lambda d: "sans son écran" in d.find_element(By.ID, "no-screen").text)
            for seat, value in (("Ana", 12), ("Ben", 30), ("Cléo", 20)):
                assert run.loop.act(Play(f'answer "{seat}" {value} fr')).ok
            wait(host, lambda d: d.find_element(By.ID, "next").is_enabled())
            assert "reveal" in host.find_element(By.ID, "next-does").text
            tap(host, "#next")  # the answers turned up
            until(lambda: str(table.state.phase) == "bets")
            wait(
                host,
                lambda d: "reveal" in d.find_element(By.ID, "undo").get_attribute("data-words"),
            )
            tap(host, "#undo")
            asked = wait(host, seen.presence_of_element_located((By.ID, "confirm-words")))
            assert "reveal" in asked.text  # what it takes back, said first
            assert str(table.state.phase) == "bets"  # nothing taken back before "yes"
            tap(host, "#confirm-yes")
            until(lambda: str(table.state.phase) == "answers")
            wait(host, lambda d: d.find_element(By.ID, "next").is_enabled())
            tap(host, "#next")  # turned up again
            until(lambda: str(table.state.phase) == "bets")
            assert run.loop.act(Play('bet "Ana" [12]')).ok
            wait(host, lambda d: "close-bets" in d.find_element(By.ID, "next-does").text)
            tap(host, "#next")  # rien ne va plus, with the box's own answer
            until(lambda: str(table.state.phase) == "scored")
            wait(host, lambda d: d.find_element(By.ID, "next").is_enabled())
            tap(host, "#next")  # the next round, asked by the box itself
            until(lambda: table.state.round == 2 and table.state.current.question is not None)
            for target in ("#next", "#undo", "#redo", "#lang"):
                height = host.find_element(By.CSS_SELECTOR, target).size["height"]
                assert height >= 44, (target, height)
        game_id = table.game_id
    journal = Journal(tmp_path / "journal.sqlite3")
    try:
        events = [event.action or "" for event in journal.events(game_id)]
    finally:
        journal.close()
    assert events.count("reveal") == 2 and "close-bets" in events and "next" in events
