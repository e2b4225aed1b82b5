"""The booted card speaks (issue 50): QEMU's `virt` board carries an Intel HDA sound
card whose speaker is a WAV file; the host's phone (a websocket from this machine,
through the forwarded port, with the key read over SSH) starts a game of the box's
own questions, and the box's first question is heard in that file: seconds of sound,
measured with sox, where before the game the speaker was silent."""

from __future__ import annotations

import asyncio
import subprocess
import time
from pathlib import Path
from typing import Any

import aiohttp

from pi_app.web.host_sockets import LATE
from tests.pi.vm import RATE, VM, heard, until

HOST_KEY = "/var/lib/tabletop/tabletop/host-key"
SPOKEN = 2.0  # seconds of sound: a question is a sentence, a cue a fraction of a second
QUIET = 0.5  # at most, before the game: the resumed game says nothing


async def _games(vm: VM, key: str) -> tuple[list[dict[str, Any]], Any, Any]:
    """The games the host's home offers (read by a job at the first host's hello: the
    page is told None until then, so the hello is repeated until they are there)."""
    deadline = time.monotonic() + 600
    session = aiohttp.ClientSession(f"http://127.0.0.1:{vm.phones}")
    while True:
        socket = await session.ws_connect("/host/ws")
        await socket.send_json({"type": "hello", "key": key, "lang": "en"})
        while True:
            shown = await socket.receive_json(timeout=120)
            if shown["type"] == "host":
                break
        games = shown["panels"]["home"]["games"]
        if games:
            return games, (session, socket), shown
        await socket.close()
        assert time.monotonic() < deadline, "the host's home never listed its games"
        await asyncio.sleep(5)


def box_questions(games: list[dict[str, Any]]) -> dict[str, int]:
    """Gambit 7's option picks with its questions from the box's bank, all of it."""
    gambit7 = next(game for game in games if game["name"] == "gambit7")
    option = next(choice for choice in gambit7["options"] if choice["key"] == "questions")
    return {"questions": option["names"].index("Box: all")}


async def _start_box_questions(vm: VM, key: str) -> dict[str, Any]:
    """The host's "new game" of the box's questions; asked again while the box, slow
    under emulation, answers "not in time" (such a request is dropped: the retry
    starts the game once)."""
    games, (session, socket), shown = await _games(vm, key)
    try:
        for attempt in range(10):
            request = {"type": "new_game", "id": f"voice-{attempt}", "game": shown["game_id"],
                       "step": shown["step"], "lang": "en", "name": "gambit7",
                       "seats": ["Ana", "Ben", "Cléa"], "picks": box_questions(games)}  # fmt: skip
            await socket.send_json(request)
            while True:
                reply = dict(await socket.receive_json(timeout=300))
                if reply["type"] == "reply":
                    break
            if reply["ok"] or reply["message"] != LATE:
                return reply
        return reply
    finally:
        await socket.close()
        await session.close()


def sox_stat(wav: Path) -> str:
    """sox's figures of the speaker's samples (read raw: the header's sizes are 0)."""
    done = subprocess.run(
        ["sox", "-t", "raw", "-r", str(RATE), "-e", "signed", "-b", "16", "-c", "1",
         "--ignore-length", str(wav), "-n", "stat"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    return done.stderr


def check_speaking(vm: VM) -> None:
    """A game of the box's questions started from the host's phone: its first question
    is said through the VM's sound card."""
    assert vm.sound is not None
    key = vm.ssh("cat", HOST_KEY).stdout.strip()
    assert len(key) > 20, "no host key on the booted card"
    cards = vm.ssh("cat", "/proc/asound/cards").stdout
    print(f"the VM's sound cards: {cards.strip()}")
    before = heard(vm.sound)
    print(f"heard before the game: {before:.2f} s")
    assert before <= QUIET, f"{before:.2f} s of sound before any question"
    reply = asyncio.run(_start_box_questions(vm, key))
    assert reply["ok"], reply
    spoken = until("the first question said", lambda: heard(vm.sound) - before >= SPOKEN, 600)
    print(f"heard after the question: {heard(vm.sound):.2f} s; sox: {sox_stat(vm.sound)}")
    assert spoken
    said = vm.ssh("journalctl", "-b", "-u", "tabletop", "-o", "cat").stdout
    assert "Traceback" not in said, said
