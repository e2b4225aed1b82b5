"""`tabletop replay`: exit codes and the one-line error, whatever the game."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pi_app.cli import main


def _replay(text: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pi_app", "--lang", "en", *args, "replay", "-"],
        input=text,
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("{not json", "JSON"),
        ("[1, 2]", "JSON object"),
        ('{"game": "chess"}', "chess"),
        ('{"seats": []}', "game"),
        ('{"game": "gambit7", "seats": NaN}', "JSON"),
    ],
)
def test_invalid_records_exit_2_with_one_line(text: str, says: str) -> None:
    done = _replay(text)
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and says in lines[0]


def test_missing_file_exits_2() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pi_app", "replay", "/nonexistent/record.json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and done.stdout == ""


def _race(tmp_path: Path, moves: list[str]) -> Path:
    """A tiny-race record with `moves`, written to a file."""
    path = tmp_path / "race.json"
    record = {"game": "tiny-race", "seats": ["A", "B"], "options": {"target": 3}, "moves": moves}
    path.write_text(json.dumps(record))
    return path


def test_in_process_replay_of_tiny_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["replay", str(_race(tmp_path, ["add 1", "add 2"]))]) == 0
    output = json.loads(capsys.readouterr().out)
    assert output == {
        "game": "tiny-race",
        "scores": {"A": 1, "B": 2},
        "winners": ["B"],
        "moves": [{"scores": {"A": 1, "B": 0}}, {"scores": {"A": 1, "B": 2}}],
    }


def test_in_process_replay_error_names_move(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["--lang", "en", "replay", str(_race(tmp_path, ["add 2", "add 2"]))]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("move 2: ")


def test_help_lists_commands_and_version() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pi_app", "--help"], capture_output=True, text=True, check=True
    )
    for command in ("run", "replay", "export", "gambo-engine", "demo"):
        assert command in done.stdout
    version = subprocess.run(
        [sys.executable, "-m", "pi_app", "--version"], capture_output=True, text=True, check=True
    )
    from pi_app import __version__

    assert version.stdout.strip() == f"tabletop {__version__}"
