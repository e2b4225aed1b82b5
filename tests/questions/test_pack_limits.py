"""A pack is read with the round's own limits: a question the box could not ask is
refused at import with its line and the reason (a word that shows nothing, a field
longer than a round keeps, an exponent or digits beyond the round's), every number is
bounded before it is converted, and the lines after a bad one are kept."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tracemalloc
from decimal import Decimal
from pathlib import Path

import pytest

from pi_app.i18n import set_language
from pi_app.questions.packs import read_pack
from pi_app.questions.question import Question, QuestionError
from pi_app.rules.question import MAX_EXPONENT, MAX_FIELD, MAX_ID

TABLETOP = [sys.executable, "-m", "pi_app"]
HEADER = "text_fr,text_de,text_en,answer,unit,source,licence,as_of,id"


@pytest.fixture(autouse=True)
def _english() -> None:
    set_language("en")


def _pack(tmp_path: Path, bad: str) -> list[tuple[int, str]]:
    """Read a pack whose line 3 is `bad` between two good lines; its refusals (both
    good lines must be kept, the one after the bad line too)."""
    path = tmp_path / "pack.csv"
    lines = [HEADER, "Bonne ?,,,1,,s,,,", bad, "Autre ?,,,2,,s,,,"]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    reading = read_pack(path)
    assert [q.text["fr"] for q in reading.questions] == ["Bonne ?", "Autre ?"]
    return reading.refused


UNSEEN = ["\u200b", "\u2060", "\ufeff", "\u00ad", "\u0301", "\u3164", "\u200b\u2060"]


@pytest.mark.parametrize("char", UNSEEN, ids=lambda char: f"U+{ord(char[0]):04X}")
@pytest.mark.parametrize(
    ("field", "line"),
    [
        ("text_fr", "{c},,,12,,s,,,"),
        ("text_fr", "Quelle {c} hauteur ?,,,12,,s,,,"),
        ("text_en", "Quelle hauteur ?,,{c},12,,s,,,"),
        ("unit", "Quelle hauteur ?,,,12,{c},s,,,"),
        ("source", "Quelle hauteur ?,,,12,,{c},,,"),
        ("licence", "Quelle hauteur ?,,,12,,s,{c},,"),
        ("as_of", "Quelle hauteur ?,,,12,,s,,{c},"),
        ("id", "Quelle hauteur ?,,,12,,s,,,{c}"),
    ],
)
def test_a_word_that_shows_nothing_is_refused(
    tmp_path: Path, char: str, field: str, line: str
) -> None:
    ((number, said),) = _pack(tmp_path, line.format(c=char))
    code = f"U+{ord(char[0]):04X}"
    assert number == 3
    assert said == f"“{field}” holds a word that shows nothing on the screen ({code})"


def test_a_hidden_character_inside_a_word_that_shows_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "pack.csv"
    path.write_text(f"{HEADER}\nQuel\u00adle hau\u200bteur ?,,,12,m\u2060,s,,,\n", "utf-8")
    reading = read_pack(path)
    assert reading.refused == [] and len(reading.questions) == 1


@pytest.mark.parametrize(
    ("answer", "said"),
    [
        ("0e-999999999", f"the answer's exponent is beyond {MAX_EXPONENT}"),
        ("0e-9999999999", f"the answer's exponent is beyond {MAX_EXPONENT}"),
        ("0.000e-9999999999999999999999", f"the answer's exponent is beyond {MAX_EXPONENT}"),
        ("1e+9999999999999999999999999999", f"the answer's exponent is beyond {MAX_EXPONENT}"),
        ("1e-31", "the answer has more than 30 digits"),
        ("0e-40", "the answer has more than 30 digits"),
    ],
)
def test_an_exponent_beyond_the_round_is_refused(tmp_path: Path, answer: str, said: str) -> None:
    ((number, reason),) = _pack(tmp_path, f"Combien ?,,,{answer},,s,,,")
    assert number == 3 and reason.startswith(said)


def test_a_huge_exponent_costs_little_memory(tmp_path: Path) -> None:
    """`0e-999999999` took 2 GB to write out; refused before any conversion now."""
    tracemalloc.start()
    try:
        _pack(tmp_path, "Combien ?,,,0e-999999999,,s,,,")
        _size, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 20 * 1024 * 1024


@pytest.mark.parametrize("field", ["unit", "source", "licence", "as_of"])
def test_a_field_longer_than_a_round_keeps_is_refused(tmp_path: Path, field: str) -> None:
    values = {"unit": "", "source": "s", "licence": "", "as_of": ""}
    values[field] = "x" * 400
    line = "Combien ?,,,3,{unit},{source},{licence},{as_of},".format(**values)
    ((number, said),) = _pack(tmp_path, line)
    assert number == 3 and said == f"“{field}” has 400 characters; at most {MAX_FIELD}"


def test_an_id_that_makes_the_question_id_too_long_is_refused(tmp_path: Path) -> None:
    ((number, said),) = _pack(tmp_path, "Combien ?,,,3,,s,,," + "i" * 400)
    most = MAX_ID - len("pack:pack:")
    assert number == 3 and said == f"“id” has 400 characters; at most {most}"
    path = tmp_path / "longest.csv"
    path.write_text(f"{HEADER}\nCombien ?,,,3,,s,,,{'i' * most}\n", encoding="utf-8")
    (kept,) = read_pack(path, "pack").questions
    assert len(kept.id) == MAX_ID and kept.asked().id == kept.id


def test_every_kept_question_is_one_a_round_can_ask(tmp_path: Path) -> None:
    path = tmp_path / "pack.csv"
    longest = ",".join(["Q" * 400, "", "", "9" * 30, "u" * MAX_FIELD, "s" * MAX_FIELD])
    path.write_text(f"{HEADER}\n{longest},{'l' * MAX_FIELD},{'d' * MAX_FIELD},\n", "utf-8")
    reading = read_pack(path)
    assert reading.refused == []
    ((question,),) = [reading.questions]
    assert question.asked().answer == Decimal("9" * 30)


def test_the_import_command_goes_on_after_the_attacks(tmp_path: Path) -> None:
    """The three number attacks and a zero-width text in a JSON pack, through the
    command: each refused with its line, the good lines kept, exit 0, no traceback."""
    items = [
        {"text": {"fr": "Une ?"}, "answer": "1", "source": "s"},
        {"text": {"fr": "Deux ?"}, "answer": "0e-999999999", "source": "s"},
        {"text": {"fr": "Trois ?"}, "answer": "0e-9999999999", "source": "s"},
        {"text": {"fr": "Quatre ?"}, "answer": "0.000e-9999999999999999999999", "source": "s"},
        {"text": {"fr": "\u200b"}, "answer": "5", "source": "s"},
        {"text": {"fr": "Six ?"}, "answer": "6", "source": "s", "unit": "m" * 400},
        {"text": {"fr": "Sept ?"}, "answer": "7", "source": "s"},
    ]
    pack = tmp_path / "attaque.json"
    pack.write_text(json.dumps(items), encoding="utf-8")
    journal = str(tmp_path / "journal.sqlite3")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pi_app",
            "--journal",
            journal,
            "--lang",
            "en",
            "questions",
            "import",
            str(pack),
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
        env={**os.environ, "HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path)},
    )
    assert "Traceback" not in done.stderr and done.returncode == 0, done.stderr
    refused = [line.split(":")[0] for line in done.stderr.splitlines() if line.startswith("line")]
    assert refused == ["line 2", "line 3", "line 4", "line 5", "line 6"]
    assert "2 questions kept" in done.stdout


@pytest.mark.parametrize(
    "changed",
    [
        {"text": {"fr": "\u200b"}},
        {"unit": "\u2060"},
        {"source": "x" * (MAX_FIELD + 1)},
        {"id": "i" * (MAX_ID + 1)},
        {"answer": Decimal("1e40")},
        {"answer": Decimal("0e-999999999")},
    ],
)
def test_a_question_from_anywhere_is_held_to_the_same_limits(changed: dict[str, object]) -> None:
    """The bank and the journal build questions too: `Question` itself refuses one a
    round could not ask."""
    fields: dict[str, object] = {
        "id": "t:1",
        "kind": "test",
        "category": "other",
        "text": {"fr": "Combien ?"},
        "answer": Decimal(3),
        "unit": "",
        "as_of": "",
        "source": "s",
        "licence": "",
        "subject": "",
    }
    Question(**fields)  # type: ignore[arg-type]
    with pytest.raises(QuestionError):
        Question(**{**fields, **changed})  # type: ignore[arg-type]
    data = {**Question(**fields).to_json(), **changed}  # type: ignore[arg-type]
    if isinstance(data["answer"], Decimal):
        data["answer"] = str(data["answer"])
    with pytest.raises(QuestionError):
        Question.from_json(data)
