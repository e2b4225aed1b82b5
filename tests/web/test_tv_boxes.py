"""The big screen of a Cambio tournament across boxes (issue 49): two boxes, each with no
screen and its phones' server, play one tournament over a real Mosquitto on a free
localhost port; the TVs of box A, in Chromium at 1920x1080 and 1280x720, show the
standings with the round box B's table scored, whole under the no-screen banner.

Each box is the screenless box's own loop (`loop.PhonesLoop`), its core reached through
its door (`CreateTournament`, `JoinTournament`, the tables' `Play`), as a host's phone
or the box's buttons would reach it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pi_app.box.acts import CreateTournament, JoinTournament, Play
from pi_app.box.seats import SeatBook
from pi_app.i18n import translate
from pi_app.loop import PhonesLoop
from pi_app.net.ports import free_port
from pi_app.rules.cambio.tournament.state import TournamentState
from pi_app.table import Journal
from pi_app.web.host_key import HostKey
from pi_app.web.hub import Hub
from pi_app.web.server import PhoneServer
from pi_app.web.tv.cambio import TEXTS
from tests.net.harness import need_mosquitto
from tests.web.browser import need_chromium, wait
from tests.web.tv_room import FULL_HD, HD, check_room_scale, shot, tv, until

PLAYERS = ("Ana", "Ben", "Cleo", "Dan", "Eve", "Fay")  # table 1: Ana Ben Cleo; table 2: the rest


@dataclass
class Box:
    """One box without a screen: its loop, its hub and its phones' server."""

    loop: PhonesLoop
    hub: Hub
    server: PhoneServer
    url: str

    def act(self, act: Any) -> None:
        done = self.loop.act(act)
        assert done.ok, done.message

    def state(self) -> TournamentState | None:
        table = self.loop.table
        state = None if table is None else table.state
        return state if isinstance(state, TournamentState) else None


@contextmanager
def box(folder: Path, broker: str, port: int) -> Iterator[Box]:
    """A box on `folder`: the tournament's creator runs Mosquitto itself (`broker` ""),
    another reaches it at `broker`; both on the broker's `port`."""
    folder.mkdir()
    journal = Journal(folder / "journal.sqlite3")
    hub = Hub(SeatBook(folder / "phones.json"), HostKey(folder / "host-key"))
    config = {"tournament.broker": broker, "tournament.port": port, "phones.enabled": False}
    loop = PhonesLoop.build(config, journal, hub, screen=False)
    hub.screen = False
    loop.start()
    server = PhoneServer(hub, host="127.0.0.1", port=0)
    try:
        yield Box(loop, hub, server, f"http://127.0.0.1:{server.start()}")
    finally:
        server.stop()
        loop.stop()
        loop.session.close()
        journal.close()


def play_round(at: Box, table: int, winner: str) -> None:
    """A round of Cambio at `table` (0-based) of the tournament, played on box `at`."""
    for notation in ("deal", "open", f'ring "{winner}"', "show Dollar 9"):
        at.act(Play(f"table {table} {notation}", lang="en"))


def score_of(at: Box, player: str) -> int | None:
    state = at.state()
    return None if state is None else state.score_map.get(player)


STANDINGS = """return [...document.querySelectorAll('#tournament .place')].map(
  (place) => [place.dataset.seat, Number(place.querySelector('.n').textContent)]);"""


def standings_on(driver: Any) -> list[tuple[str, int]]:
    """The tournament's standings as the TV shows them, in order: each player's score
    (read at once: the page redraws as the other box's acts arrive)."""
    return [(seat, score) for seat, score in driver.execute_script(STANDINGS)]


def test_the_tv_of_one_box_shows_the_standings_with_the_other_box_s_rounds(
    tmp_path: Path,
) -> None:
    need_mosquitto()
    need_chromium()
    port = free_port()
    with ExitStack() as stack:
        a = stack.enter_context(box(tmp_path / "a", "", port))
        b = stack.enter_context(box(tmp_path / "b", "127.0.0.1", port))
        a.act(CreateTournament(PLAYERS, {"variant": "simple", "target": 1000}, 2))
        until(lambda: a.state() is not None)  # Mosquitto started off the loop, the table seated
        me = a.loop.call(lambda _table: a.loop.session.tournament.box.table.box.me)
        b.act(JoinTournament(me.tid, me.join, 1))
        until(lambda: b.state() is not None)  # box B welcomed, the settings arrived
        screens = {size: stack.enter_context(tv(a.url, size)) for size in (FULL_HD, HD)}
        for size, driver in screens.items():  # before a round: the join code, all the seats
            wait(driver, lambda d: d.execute_script("return document.body.dataset.version"))
            shot(driver, f"cambio-tournament-boxes-start-{size[0]}")
        play_round(b, 1, "Dan")  # table 2, on box B only
        until(lambda: score_of(a, "Dan") == 100)  # box B's round, at box A
        for size, driver in screens.items():
            wait(driver, lambda d: standings_on(d)[:1] == [("Dan", 100)])
            shot(driver, f"cambio-tournament-boxes-{size[0]}")
            check_room_scale(driver, size)  # the no-screen banner too: nothing cut
        driver = screens[FULL_HD]
        state = a.state()
        assert state is not None
        ranked = sorted(state.scores, key=lambda pair: -pair[1])
        assert dict(standings_on(driver)) == dict(state.scores)
        assert standings_on(driver)[0] == ranked[0] == ("Dan", 100)
        wins = driver.execute_script(
            "return document.querySelector('#tournament .place[data-seat=\"Dan\"] .muted')"
            ".textContent"
        )
        lang = str(driver.execute_script("return document.documentElement.lang"))
        assert wins == translate(TEXTS["wins"], "tv", lang).format(count=1)
