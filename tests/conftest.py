"""Shared test setup: the tiny contract game is registered (rules and declaration) for
every test."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from pi_app.display.games import register as declare
from pi_app.i18n import record_lookups, set_language
from pi_app.i18n_check import missing
from pi_app.rules.registry import register
from tests import tinygame

register(tinygame.GAME)
declare(tinygame.GAME.name, tinygame.DECLARATION)


@pytest.fixture(autouse=True)
def _french_by_default() -> None:
    """Every test starts in the box's default language."""
    set_language("fr")


_LOOKUPS = record_lookups()


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Fail the run if any message shown during the tests lacks French or German."""
    shown = {(d, m) for d, m in _LOOKUPS if d != tinygame.TEST_DOMAIN and m}
    gaps = missing(shown)
    if gaps:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        lines = "\n".join("  " + "\t".join(gap) for gap in gaps[:50])
        if reporter is not None:
            reporter.write_line(f"Messages shown without a translation:\n{lines}", red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
