"""The big screen follows a Quitte ou Double round, a Cambio round and a Gambo game
(issue 49), at 1920x1080 and 1280x720 (and 3840x2160 once): a picture at each phase,
what it shows read from its page and compared with the box's state, the room's scale
measured, and nothing scrolled."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.common.by import By

from pi_app.rules.quitte_ou_double.board import board as qod_board
from tests.web.browser import need_chromium
from tests.web.conftest import Served, serve
from tests.web.tv_room import FULL_HD, HD, UHD, Phone, Recorder, facts_worded, look, scores_on, tv

Screens = dict[tuple[int, int], webdriver.Chrome]


@contextmanager
def room(served: Served, *sizes: tuple[int, int]) -> Iterator[Screens]:
    """A TV of each size on the box's /tv."""
    need_chromium()
    with ExitStack() as stack:
        yield {size: stack.enter_context(tv(served.url, size)) for size in sizes}


def test_a_quitte_ou_double_round_on_the_big_screen(tmp_path: Path) -> None:
    teams = ("Jaune", "Rouge", "Bleu")
    served = serve(tmp_path, "quitte-ou-double", teams)
    recorder = Recorder(served.url)
    try:
        with room(served, FULL_HD, HD, UHD) as screens:
            look(screens, served, "qod-lobby")
            jaune = Phone(served.url, served.secret, "Jaune")
            start = recorder.mark()
            assert jaune.act(type="answer", typed="4817", locale="fr")["ok"]
            served.box('answer "Rouge" 5923')
            look(screens, served, "qod-answers")
            served.box('answer "Bleu" 6131')
            early = recorder.since(start)
            served.box("reveal")
            for message in early:  # no tile's value before the tiles are turned up
                text = str(message)
                assert "4817" not in text and "5923" not in text and "6131" not in text
            look(screens, served, "qod-bets")
            assert jaune.act(type="bet", low="4817", high="5923")["ok"]
            served.box('bet "Rouge" 5923..6131')
            look(screens, served, "qod-bets-placed")
            state = served.owner.table.state  # type: ignore[union-attr]
            shown = qod_board(state)
            for driver in screens.values():
                tiles = driver.find_elements(By.CSS_SELECTOR, "#tiles .case .key")
                assert [t.text for t in tiles] == [t.label for t in shown.tiles]
            served.box("truth 5000")
            look(screens, served, "qod-paid")
            state = served.owner.table.state  # type: ignore[union-attr]
            gains = dict(qod_board(state).gains)
            for size, driver in screens.items():
                paid = driver.find_elements(By.CSS_SELECTOR, "#payouts .payout")
                got = {
                    p.get_attribute("data-seat"): int(p.get_attribute("data-gain") or 0)
                    for p in paid
                }
                assert got == gains, size
                assert scores_on(driver) == state.score_map()
            jaune.close()
    finally:
        recorder.close()
        served.stop()


def test_a_cambio_round_on_the_big_screen(tmp_path: Path) -> None:
    seats = ("Ana", "Ben", "Cléo")
    served = serve(tmp_path, "cambio", seats)
    try:
        with room(served, FULL_HD, HD) as screens:
            served.box("deal")
            look(screens, served, "cambio-study")
            served.box("open")
            look(screens, served, "cambio-trading")
            served.box("bell")
            served.box('ring "Ben"')
            look(screens, served, "cambio-stop")
            for driver in screens.values():
                assert driver.find_element(By.ID, "stop").text
                assert (
                    driver.find_element(By.CSS_SELECTOR, "#rang [data-seat]").get_attribute(
                        "data-seat"
                    )
                    == "Ben"
                )
            served.box("show Yen 9")
            look(screens, served, "cambio-scored")
            state = served.owner.table.state  # type: ignore[union-attr]
            for driver in screens.values():
                assert scores_on(driver) == state.score_map
                changes = driver.find_elements(By.CSS_SELECTOR, "#payouts .payout")
                assert {c.get_attribute("data-seat") for c in changes} == set(seats)
    finally:
        served.stop()


def test_a_gambo_game_on_the_big_screen(tmp_path: Path) -> None:
    served = serve(tmp_path, "gambo", ("Ana", "Ben"))
    try:
        with room(served, FULL_HD, HD) as screens:
            look(screens, served, "gambo-start")
            moves = 0
            pictured = False
            while True:
                table = served.owner.table
                assert table is not None
                if table.game.outcome(table.state) is not None:
                    break
                legal = table.game.legal_actions(table.state)
                duels = [a for a in legal if a.kind == "duel"]
                served.box(table.game.format_action((duels or legal)[0]))
                moves += 1
                if duels and not pictured:
                    look(screens, served, "gambo-duel")
                    for driver in screens.values():
                        last = driver.find_element(By.ID, "last-move")
                        assert last.get_attribute("data-kind") == "duel"
                        pieces = driver.find_elements(By.CSS_SELECTOR, "#board [data-piece]")
                        on_board = [p.get_attribute("data-piece") or "" for p in pieces]
                        codes = [piece.code if piece else "" for piece in table.state.board]
                        assert sorted(filter(None, on_board)) == sorted(filter(None, codes))
                    pictured = True
            look(screens, served, "gambo-over")
            table = served.owner.table
            assert table is not None
            scores = dict(zip(table.state.seats, table.state.scores, strict=True))
            for driver in screens.values():
                assert scores_on(driver) == scores
                assert driver.find_element(By.ID, "winners").text
                assert facts_worded(driver)  # its biggest duel, in words
    finally:
        served.stop()


def test_a_cambio_tournament_shows_its_standings_across_the_tables(tmp_path: Path) -> None:
    players = ("Ana", "Ben", "Cléo", "Dan", "Eli", "Fay")
    served = serve(tmp_path, "cambio-tournament", players, options={"tables": 2})
    try:
        with room(served, FULL_HD) as screens:
            for notation in ("deal", "open", 'ring "Eli"', "show Yen 9"):
                served.box(f"table 1 {notation}")
            look(screens, served, "cambio-tournament")
            state = served.owner.table.state  # type: ignore[union-attr]
            ranked = sorted(state.scores, key=lambda pair: -pair[1])
            driver = screens[FULL_HD]
            places = driver.find_elements(By.CSS_SELECTOR, "#tournament .place")
            assert places[0].get_attribute("data-seat") == ranked[0][0] == "Eli"
            assert len(places) == len(players)
    finally:
        served.stop()
