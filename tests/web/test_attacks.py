"""Hostile phones against a real server: each attack is refused, the table goes on.

Every test speaks raw HTTP or websocket to a server on this machine, then checks the
refusal, that the table's owner still answers, and that the journal changed only by
legal events. An attacker speaks from an address of its own in 127.0.0.0/8 (Linux
delivers the whole range on the loopback), so the per-address rules can tell it from
the phones at the table.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from pi_app.net.ports import free_port
from pi_app.table import Journal, Table
from pi_app.web import admission, answers, gate, phone
from pi_app.web.games import gambit7
from tests.paths import ROOT
from tests.web.conftest import SEATS, Served, serve
from tests.web.test_server import act, claim, hello, receive

STRANGER = "127.0.0.66"  # the attacker's address
DEADLINE = 30.0  # seconds to wait for anything, however busy the machine


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    """Shorter admission deadlines, so the tests need not wait the box's 5 s."""
    monkeypatch.setattr(admission, "HELLO_SECONDS", 3.0)
    monkeypatch.setattr(gate, "HEADER_SECONDS", 3.0)


@pytest.fixture(autouse=True)
def patient(monkeypatch: pytest.MonkeyPatch) -> None:
    """No flood limit: these tests send many requests on purpose (flooding has its own)."""
    monkeypatch.setattr(phone, "BURST", 10_000)


@pytest.fixture
def qod(tmp_path: Path) -> Iterator[Served]:
    made = serve(tmp_path, "quitte-ou-double", SEATS[:3])
    yield made
    made.stop()


def run(served: Served, scenario: Callable[[aiohttp.ClientSession], Awaitable[None]]) -> None:
    async def main() -> None:
        async with aiohttp.ClientSession(served.url) as session:
            await scenario(session)

    asyncio.run(main())


async def until(condition: Callable[[], bool]) -> None:
    deadline = time.monotonic() + DEADLINE
    while not condition():
        assert time.monotonic() < deadline, "condition never met"
        await asyncio.sleep(0.01)


def journaled(served: Served) -> list[str]:
    """The events on disk, read back by a second journal as a restarted box would."""
    served.owner.call(lambda table: table.journal.flush(DEADLINE))
    path = served.owner.table.journal.path
    reader = Journal(path)
    try:
        game_id = served.owner.table.game_id
        table = Table.load(reader, game_id)  # every event folds through the rules again
        assert table.state == served.owner.call(lambda t: t.state)
        return [str(event.action or event.kind) for event in reader.events(game_id)]
    finally:
        reader.close()


def alive(served: Served) -> None:
    """The table's owner answers a call from the box's keypad."""
    assert served.owner.call(lambda table: table.game_id, timeout=DEADLINE) > 0


def gambit7_bets(served: Served) -> None:
    for seat, value in zip(SEATS, (90, 95, 100, 120, 130), strict=True):
        served.box(f'answer "{seat}" "{value}" fr')
    served.box("reveal")  # the host turns the slates up: the bets open


# -- 1. one bet with a number too large to write out --------------------------------


HUGE = ["1e5000", "-1e5000", "1e1000000000", "1e-5000", "9" * 1500]


def test_a_huge_number_in_a_gambit7_bet_is_refused_and_the_table_goes_on(
    served: Served,
) -> None:
    gambit7_bets(served)
    before = journaled(served)

    async def scenario(session: aiohttp.ClientSession) -> None:
        ana, _ = await hello(session, token=await claim(session, served.secret, "Ana"))
        for number in HUGE:
            for message in ({"chips": [number]}, {"chips": [], "gambit7": number}):
                reply = await act(ana, type="bet", **message)
                assert not reply["ok"], (number, reply)
                assert reply["message"], reply
        reply = await act(ana, type="bet", chips=["95", "less"])
        assert reply["ok"], reply

    run(served, scenario)
    alive(served)
    assert journaled(served) == [*before, 'bet "Ana" [95, "less"]']


def test_a_huge_zone_bound_in_quitte_ou_double_is_refused(qod: Served) -> None:
    for team, value in zip(SEATS[:3], (10, 20, 30), strict=True):
        qod.box(f'answer "{team}" {value}')
    qod.box("reveal")
    before = journaled(qod)

    async def scenario(session: aiohttp.ClientSession) -> None:
        ana, _ = await hello(session, token=await claim(session, qod.secret, "Ana"))
        for number in HUGE:
            for message in ({"low": number, "high": None}, {"low": 10, "high": number}):
                reply = await act(ana, type="bet", **message)
                assert not reply["ok"], (number, reply)
            reply = await act(ana, type="stake", low=10, high=20, count=10**40)
            assert not reply["ok"]
        reply = await act(ana, type="bet", low="10", high="20")
        assert reply["ok"], reply

    run(qod, scenario)
    alive(qod)
    assert journaled(qod) == [*before, 'bet "Ana" 10..20']


