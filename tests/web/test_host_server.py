"""The host's page on the phones' port (issue 48): the page and its words, the key's
hello, the shared Next, Undo and Redo, a game's and a panel's requests through the
core's door by the host, stale requests refused with what changed, two hosts seeing
the same table, and the players' phones told when a host's phone is connected."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

import pi_app.web.games.gambit7 as gambit7_web
from pi_app.box import acts
from pi_app.box.actors import HOST
from pi_app.box.changes import Played
from pi_app.rules.registry import games
from pi_app.web import host_sockets, host_tables, host_view
from pi_app.web.host_play import HostPanel, HostPlay
from pi_app.web.host_routes import host_script
from pi_app.web.pages import STATIC as PHONE_STATIC
from pi_app.web.pages import page_headers, scripts_in
from tests.web.conftest import Served
from tests.web.host_client import host_hello
from tests.web.test_server import hello, receive, run

STATIC = Path(__file__).parents[2] / "pi_app" / "web" / "static"


def answered(served: Served, seats: tuple[str, ...] = ("Ana", "Ben", "Cléo", "Dan", "Eli")) -> None:
    """Every seat's slate written on the box: the round waits for the host's Next."""
    for number, seat in enumerate(seats, start=1):
        served.box(f'answer "{seat}" "{number * 10}" fr')


def test_the_page_its_script_and_its_words(served: Served) -> None:
    async def scenario(session: aiohttp.ClientSession) -> None:
        async with session.get("/host") as page:
            assert page.status == 200
            body = await page.text()
            for name, value in page_headers(page.url.host + f":{page.url.port}").items():
                assert page.headers[name] == value
        assert served.host_key.current() not in body
        async with session.get("/static/host.js") as script:
            assert script.status == 200
            assert script.headers["X-Content-Type-Options"] == "nosniff"
            assert (await script.read()) == host_script()
        async with session.get("/static/host.css") as style:
            assert style.status == 200 and style.content_type == "text/css"
        async with session.get("/host/texts/de.json") as texts:
            words = await texts.json()
        assert set(words) == {"shared", "games", "panels"}
        assert words["shared"]["next"] == "Weiter"
        async with session.get("/host/texts/xx.json") as missing:
            assert missing.status == 404
        async with session.get("/static/play.js") as phones:  # the phones' still served
            assert phones.status == 200

    run(served, scenario)
    shell = (STATIC / "host.js").read_text(encoding="utf-8")
    assert host_script().startswith(shell.encode())
    for name in scripts_in("host"):
        assert f"// ---- static/{name} ----" in host_script().decode()
    for name in games():  # the shell names no game: each game's part is its own file
        assert f'"{name}"' not in shell and f"'{name}'" not in shell
    assert "host.js" not in PHONE_STATIC


def test_next_undo_and_redo_from_the_hosts_phone(served: Served) -> None:
    answered(served)
    table = served.owner.table

    async def scenario(session: aiohttp.ClientSession) -> None:
        socket, shown = await host_hello(session, served.host_key.current())
        assert set(shown) == {
            "type", "step", "game_id", "game", "summary", "play", "panels",
            "next", "undo", "redo", "screen", "timer",
        }  # fmt: skip
        assert shown["game"] == "gambit7" and shown["game_id"] == table.game_id
        assert shown["summary"]["scores"] == {seat: 0 for seat in table.seats}
        assert "names" in shown["summary"] and shown["screen"] is True
        assert shown["next"] and "answers are turned up" in shown["next"]
        assert shown["undo"] and "Eli" in shown["undo"] and shown["redo"] is None
        reply = await socket.ask("next", shown)
        assert reply == {"type": "reply", "id": "1", "ok": True, "message": ""}
        assert str(table.state.phase) == "bets"
        shown = await socket.shown_after(shown["step"])
        assert "answers are turned up" in shown["undo"]
        assert (await socket.ask("undo", shown, "2"))["ok"]
        assert str(table.state.phase) == "answers"
        shown = await socket.shown_after(shown["step"])
        assert shown["redo"] and "answers are turned up" in shown["redo"]
        assert (await socket.ask("redo", shown, "3"))["ok"]
        assert str(table.state.phase) == "bets"
        shown = await socket.shown_after(shown["step"])
        assert shown["next"] and "bets are closed" in shown["next"]
        await socket.close()

    run(served, scenario)
    events = [event.action for event in table.journal.events(table.game_id)]
    assert events[-3:] == ["reveal", None, None]  # reveal, undo, redo


def test_next_with_nothing_to_move_on_is_refused_in_the_hosts_words(served: Served) -> None:
    async def scenario(session: aiohttp.ClientSession) -> None:
        socket, shown = await host_hello(session, served.host_key.current(), "de")
        assert shown["next"] is None and shown["undo"] is None  # the players' turn
        refused = await socket.ask("next", shown, lang="de")
        assert refused == {
            "type": "reply",
            "id": "1",
            "ok": False,
            "message": "Nichts weiterzuschalten: Die Runde wartet auf die Spieler.",
        }
        await socket.close()

    run(served, scenario)


def test_a_stale_request_is_refused_with_what_changed(served: Served) -> None:
    answered(served, ("Ana", "Ben", "Cléo", "Dan"))
    table = served.owner.table

    async def scenario(session: aiohttp.ClientSession) -> None:
        socket, shown = await host_hello(session, served.host_key.current(), "fr")
        served.box('answer "Eli" "50" fr')  # typed on the box meanwhile
        refused = await socket.ask("undo", shown, lang="fr")
        assert not refused["ok"]
        assert refused["message"].startswith("Pas fait : entre-temps,")
        assert "Eli" in refused["message"]
        assert len(dict(table.state.answers)) == 5  # nothing taken back
        shown = await socket.shown_after(shown["step"])
        assert (await socket.ask("undo", shown, "2"))["ok"]
        await socket.send_json({"type": "lang", "lang": "en"})
        stale = await socket.ask("next", shown, "3")
        assert stale["message"] == "Not done: meanwhile the last action was taken back."
        await socket.close()

    run(served, scenario)


def test_two_hosts_race_on_next_and_see_the_same_table(served: Served) -> None:
    answered(served)
    table = served.owner.table

    async def scenario(session: aiohttp.ClientSession) -> None:
        one, shown_one = await host_hello(session, served.host_key.current())
        two, shown_two = await host_hello(session, served.host_key.current())
        assert shown_one["step"] == shown_two["step"]
        request = {"type": "next", "game": shown_one["game_id"], "step": shown_one["step"]}
        await asyncio.gather(
            one.send_json({**request, "id": "a", "lang": "en"}),
            two.send_json({**request, "id": "b", "lang": "en"}),
        )
        replies = await asyncio.gather(one.next_of("reply"), two.next_of("reply"))
        assert sorted(reply["ok"] for reply in replies) == [False, True], replies
        loser = next(reply for reply in replies if not reply["ok"])
        assert (
            loser["message"].startswith("Not done: meanwhile")
            and "answers are turned up" in loser["message"]
        )
        after = await asyncio.gather(
            one.shown_after(shown_one["step"]), two.shown_after(shown_two["step"])
        )
        assert after[0] == after[1]
        for socket in (one, two):
            await socket.close()

    run(served, scenario)
    events = [event.action for event in table.journal.events(table.game_id)]
    assert events.count("reveal") == 1 and str(table.state.phase) == "bets"


@pytest.fixture
def hosted_game(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Gambit 7 with a host play of a test's own (kind "pick", words "said: ...") and
    one panel (kind "poke"): what is asked of them is logged in the list."""
    asked: list[str] = []

    def action(state: object, request: Any) -> list[str]:
        asked.append(f"{request.kind}@{request.step}")
        return [f'answer "{seat}" "7" fr' for seat in request.fields["seats"]]

    play = HostPlay(
        kinds=("pick",),
        action=action,
        view=lambda state, lang: {"lang": lang},
        describe=lambda state, notation, lang: f"said: {notation}",
        texts={"pick": "Next"},
    )
    panel = HostPanel(
        "probe",
        kinds=("poke",),
        view=lambda session, lang: {"seated": session.table is not None},
        act=lambda session, request: [acts.Play('answer "Eli" "9" fr')],
    )
    monkeypatch.setattr(gambit7_web, "HOST", play, raising=False)
    for module in (host_tables, host_sockets, host_view):
        monkeypatch.setattr(module, "PANELS", (panel,))
    host_sockets.host_kinds.cache_clear()
    yield asked
    host_sockets.host_kinds.cache_clear()


