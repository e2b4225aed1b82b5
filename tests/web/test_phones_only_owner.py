"""A box with no display plays a Gambit 7 game of its own questions with two phones
(issue 36): the phones-only owner drives the same core as the display, so each round's
question is asked by the box itself, the phones see it in their language, and the
next round's question comes once the host goes on, with no screen anywhere."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import aiohttp

from pi_app.box.acts import Play
from pi_app.box.seats import SeatBook
from pi_app.loop import TableOwner
from pi_app.table import Journal, Table
from pi_app.web.hub import Hub
from pi_app.web.server import PhoneServer
from tests.web.test_server import act, claim, receive

SEATS = ("Ana", "Ben", "Cléo")
PATIENCE = 30.0


def part(view: dict[str, Any]) -> dict[str, Any]:
    """The game's own part of a phone's view."""
    found: dict[str, Any] = view.get("play") or {}
    return found


async def _hello(session: aiohttp.ClientSession, token: str, lang: str) -> Any:
    socket = await session.ws_connect("/ws")
    await socket.send_json({"type": "hello", "lang": lang, "token": token})
    return socket


async def _view_where(socket: Any, wanted: Any) -> dict[str, Any]:
    """The phone's next view for which `wanted(view)` holds (states come as they change)."""
    while True:
        view: dict[str, Any] = (await receive(socket, "state"))["view"]
        if wanted(view):
            return view


def test_the_phones_only_box_asks_its_own_questions_round_after_round(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "journal.sqlite3")
    table = Table.new(journal, "gambit7", SEATS, {}, extras={"questions": "box"}, seed=1)
    hub = Hub(SeatBook(tmp_path / "phones.json"))
    owner = TableOwner(table, hub).start()
    server = PhoneServer(hub, host="127.0.0.1", port=0)
    port = server.start()

    def box(notation: str) -> None:
        owner.act(Play(notation))

    async def scenario() -> tuple[str, str]:
        async with aiohttp.ClientSession(f"http://127.0.0.1:{port}") as session:
            secret = hub.secret_for(table.game_id)
            ana = await _hello(session, await claim(session, secret, "Ana"), "fr")
            ben = await _hello(session, await claim(session, secret, "Ben"), "de")
            asked = await _view_where(ana, lambda v: part(v).get("question"))
            first = part(asked)["question"]
            german = part(await _view_where(ben, lambda v: part(v).get("question")))
            assert first["id"] == german["question"]["id"]
            assert "answer" not in first  # the answer never leaves the box before scoring
            assert (await act(ana, type="answer", typed="12", locale="fr"))["ok"]
            assert (await act(ben, type="answer", typed="30", locale="de"))["ok"]
            box('answer "Cléo" "20" fr')  # a seat without a phone, on the box
            box("reveal")
            await _view_where(ana, lambda v: part(v)["phase"] == "bets")
            assert (await act(ana, type="bet", chips=["20"]))["ok"]
            box("close-bets")
            truth = table.state.current.question.answer
            box(f'truth "{truth}" fr')
            scored = await _view_where(ana, lambda v: "answer" in (part(v).get("question") or {}))
            assert part(scored)["question"]["id"] == first["id"]
            box("next")  # round 2: the box asks its next question by itself
            second = await _view_where(
                ana,
                lambda v: (part(v).get("question") or {}).get("id") not in (None, first["id"]),
            )
            return first["id"], part(second)["question"]["id"]

    try:
        first, second = asyncio.run(asyncio.wait_for(scenario(), PATIENCE * 4))
    finally:
        server.stop()
        owner.stop()
    events = [event.action or "" for event in journal.events(table.game_id)]
    questions = [action for action in events if action.startswith("question ")]
    assert len(questions) == 2 and first in questions[0] and second in questions[1]
    assert first != second
    journal.close()
