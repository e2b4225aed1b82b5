"""The phones' server, driven by raw HTTP and websocket requests (no page involved).

Every way a phone could cheat or break the table is tried directly: another seat's
token, a second answer, a bet after "rien ne va plus", peeking at answers before the
reveal, malformed, oversized and flooding messages.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp

from tests.web.conftest import SEATS, Served

Socket = aiohttp.ClientWebSocketResponse


def run(served: Served, scenario: Callable[[aiohttp.ClientSession], Awaitable[None]]) -> None:
    async def main() -> None:
        async with aiohttp.ClientSession(served.url) as session:
            await scenario(session)

    asyncio.run(main())


async def claim(session: aiohttp.ClientSession, secret: str, seat: str) -> str:
    async with session.post("/api/claim", json={"secret": secret, "seat": seat}) as answer:
        body = await answer.json()
        assert answer.status == 200, body
        return str(body["token"])


async def receive(socket: Socket, kind: str) -> dict[str, Any]:
    """The next message of `kind` (states come whenever the table changes)."""
    while True:
        message = json.loads((await socket.receive(timeout=10)).data)
        if message["type"] == kind:
            return message


async def hello(session: aiohttp.ClientSession, **who: str) -> tuple[Socket, dict[str, Any]]:
    socket = await session.ws_connect("/ws")
    await socket.send_json({"type": "hello", "lang": "en", **who})
    state = await receive(socket, "state")
    return socket, state["view"]


async def act(socket: Socket, **message: Any) -> dict[str, Any]:
    await socket.send_json({"lang": "en", **message})
    return await receive(socket, "reply")


def test_a_round_of_answers_and_bets_from_phones(served: Served) -> None:
    async def scenario(session: aiohttp.ClientSession) -> None:
        sockets = {}
        for seat in SEATS[:4]:
            sockets[seat], view = await hello(
                session, token=await claim(session, served.secret, seat)
            )
            assert view["you"] == seat and view["play"]["phase"] == "answers"
        for seat, typed in zip(SEATS[:4], ("1h30", "100", "120", "2h"), strict=True):
            reply = await act(sockets[seat], type="answer", typed=typed, locale="fr")
            assert reply["ok"], reply
        served.box('answer "Eli" "95" fr')  # a seat without a phone, on the box
        served.box("reveal")  # the host turns the slates up
        view = (await receive(sockets["Ana"], "state"))["view"]["play"]
        while view["phase"] != "bets":
            view = (await receive(sockets["Ana"], "state"))["view"]["play"]
        targets = [case["target"] for case in view["board"] if case["target"]]
        assert targets == ["less", "90", "95", "100", "120"]
        reply = await act(sockets["Ana"], type="bet", chips=["95", "less"])
        assert reply["ok"], reply
        reply = await act(sockets["Ben"], type="bet", chips=[], gambit7="120")
        assert reply["ok"], reply
        served.box("close-bets")
        served.box('truth "1h35" fr')
        payout = None
        while payout is None:
            payout = (await receive(sockets["Ana"], "state"))["view"]["play"].get("payout")
        assert payout["chips"] == 1 and payout["after"] > 0

    run(served, scenario)
    state = served.owner.call(lambda table: table.state)
    assert dict(state.history[-1].bets)["Ben"].gambit7 == 120
    events = served.owner.call(lambda table: table.journal.events(table.game_id))
    assert [e.action for e in events][:2] == ['answer "Ana" "1h30" fr', 'answer "Ben" "100" fr']


def test_nobody_sees_another_answer_before_the_reveal(served: Served) -> None:
    async def scenario(session: aiohttp.ClientSession) -> None:
        ana, _ = await hello(session, token=await claim(session, served.secret, "Ana"))
        ben, _ = await hello(session, token=await claim(session, served.secret, "Ben"))
        watcher, _ = await hello(session, secret=served.secret)
        assert (await act(ana, type="answer", typed="4242", locale="fr"))["ok"]
        for socket in (ben, watcher):
            view = (await receive(socket, "state"))["view"]
            assert view["play"]["answered"] == ["Ana"]
            assert "4242" not in json.dumps(view)
        await ana.send_json({"type": "lang", "lang": "en"})  # asks for the view again
        mine = (await receive(ana, "state"))["view"]["play"]
        assert mine["your_answer"] == "4242"

    run(served, scenario)


def test_a_bet_before_the_reveal_is_refused_and_reveals_nothing(served: Served) -> None:
    async def scenario(session: aiohttp.ClientSession) -> None:
        sockets = {}
        for seat in SEATS:
            sockets[seat], _view = await hello(
                session, token=await claim(session, served.secret, seat)
            )
        for number, seat in enumerate(SEATS, start=1):
            assert (await act(sockets[seat], type="answer", typed=str(number), locale="fr"))["ok"]
        reply = await act(sockets["Ana"], type="bet", chips=["1"])  # a crafted request
        assert not reply["ok"] and "reveal" in reply["message"]

    run(served, scenario)
    state = served.owner.call(lambda table: table.state)
    assert str(state.phase) == "answers"  # still the host's to turn up
    events = served.owner.call(lambda table: table.journal.events(table.game_id))
    assert all(not (e.action or "").startswith("bet") for e in events)


def test_a_phone_cannot_act_for_another_seat_or_twice(served: Served) -> None:
    async def scenario(session: aiohttp.ClientSession) -> None:
        ana, _ = await hello(session, token=await claim(session, served.secret, "Ana"))
        # The seat comes from the token: a field naming another seat changes nothing.
        reply = await act(ana, type="answer", typed="10", locale="fr", seat="Ben")
        assert reply["ok"]
        reply = await act(ana, type="answer", typed="20", locale="fr")
        assert not reply["ok"] and "already" in reply["message"]
        # A second phone cannot take a held seat.
        async with session.post("/api/claim", json={"secret": served.secret, "seat": "Ana"}) as r:
            assert r.status == 409
        # A made-up token is no seat.
        stranger = await session.ws_connect("/ws")
        await stranger.send_json({"type": "hello", "token": "made-up"})
        assert (await receive(stranger, "unknown"))["message"]
        closing = await stranger.receive(timeout=10)  # and the box closes it: no retries
        assert closing.type == aiohttp.WSMsgType.CLOSE and closing.data == 4403

    run(served, scenario)
    state = served.owner.call(lambda table: table.state)
    assert {seat: slate.typed for seat, slate in state.answers} == {"Ana": "10"}


def test_a_wrong_secret_gets_nothing(served: Served) -> None:
    async def scenario(session: aiohttp.ClientSession) -> None:
        for path in ("/j/guessed", "/api/seats?secret=guessed"):
            async with session.get(path) as answer:
                assert answer.status == 403
        async with session.post("/api/claim", json={"secret": "guessed", "seat": "Ana"}) as r:
            assert r.status == 403
        socket = await session.ws_connect("/ws")
        await socket.send_json({"type": "hello", "secret": "guessed"})
        assert (await receive(socket, "unknown"))["message"]

    run(served, scenario)
    assert served.hub.seats.holders() == set()


def test_no_bet_after_rien_ne_va_plus(served: Served) -> None:
    async def scenario(session: aiohttp.ClientSession) -> None:
        ana, _ = await hello(session, token=await claim(session, served.secret, "Ana"))
        for seat, value in zip(SEATS, (10, 20, 30, 40, 50), strict=True):
            served.box(f'answer "{seat}" "{value}" fr')
        served.box("close-bets")
        reply = await act(ana, type="bet", chips=["10"])
        assert not reply["ok"] and "not open" in reply["message"]

    run(served, scenario)
    assert served.owner.call(lambda table: table.state.bets) == ()


def test_malformed_oversized_and_flooding_messages_change_nothing(served: Served) -> None:
    async def scenario(session: aiohttp.ClientSession) -> None:
        token = await claim(session, served.secret, "Ana")
        ana, _ = await hello(session, token=token)
        for bad in ("not json", "[1, 2]", '{"type": 7}', '{"type": "launch"}'):
            await ana.send_str(bad)
            reply = await receive(ana, "reply")
            assert not reply["ok"] and "cannot be read" in reply["message"]
        for fields in (
            {"typed": ""},
            {"typed": 12},
            {"typed": "1" * 100},
            {"typed": "1", "locale": "xx"},
        ):
            reply = await act(ana, type="answer", **fields)
            assert not reply["ok"]
        reply = await act(ana, type="answer", typed="douze", locale="fr")
        assert not reply["ok"]  # the parser's own refusal, as on the box
        async with session.post("/api/claim", data=b"x" * 10_000) as answer:
            assert answer.status in (400, 413)
        big = await session.ws_connect("/ws")
        await big.send_str("x" * 5000)
        closing = await big.receive(timeout=10)
        assert closing.type in (
            aiohttp.WSMsgType.CLOSE,
            aiohttp.WSMsgType.CLOSED,
            aiohttp.WSMsgType.CLOSING,
        )
        flood, _ = await hello(session, token=await claim(session, served.secret, "Cléo"))
        for _ in range(200):  # a seated phone that floods
            await flood.send_str('{"type": "launch"}')
        refused = 0
        while True:
            message = await flood.receive(timeout=10)
            if message.type != aiohttp.WSMsgType.TEXT:
                break
            refused += "slow down" in message.data
        assert refused > 0  # refused, then cut off

    run(served, scenario)
    assert served.owner.call(lambda table: table.state.answers) == ()


def test_a_freed_seat_is_taken_from_its_phone(served: Served) -> None:
    async def scenario(session: aiohttp.ClientSession) -> None:
        ana, _ = await hello(session, token=await claim(session, served.secret, "Ana"))
        served.hub.seats.free("Ana")
        served.box('answer "Ben" "5" fr')  # a change on the box reaches the phones
        assert (await receive(ana, "unknown"))["message"]
        reply = await act(ana, type="answer", typed="6", locale="fr")
        assert not reply["ok"]
        token = await claim(session, served.secret, "Ana")  # another phone takes it
        assert token

    run(served, scenario)


def test_every_game_shows_its_scores_and_rounds(served: Served) -> None:
    async def scenario(session: aiohttp.ClientSession) -> None:
        watcher, view = await hello(session, secret=served.secret)
        assert view["scores"] == dict.fromkeys(SEATS, 0) and view["rounds"] == []
        for seat, value in zip(SEATS, (10, 20, 30, 40, 50), strict=True):
            served.box(f'answer "{seat}" "{value}" fr')
        served.box("close-bets")
        served.box('truth "31" fr')
        while True:
            view = (await receive(watcher, "state"))["view"]
            if view["rounds"]:
                break
        assert view["rounds"][0]["scores"]["Cléo"] > 0

    run(served, scenario)
