"""The Pi package tests print each step's minutes after the run's summary."""

from __future__ import annotations

import pytest

from tests.pi.steps import MINUTES


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not MINUTES:
        return
    width = max(map(len, MINUTES))
    terminalreporter.section("Pi package: minutes per step")
    for name, minutes in MINUTES.items():
        terminalreporter.write_line(f"{name.ljust(width)}  {minutes:5.1f}")
    terminalreporter.write_line(f"{'all'.ljust(width)}  {sum(MINUTES.values()):5.1f}")
