"""The host's phone beside the box's screen (issue 48): a host act is drawn in the
frame after the core's change, and a tap on the screen reaches the host's phone."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any

import aiohttp
import pygame
import pytest

from pi_app.box import acts
from pi_app.box.actors import BOX, HOST
from pi_app.box.changes import Change, TableChange
from pi_app.box.seats import SeatBook
from pi_app.display.demo import FakeClock, make_app
from pi_app.display.intents import Press, wait_events
from pi_app.display.phones_panel import PhonesPanel
from pi_app.display.scene import NewGame
from pi_app.display.targets import Button
from pi_app.web.host_key import HostKey
from pi_app.web.hub import Hub
from pi_app.web.server import PhoneServer
from tests.web.host_client import host_hello

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


def test_a_host_act_is_drawn_at_once_and_a_tap_reaches_the_host(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    key = HostKey.beside(tmp_path / "journal.sqlite3")
    hub = Hub(SeatBook(tmp_path / "phones.json"), key)
    server = PhoneServer(hub, host="127.0.0.1", port=0)
    port = server.start()
    panel = PhonesPanel(hub, lambda secret: [f"http://127.0.0.1:{port}/j/{secret}"])
    app: Any = make_app("800x480", tmp_path / "journal.sqlite3", FakeClock(), {}, phones=panel)
    try:
        app.execute(NewGame("gambit7", ("Ana", "Ben", "Cléo"), {}))
        app.step([])
        for seat, value in (("Ana", 10), ("Ben", 20), ("Cléo", 30)):
            assert app.box.session.act(acts.Play(f'answer "{seat}" "{value}" fr')).ok
        app.step([])
        frames: list[tuple[int, str]] = []  # each frame drawn: (moves it shows, its words)
        told: list[tuple[int, Change]] = []  # each table change, with the frames before it
        real_render = app.render

        def render() -> None:
            real_render()
            words = " ".join(text.text for text in app.canvas.texts)
            frames.append((app.table.moves_played, words))

        monkeypatch.setattr(app, "render", render)
        app.box.session.changes.subscribe(
            lambda change: told.append((len(frames), change)), *(TableChange,)
        )
        seen: dict[str, Any] = {}

        async def host() -> None:
            async with aiohttp.ClientSession(f"http://127.0.0.1:{port}") as session:
                socket, shown = await host_hello(session, key.current())
                assert (await socket.ask("next", shown))["ok"]  # the answers turned up
                seen["after_next"] = await socket.shown_after(shown["step"])
                seen["tap"] = asyncio.Event()
                await seen["tap"].wait()  # the host taps Undo on the box's screen
                seen["after_tap"] = await socket.shown_after(seen["after_next"]["step"])
                await socket.close()

        async def loop() -> None:
            task = asyncio.create_task(host())
            while not task.done():
                app.step(wait_events(20, False))
                if "tap" in seen and not seen["tap"].is_set():
                    app.feed(Press(Button.UNDO))
                    seen["tap"].set()
                await asyncio.sleep(0.005)
            await task

        asyncio.run(asyncio.wait_for(loop(), 120))
    finally:
        server.stop()
        app.journal.close()
        pygame.display.quit()
    by_host = [(count, change) for count, change in told if change.by == HOST]
    assert len(by_host) == 1
    count, change = by_host[0]
    assert isinstance(change, TableChange) and str(change.after.phase) == "bets"  # type: ignore[attr-defined]
    moves, words = frames[count]  # the first frame drawn after the host's change
    assert moves == frames[count - 1][0] + 1  # the frame after it shows it
    assert words != frames[count - 1][1]
    assert seen["after_next"]["undo"] and "answers are turned up" in seen["after_next"]["undo"]
    by_box = [change for _count, change in told if change.by == BOX]
    assert by_box and str(by_box[-1].after.phase) == "answers"  # type: ignore[attr-defined]
    assert seen["after_tap"]["next"] and "answers are turned up" in seen["after_tap"]["next"]
    assert seen["after_tap"]["redo"] and "answers are turned up" in seen["after_tap"]["redo"]
