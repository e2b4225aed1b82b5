"""A request whose asker stopped waiting (its wait ran out: `asyncio.wait_for` on the
wrapped future cancels it) is dropped by the owner, unheard: the owner's thread never
stops on it (answering a cancelled future raises), and nothing the asker was told is
not done gets done ("try again" would do it twice). Seen on a slow box: the host's
"new game" answered late, then the box stopped."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from pi_app.box.seats import SeatBook
from pi_app.box.session import Session
from pi_app.display.home.host_offer import HomeOffer
from pi_app.loop import PhonesLoop
from pi_app.web import host_home
from pi_app.web.host_play import HostRequest
from pi_app.web.host_tables import HostTables
from pi_app.web.hub import Hub
from pi_app.web.requests import PhoneRequest
from pi_app.web.tables import PhoneTables
from tests.web.host_owner import ask, opened

DEADLINE = 60.0
NEW_GAME = {"name": "tiny-race", "seats": ["Ana", "Ben"]}


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    host_home.offer_games(HomeOffer())
    for made in opened(tmp_path):
        host_home.HOME.view(made, "en")  # the games read as a job first
        assert made.jobs.wait_idle(DEADLINE)
        yield made


async def given_up(future: object) -> None:
    """Wait for `future` as the phones' and the host's sockets wait, until it runs out."""
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(asyncio.wrap_future(future), 0.01)  # type: ignore[arg-type]


def test_a_host_request_given_up_is_dropped_and_the_owner_goes_on(session: Session) -> None:
    hub = Hub(SeatBook(None))
    owner = HostTables(session, hub)
    late = hub.desk.submit(HostRequest("new_game", dict(NEW_GAME), "en"))
    assert late is not None
    asyncio.run(given_up(late))
    assert late.cancelled()
    owner.serve()  # raised InvalidStateError, which stopped the box
    assert session.table is None, "a request its host was told was not done was done"
    assert ask(session, "new_game", **NEW_GAME).ok  # the retry starts it, once
    assert session.table is not None and session.table.seats == ("Ana", "Ben")


def test_a_phone_request_given_up_is_dropped_and_the_owner_goes_on(session: Session) -> None:
    assert ask(session, "new_game", **NEW_GAME).ok
    table = session.table
    assert table is not None
    hub = Hub(SeatBook(None))
    owner = PhoneTables(session, hub)
    played = table.moves_played
    late = hub.submit(PhoneRequest("Ana", "move", {"action": "move 1"}, "en", table.game_id))
    asyncio.run(given_up(late))
    owner.serve()
    assert table.moves_played == played and late.cancelled()
    waited = hub.submit(PhoneRequest("Ana", "move", {"action": "move 1"}, "en", table.game_id))
    owner.serve()
    assert waited.done() and not waited.cancelled()


def test_a_call_given_up_on_the_loop_is_not_run(tmp_path: Path) -> None:
    from pi_app.table import Journal

    journal = Journal(tmp_path / "journal.sqlite3")
    loop = PhonesLoop.build({}, journal, Hub(SeatBook(None)))  # not started: served here
    ran: list[object] = []
    late = loop.submit(ran.append)
    asyncio.run(given_up(late))
    loop._carry_out_calls()
    assert ran == []
    kept = loop.submit(ran.append)
    loop._carry_out_calls()
    assert kept.done() and len(ran) == 1
    loop.box.close()
    journal.close()
