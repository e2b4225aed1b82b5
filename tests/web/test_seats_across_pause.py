"""A paused game keeps its join secret and its phones' seats (issue 36, bug 3): the host
starts another game and comes back to the first from the home; the phones seated there
are still seated, and the code on the box is the same."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pi_app.box.actors import phone
from pi_app.box.acts import TakeSeat
from pi_app.box.seats import SeatBook
from pi_app.display.demo import FakeClock, make_app
from pi_app.display.home.targets import ResumeGame
from pi_app.display.intents import Press
from pi_app.display.phones_panel import PhonesPanel
from pi_app.display.scene import GoHome, NewGame
from pi_app.web.hub import Hub


def test_resuming_a_paused_game_from_the_home_keeps_its_secret_and_seats(
    tmp_path: Path,
) -> None:
    hub = Hub(SeatBook(tmp_path / "phones.json"))
    panel = PhonesPanel(hub, lambda secret: [f"http://box/j/{secret}"])
    app: Any = make_app("800x480", tmp_path / "journal.sqlite3", FakeClock(), {}, phones=panel)
    try:
        app.execute(NewGame("gambit7", ("Ana", "Ben", "Cy"), {}))
        app.step([])
        first = app.table.game_id
        secret = hub.secret_for(first)
        token = app.session.act(TakeSeat("Ben", phone("Ben"))).token
        assert token is not None and hub.seats.seat_of(token) == "Ben"

        app.execute(GoHome())
        app.execute(NewGame("cambio", ("Dan", "Eve", "Fay"), {}))
        app.step([])
        assert app.table.game_id != first
        assert hub.seats.seat_of(token) is None  # Ben's token is not a seat of this game
        assert hub.secret_for(app.table.game_id) != secret

        app.execute(GoHome())
        app.step([])
        app.feed(Press(ResumeGame(first)))
        app.step([])
        assert app.table.game_id == first
        assert hub.secret_for(first) == secret  # the code on the box is the one scanned
        assert hub.seats.seat_of(token) == "Ben"  # and Ben is still in his seat
        assert hub.published is not None and hub.published.game_id == first
    finally:
        app.journal.close()