def test_a_games_and_a_panels_requests_are_the_hosts_acts(
    served: Served, hosted_game: list[str]
) -> None:
    told: list[Any] = []
    steps: list[int] = []
    served.owner.call(lambda _table: served.owner.session.changes.subscribe(told.append))

    async def scenario(session: aiohttp.ClientSession) -> None:
        socket, shown = await host_hello(session, served.host_key.current(), "de")
        assert shown["play"] == {"lang": "de"} and shown["panels"] == {"probe": {"seated": True}}
        steps.append(shown["step"])
        reply = await socket.ask("pick", shown, seats=["Ana", "Ben"])
        assert reply["ok"], reply
        shown = await socket.shown_after(shown["step"])
        assert shown["undo"] == 'said: answer "Ben" "7" fr'
        assert (await socket.ask("poke", shown, "2"))["ok"]  # a panel's: no step needed
        async with session.get("/host/texts/en.json") as texts:
            assert (await texts.json())["games"]["gambit7"] == {"pick": "Next"}
        await socket.close()

    run(served, scenario)
    played = [(change.notation, change.by) for change in told if isinstance(change, Played)]
    assert played == [
        ('answer "Ana" "7" fr', HOST),
        ('answer "Ben" "7" fr', HOST),
        ('answer "Eli" "9" fr', HOST),
    ]
    assert hosted_game == [f"pick@{steps[0]}"]


def test_the_players_phones_hear_when_a_hosts_phone_is_connected(served: Served) -> None:
    served.hub.screen = False

    async def scenario(session: aiohttp.ClientSession) -> None:
        watcher, _ = await hello(session, secret=served.secret)
        host, _ = await host_hello(session, served.host_key.current())
        while not (await receive(watcher, "state")).get("host"):
            pass
        await host.close()
        state = await receive(watcher, "state")
        assert state["host"] is False and state["screen"] is False
        await watcher.close()

    run(served, scenario)


def test_no_host_message_is_built_while_no_host_is_connected(served: Served) -> None:
    answered(served)
    served.box("reveal")
    assert served.hub.desk.message("en") is None
    assert served.hub.desk.readers() == (frozenset(), False)
