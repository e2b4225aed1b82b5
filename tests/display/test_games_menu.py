"""The home's menu as the package carries it (`display.games.menu`) is the menu the games
declare, and the box's first frame imports no game, nor anything else the first screen
does not need (a structural check: which modules are loaded, never how fast)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from pi_app.display.games import menu
from pi_app.i18n import set_language
from tests import tinygame
from tests.first_frame import at_first_frame

ROOT = Path(__file__).resolve().parents[2]

FIRST_FRAME = at_first_frame(
    """
    print("\\n".join(sorted(sys.modules)), flush=True)
    print("first frame", flush=True)
    self.running = False
    """
)

NOT_ON_THE_FIRST_FRAME = (
    "aiohttp",  # the phones' server: once the first frame is up
    "paho",  # MQTT: a tournament across boxes
    "gpiozero",  # a box with pins
    "pi_app.ai.gambo",  # the Gambo engine
    "pi_app.net",
    "pi_app.questions.bank",  # the built-in questions
    "pi_app.rules.gambit7",  # every game's rules and screens: once chosen
    "pi_app.rules.quitte_ou_double",
    "pi_app.rules.cambio",
    "pi_app.rules.gambo",
    "pi_app.display.games.gambit7",
    "pi_app.display.games.cambio",
    "pi_app.display.games.gambo",
)


def test_the_kept_menu_is_the_declared_one() -> None:
    """Else: python -m pi_app.display.games.menu"""
    assert menu.MENU_FILE.read_text(encoding="utf-8") == menu.declared()


def test_the_menu_lists_every_game_in_the_reader_s_language() -> None:
    set_language("de")
    entries = menu.menu()
    names = [entry.name for entry in entries]
    assert names[:2] == ["gambit7", "quitte-ou-double"]
    assert {"cambio", "cambio-tournament", "gambo", tinygame.GAME.name} <= set(names)
    titles = {entry.name: entry.title for entry in entries}
    assert titles["cambio-tournament"] == "Cambio (Turnier)"
    assert [entry.name for entry in entries if entry.across_boxes] == ["cambio-tournament"]


def test_the_first_frame_imports_only_what_it_shows(tmp_path: Path) -> None:
    environ = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYTHONPATH": str(ROOT),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
    }
    environ.pop("NOTIFY_SOCKET", None)
    argv = ["--journal", str(tmp_path / "journal.sqlite3"), "--hardware", "sim", "run"]
    done = subprocess.run(
        [sys.executable, "-c", FIRST_FRAME, *argv],
        env=environ,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert "first frame" in done.stdout, done.stderr[-3000:]
    loaded = set(done.stdout.splitlines())
    found = sorted(
        module
        for module in loaded
        for heavy in NOT_ON_THE_FIRST_FRAME
        if module == heavy or module.startswith(heavy + ".")
    )
    assert not found, found
