"""The Pico's firmware installed from the box's own screen (issue 46): no shell needed.

The Pico is the real firmware in MicroPython's unix port on a pseudo-terminal, first a
copy calling itself release 0.9; `mpremote` is a stand-in that copies the files into
the Pico's "flash" and restarts it (`mpy_harness.FlashablePico`). The box's link
refuses the old release; the Pico page says so, its Install button runs the command
line's install with the box's link closed, the link comes up on the box's firmware,
and the page and the message bar say it in the box's language.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from pi_app.devices.link import EXPECTED, PicoLink
from pi_app.display.demo import FakeClock, make_app
from pi_app.display.intents import Press
from pi_app.display.pages import PageButton
from pi_app.display.pico_page import PicoButton
from pi_app.i18n import set_language
from tests.display.layout_checks import drawn_text
from tests.firmware.mpy_harness import FlashablePico, older_firmware

PATIENCE = 60.0


@pytest.fixture
def pico(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[FlashablePico]:
    tools = tmp_path / "bin"
    tools.mkdir()
    made = FlashablePico(older_firmware(tmp_path / "flash"), tools)
    monkeypatch.setenv("PATH", f"{tools}{os.pathsep}{os.environ['PATH']}")
    yield made
    made.stop()


def until(app: Any, what: str, condition: Callable[[], bool]) -> None:
    """Step the app until `condition()`; a failure naming `what` at the deadline."""
    deadline = time.monotonic() + PATIENCE
    while not condition():
        assert time.monotonic() < deadline, f"{what}: not within {PATIENCE:.0f} s"
        app.dirty = True
        app.step([])
        time.sleep(0.02)


def shown(app: Any) -> str:
    return drawn_text(app.canvas.texts)


@pytest.mark.parametrize(
    ("lang", "older", "installed", "done"),
    [
        ("fr", "micrologiciel 0.9 (protocole 1).", "celui du boîtier", "est sur le Pico"),
        ("de", "Firmware 0.9 (Protokoll 1).", "die der Box", "ist auf dem Pico"),
        ("en", "firmware 0.9 (protocol 1).", "the box's own", "is on the Pico"),
    ],
)
def test_the_pico_page_installs_the_boxs_firmware(
    pico: FlashablePico, tmp_path: Path, lang: str, older: str, installed: str, done: str
) -> None:
    set_language(lang)
    link = PicoLink(lambda: pico.path, reconnect_delay=0.05)
    app = make_app("480x320", tmp_path / "journal.sqlite3", FakeClock(), ring=None)
    try:
        app.pico.link = link.start()
        pico.on_reset = lambda: link._thread is None  # the box's link closed meanwhile
        until(app, "the link refuses release 0.9", lambda: link.mismatch is not None)
        app.step([])
        app.feed(Press(PageButton("pico")))
        until(app, "the page names release 0.9", lambda: older in shown(app))
        assert PicoButton.INSTALL in {hit.target for hit in app.canvas.hits}
        app.feed(Press(PicoButton.INSTALL))
        until(app, "the page names the box's firmware", lambda: installed in shown(app))
        assert app.message is not None and done in app.message[0] and not app.message[1]
        assert pico.link_at_reset == [True]  # mpremote ran with the box's link closed
        until(app, "the box's link up again", lambda: link.up)
        assert link.pico_version is not None and tuple(link.pico_version[:3]) == EXPECTED
        assert {p.name for p in pico.flash.glob("*.py")} >= {"main.py", "protocol.py"}
    finally:
        set_language("fr")
        link.close()
        app.journal.close()


def test_a_failed_copy_is_said_and_the_link_opens_again(
    pico: FlashablePico, tmp_path: Path
) -> None:
    pico.mpremote.write_text("#!/bin/sh\nexit 1\n")
    set_language("en")
    link = PicoLink(lambda: pico.path, reconnect_delay=0.05)
    app = make_app("800x480", tmp_path / "journal.sqlite3", FakeClock(), ring=None)
    try:
        app.pico.link = link.start()
        until(app, "the link refuses release 0.9", lambda: link.mismatch is not None)
        app.feed(Press(PageButton("pico")))
        until(app, "the page offers Install", lambda: "firmware 0.9" in shown(app))
        app.feed(Press(PicoButton.INSTALL))
        until(app, "the failure said", lambda: "exit 1" in shown(app))
        assert app.message is not None and app.message[1]  # said as an error
        assert "not installed" in app.message[0]  # why: on the page
        until(app, "the box's link open again", lambda: link._thread is not None)
        until(app, "the old release refused again", lambda: link.mismatch is not None)
    finally:
        set_language("fr")
        link.close()
        app.journal.close()
