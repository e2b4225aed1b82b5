"""Golden game records: each record in tests/golden/<game>/ replays to its expected output.

`<name>.json` is a record and `<name>.out.json` the output expected from it (every key
listed must match; extra output keys are allowed). `broken/<name>.json` must be refused
with exit code 2 and an English error line containing the text of `broken/<name>.err`.
A few records of each game also go through the real `tabletop replay` command, and the
records of the games whose rounds may keep their question replay the same with a
question in every round and with none.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from pi_app.i18n import set_language
from pi_app.replay import load_record, replay_record
from pi_app.rules.contract import RuleError

HERE = Path(__file__).parent
GOOD = sorted(p for p in HERE.glob("*/*.json") if not p.name.endswith(".out.json"))
BROKEN = sorted(HERE.glob("*/broken/*.json"))


def _id(path: Path) -> str:
    return str(path.relative_to(HERE))


@pytest.mark.parametrize("path", GOOD, ids=_id)
def test_record_replays_to_expected_output(path: Path) -> None:
    expected_path = path.with_name(path.name.removesuffix(".json") + ".out.json")
    assert expected_path.exists(), f"{expected_path.name} is missing"
    expected = json.loads(expected_path.read_text(encoding="utf-8"))
    output = replay_record(load_record(path.read_text(encoding="utf-8")))
    for key, value in expected.items():
        assert output.get(key) == value, f"{key}: {output.get(key)!r} != {value!r}"


@pytest.mark.parametrize("path", BROKEN, ids=_id)
def test_broken_record_is_refused_with_its_reason(path: Path) -> None:
    expected = path.with_suffix(".err").read_text(encoding="utf-8").strip()
    set_language("en")
    with pytest.raises(RuleError) as caught:
        replay_record(load_record(path.read_text(encoding="utf-8")))
    english = " ".join(caught.value.message("en").split())
    assert expected in english
    french = caught.value.message("fr")
    assert french and "{" not in french


def _first_of_each_game(paths: list[Path]) -> list[Path]:
    seen: dict[str, Path] = {}
    for path in paths:
        seen.setdefault(path.relative_to(HERE).parts[0], path)
    return list(seen.values())


@pytest.mark.parametrize("path", _first_of_each_game(GOOD), ids=_id)
def test_replay_command_prints_the_output(path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pi_app", "replay", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    output = json.loads(done.stdout)
    expected = json.loads(path.with_name(path.name.removesuffix(".json") + ".out.json").read_text())
    assert output["scores"] == expected.get("scores", output["scores"])
    assert done.stderr == ""


@pytest.mark.parametrize("path", _first_of_each_game(BROKEN), ids=_id)
def test_replay_command_refuses_with_one_line(path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pi_app", "--lang", "en", "replay", "-"],
        input=path.read_text(encoding="utf-8"),
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1
    assert path.with_suffix(".err").read_text(encoding="utf-8").strip() in done.stderr


ASKING_GAMES = ("gambit7", "quitte-ou-double")
"""The games whose rounds may carry the question the box asked (RECORDS.md)."""


def _with_questions(record: dict[str, Any], asked: bool) -> dict[str, Any]:
    """`record` with a question in every round (`asked`) or in none."""
    changed = copy.deepcopy(record)
    for number, entry in enumerate(changed["rounds"], start=1):
        entry.pop("question", None)
        if asked:
            entry["question"] = {
                "id": f"golden:{number}",
                "text": {"fr": f"Question n° {number} ?", "en": f"Question no. {number}?"},
                "answer": f"-{number}.5",
                "unit": "",
                "source": "tests",
            }
    return changed


@pytest.mark.parametrize(
    "path", [p for p in GOOD if p.relative_to(HERE).parts[0] in ASKING_GAMES], ids=_id
)
def test_the_round_questions_change_no_score(path: Path) -> None:
    record = load_record(path.read_text(encoding="utf-8"))
    output = replay_record(record)
    assert output["rounds"]
    assert replay_record(_with_questions(record, asked=True)) == output
    assert replay_record(_with_questions(record, asked=False)) == output
