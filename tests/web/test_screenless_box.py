"""A box whose screen fails still plays (issue 40): the service's start with a display
that cannot open keeps running, says so in one line of its log, and its phones' port
answers; a Chromium phone takes a seat and plays a round whose steps the bell moves on
(a gpiozero MockFactory pin), the ring breathes the no-screen pattern, the phone shows
the banner, and the journal holds the round."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from gpiozero.pins.mock import MockFactory  # type: ignore[import-untyped]
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as seen

from pi_app.box.actors import BUTTON
from pi_app.box.acts import Play
from pi_app.box.changes import TableChange
from pi_app.box.seats import SeatBook
from pi_app.config import Config
from pi_app.devices import open_devices
from pi_app.devices.inputs import QUIET_S
from pi_app.devices.ring import BREATHE, FLASH, MockRing, colour_int
from pi_app.effects.ring_follows import NEXT_FLASH
from pi_app.net.ports import free_port
from pi_app.screenless import NO_SCREEN, Screenless, is_service
from pi_app.table import Journal, Table
from pi_app.web.host_key import HostKey
from pi_app.web.hub import Hub
from pi_app.web.server import PhoneServer
from tests.journals import journaled
from tests.web.browser import PATIENCE, phone, tap, wait

SEATS = ("Ana", "Ben", "Cléo")
DEADLINE = 90.0  # seconds: a busy machine is slower, never failed


def until(condition: Callable[[], Any], seconds: float = DEADLINE) -> Any:
    """Wait for `condition()` to hold (polled), or fail."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        found = condition()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"not within {seconds} s")


def answers(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/play", timeout=5) as reply:
            return bool(reply.status == 200)
    except OSError:
        return False


def test_only_the_service_falls_back() -> None:
    """A laptop's `tabletop` is not the service; systemd's start or a Pi's box is."""
    laptop = Config()
    assert not is_service(laptop, {})
    assert is_service(laptop, {"INVOCATION_ID": "1f2e"})
    assert is_service(laptop, {"NOTIFY_SOCKET": "/run/systemd/notify"})
    laptop.values["hardware"] = "pi"
    assert is_service(laptop, {})


def test_the_service_plays_on_when_the_display_cannot_start(tmp_path: Path) -> None:
    port = free_port()
    config = tmp_path / "config.toml"
    config.write_text(f'hardware = "pi"\n[phones]\nport = {port}\n', encoding="utf-8")
    environ = {
        **os.environ,
        "SDL_VIDEODRIVER": "no-such-driver",  # pygame.display.init() fails, as kmsdrm does
        "GPIOZERO_PIN_FACTORY": "mock",  # the bell and the buttons on mock pins
        "XDG_DATA_HOME": str(tmp_path),
        "INVOCATION_ID": "test",  # started as systemd starts the service
    }
    box = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "pi_app",
            "--config",
            str(config),
            "--journal",
            str(tmp_path / "journal.sqlite3"),
            "run",
        ],
        env=environ,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        until(lambda: answers(port) or box.poll() is not None)
        assert box.poll() is None, box.communicate()
        assert answers(port)
    finally:
        box.send_signal(signal.SIGTERM)
        try:
            _out, err = box.communicate(timeout=60)
        except subprocess.TimeoutExpired:  # not stopped by SIGTERM: say so, leave nothing
            box.kill()
            _out, err = box.communicate()
            err += "\n(still running 60 s after SIGTERM)"
    assert box.returncode == 0, err
    said = [line for line in err.splitlines() if line.strip()]
    assert "Traceback" not in err
    assert len([line for line in said if "display cannot start" in line]) == 1, said
    line = next(line for line in said if "display cannot start" in line)
    assert "no-such-driver" in line and "tabletop doctor" in line


