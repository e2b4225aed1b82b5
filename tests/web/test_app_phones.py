"""Phones at the box: the display loop takes a phone's answer like a tap, and shows it."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import aiohttp
import pygame

from pi_app.box.seats import SeatBook
from pi_app.display.demo import FakeClock, make_app
from pi_app.display.intents import WAKE_EVENT, Press, wait_events
from pi_app.display.phones_panel import PhonesPanel
from pi_app.display.scene import NewGame, StartTimer
from pi_app.display.targets import Button, FreeSeat, SeatCode
from pi_app.web.hub import Hub
from pi_app.web.server import PhoneServer
from tests.web.test_server import act, claim, hello

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


@contextmanager
def box_with_phones(folder: Path) -> Iterator[tuple[Any, Hub, int]]:
    """The table app (dummy display) with its phones' server: (app, hub, port)."""
    hub = Hub(SeatBook(folder / "phones.json"))
    server = PhoneServer(hub, host="127.0.0.1", port=0)
    port = server.start()
    panel = PhonesPanel(hub, lambda secret: [f"http://127.0.0.1:{port}/j/{secret}"])
    app: Any = make_app("800x480", folder / "journal.sqlite3", FakeClock(), {}, phones=panel)
    try:
        yield app, hub, port
    finally:
        server.stop()
        app.journal.close()
        pygame.display.quit()


async def claimed(app: Any, session: aiohttp.ClientSession, secret: str, seat: str) -> str:
    """A phone takes `seat` while the box's loop runs (a seat is taken through the
    core's door, on the loop's thread): the token."""
    task = asyncio.ensure_future(claim(session, secret, seat))
    while not task.done():
        app.step(wait_events(20, False))
        await asyncio.sleep(0.005)
    return await task


def test_a_phone_answer_goes_through_the_display_loop(tmp_path: Path) -> None:
    with box_with_phones(tmp_path) as (app, hub, port):
        app.execute(NewGame("gambit7", ("Ana", "Ben", "Cléo"), {}))
        app.step([])
        assert hub.published is not None
        secret = hub.seats.game(app.table.game_id)
        replies: list[dict[str, Any]] = []
        timers: list[Any] = []
        app.execute(StartTimer("answers", 30))  # the box turns the sand timer
        app.step([])

        async def phone() -> None:
            async with aiohttp.ClientSession(f"http://127.0.0.1:{port}") as session:
                socket, view = await hello(session, token=await claim(session, secret, "Ben"))
                assert view["play"]["phase"] == "answers"
                timers.append(view.get("timer"))
                replies.append(await act(socket, type="answer", typed="1h30", locale="fr"))
                replies.append(await act(socket, type="answer", typed="3", locale="fr"))

        async def loop() -> None:
            task = asyncio.create_task(phone())
            while not task.done():  # the box's loop, woken by the phone's request
                app.step(wait_events(20, False))
                await asyncio.sleep(0.005)
            await task

        asyncio.run(loop())
        assert replies[0]["ok"] and not replies[1]["ok"]
        assert timers[0]["kind"] == "answers" and 0 < timers[0]["left"] <= 30
        slates = {seat: slate.typed for seat, slate in app.table.state.answers}
        assert slates == {"Ben": "1h30"}
        app.journal.flush()
        assert [e.action for e in app.journal.events(app.table.game_id)] == [
            'answer "Ben" "1h30" fr'
        ]
        # The QR panel: the join link as a code, the seat Ben's phone holds, freeing it.
        app.feed(Press("phones"))
        app.step([])
        shown = " ".join(t.text for t in app.canvas.texts)
        assert f"127.0.0.1:{port}/j/" in shown and secret in shown and "Ben" in shown
        app.feed(Press(FreeSeat("Ben")))
        assert hub.seats.holders() == set()
        app.feed(Press(SeatCode("Cléo")))  # the host gives Cléo's seat its own code
        app.step([])
        assert "Code de Cléo" in " ".join(t.text for t in app.canvas.texts)
        app.feed(Press("phones-close"))
        app.step([])
        assert secret not in " ".join(t.text for t in app.canvas.texts)


def test_the_open_panel_shows_a_seat_a_phone_takes_at_once(tmp_path: Path) -> None:
    """The host opens the QR panel, a phone scans it and takes Ben's seat: the sleeping
    loop is woken and the panel shows Ben's seat held (a button to free it)."""
    with box_with_phones(tmp_path) as (app, hub, port):
        app.execute(NewGame("gambit7", ("Ana", "Ben", "Cléo"), {}))
        app.step([])
        secret = hub.seats.game(app.table.game_id)
        app.feed(Press(Button.PHONES))
        app.step([])
        targets = [hit.target for hit in app.canvas.hits]
        assert SeatCode("Ben") in targets and FreeSeat("Ben") not in targets
        pygame.event.clear()

        async def take_a_seat() -> None:
            async with aiohttp.ClientSession(f"http://127.0.0.1:{port}") as session:
                taken = asyncio.ensure_future(claim(session, secret, "Ben"))
                woken: list[Any] = []
                while not woken:  # the loop sleeps until something wakes it
                    await asyncio.sleep(0.01)
                    woken = [e for e in wait_events(0, False) if e.type == WAKE_EVENT]
                app.step(woken)  # the seat is taken through the core's door, and drawn
                await taken

        asyncio.run(asyncio.wait_for(take_a_seat(), 60))
        targets = [hit.target for hit in app.canvas.hits]
        assert FreeSeat("Ben") in targets and SeatCode("Ben") not in targets
        assert SeatCode("Ana") in targets


def test_a_hostile_bet_never_stops_the_display_loop(
    tmp_path: Path, monkeypatch: Any, caplog: Any
) -> None:
    """The owner is the display loop: a request that raised would end the program."""
    from pi_app.web.games import gambit7

    with box_with_phones(tmp_path) as (app, hub, port):
        app.execute(NewGame("gambit7", ("Ana", "Ben", "Cléo"), {}))
        app.step([])
        for seat, value in (("Ana", 10), ("Ben", 20), ("Cléo", 30)):
            app.table.play(f'answer "{seat}" "{value}" fr')
        app.table.play("reveal")
        app.step([])
        secret = hub.seats.game(app.table.game_id)
        before = len(app.journal.events(app.table.game_id))
        replies: list[dict[str, Any]] = []

        def broken(state: Any, request: Any) -> Any:
            raise ZeroDivisionError("a fault nobody foresaw")

        async def phone() -> None:
            async with aiohttp.ClientSession(f"http://127.0.0.1:{port}") as session:
                socket, _view = await hello(
                    session, token=await claimed(app, session, secret, "Ben")
                )
                for chips in (["1e5000"], ["1e1000000000"], []):
                    replies.append(await act(socket, type="bet", chips=chips, gambit7="1e5000"))
                monkeypatch.setattr(gambit7, "PHONE", replace(gambit7.PHONE, action=broken))
                replies.append(await act(socket, type="bet", chips=["10"]))
                monkeypatch.undo()
                replies.append(await act(socket, type="bet", chips=["10"]))

        async def loop() -> None:
            task = asyncio.create_task(phone())
            while not task.done():
                assert app.step(wait_events(20, False))  # the loop goes on, step after step
                await asyncio.sleep(0.005)
            await task

        asyncio.run(loop())
        assert [reply["ok"] for reply in replies] == [False, False, False, False, True]
        assert "too many digits" in replies[0]["message"]
        assert "could not carry out" in replies[3]["message"]
        app.journal.flush()
        events = app.journal.events(app.table.game_id)
        assert [e.action for e in events[before:]] == ['bet "Ben" [10]']
        assert app.running
