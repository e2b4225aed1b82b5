"""`tabletop questions import`, `list --packs` and `flagged`, run as the host runs them:
counts on standard output, each refused line on standard error, exit code 0 when a
question was kept and 2 otherwise, the flagged questions with what checking them needs."""

from __future__ import annotations

import time
from decimal import Decimal
from pathlib import Path

import pytest

from pi_app.cli import main
from pi_app.questions import bank
from pi_app.questions.kept import pack_questions
from pi_app.questions.question import Question
from pi_app.table.journal import Journal
from tests.questions.samples import question

HEADER = "text_fr,text_de,text_en,answer,unit,source,licence"
GOOD = [
    "Hauteur du Mont Blanc ?,,How high is Mont Blanc?,4806.5,m,IGN,Etalab 2.0",
    "Combien de pattes ?,,How many legs?,8,,a book,",
]
FLAGGED_AT = 1_750_000_000.0


@pytest.fixture
def journal_path(tmp_path: Path) -> Path:
    return tmp_path / "journal.sqlite3"


@pytest.fixture(autouse=True)
def _no_builtin_bank(monkeypatch: pytest.MonkeyPatch) -> None:
    """The built-in bank file is the generator's; these tests give their own."""
    builtin = question("geo:1", text={"fr": "Superficie ?", "en": "Area?"}, answer="12.5")
    monkeypatch.setattr(bank, "builtin", lambda: (builtin,))
    monkeypatch.setattr(bank, "builtin_by_id", lambda: {builtin.id: builtin})


def _pack(tmp_path: Path, *lines: str, name: str = "quiz.csv") -> Path:
    path = tmp_path / name
    path.write_text("\n".join([HEADER, *lines]) + "\n", encoding="utf-8")
    return path


def _run(journal_path: Path, *args: str, lang: str = "en") -> int:
    return main(["--journal", str(journal_path), "--lang", lang, "questions", *args])


def _stored(journal_path: Path, pack: str | None = None) -> list[Question]:
    journal = Journal(journal_path)
    try:
        return pack_questions(journal.questions, pack)
    finally:
        journal.close()