@contextmanager
def screenless_box(
    folder: Path,
    speech: Any = None,
    cues: Any = None,
    wired: bool = True,
    game: tuple[str, dict[str, Any], dict[str, Any]] = ("gambit7", {}, {"questions": "box"}),
    values: dict[str, Any] | None = None,
) -> Iterator[tuple[Screenless, Any, MockFactory, int]]:
    """A game (by default Gambit 7 of the box's questions; else `game`: its name, options
    and extras), paused in the journal, taken up by a box with no screen: (the run, its
    devices, their pins, the phones' port); `speech` and `cues` are where it speaks and
    sounds (its sound device's, by default). Not `wired`: no bell, no buttons and no
    ring at all (devices None), as a box with its cable loose. `values`: settings of
    the box's configuration (a sand timer's length)."""
    path = folder / "journal.sqlite3"
    journal = Journal(path)
    name, options, extras = game
    Table.new(journal, name, list(SEATS), options, extras=extras)
    config = Config()
    config.values.update(journal=str(path), hardware="pi")
    config.values.update(values or {})
    factory = MockFactory()
    devices = open_devices(config, factory, ring_backend=MockRing()) if wired else None
    hub = Hub(SeatBook(folder / "phones.json"), HostKey.beside(path))
    server = PhoneServer(hub, host="127.0.0.1", port=0)
    port = server.start()
    run = Screenless(config, journal, hub, devices, probe=lambda: False, retry=0.2)
    run.loop.box.voice.player = speech
    run.loop.box.cues.sounds = cues
    thread = threading.Thread(target=run.run, daemon=True)
    thread.start()
    try:
        until(lambda: hub.published is not None)
        yield run, devices, factory, port
    finally:
        run.stop()
        thread.join(DEADLINE)
        server.stop()
        if devices is not None:
            devices.close()
        journal.close()


def ring_bell(run: Screenless, factory: MockFactory, devices: Any) -> None:
    """A push on the bell's pin, and wait until the box has handled it."""
    before = run.pressed
    pin = factory.pin(devices.pinout.bell)
    time.sleep(QUIET_S)  # a new press needs the contact open this long (the debouncer)
    pin.drive_low()
    time.sleep(0.001)
    pin.drive_high()
    until(lambda: run.pressed > before)


def test_a_phone_and_the_bell_play_a_round_on_a_box_with_no_screen(tmp_path: Path) -> None:
    with screenless_box(tmp_path) as (run, devices, factory, port):
        session = run.session
        table = session.table
        assert table is not None and table.state.current.question is not None  # asked
        breathing = [c for c in devices.ring.backend.commands if c.kind == BREATHE]
        assert breathing and breathing[-1].args[0] == colour_int(NO_SCREEN)
        secret = run.hub.secret_for(table.game_id)

        def box(notation: str) -> None:
            assert run.loop.act(Play(notation)).ok

        with phone("fr") as ana:
            ana.get(f"http://127.0.0.1:{port}/j/{secret}")
            tap(ana, '[data-seat="Ana"]')
            banner = wait(ana, seen.presence_of_element_located((By.ID, "no-screen")))
            assert "sonnette" in banner.text
            wait(ana, seen.presence_of_element_located((By.ID, "question")))
            for key in "12":
                tap(ana, f'[data-key="{key}"]')
            tap(ana, "#send")
            wait(ana, seen.presence_of_element_located((By.ID, "slate")))
            box('answer "Ben" 30 fr')
            box('answer "Cléo" 20 fr')
            ring_bell(run, factory, devices)  # the answers turned up
            until(lambda: str(table.state.phase) == "bets")
            tap(ana, '.case[data-target="12"]')
            tap(ana, "#place-bet")
            until(lambda: "Ana" in dict(table.state.bets))
            ring_bell(run, factory, devices)  # rien ne va plus, and the box's answer
            until(lambda: str(table.state.phase) == "scored")
            wait(ana, seen.presence_of_element_located((By.ID, "truth")), PATIENCE)
        ring_bell(run, factory, devices)  # the next round, asked by the box itself
        until(lambda: table.state.round == 2 and table.state.current.question is not None)
        game_id = table.game_id
    events = journaled(tmp_path / "journal.sqlite3", game_id)
    assert events.count("reveal") == 1 and "close-bets" in events and "next" in events
    assert any(notation.startswith('answer "Ana"') for notation in events)
    assert any(notation.startswith("truth") for notation in events)


def test_one_press_of_the_bell_is_told_once(tmp_path: Path) -> None:
    """A press that turns the answers up is one act of the box's buttons: one change,
    by the buttons, for the one event the journal keeps (issue 45: the screenless box
    told it twice, the second time as "call" by "box")."""
    with screenless_box(tmp_path) as (run, devices, factory, _port):
        for seat, value in zip(SEATS, (12, 30, 20), strict=True):
            assert run.loop.act(Play(f'answer "{seat}" {value} fr')).ok
        told: list[object] = []
        run.loop.call(lambda _table: run.session.changes.subscribe(told.append))
        ring_bell(run, factory, devices)
        table_changes = [c for c in told if isinstance(c, TableChange)]
        assert [(type(c).__name__, c.notation, c.by) for c in table_changes] == [  # type: ignore[attr-defined]
            ("Played", "reveal", BUTTON)
        ]
        flashes = [c for c in devices.ring.backend.commands if c.kind == FLASH]
        assert flashes and flashes[-1].args[0] == colour_int(NEXT_FLASH)


