"""The host's page in Chromium on a box with no screen and no bell (issue 48): the
host's phone moves a round on with Next, takes the reveal back with Undo (said first),
and the players' phone says that the host's phone moves the round on."""

from __future__ import annotations

from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as seen

from pi_app.box.acts import Play
from tests.journals import journaled
from tests.web.browser import phone, tap, wait
from tests.web.test_screenless_box import screenless_box, until

SMALL = (360, 640)


def test_the_hosts_phone_moves_a_round_on_with_next_and_undo(tmp_path: Path) -> None:
    with screenless_box(tmp_path, wired=False) as (run, _devices, _pins, port):
        table = run.session.table
        key = run.hub.host_key
        assert table is not None and key is not None
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
            assert "réponses sont retournées" in host.find_element(By.ID, "next-does").text
            tap(host, "#next")  # the answers turned up
            until(lambda: str(table.state.phase) == "bets")
            wait(
                host,
                lambda d: "retournées" in d.find_element(By.ID, "undo").get_attribute("data-words"),
            )
            tap(host, "#undo")
            asked = wait(host, seen.presence_of_element_located((By.ID, "confirm-words")))
            assert "réponses sont retournées" in asked.text  # what it takes back, said first
            assert str(table.state.phase) == "bets"  # nothing taken back before "yes"
            tap(host, "#confirm-yes")
            until(lambda: str(table.state.phase) == "answers")
            wait(host, lambda d: d.find_element(By.ID, "next").is_enabled())
            tap(host, "#next")  # turned up again
            until(lambda: str(table.state.phase) == "bets")
            assert run.loop.act(Play('bet "Ana" [12]')).ok
            wait(host, lambda d: "mises sont closes" in d.find_element(By.ID, "next-does").text)
            tap(host, "#next")  # rien ne va plus, with the box's own answer
            until(lambda: str(table.state.phase) == "scored")
            wait(host, lambda d: d.find_element(By.ID, "next").is_enabled())
            tap(host, "#next")  # the next round, asked by the box itself
            until(lambda: table.state.round == 2 and table.state.current.question is not None)
            for target in ("#next", "#undo", "#redo", "#lang"):
                height = host.find_element(By.CSS_SELECTOR, target).size["height"]
                assert height >= 44, (target, height)
        game_id = table.game_id
    events = journaled(tmp_path / "journal.sqlite3", game_id)
    assert events.count("reveal") == 2 and "close-bets" in events and "next" in events
