"""Durations and percentages on the box's screens: shown as typed, scored as numbers."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from pi_app.display.games.quitte_ou_double import Zone
from pi_app.display.intents import Char, Enter, Press
from pi_app.display.scene import NewGame
from tests.display.layout_checks import drawn_text


def _type(app: Any, text: str) -> None:
    for char in text:
        app.feed(Char(char))
    app.feed(Enter())


def _shown(app: Any) -> list[str]:
    app.step([])
    return [text.text for text in app.canvas.texts]


@pytest.mark.parametrize("size", ["800x480", "480x320"])
def test_gambit7_mat_shows_the_typed_duration_and_percentage(app_factory: Any, size: str) -> None:
    app = app_factory(size)
    app.execute(NewGame("gambit7", ("Zoé", "Ciel", "Vert"), {}))
    app.step([])
    for typed in ("1h30", "45 %", "90"):
        _type(app, typed)
    assert app.message is None, app.message
    app.feed(Press("reveal"))
    assert app.table.state.phase.name == "BETS"
    assert {slate.value for _seat, slate in app.table.state.answers} == {Decimal(90), Decimal(45)}
    texts = _shown(app)
    labels = [text for text in texts if text.startswith(("1h30", "45 %", "90"))]
    assert any(text.startswith("1h30") for text in labels), texts
    assert any(text.startswith("45 %") for text in labels), texts
    assert not any(text.split()[0] == "90" for text in labels), texts  # 90 joined 1h30's case


def test_gambit7_payout_shows_the_truth_as_typed(app_factory: Any) -> None:
    app = app_factory()
    app.execute(NewGame("gambit7", ("Zoé", "Ciel", "Vert"), {}))
    app.step([])
    for typed in ("1h30", "45 %", "2h"):
        _type(app, typed)
    app.feed(Press("reveal"))
    app.feed(Press("close"))
    app.step([])
    _type(app, "1h40")
    assert app.table.state.phase.name == "SCORED"
    texts = _shown(app)
    assert any(text.endswith(" 1h40") for text in texts), texts  # the payout's true answer
    shown = drawn_text(app.canvas.texts)
    assert "1h30" in shown and "45 %" in shown


def test_quitte_ou_double_tiles_zones_and_truth_show_what_was_typed(app_factory: Any) -> None:
    app = app_factory()
    app.execute(NewGame("quitte-ou-double", ("Jaune", "Violet", "Vert"), {}))
    app.step([])
    for typed in ("1h30", "45 %", "90"):
        _type(app, typed)
    assert app.message is None, app.message
    app.feed(Press("reveal"))
    assert app.table.state.phase == "bets"
    assert app.table.state.current.answer_map == {
        "Jaune": Decimal(90),
        "Violet": Decimal(45),
        "Vert": Decimal(90),
    }
    texts = _shown(app)
    for label in ("1h30", "45 %", "<45 %", "45 %..1h30", ">1h30"):
        assert label in texts, texts
    assert "90" not in texts
    app.feed(Press(Zone("45..90")))  # zones are still picked by their numbers
    assert len(app.table.state.current.tokens) == 1
    app.feed(Press("truth"))
    _type(app, "1h")
    assert app.table.state.phase == "paid"
    assert app.table.state.current.truth == 60
    texts = _shown(app)
    assert any(text.endswith(" 1h") for text in texts), texts  # the true answer
    assert "45 %..1h30" in texts  # the paying zone, still named as typed
    assert sum(app.table.state.score_map().values()) == 3 + 1  # three tiles, one token
    record = app.table.export()
    assert record["rounds"][0]["answers"] == {"Jaune": 90, "Violet": 45, "Vert": 90}
    assert record["rounds"][0]["truth"] == 60
