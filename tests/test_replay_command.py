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
        (
            '{"game": "quitte-ou-double", "seats": ["A", "B", "C"], "rounds": [{"answers":'
            ' {"A": 1, "B": 2, "C": "1e5000"}, "bets": {}, "truth": 1}]}',
            "Cannot read “1e5000”",
        ),
        (
            '{"game": "quitte-ou-double", "seats": ["A", "B", "C"], "rounds": [{"answers":'
            ' {"A": 1, "B": 2, "C": 3}, "bets": {}, "truth": "' + "7" * 50 + '"}]}',
            "too many digits",
        ),
        (
            '{"game": "gambit7", "seats": ["A", "B", "C"], "rounds": [{"answers":'
            ' {"A": 1, "B": 2, "C": 3}, "bets": {"A": [1e999999]}, "truth": 2}]}',
            "",
        ),
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


def _tabletop(*args: str) -> list[str]:
    return [sys.executable, "-m", "pi_app", *args]


def test_a_reader_that_goes_away_is_no_error() -> None:
    """`tabletop replay FILE | head -c 100`: the pipe closes, the command ends quietly."""
    record = Path(__file__).parent / "golden" / "gambit7" / "all-too-high.json"
    child = subprocess.Popen(
        _tabletop("replay", str(record)), stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()  # the reader is gone before a byte is written
    errors = child.stderr.read().decode()
    assert child.wait(timeout=30) == 0
    assert errors == ""


def test_an_endless_file_is_refused_not_read_forever() -> None:
    done = subprocess.run(
        _tabletop("--lang", "en", "replay", "/dev/zero"),
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "larger than 4 MB" in lines[0]


@pytest.mark.parametrize(
    ("content", "french", "english"),
    [
        (b"\xff\xfe{}", "pas du texte UTF-8 (octet 0xff", "codec"),
        (b'{"game":', "JSON illisible", "Expecting"),
        (None, "aucun fichier", "No such file"),
    ],
)
def test_refusals_speak_one_language(
    tmp_path: Path, content: bytes | None, french: str, english: str
) -> None:
    record = tmp_path / "record.json"
    if content is not None:
        record.write_bytes(content)
    done = subprocess.run(
        _tabletop("--lang", "fr", "replay", str(record)),
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert french in done.stderr and english not in done.stderr
