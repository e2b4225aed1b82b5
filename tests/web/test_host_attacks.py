"""Attacks on the host's page (issue 48), each refused: a seat's token or the join
secret (a spectator's link) on every host request kind, an old key after it was
renewed, 10,000 key guesses, a stale request after a move on, and oversized,
garbage or flooding messages. On the base none of this page exists (404)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import aiohttp
import pytest

from pi_app.web.host_guard import MAX_ADDRESSES, STRIKES, HostGuard
from pi_app.web.host_key import HostKey
from pi_app.web.host_sockets import MAX_HOSTS, MAX_MESSAGE, UNKNOWN_CLOSE, host_kinds
from tests.web.conftest import Served
from tests.web.host_client import HostSocket, host_hello
from tests.web.test_server import claim, run

GUESSES = 10_000
WORKERS = 8  # guesses in flight at once, well under the gate's connections per address


def answered(served: Served) -> None:
    for number, seat in enumerate(("Ana", "Ben", "Cléo", "Dan", "Eli"), start=1):
        served.box(f'answer "{seat}" "{number * 10}" fr')


async def refused(session: aiohttp.ClientSession, message: dict[str, object]) -> str:
    """Send `message` first on a new host socket: how the box refused it ("closed"
    with the unknown-key code, or "blocked" before the websocket opened)."""
    try:
        socket = HostSocket(await session.ws_connect("/host/ws"))
    except aiohttp.WSServerHandshakeError as error:
        assert error.status == 429
        return "blocked"
    await socket.send_json(message)
    code = await socket.closed_code()
    assert code == UNKNOWN_CLOSE, code
    return "closed"


def test_a_seat_token_or_the_join_secret_gets_no_host_act(served: Served) -> None:
    answered(served)
    table = served.owner.table
    before = table.state
    assert served.host_key.current()  # the box has a key: the others are not it

    async def scenario(session: aiohttp.ClientSession) -> None:
        token = await claim(session, served.secret, "Ana")
        for credential in (token, served.secret):
            for kind in sorted(host_kinds() | {"hello"}):
                message = {
                    "type": kind,
                    "id": "x",
                    "key": credential,
                    "token": credential,
                    "secret": credential,
                    "game": table.game_id,
                    "step": 1,
                }
                assert await refused(session, message) in ("closed", "blocked")

    run(served, scenario)
    assert table.state is before  # nothing carried out


def test_an_old_key_stops_at_once_after_it_is_renewed(served: Served) -> None:
    answered(served)
    table = served.owner.table
    old = served.host_key.current()

    async def scenario(session: aiohttp.ClientSession) -> None:
        idle, _ = await host_hello(session, old)
        busy, shown = await host_hello(session, old)
        HostKey(served.host_key.path).renew()  # `tabletop host-link --new`, elsewhere
        await busy.send_json(
            {"type": "next", "id": "1", "game": shown["game_id"], "step": shown["step"]}
        )
        assert await busy.closed_code() == UNKNOWN_CLOSE  # the request was not carried out
        started = time.monotonic()
        assert await idle.closed_code() == UNKNOWN_CLOSE  # closed by the periodic check
        assert time.monotonic() - started < 30
        assert await refused(session, {"type": "hello", "key": old}) == "closed"
        fresh, _ = await host_hello(session, served.host_key.current())
        await fresh.close()

    run(served, scenario)
    assert str(table.state.phase) == "answers"


def test_ten_thousand_guesses_are_refused_and_the_box_answers(served: Served) -> None:
    guard = served.server.hosts.guard
    outcomes: dict[str, int] = {"closed": 0, "blocked": 0}
    answered_pages: list[int] = []

    async def guess(session: aiohttp.ClientSession, count: int) -> None:
        for number in range(count):
            wrong = f"{number:032d}"
            outcomes[await refused(session, {"type": "hello", "key": wrong})] += 1

    async def phones_meanwhile(done: asyncio.Event) -> None:
        async with aiohttp.ClientSession(served.url, connector=from_address("127.0.0.3")) as other:
            while not done.is_set():
                async with other.get("/play") as page:
                    answered_pages.append(page.status)
                await asyncio.sleep(0.2)

    async def scenario(session: aiohttp.ClientSession) -> None:
        done = asyncio.Event()
        phones = asyncio.create_task(phones_meanwhile(done))
        await asyncio.gather(*(guess(session, GUESSES // WORKERS) for _ in range(WORKERS)))
        done.set()
        await phones
        blocked = await refused(session, {"type": "hello", "key": served.host_key.current()})
        assert blocked == "blocked"  # this address waits, even with the key: by design
        async with aiohttp.ClientSession(served.url, connector=from_address("127.0.0.2")) as host:
            socket, shown = await host_hello(host, served.host_key.current())
            assert shown["game"] == "gambit7"
            await socket.close()

    run(served, scenario)
    assert sum(outcomes.values()) == GUESSES
    assert outcomes["closed"] <= STRIKES + WORKERS  # compared: a handful before the block
    assert guard.refused >= GUESSES - STRIKES - WORKERS
    assert answered_pages and set(answered_pages) == {200}


def from_address(address: str) -> aiohttp.TCPConnector:
    """Connections from another address of this machine (another device, to the box)."""
    return aiohttp.TCPConnector(local_addr=(address, 0))


def test_the_guard_remembers_a_bounded_number_of_addresses() -> None:
    now = [0.0]
    guard = HostGuard(clock=lambda: now[0])
    for number in range(GUESSES):
        guard.wrong(f"10.{number // 65536}.{number // 256 % 256}.{number % 256}")
    assert len(guard) == MAX_ADDRESSES
    for _ in range(STRIKES):
        guard.wrong("10.9.9.9")
    assert guard.blocked("10.9.9.9") and not guard.blocked("10.9.9.8")
    now[0] += 3600
    assert not guard.blocked("10.9.9.9")  # a while, not for ever


def test_a_stale_request_after_a_move_on_is_refused(served: Served) -> None:
    answered(served)
    table = served.owner.table

    async def scenario(session: aiohttp.ClientSession) -> None:
        socket, shown = await host_hello(session, served.host_key.current())
        served.box("reveal")  # the box's screen moves on meanwhile
        reply = await socket.ask("next", shown)
        assert not reply["ok"] and reply["message"].startswith("Not done: meanwhile")
        assert str(table.state.phase) == "bets"  # the bets were not closed
        for step in (None, -1, 10**9, "7", True):
            forged = {**shown, "step": step}
            assert not (await socket.ask("next", forged))["ok"]
        other = {**shown, "step": socket.latest["step"], "game_id": table.game_id + 1}
        assert not (await socket.ask("next", other))["ok"]
        assert str(table.state.phase) == "bets"
        await socket.close()

    run(served, scenario)


def test_oversized_garbage_and_flooding_messages(served: Served) -> None:
    async def scenario(session: aiohttp.ClientSession) -> None:
        key = served.host_key.current()
        socket, _ = await host_hello(session, key)
        for garbage in ("not json", "[1, 2]", '{"type": 5}', '{"type": "reveal-all"}'):
            await socket.socket.send_str(garbage)
            reply = await socket.next_of("reply")
            assert not reply["ok"] and reply["message"] == "That message cannot be read."
        await socket.socket.send_str("x" * (MAX_MESSAGE + 1))
        assert await socket.closed_code() == aiohttp.WSCloseCode.MESSAGE_TOO_BIG
        flooder, _ = await host_hello(session, key)
        for _ in range(200):
            if flooder.socket.closed:
                break
            await flooder.socket.send_str('{"type": "lang", "lang": "en"}')
        assert await flooder.closed_code() is not None
        for bad_key in (["x"], {"k": 1}, "k" * 5000, None):
            assert await refused(session, {"type": "hello", "key": bad_key}) in (
                "closed",
                "blocked",
            )

    run(served, scenario)


def test_at_most_a_few_hosts_at_once(served: Served, tmp_path: Path) -> None:
    async def scenario(session: aiohttp.ClientSession) -> None:
        key = served.host_key.current()
        hosts = [(await host_hello(session, key))[0] for _ in range(MAX_HOSTS)]
        extra = HostSocket(await session.ws_connect("/host/ws"))
        await extra.send_json({"type": "hello", "key": key})
        assert await extra.closed_code() == aiohttp.WSCloseCode.TRY_AGAIN_LATER
        await hosts[0].close()
        again, _ = await host_hello(session, key)  # a place freed: a host gets in
        for host in [*hosts[1:], again]:
            await host.close()

    run(served, scenario)


@pytest.mark.parametrize("path", ["/host#x", "/host?key=x", "/host/ws"])
def test_the_page_itself_opens_without_a_key_and_holds_none(served: Served, path: str) -> None:
    """The page and its socket's address carry no key: the page asks for it in the
    hello, so no link, log or Referer ever holds it."""

    async def scenario(session: aiohttp.ClientSession) -> None:
        async with session.get(path) as page:
            body = await page.read()
        assert served.host_key.current().encode() not in body

    run(served, scenario)