def test_a_press_with_nothing_to_move_on_changes_nothing(tmp_path: Path) -> None:
    with screenless_box(tmp_path) as (run, devices, factory, _port):
        table = run.session.table
        assert table is not None
        before = table.state
        ring_bell(run, factory, devices)  # nobody has answered: the players' turn
        assert table.state is before
        flashes = [c for c in devices.ring.backend.commands if c.kind != BREATHE]
        assert flashes, devices.ring.backend.commands


@pytest.mark.parametrize("button", ["undo"])
def test_the_undo_button_takes_back_the_last_answer(tmp_path: Path, button: str) -> None:
    with screenless_box(tmp_path) as (run, devices, factory, _port):
        session = run.session
        table = session.table
        assert table is not None
        assert run.loop.act(Play('answer "Ben" 30 fr')).ok
        assert dict(table.state.answers)
        before = run.pressed
        pin = factory.pin(getattr(devices.pinout, button))
        pin.drive_low()
        time.sleep(0.001)
        pin.drive_high()
        until(lambda: run.pressed > before)
        assert not dict(table.state.answers)


def test_the_display_coming_back_takes_over_the_same_game_with_the_phones_seated(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The service starts with no display; a phone takes a seat; a display opens (a
    hot-plugged cable: here the dummy driver from then on); the screen takes over on
    the same game, and the phone, still seated, hears that the box has its screen."""
    import asyncio

    import aiohttp
    import pygame

    from pi_app import screenless
    from pi_app.display import intents, startup
    from tests.web.test_server import claim, receive

    path = tmp_path / "journal.sqlite3"
    journal = Journal(path)
    game_id = Table.new(journal, "gambit7", list(SEATS), {}, extras={"questions": "box"}).game_id
    journal.close()
    port = free_port()
    config = Config()
    config.values.update(
        journal=str(path), hardware="sim", **{"phones.port": port, "wifi.hotspot": "never"}
    )
    pygame.display.quit()  # an earlier test of this process may have left it open
    monkeypatch.setenv("SDL_VIDEODRIVER", "no-such-driver")
    monkeypatch.setenv("INVOCATION_ID", "test")
    monkeypatch.setattr(screenless, "RETRY_SECONDS", 0.2)
    seated = threading.Event()

    def cable_plugged_in() -> bool:
        if not seated.is_set():
            return False
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        return True

    monkeypatch.setattr(screenless, "display_opens", cable_plugged_in)
    started: list[startup.Phones] = []
    real_start = startup.prepare_phones

    def spied(config: Any) -> startup.Phones:
        started.append(real_start(config))
        return started[-1]

    monkeypatch.setattr(startup, "prepare_phones", spied)
    seen_by_phone: dict[str, Any] = {}
    failures: list[BaseException] = []

    async def phone_side() -> None:
        until(lambda: started and started[0].hub is not None and started[0].hub.published)
        hub = started[0].hub
        assert hub is not None and not hub.screen
        async with aiohttp.ClientSession(f"http://127.0.0.1:{port}") as session:
            token = await claim(session, hub.secret_for(game_id), "Ana")
            socket = await session.ws_connect("/ws")
            await socket.send_json({"type": "hello", "lang": "en", "token": token})
            seen_by_phone["before"] = await receive(socket, "state")
            seated.set()
            while True:  # the phone's views, until one says the box has its screen
                message = await receive(socket, "state")
                if message.get("screen") is True:
                    seen_by_phone["after"] = message
                    break
            await socket.close()
        until(lambda: pygame.display.get_init() and pygame.display.get_surface() is not None)
        seen_by_phone["holders"] = sorted(hub.seats.holders())
        seen_by_phone["published"] = None if hub.published is None else hub.published.game_id

    def phone_thread() -> None:
        try:
            asyncio.run(phone_side())
        except BaseException as error:  # said in the test's thread
            failures.append(error)
        finally:
            intents.post(pygame.event.Event(pygame.QUIT))  # the host switches the box off

    helper = threading.Thread(target=phone_thread, daemon=True)
    helper.start()
    try:
        code = startup.run_app(config)
    finally:
        seated.set()
        helper.join(DEADLINE)
        pygame.quit()
    assert not failures, failures
    assert code == 0
    assert seen_by_phone["before"]["screen"] is False
    assert seen_by_phone["before"]["view"]["you"] == "Ana"
    assert seen_by_phone["after"]["view"]["game_id"] == game_id
    assert seen_by_phone["after"]["view"]["you"] == "Ana"
    assert seen_by_phone["holders"] == ["Ana"] and seen_by_phone["published"] == game_id


def test_a_box_with_no_screen_speaks_the_question_and_the_reveal_of_a_round_from_phones(
    tmp_path: Path,
) -> None:
    """Issue 50: the voice and the cues are listeners of the core's changes, so a box
    whose display cannot start says the question it asked, that every answer is in, and
    the true answer with its source, for a round played from the phones and the bell."""
    import asyncio

    import aiohttp

    from pi_app.effects.voice.players import RecordingSpeech
    from pi_app.effects.voice.words import ALL_IN, question_line, said, truth_line
    from tests.display.test_cues_follow import Heard
    from tests.web.test_server import act, claim, hello, receive

    speech, cues = RecordingSpeech(), Heard()
    with screenless_box(tmp_path, speech, cues) as (run, devices, factory, port):
        table = run.session.table
        assert table is not None
        question = table.state.current.question
        secret = run.hub.secret_for(table.game_id)

        async def phones() -> None:
            async with aiohttp.ClientSession(f"http://127.0.0.1:{port}") as session:
                sockets = {}
                for seat in SEATS:
                    token = await claim(session, secret, seat)
                    sockets[seat], _view = await hello(session, token=token)
                for seat, typed in zip(SEATS, ("12", "30", "20"), strict=True):
                    reply = await act(sockets[seat], type="answer", typed=typed, locale="fr")
                    assert reply["ok"], reply
                await asyncio.to_thread(ring_bell, run, factory, devices)  # turned up
                view = (await receive(sockets["Ana"], "state"))["view"]["play"]
                while view["phase"] != "bets":
                    view = (await receive(sockets["Ana"], "state"))["view"]["play"]
                for seat in SEATS:
                    reply = await act(sockets[seat], type="bet", chips=["less"])
                    assert reply["ok"], reply

        asyncio.run(phones())
        ring_bell(run, factory, devices)  # rien ne va plus, and the box's answer
        until(lambda: str(table.state.phase) == "scored")
        result = table.state.history[-1]
        renderer = run.loop.box.voice.renderer
        expected = [
            question_line(question, "fr"),
            said("all-in", ALL_IN, "fr"),
            truth_line(result.truth.value, result.question, "fr"),
        ]
        wanted = [renderer.cached(line.text, line.lang) for line in expected]
        until(lambda: all(path in speech.played for path in wanted))
        order = [speech.played.index(path) for path in wanted]
        assert order == sorted(order)  # said in the order it happened
        assert "Source : " in expected[2].text
        assert cues.played[:2] == ["reveal", "payout"]


def test_a_box_with_no_screen_says_the_stop_the_ringer_and_the_scored_hand_of_cambio(
    tmp_path: Path,
) -> None:
    """Issue 50: a Cambio round played through the core's door on a box whose display
    cannot start: the box says STOP, who rang, who won the round and its points, and
    who leads."""
    from pi_app.effects.voice.players import RecordingSpeech

    speech = RecordingSpeech()
    game = ("cambio", {"variant": "simple"}, {})
    with screenless_box(tmp_path, speech, game=game) as (run, _devices, _factory, _port):
        for notation in ("deal", "open", "bell", 'ring "Ben"', "show Dollar 9"):
            assert run.loop.act(Play(notation)).ok
        renderer = run.loop.box.voice.renderer
        texts = [
            "Stop !",
            "Ben a sonné.",
            "Ben gagne la manche : 100 points.",
            "Ben mène avec 100 points.",
        ]
        wanted = [renderer.cached(text, "fr") for text in texts]
        until(lambda: all(path in speech.played for path in wanted))
        assert [speech.played.index(path) for path in wanted] == [0, 1, 2, 3]
