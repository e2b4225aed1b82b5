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
_FROM_WORKERS: set[tuple[str, str]] = set()
"""The messages shown in pytest-xdist's workers, handed to the controller as they end."""


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Fail the run if any message shown during the tests lacks French or German (a
    worker of a parallel run hands what it showed to the controller, which judges)."""
    shown = {(d, m) for d, m in _LOOKUPS if d != tinygame.TEST_DOMAIN and m}
    handed = getattr(session.config, "workeroutput", None)
    if handed is not None:
        handed["shown"] = sorted(shown)
        return
    gaps = missing(shown | _FROM_WORKERS)
    if gaps:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        lines = "\n".join("  " + "\t".join(gap) for gap in gaps[:50])
        if reporter is not None:
            reporter.write_line(f"Messages shown without a translation:\n{lines}", red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: object, error: object) -> None:
    """A parallel run's worker has ended: what it showed, for the controller's check."""
    handed = getattr(node, "workeroutput", {})
    _FROM_WORKERS.update((str(d), str(m)) for d, m in handed.get("shown", []))


SLOW = (
    "tests/web/",
    "tests/net/",
    "tests/install/",
    "tests/e2e/",
    "tests/table/test_crash.py",
    "tests/table/test_disk_faults.py",
    "tests/questions/test_bank.py",
    "tests/firmware/test_end_to_end.py",
    "tests/display/test_engine_wakeup.py",
    "tests/test_benches.py",
    "tests/test_bench_backup.py",
    "tests/test_quality.py",
    "tests/test_i18n_check.py",
    "tests/test_translations.py",
    "tests/test_replay_command.py",
)
"""What must stay slow: real browsers, brokers, network namespaces, subprocesses that
start the box or kill it, the benches, the whole-package checks. The fast lane for
everyday work leaves them out (`python -m pytest -m "not slow" -n auto`); CI runs all."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the tests of `SLOW` slow."""
    root = config.rootpath
    for item in items:
        where = item.path.relative_to(root).as_posix()
        if where.startswith(SLOW):
            item.add_marker(pytest.mark.slow)