def test_import_keeps_the_good_lines_and_says_each_refused_one(
    tmp_path: Path, journal_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _pack(tmp_path, GOOD[0], ",,,1,,s,", GOOD[1], "Quoi ?,,,douze,,s,")
    assert _run(journal_path, "import", str(path)) == 0
    out, err = capsys.readouterr()
    assert out == "2 questions kept in the pack “quiz”.\n"
    assert err.splitlines() == [
        "line 3: no text in any language",
        "line 5: the answer “douze” is not a number (write it as 12.5 or -3: a point, no spaces)",
        "2 lines refused.",
    ]
    stored = _stored(journal_path, "quiz")
    assert [q.answer for q in stored] == [Decimal("4806.5"), Decimal(8)]
    assert all(q.pack == "quiz" and q.kind == "pack" for q in stored)


def test_importing_the_same_name_again_replaces_the_pack(
    tmp_path: Path, journal_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run(journal_path, "import", str(_pack(tmp_path, *GOOD)), "--name", "Noël") == 0
    other = _pack(tmp_path, "Une seule ?,,,1,,s,", name="other.csv")
    assert _run(journal_path, "import", str(other), "--name", "Noël") == 0
    assert _run(journal_path, "import", str(other)) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [
        "2 questions kept in the pack “Noël”.",
        "1 question kept in the pack “Noël”.",
        "The pack had 2 questions before; they are replaced.",
        "1 question kept in the pack “other”.",
    ]
    assert [q.text["fr"] for q in _stored(journal_path, "Noël")] == ["Une seule ?"]
    assert _stored(journal_path, "Noël")[0].id.startswith("pack:Noël:")
    assert len(_stored(journal_path)) == 2


def test_a_file_with_no_good_line_imports_nothing_and_keeps_the_old_pack(
    tmp_path: Path, journal_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run(journal_path, "import", str(_pack(tmp_path, *GOOD))) == 0
    bad = _pack(tmp_path, ",,,1,,s,", "a,,,1,,,", name="quiz.csv")
    capsys.readouterr()
    assert _run(journal_path, "import", str(bad)) == 2
    err = capsys.readouterr().err
    assert "line 2: no text in any language" in err and "line 3: no source" in err
    assert "No question could be kept from" in err
    assert len(_stored(journal_path, "quiz")) == 2


def test_a_file_that_cannot_be_read_imports_nothing(
    tmp_path: Path, journal_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "latin1.csv"
    path.write_bytes(f"{HEADER}\nÉté ?,,,1,,s,\n".encode("latin-1"))
    assert _run(journal_path, "import", str(path)) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("Nothing was imported: ") and "not UTF-8" in err
    assert _run(journal_path, "import", str(tmp_path / "absent.json")) == 2
    assert "no such file or folder" in capsys.readouterr().err
    assert _stored(journal_path) == []


def test_a_name_too_long_is_refused(
    tmp_path: Path, journal_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run(journal_path, "import", str(_pack(tmp_path, *GOOD)), "--name", "x" * 61) == 2
    assert "1 to 60 characters" in capsys.readouterr().err
    assert _stored(journal_path) == []


def test_import_speaks_the_boxs_language(
    tmp_path: Path, journal_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _pack(tmp_path, GOOD[0], ",,,1,,s,")
    assert _run(journal_path, "import", str(path), lang="fr") == 0
    out, err = capsys.readouterr()
    assert out == "1 question gardée dans le paquet « quiz ».\n"
    assert err.splitlines() == ["ligne 3 : aucun texte, dans aucune langue", "1 ligne refusée."]


def test_list_packs_adds_the_packs_questions_to_the_bank(
    tmp_path: Path, journal_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run(journal_path, "import", str(_pack(tmp_path, *GOOD))) == 0
    capsys.readouterr()
    assert _run(journal_path, "list", "--packs") == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "geo:1\tArea?\t12.5"
    assert [line.split("\t")[1:] for line in lines[1:]] == [
        ["How high is Mont Blanc?", "4806.5"],
        ["How many legs?", "8"],
    ]
    assert _run(journal_path, "list") == 0
    assert capsys.readouterr().out.splitlines() == ["geo:1\tArea?\t12.5"]


def _flag(journal_path: Path, *flags: tuple[str, str]) -> None:
    clock = iter(FLAGGED_AT + n * 60 for n in range(len(flags)))
    journal = Journal(journal_path, clock=lambda: next(clock))
    for question_id, by in flags:
        journal.questions.flag(question_id, by)
    journal.close()


def _when(minutes: int) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(FLAGGED_AT + minutes * 60))


def test_flagged_lists_each_question_with_its_source(
    tmp_path: Path, journal_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run(journal_path, "import", str(_pack(tmp_path, *GOOD))) == 0
    (mont_blanc, _legs) = _stored(journal_path, "quiz")
    _flag(journal_path, (mont_blanc.id, "box"), ("geo:1", "phone:Ana"), ("gone:7", "phone:Ben"))
    capsys.readouterr()
    assert _run(journal_path, "flagged") == 0
    out, err = capsys.readouterr()
    assert out.splitlines() == [
        f"{mont_blanc.id}\tflagged on {_when(0)} on the box",
        "  How high is Mont Blanc?",
        "  Answer: 4,806.5 m",
        "  Source: IGN (licence: Etalab 2.0)",
        "  From the pack “quiz”.",
        f"geo:1\tflagged on {_when(1)} from the phone Ana",
        "  Area?",
        "  Answer: 12.5 m",
        "  Source: a test (licence: CC0)",
        "  From the built-in bank.",
        f"gone:7\tflagged on {_when(2)} from the phone Ben",
        "  This question is no longer in the bank nor in any pack.",
    ]
    assert err == ""


def test_flagged_in_french_shows_the_french_text_and_number(
    tmp_path: Path, journal_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run(journal_path, "import", str(_pack(tmp_path, GOOD[0]))) == 0
    (mont_blanc,) = _stored(journal_path)
    _flag(journal_path, (mont_blanc.id, "box"))
    capsys.readouterr()
    assert _run(journal_path, "flagged", lang="fr") == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1:4] == [
        "  Hauteur du Mont Blanc ?",
        "  Réponse : 4\u202f806,5 m",
        "  Source : IGN (licence : Etalab 2.0)",
    ]


def test_flagged_with_an_unreadable_bank_still_lists_every_flag(
    journal_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def unreadable() -> dict[str, Question]:
        raise FileNotFoundError(2, "No such file or directory")

    monkeypatch.setattr(bank, "builtin_by_id", unreadable)
    _flag(journal_path, ("geo:1", "someone"))
    assert _run(journal_path, "flagged") == 0
    out, err = capsys.readouterr()
    assert out.splitlines() == [
        f"geo:1\tflagged on {_when(0)} by someone",
        "  This question is no longer in the bank nor in any pack.",
    ]
    assert "The built-in bank cannot be read (no such file or folder)" in err


def test_flagged_says_when_nothing_is_flagged(
    journal_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run(journal_path, "flagged") == 0
    assert capsys.readouterr().out == "No question has been flagged.\n"
