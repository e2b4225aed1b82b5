"""Cambio at a journaled table: notation in the journal, undo, resume, export."""

from __future__ import annotations

from pathlib import Path

import pytest

from pi_app.rules import cambio
from pi_app.rules.cambio import tournament as cambio_tournament
from pi_app.rules.contract import RuleError
from pi_app.table.journal import Journal
from pi_app.table.table import Table
from tests.journals import reopen


def test_a_cambio_game_at_the_table_resumes_and_exports(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    seats = ["Jean Paul", 'Zoé "Z"', "Luc", "Ana"]
    table = Table.new(Journal(path), "cambio", seats, {"variant": "cambio", "mime": True}, seed=3)
    for notation in ("deal", "open", 'ring "Luc"', "false-ring", 'ring "Jean Paul"'):
        table.play(notation)
    with pytest.raises(RuleError):
        table.play('show Yen 9+plus "Jean Paul"=minus')
    table.play('show Yen 9+plus "Zoé \\"Z\\""=minus')
    assert table.state.scores == (160, -20, 0, 0)
    table.undo()
    assert table.state.scores == (0, 0, 0, 0)
    table.redo()
    resumed = Table.resume(reopen(table))
    assert resumed is not None and resumed.state == table.state
    assert resumed.state.settings.mime
    output = cambio.GAME.replay(resumed.export())
    assert output["scores"] == {"Jean Paul": 160, 'Zoé "Z"': -20, "Luc": 0, "Ana": 0}


def test_a_tournament_at_the_table_moves_a_player(tmp_path: Path) -> None:
    tables = [["A1", "A2", "A3"], ["B1", "B2", "B3"]]
    players = [p for row in tables for p in row]
    table = Table.new(
        Journal(tmp_path / "j.sqlite3"),
        "cambio-tournament",
        players,
        {"tables": tables, "target": 1000},
        seed=0,
    )
    for show in ("Dollar", "Yen"):
        for step in ("deal", "open", 'ring "A2"', f"show {show} 9"):
            table.play(f"table 0 {step}")
    assert [m.to_json()["player"] for m in table.state.last_moves] == ["A2", "B1"]
    output = cambio_tournament.GAME.replay(table.export())
    assert output["tables"] == [["A1", "B1", "A3"], ["A2", "B2", "B3"]]
    assert output["scores"]["A2"] == 180
