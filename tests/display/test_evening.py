"""A whole evening, played as the demo script plays it (`tabletop demo evening`)."""

from __future__ import annotations

from pathlib import Path

from pi_app.display.demo import DEMO_START, Driver, FakeClock, make_app
from pi_app.display.evening import evening
from pi_app.display.home.unfinished import UnfinishedPage
from pi_app.display.screens import Mode
from pi_app.i18n import current_language, translate
from tests.display.layout_checks import drawn_text


def test_an_evening_keeps_every_game_and_restarts_in_german(tmp_path: Path) -> None:
    clock = FakeClock(DEMO_START)
    driver = Driver(make_app("800x480", tmp_path / "evening.sqlite3", clock), clock, None)
    evening(driver)
    app = driver.app  # the app after the restart
    games = {entry.game: entry for entry in app.journal.games()}
    assert set(games) == {"gambit7", "cambio", "gambo"}
    assert games["gambit7"].finished and not games["gambit7"].abandoned  # resumed, ended
    assert not games["cambio"].finished and not games["cambio"].abandoned  # still waiting
    assert not games["gambo"].abandoned
    assert current_language() == "de"  # chosen on the box, kept through the restart
    assert app.screens.mode is Mode.HOME and isinstance(app.scene.page, UnfinishedPage)
    shown = drawn_text(app.canvas.texts)
    assert translate("Unfinished games", "display", "de") in shown
    assert "Cambio" in shown and "Gambo" in shown
    gambo = app.session.unfinished.find(games["gambo"].id)
    assert gambo is not None
    # one Undo took back the computer's reply and Alice's move: its opening stays
    assert gambo.state.history == ("adv b4",)
    assert gambo.state.to_move == 0  # Alice to move; the computer waits for her
    app.journal.close()