def test_a_fault_while_carrying_out_a_request_is_logged_once_and_refused(
    served: Served, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(state: Any, request: Any) -> Any:
        raise ZeroDivisionError("a fault nobody foresaw")

    monkeypatch.setattr(gambit7, "PHONE", replace(gambit7.PHONE, action=broken))
    caplog.set_level(logging.ERROR, "pi_app.web.tables")

    async def scenario(session: aiohttp.ClientSession) -> None:
        ana, _ = await hello(session, token=await claim(session, served.secret, "Ana"))
        reply = await act(ana, type="answer", typed="12", locale="fr")
        assert not reply["ok"] and "could not carry out" in reply["message"]
        monkeypatch.undo()
        reply = await act(ana, type="answer", typed="12", locale="fr")
        assert reply["ok"], reply

    run(served, scenario)
    faults = [r for r in caplog.records if r.name == "pi_app.web.tables"]
    assert len(faults) == 1 and faults[0].exc_info is not None
    assert journaled(served) == ['answer "Ana" "12" fr']


# -- 2. bets after the bets' sand timer ran out; a replayed request -------------------


def test_quitte_ou_double_bets_close_for_phones_too_and_ids_act_once(qod: Served) -> None:
    for team, value in zip(SEATS[:3], (10, 20, 30), strict=True):
        qod.box(f'answer "{team}" {value}')
    qod.box("reveal")

    async def scenario(session: aiohttp.ClientSession) -> None:
        token = await claim(session, qod.secret, "Ana")
        ana, _ = await hello(session, token=token)
        first = await act(ana, type="bet", low="10", high="20", id="p1-1")
        assert first["ok"], first
        again = await act(ana, type="bet", low="10", high="20", id="p1-1")  # replayed
        assert again == first
        # The same id from a new connection of the same seat (a reload) is the same request.
        reloaded, _ = await hello(session, token=token)
        assert await act(reloaded, type="bet", low="10", high="20", id="p1-1") == first
        qod.box("close-bets")  # the bets' sand timer ran out on the box
        late = await act(reloaded, type="bet", low="20", high="30", id="p1-2")
        assert not late["ok"] and "no more bets" in late["message"]
        await reloaded.send_json({"type": "lang", "lang": "en"})  # asks for the view again
        view = (await receive(reloaded, "state"))["view"]["play"]
        assert view["bets_closed"]

    run(qod, scenario)
    alive(qod)
    tokens = qod.owner.call(lambda table: table.state.current.tokens)
    assert len(tokens) == 1
    assert journaled(qod)[-2:] == ['bet "Ana" 10..20', "close-bets"]


# -- 3. idle websockets that never say hello ---------------------------------------


async def stranger_session() -> aiohttp.ClientSession:
    connector = aiohttp.TCPConnector(local_addr=(STRANGER, 0), limit=0, force_close=True)
    return aiohttp.ClientSession(connector=connector)


def test_idle_websockets_lock_no_phone_out(served: Served, quick: None) -> None:
    async def scenario(session: aiohttp.ClientSession) -> None:
        token = await claim(session, served.secret, "Ana")
        async with await stranger_session() as strange:
            idle = []
            for _ in range(62):
                with contextlib.suppress(aiohttp.ClientError):
                    idle.append(await strange.ws_connect(f"{served.url}/ws"))
            # The seated phone reloading, and a spectator from the code, both get in.
            ana, view = await hello(session, token=token)
            assert view["you"] == "Ana"
            watcher, view = await hello(session, secret=served.secret)
            assert (view is not None and "you" not in view) or view.get("you") is None
            # The idle sockets are closed once their time to say hello is over.
            for socket in idle:
                message = await socket.receive(timeout=DEADLINE)
                assert message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
            await until(lambda: not served.server.greeting)
            reply = await act(ana, type="answer", typed="7", locale="fr")
            assert reply["ok"], reply
            await watcher.close()

    run(served, scenario)
    assert journaled(served) == ['answer "Ana" "7" fr']


async def closing_of(socket: aiohttp.ClientWebSocketResponse) -> Any:
    """The close code the server sends `socket`, after whatever states come first."""
    message = await socket.receive(timeout=DEADLINE)
    while message.type == aiohttp.WSMsgType.TEXT:
        message = await socket.receive(timeout=DEADLINE)
    return message.data


def test_a_seated_phone_gets_in_when_the_box_is_full(
    served: Served, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(admission, "MAX_PHONES", 3)

    async def scenario(session: aiohttp.ClientSession) -> None:
        token = await claim(session, served.secret, "Ben")
        watchers = [(await hello(session, secret=served.secret))[0] for _ in range(3)]
        late = await session.ws_connect("/ws")
        await late.send_json({"type": "hello", "secret": served.secret})
        closing = await late.receive(timeout=DEADLINE)
        assert closing.type == aiohttp.WSMsgType.CLOSE and closing.data == 1013
        ben, view = await hello(session, token=token)  # a spectator gives way
        assert view["you"] == "Ben"
        ends = [asyncio.create_task(closing_of(watcher)) for watcher in watchers]
        done, waiting = await asyncio.wait(ends, timeout=DEADLINE, return_when="FIRST_COMPLETED")
        await asyncio.sleep(0.5)  # no other spectator goes
        assert len(done) == 1 and not any(task.done() for task in waiting)
        for task in waiting:
            task.cancel()
        again, view = await hello(session, token=token)  # a reload replaces Ben's older one
        assert view["you"] == "Ben"
        assert await closing_of(ben) == admission.REPLACED_CLOSE
        assert (await act(again, type="answer", typed="8", locale="fr"))["ok"]

    run(served, scenario)


# -- 4. slowloris: half-sent requests --------------------------------------------------


def half_sent(port: int, source: str) -> socket.socket | None:
    """A connection that sends the start of a request's headers and never the rest."""
    connection = socket.socket()
    connection.settimeout(DEADLINE)
    try:
        connection.bind((source, 0))
        connection.connect(("127.0.0.1", port))
        connection.sendall(b"GET /play HTTP/1.1\r\nHost: box\r\nX-Slow: ")
    except OSError:
        connection.close()
        return None
    return connection


def closed_by_server(connection: socket.socket) -> bool:
    try:
        return connection.recv(4096) == b""
    except (ConnectionResetError, TimeoutError):
        return True


def phone_joins(served: Served) -> None:
    """A new phone loads its page, takes a seat and answers."""

    async def scenario(session: aiohttp.ClientSession) -> None:
        async with session.get("/play") as page:
            assert page.status == 200
        ana, _ = await hello(session, token=await claim(session, served.secret, "Ana"))
        assert (await act(ana, type="answer", typed="9", locale="fr"))["ok"]

    run(served, scenario)


def test_connections_past_the_cap_of_one_address_are_closed_at_once(served: Served) -> None:
    port = int(served.url.rsplit(":", 1)[1])
    served.server.gate.header_seconds = 10 * DEADLINE  # here only the cap closes them
    slow = [half_sent(port, STRANGER) for _ in range(gate.PER_ADDRESS + 6)]
    held = [connection for connection in slow if connection is not None]
    try:
        gate_ = served.server.gate
        deadline = time.monotonic() + DEADLINE
        while gate_.open[STRANGER] + gate_.refused < len(held):
            assert time.monotonic() < deadline, "the server did not see every connection"
            time.sleep(0.01)
        assert gate_.open[STRANGER] == gate.PER_ADDRESS and gate_.refused == 6
        assert all(closed_by_server(connection) for connection in held[gate.PER_ADDRESS :])
        phone_joins(served)  # from another address: nothing of this reaches it
    finally:
        for connection in held:
            connection.close()
    assert journaled(served) == ['answer "Ana" "9" fr']


def test_half_sent_requests_are_cut_off_and_phones_still_join(
    served: Served, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, "pi_app.web.gate")
    served.server.gate.header_seconds = 3.0
    port = int(served.url.rsplit(":", 1)[1])
    sources = [f"127.0.1.{n}" for n in range(1, 11)]
    slow = [half_sent(port, source) for source in sources for _ in range(20)]
    held = [connection for connection in slow if connection is not None]
    try:
        phone_joins(served)
        # Their time to send the headers ran out: the server closed every one.
        assert all(closed_by_server(connection) for connection in held)
    finally:
        for connection in held:
            connection.close()
    assert len(held) == 200 and served.server.gate.silent == 200
    lines = [r for r in caplog.records if r.name == "pi_app.web.gate"]
    assert 1 <= len(lines) <= 2  # one line per 10 s, however many were cut off
    alive(served)


# -- malformed input and shutdown ----------------------------------------------------


def test_deep_nesting_and_lone_surrogates_are_refused_without_a_traceback(
    served: Served, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)

    async def scenario(session: aiohttp.ClientSession) -> None:
        ana, _ = await hello(session, token=await claim(session, served.secret, "Ana"))
        for bad in (
            "[" * 2000,
            '{"type": "answer", "typed": ' + "[" * 900 + "]" * 900 + "}",
            '{"type": "answer", "typed": "\\ud800", "locale": "fr"}',
            '{"type": "\\udfff"}',
            '{"type": "bet", "chips": ["\\ud83d"]}',
        ):
            await ana.send_str(bad)
            reply = await receive(ana, "reply")
            assert not reply["ok"] and "cannot be read" in reply["message"]
        async with session.post("/api/claim", data="[" * 2000) as answer:
            assert answer.status == 400
        async with session.post(
            "/api/claim", data='{"secret": "\\ud800", "seat": "Ben"}'
        ) as answer:
            assert answer.status == 400
        assert (await act(ana, type="answer", typed="5", locale="fr"))["ok"]

    run(served, scenario)
    assert not [r for r in caplog.records if r.exc_info is not None or r.levelno >= logging.ERROR]
    assert journaled(served) == ['answer "Ana" "5" fr']


def test_stopping_closes_the_phones_and_does_not_wait_for_them(served: Served) -> None:
    closes: list[Any] = []

    async def scenario(session: aiohttp.ClientSession) -> None:
        ana, _ = await hello(session, token=await claim(session, served.secret, "Ana"))
        loop = asyncio.get_running_loop()
        started = time.monotonic()
        stopping = loop.run_in_executor(None, served.server.stop)
        closes.append(await closing_of(ana))
        await stopping
        closes.append(time.monotonic() - started)

    run(served, scenario)
    assert closes[0] == aiohttp.WSCloseCode.GOING_AWAY
    # The phone is told at once; stop() itself is bounded by its 2 s (it used to take 12).
    assert closes[1] < 10


def test_the_loops_own_faults_are_logged_quietly(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, "pi_app.web.gate")
    now = [0.0]
    quiet = gate.QuietLog(clock=lambda: now[0])
    said = [quiet.say("accept", "out of %s", "files") for _ in range(1000)]
    now[0] += gate.LOG_SECONDS
    said.append(quiet.say("accept", "out of %s", "files"))
    assert said.count(True) == 2
    assert "999 more" in caplog.records[-1].getMessage()


def test_requests_name_no_seat_before_a_hello(served: Served) -> None:
    async def scenario(session: aiohttp.ClientSession) -> None:
        socket = await session.ws_connect("/ws")
        await socket.send_str(json.dumps({"type": "answer", "typed": "3", "id": 1}))
        reply = await receive(socket, "reply")
        assert not reply["ok"] and reply["id"] == 1

    run(served, scenario)
    assert journaled(served) == []


def test_a_resent_id_hears_what_happened_after_the_box_was_late(
    served: Served, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(answers, "REPLY_SECONDS", 0.5)
    busy, free = threading.Event(), threading.Event()

    def hold(table: Any) -> None:  # the table's owner is busy for a while
        busy.set()
        free.wait(DEADLINE)

    async def scenario(session: aiohttp.ClientSession) -> None:
        ana, _ = await hello(session, token=await claim(session, served.secret, "Ana"))
        holder = threading.Thread(target=served.owner.call, args=(hold, DEADLINE))
        holder.start()
        assert busy.wait(DEADLINE)
        late = await act(ana, type="answer", typed="4", locale="fr", id="x-1")
        assert not late["ok"] and "in time" in late["message"]
        free.set()
        holder.join(DEADLINE)
        await until(lambda: len(served.owner.call(lambda t: t.state.answers)) == 1)
        again = await act(ana, type="answer", typed="4", locale="fr", id="x-1")
        assert again["ok"], again  # the first request was carried out, once

    run(served, scenario)
    assert journaled(served) == ['answer "Ana" "4" fr']


def test_sigterm_stops_the_box_at_once_with_phones_connected(tmp_path: Path) -> None:
    """The table app as systemd runs it: SIGTERM with a phone's websocket open."""
    port = free_port()
    config = tmp_path / "config.toml"
    config.write_text(f"[phones]\nport = {port}\n")
    box = subprocess.Popen(
        [
            *(sys.executable, "-m", "pi_app", "--config", str(config), "--hardware", "sim"),
            *("--journal", str(tmp_path / "journal.sqlite3"), "run"),
        ],
        cwd=ROOT,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"},
        stderr=subprocess.PIPE,
        text=True,
    )
    try:

        async def scenario() -> float:
            async with aiohttp.ClientSession(f"http://127.0.0.1:{port}") as session:
                deadline = time.monotonic() + DEADLINE
                while True:  # the box starts listening once its first frame is up
                    try:
                        socket_ = await session.ws_connect("/ws")
                        break
                    except aiohttp.ClientConnectionError as refused:
                        if box.poll() is not None or time.monotonic() > deadline:
                            box.kill()
                            said = box.communicate()[1]
                            raise AssertionError(f"the box never listened: {said}") from refused
                        await asyncio.sleep(0.05)
                started = time.monotonic()
                box.send_signal(signal.SIGTERM)
                closing = await socket_.receive(timeout=DEADLINE)
                assert closing.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
                return time.monotonic() - started

        told = asyncio.run(scenario())
        box.wait(DEADLINE)
        _, errors = box.communicate()
    finally:
        box.kill()
    assert box.returncode == 0, errors
    assert "Traceback" not in errors and "TimeoutError" not in errors, errors
    assert told < 10  # it took 12 s, waiting on the phone, before the server closed them
