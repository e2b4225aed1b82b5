"""Gambit 7 at a journaled table: notation in the journal, undo, resume, export."""

from __future__ import annotations

from pathlib import Path

import pytest

from pi_app.rules import RuleError
from pi_app.rules.gambit7.game import GAME
from pi_app.table.journal import Journal
from pi_app.table.table import Table
from tests.journals import reopen

SEATS = ["Les Rouges", 'Jaune "J"', "Vert"]


def test_a_round_through_the_table_resumes_and_exports(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    table = Table.new(Journal(path), "gambit7", SEATS, {"mat": "default"}, seed=1)
    for notation in (
        'answer "Les Rouges" "1h30" fr',
        'answer "Jaune \\"J\\"" "1:45" fr',
        'answer "Vert" 120 fr',
        'bet "Les Rouges" [105, "less"]',
        'bet "Vert" {"gambit7": 90}',
        "close-bets",
    ):
        table.play(notation)
    with pytest.raises(RuleError):
        table.play('bet "Vert" [105]')
    table.play('truth "1h50" fr')
    # Les Rouges: one chip alone on the centre (6); Jaune: slate bonus (4); Vert: token lost.
    assert table.state.scores == (6, 4, 0)
    table.undo()
    assert table.state.scores == (0, 0, 0)
    table.redo()
    resumed = Table.resume(reopen(table))
    assert resumed is not None and resumed.state == table.state
    record = resumed.export()
    assert GAME.replay(record)["scores"] == {"Les Rouges": 6, 'Jaune "J"': 4, "Vert": 0}
