"""Every change reaches the screen by itself (issue 36): an answer of NetworkManager that
says nothing new, and a pack imported from the command line while the box runs, are
drawn with no touch of the screen. The loop is driven as `App.run` drives it: it
sleeps as long as `wait_ms` says (capped here, as the test's own patience), and
nothing marks the screen to be drawn again by hand."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pi_app.box.packs import LOOK_EVERY
from pi_app.cli import main
from pi_app.display.demo import FakeClock
from pi_app.display.home.targets import GameTap
from pi_app.display.intents import Press, wait_events
from pi_app.display.pages import PageButton
from pi_app.i18n import set_language
from pi_app.wifi.hotspot import MISSING, NetworkManager
from tests.display.layout_checks import drawn_text

PATIENCE = 30.0
ABSENT = {
    "fr": "NetworkManager ne tourne pas",
    "de": "NetworkManager läuft nicht",
}


def run_until(app: Any, condition: Callable[[], bool], what: str) -> None:
    """The loop as `App.run` runs it, with no input, until `condition` holds."""
    end = time.monotonic() + PATIENCE
    while not condition():
        assert time.monotonic() < end, f"never drawn: {what}"
        app.step(wait_events(min(app.wait_ms(), 200), blocking=False))


def slow_and_absent(_argv: object) -> tuple[int, str]:
    """No NetworkManager, said after a while: the page is drawn asking first."""
    time.sleep(0.3)
    return MISSING, ""


def drawn(app: Any) -> str:
    return drawn_text(app.canvas.texts)


@pytest.mark.parametrize("lang", sorted(ABSENT))
def test_the_wifi_page_says_what_networkmanager_said_without_a_touch(
    app_factory: Any, tmp_path: Path, lang: str
) -> None:
    set_language(lang)
    try:
        app = app_factory()
        app.wifi = lambda: NetworkManager(tmp_path, slow_and_absent)
        app.step([])
        app.feed(Press(PageButton("wifi")))
        app.step([])
        run_until(app, lambda: ABSENT[lang] in drawn(app), "NetworkManager is absent")
        app.feed(Press(PageButton("wifi")))  # leaving and coming back asks again
    finally:
        set_language("fr")


def test_a_pack_imported_while_the_box_runs_is_offered_without_a_restart(
    app_factory: Any, clock: FakeClock, tmp_path: Path
) -> None:
    app = app_factory()
    app.step([])
    app.feed(Press(GameTap("quitte-ou-double")))
    app.step([])

    def offered() -> list[str]:
        (questions,) = [c for c in app.scene.choices() if c.key == "questions"]
        return list(questions.values)

    assert "pack:quiz" not in offered()
    pack = tmp_path / "quiz.csv"
    pack.write_text(
        "text_fr,text_de,text_en,answer,unit,source,licence\n"
        "Combien de pattes ?,,How many legs?,8,,a book,\n",
        encoding="utf-8",
    )
    journal = str(app.journal.path)
    assert main(["--journal", journal, "questions", "import", str(pack), "--name", "quiz"]) == 0
    clock.advance(LOOK_EVERY)  # the box looks at its packs now and then
    frames = app.painter.frames
    run_until(app, lambda: "pack:quiz" in offered() and app.painter.frames > frames, "the new pack")
    assert app.scene.choices()  # the home's seats page stayed where the host was
