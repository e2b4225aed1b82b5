"""The big screen's socket and pages (issue 49): no key, a spectator's view only (no
seat's token, no slate before the reveal), bounded like the phones' sockets, in the
language asked or the box's, following every publish and the seats the phones take;
its script is tv.js and every game's own drawing, and no shared file names a game."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp import WSCloseCode

from pi_app.box.seats import SeatBook
from pi_app.i18n import current_language
from pi_app.rules.registry import games
from pi_app.table import Journal, Table
from pi_app.web import tv_screens
from pi_app.web.hub import Hub, Published
from pi_app.web.pages import asset
from pi_app.web.tv import tv_view
from pi_app.web.tv_screens import MAX_TVS
from pi_app.web.tv_view import tv_json
from tests.web.conftest import Served
from tests.web.test_server import claim

PATIENCE = 30.0
SHOWN = {"cambio", "cambio-tournament", "gambit7", "gambo", "quitte-ou-double"}
"""The games with a view of their own on the big screen."""
WEB = Path(tv_screens.__file__).parent


async def tv_message(socket: Any, wanted: Any = lambda m: True) -> dict[str, Any]:
    """The TV's next message for which `wanted(message)` holds."""
    while True:
        said = await socket.receive(timeout=PATIENCE)
        assert said.type == aiohttp.WSMsgType.TEXT, said
        message: dict[str, Any] = json.loads(said.data)
        if wanted(message):
            return message


def run(served: Served, scenario: Any) -> Any:
    async def go() -> Any:
        async with aiohttp.ClientSession(served.url) as session:
            return await scenario(session)

    return asyncio.run(asyncio.wait_for(go(), PATIENCE * 4))


def test_a_tv_needs_no_key_and_follows_the_box_and_the_phones(served: Served) -> None:
    async def scenario(session: aiohttp.ClientSession) -> list[str]:
        screen = await session.ws_connect("/tv/ws")
        first = await tv_message(screen)
        assert first["type"] == "tv" and first["view"]["game"] == "gambit7"
        assert first["lang"] == current_language()
        assert first["view"]["held"] == [] and first["view"]["join"] == f"/j/{served.secret}"
        tokens = [await claim(session, served.secret, seat) for seat in ("Ana", "Ben")]
        seated = await tv_message(screen, lambda m: len(m["view"]["held"]) == 2)
        assert seated["view"]["held"] == ["Ana", "Ben"]
        served.box('answer "Ana" 1234')  # the box's tap: the TV sees who, never what
        answered = await tv_message(screen, lambda m: m["view"]["play"]["answered"])
        assert answered["view"]["play"]["answered"] == ["Ana"]
        assert "1234" not in json.dumps(answered)
        await screen.close()
        return tokens

    tokens = run(served, scenario)
    assert all(len(token) > 8 for token in tokens)


def test_no_token_reaches_a_tv(served: Served) -> None:
    async def scenario(session: aiohttp.ClientSession) -> None:
        screen = await session.ws_connect("/tv/ws?lang=de")
        seen = [await tv_message(screen)]
        tokens = [await claim(session, served.secret, seat) for seat in ("Ana", "Ben", "Cléo")]
        seen.append(await tv_message(screen, lambda m: len(m["view"]["held"]) == 3))
        served.box('answer "Dan" 5')
        seen.append(await tv_message(screen, lambda m: m["view"]["play"]["answered"]))
        assert all(m["lang"] == "de" for m in seen)
        text = json.dumps(seen)
        assert not any(token in text for token in tokens)
        await screen.close()

    run(served, scenario)


