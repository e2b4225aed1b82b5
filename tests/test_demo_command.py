"""`tabletop demo --help` lists every demo there is, from the one place demos are
declared (`display.demo.demo_names`), each name whole on its line."""

from __future__ import annotations

import pytest

from pi_app.cli import main
from pi_app.display.demo import demo_names


def test_the_demo_help_lists_every_demo(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        main(["demo", "--help"])
    assert ended.value.code == 0
    shown = capsys.readouterr().out
    names = demo_names()
    assert {"evening", "questions", "history", "cambio-tournament"} <= set(names)
    words = shown.replace(",", " ").split()
    missing = [name for name in names if name not in words]
    assert not missing, shown
