"""`tabletop export`: journaled games come out as records that replay to the same result."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pi_app.cli import main
from pi_app.replay import replay_record
from pi_app.table import Journal, Table


def _play(journal_path: Path, moves: list[str], target: int = 5) -> Table:
    table = Table.new(Journal(journal_path), "tiny-race", ["Ana", "Ben"], {"target": target}, 1)
    for move in moves:
        table.play(move)
    table.journal.flush()  # on disk, as when the box is switched off
    return table


def test_export_writes_the_last_finished_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    journal = tmp_path / "j.sqlite3"
    table = _play(journal, ["add 2", "add 1", "add 2"])
    assert table.outcome() is not None
    out = tmp_path / "game.json"
    assert main(["--journal", str(journal), "export", "-o", str(out)]) == 0
    record = json.loads(out.read_text())
    assert record["moves"] == ["add 2", "add 1", "add 2"]
    assert replay_record(record)["winners"] == ["Ana"]


def test_export_lists_games_and_refuses_when_none_finished(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    journal = tmp_path / "j.sqlite3"
    _play(journal, ["add 1"])
    assert main(["--journal", str(journal), "--lang", "en", "export", "--list"]) == 0
    listing = capsys.readouterr().out
    assert "tiny-race" in listing and "Ana, Ben" in listing and "in play" in listing
    assert main(["--journal", str(journal), "--lang", "en", "export"]) == 2
    assert "No finished game" in capsys.readouterr().err


def test_export_to_a_place_that_cannot_be_written_says_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    journal = tmp_path / "j.sqlite3"
    _play(journal, ["add 2", "add 1", "add 2"])
    out = tmp_path / "missing-folder" / "game.json"
    assert main(["--journal", str(journal), "--lang", "fr", "export", "-o", str(out)]) == 2
    said = capsys.readouterr().err
    assert "Impossible d’écrire" in said and "aucun fichier ou dossier" in said
    assert "No such file" not in said
