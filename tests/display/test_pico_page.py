"""The Pico page whole at both sizes in every language, for everything it and its
message say (the install itself, with the firmware in MicroPython's unix port: tests/e2e)."""

from __future__ import annotations

import time
from typing import Any

import pytest

from pi_app.display.intents import Press
from pi_app.display.pages import PageButton
from pi_app.display.pico_page import PicoButton, installed_text
from pi_app.firmware import Outcome, Verdict
from pi_app.i18n import LANGUAGES, set_language
from tests.display import layout_checks as checks
from tests.display.layout_checks import drawn_text

PORT = "/dev/ttyACM0"
SAID = [
    Outcome(Verdict.NO_PICO),
    Outcome(Verdict.NO_MPREMOTE),
    Outcome(Verdict.COPY_FAILED, PORT, code=1),
    Outcome(Verdict.SILENT, PORT),
    Outcome(Verdict.REFUSED, PORT),
    Outcome(Verdict.OTHER, PORT, (1, 0, 9)),
    Outcome(Verdict.SAME, PORT, (1, 1, 0)),
]


def opened(app: Any) -> None:
    """The page, once its first look (no link here: no Pico) is done."""
    app.step([])
    app.feed(Press(PageButton("pico")))
    deadline = time.monotonic() + 30
    while app.pico.busy is not None:
        assert time.monotonic() < deadline, "the look never ended"
        app.step([])
        time.sleep(0.01)


def test_without_a_link_no_pico_is_found_and_nothing_is_offered(
    app_factory: Any, english: None
) -> None:
    app = app_factory()
    opened(app)
    app.dirty = True
    app.step([])
    assert "No Pico found" in drawn_text(app.canvas.texts)
    assert PicoButton.INSTALL not in {hit.target for hit in app.canvas.hits}
    assert PicoButton.LOOK in {hit.target for hit in app.canvas.hits}


@pytest.mark.parametrize("size", ["800x480", "480x320"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_is_whole_at_both_sizes(app_factory: Any, size: str, lang: str) -> None:
    set_language(lang)
    try:
        app = app_factory(size)
        opened(app)
        for outcome in SAID:
            app.pico.seen = outcome
            if outcome.verdict in (Verdict.SAME, Verdict.COPY_FAILED):  # an install ended
                app.flash_message(*installed_text(outcome))
            app.dirty = True
            app.step([])
            found = checks.page_faults(app.canvas)
            assert not found, (outcome, found)
    finally:
        set_language("fr")
