"""`tabletop replay`: exit codes and the one-line error, whatever the game."""

from __future__ import annotations

import json
import os
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


GOLDEN = Path(__file__).parent / "golden"
ASKED = [
    GOLDEN / "gambit7" / "rulebook-27-years-asked.json",
    GOLDEN / "quitte-ou-double" / "round7-double-or-nothing-asked.json",
]
"""Records whose rounds keep the question the box asked."""


def _without_questions(path: Path) -> str:
    record = json.loads(path.read_text(encoding="utf-8"))
    assert any("question" in entry for entry in record["rounds"])
    for entry in record["rounds"]:
        entry.pop("question", None)
    return json.dumps(record, ensure_ascii=False)


@pytest.mark.parametrize("path", ASKED, ids=lambda path: path.parent.name)
def test_the_command_scores_the_same_with_or_without_the_questions(path: Path) -> None:
    asked = _replay(path.read_text(encoding="utf-8"))
    plain = _replay(_without_questions(path))
    assert asked.returncode == plain.returncode == 0
    assert asked.stdout == plain.stdout and json.loads(asked.stdout)["scores"]
    assert asked.stderr == plain.stderr == ""


BAD_QUESTIONS: list[tuple[str, object, str]] = [
    ("not-an-object", ["id"], "must be a JSON object"),
    ("no-id", {"id": None}, "has no “id”"),
    ("no-text", {"text": None}, "has no “text”"),
    ("no-answer", {"answer": None}, "has no “answer”"),
    ("no-unit", {"unit": None}, "has no “unit”"),
    ("no-source", {"source": None}, "has no “source”"),
    ("unknown-field", {"subject": "x"}, "unknown field “subject”"),
    ("number-id", {"id": 7}, "“id” must be a text"),
    ("long-unit", {"unit": "m" * 201}, "“unit” must be a text of at most 200"),
    ("number-licence", {"licence": 4}, "“licence” must be a text"),
    ("list-as-of", {"as_of": ["2026"]}, "“as_of” must be a text"),
    ("text-string", {"text": "How many?"}, "“text” must give the question"),
    ("text-italian", {"text": {"it": "Quanti?"}}, "“text” must give the question"),
    ("text-empty", {"text": {"de": ""}}, "text in de must have 1 to 400"),
    ("text-long", {"text": {"fr": "x" * 401}}, "text in fr must have 1 to 400"),
    ("answer-words", {"answer": "many"}, "answer must be a number"),
    ("answer-bool", {"answer": False}, "answer must be a number"),
    ("answer-5000-digits", {"answer": "7" * 5000}, "more than 30 digits"),
    ("answer-31-digits", {"answer": 10**30}, "more than 30 digits"),
]


def _broken(game: str, change: object) -> str:
    """The `ASKED` record of `game` with round 2's question changed (None: field removed)."""
    path = next(path for path in ASKED if path.parent.name == game)
    record = json.loads(path.read_text(encoding="utf-8"))
    question = {
        "id": "q",
        "text": {"en": "How many?"},
        "answer": "12",
        "unit": "",
        "source": "pack",
    }
    if isinstance(change, dict):
        question.update(change)
        question = {name: value for name, value in question.items() if value is not None}
    record["rounds"][1]["question"] = question if isinstance(change, dict) else change
    return json.dumps(record, ensure_ascii=False)


@pytest.mark.parametrize("game", ["gambit7", "quitte-ou-double"])
@pytest.mark.parametrize(
    ("change", "says"), [bad[1:] for bad in BAD_QUESTIONS], ids=[bad[0] for bad in BAD_QUESTIONS]
)
def test_a_malformed_question_exits_2_naming_its_round(
    game: str, change: object, says: str
) -> None:
    done = _replay(_broken(game, change))
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("round 2: ") and says in lines[0]


def _seated(tmp_path: Path, seat: str) -> Path:
    """A Quitte ou Double record file with `seat` among its seats, as JSON escapes it
    (a lone surrogate can only be written so)."""
    record = {
        "game": "quitte-ou-double",
        "seats": [seat, "B", "C"],
        "rounds": [{"answers": {seat: 1, "B": 2, "C": 3}, "bets": {}, "truth": 1}],
    }
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record, ensure_ascii=True), encoding="ascii")
    return path


def _replay_file(path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        _tabletop("--lang", "en", "replay", str(path)),
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",
        check=False,
        timeout=60,
        env={**os.environ, **env},
    )


def test_a_lone_surrogate_in_a_seat_is_refused_in_one_line(tmp_path: Path) -> None:
    done = _replay_file(_seated(tmp_path, "Ben\ud800"), PYTHONIOENCODING="utf-8")
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "U+D800" in lines[0] and "Traceback" not in done.stderr


def test_a_name_stdout_cannot_write_is_refused_in_one_line(tmp_path: Path) -> None:
    path = _seated(tmp_path, "Zoé")
    done = _replay_file(path, PYTHONIOENCODING="ascii")
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "U+00E9" in lines[0] and "ascii" in lines[0]
    written = _replay_file(path, PYTHONIOENCODING="utf-8")  # the same record, where it can
    assert written.returncode == 0 and "Zoé" in written.stdout