def test_tvs_are_capped_and_bounded(served: Served, monkeypatch: pytest.MonkeyPatch) -> None:
    async def scenario(session: aiohttp.ClientSession) -> None:
        screens = [await session.ws_connect("/tv/ws") for _ in range(MAX_TVS)]
        for screen in screens:
            await tv_message(screen)
        extra = await session.ws_connect("/tv/ws")
        closed = await extra.receive(timeout=PATIENCE)
        assert closed.type == aiohttp.WSMsgType.CLOSE and closed.data == WSCloseCode.TRY_AGAIN_LATER
        big = screens[0]
        await big.send_str(json.dumps({"type": "lang", "lang": "de", "pad": "x" * 400}))
        said = await big.receive(timeout=PATIENCE)
        assert said.type == aiohttp.WSMsgType.CLOSE and said.data == WSCloseCode.MESSAGE_TOO_BIG
        flood = screens[1]
        for _ in range(200):  # past its budget and its strikes: cut off
            if flood.closed:
                break
            await flood.send_str(json.dumps({"type": "ping"}))
        cut = await tv_message_or_close(flood)
        assert cut == "closed"
        late = await session.ws_connect("/tv/ws")  # the freed places take new TVs
        assert (await tv_message(late))["type"] == "tv"
        for screen in [*screens, late]:
            await screen.close()

    run(served, scenario)


async def tv_message_or_close(socket: Any) -> str:
    while True:
        said = await socket.receive(timeout=PATIENCE)
        if said.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
            return "closed"


def test_the_tv_language_is_chosen_and_a_tv_may_change_it(served: Served) -> None:
    async def scenario(session: aiohttp.ClientSession) -> None:
        screen = await session.ws_connect("/tv/ws?lang=en")
        assert (await tv_message(screen))["lang"] == "en"
        await screen.send_str(json.dumps({"type": "lang", "lang": "de"}))
        assert (await tv_message(screen))["lang"] == "de"
        async with session.get("/tv/texts/de.json") as reply:
            words = await reply.json()
        assert words["shared"]["join"] == "Zum Mitspielen scannen"
        assert set(words["games"]) == SHOWN
        await screen.close()

    run(served, scenario)


def test_the_page_its_script_and_its_code(served: Served) -> None:
    async def scenario(session: aiohttp.ClientSession) -> None:
        async with session.get("/tv") as page:
            assert page.status == 200
            assert "script-src 'self'" in page.headers["Content-Security-Policy"]
        async with session.get("/tv/static/tv.js") as script:
            text = await script.text()
        for name in SHOWN:  # every game's drawing, registered under its record name
            assert f'registerTv("{name}"' in text
        async with session.get("/tv/qr.svg") as code:
            assert code.status == 200 and code.content_type == "image/svg+xml"
        async with session.get("/tv/static/nothing.js") as missing:
            assert missing.status == 404

    run(served, scenario)


def test_every_game_of_the_box_has_its_tv_view() -> None:
    assert {name for name in games() if tv_view(name) is not None} == SHOWN


def test_no_shared_file_of_the_big_screen_names_a_game() -> None:
    shared = [
        asset("tv.js").decode(),
        asset("tv.html").decode(),
        *(
            (WEB / name).read_text(encoding="utf-8")
            for name in ("tv_screens.py", "tv_view.py", "tv_texts.py", "qr_image.py")
        ),
    ]
    for name in games():
        for text in shared:
            assert name not in text.lower(), name


def test_the_computer_thinking_the_timer_and_the_screen(tmp_path: Path) -> None:
    extras = {"opponent": {"B": "easy"}}
    table = Table.new(Journal(tmp_path / "g.sqlite3"), "gambo", ("Ana", "Ben"), {}, 1, extras)

    class Timer:
        kind = "answers"
        seconds = 60.0

    published = Published(table.game, table.state, table.game_id, 3, Timer(), 0.0, extras)
    view = tv_json(published, "fr", None, [], None)
    assert view["thinking"] is True  # B moves first, and the computer plays B
    assert view["names"]["Ben"] != "Ben"  # the computer's seat by its label
    hub = Hub(SeatBook(tmp_path / "phones.json"))
    hub.screen = False
    screens = tv_screens.TvScreens(hub)
    message = screens.tv_message(published, "fr")
    assert message["screen"] is False
    assert (
        message["view"]["timer"]["kind"] == "answers" and message["view"]["timer"]["seconds"] == 60
    )
    table.journal.close()
