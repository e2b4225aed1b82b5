"""The journal's question tables: the host's packs, the questions asked on this box,
the questions flagged as wrong; all kept across a restart, and a journal of the
previous version gains them in place with its games kept."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from pi_app.questions.kept import pack_questions, replace_pack
from pi_app.table.journal import Journal
from pi_app.table.opening import JournalTooNew
from pi_app.table.schema import SCHEMA_VERSION
from tests.questions.samples import question


def test_a_pack_survives_a_reopen_in_its_order(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    journal = Journal(path)
    pack = [question(f"pack:quiz:{n}", pack="quiz", answer=f"{n}.5") for n in (3, 1, 2)]
    replace_pack(journal.questions, "quiz", pack)
    journal.close()
    again = Journal(path)
    assert again.questions.pack_names() == ["quiz"]
    assert pack_questions(again.questions, "quiz") == pack
    assert pack_questions(again.questions) == pack
    assert pack_questions(again.questions, "other") == []
    again.close()


def test_replacing_a_pack_leaves_the_other_packs_alone(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.sqlite3")
    replace_pack(
        journal.questions, "a", [question("pack:a:1", pack="a"), question("pack:a:2", pack="a")]
    )
    replace_pack(journal.questions, "b", [question("pack:b:1", pack="b")])
    replace_pack(journal.questions, "a", [question("pack:a:3", pack="a")])
    assert [q.id for q in pack_questions(journal.questions, "a")] == ["pack:a:3"]
    assert [q.id for q in pack_questions(journal.questions)] == ["pack:a:3", "pack:b:1"]
    replace_pack(journal.questions, "b", [])
    assert journal.questions.pack_names() == ["a"]
    journal.close()


def test_a_pack_question_keeps_every_field_and_its_unicode(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.sqlite3")
    asked = question(
        "pack:é:1", pack="é", text={"de": "Wie groß ist „Ä“?"}, category="science", answer="-0.25"
    )
    replace_pack(journal.questions, "é", [asked])
    (back,) = pack_questions(journal.questions, "é")
    assert back == asked and back.text_in("fr") == "Wie groß ist „Ä“?"
    journal.close()


def test_a_stored_question_that_cannot_be_read_is_left_out(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    journal = Journal(path)
    replace_pack(journal.questions, "p", [question("pack:p:1", pack="p")])
    journal.close()
    db = sqlite3.connect(path)
    db.execute("INSERT INTO pack_questions VALUES ('p', 'x', '{\"id\": \"x\"}')")
    db.execute("INSERT INTO pack_questions VALUES ('p', 'y', 'not json')")
    db.commit()
    db.close()
    again = Journal(path)
    assert [q.id for q in pack_questions(again.questions, "p")] == ["pack:p:1"]
    again.close()


def test_asked_questions_are_remembered_across_a_reopen(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    journal = Journal(path)
    assert journal.questions.asked_ids() == set()
    journal.questions.mark_asked("geo:1", 1)
    journal.questions.mark_asked("pack:quiz:2", 1)
    journal.questions.mark_asked("geo:1", 2)
    journal.close()
    again = Journal(path)
    assert again.questions.asked_ids() == {"geo:1", "pack:quiz:2"}
    again.close()


def test_flagging_twice_keeps_the_first_flag(tmp_path: Path) -> None:
    clock = iter([100.0, 200.0, 300.0])
    path = tmp_path / "j.sqlite3"
    journal = Journal(path, clock=lambda: next(clock))
    journal.questions.flag("geo:1", "box")
    journal.questions.flag("pack:quiz:2", "phone:Ana")
    journal.questions.flag("geo:1", "phone:Ben")
    journal.close()
    again = Journal(path)
    assert again.questions.flagged() == [
        ("geo:1", 100.0, "box"),
        ("pack:quiz:2", 200.0, "phone:Ana"),
    ]
    again.close()


_VERSION_3 = """
CREATE TABLE games (id INTEGER PRIMARY KEY, game TEXT NOT NULL, setup TEXT NOT NULL,
    started REAL NOT NULL, finished INTEGER NOT NULL DEFAULT 0,
    abandoned INTEGER NOT NULL DEFAULT 0, deleted INTEGER NOT NULL DEFAULT 0);
CREATE TABLE events (seq INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id INTEGER NOT NULL REFERENCES games(id),
    kind TEXT NOT NULL CHECK (kind IN ('action', 'undo', 'redo')), action TEXT,
    at REAL NOT NULL);
CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE players (name TEXT PRIMARY KEY, colour INTEGER NOT NULL,
    last_played REAL NOT NULL);
INSERT INTO games (game, setup, started, finished)
    VALUES ('gambit7', '{"seats": ["A", "B", "C"]}', 1, 1);
INSERT INTO events (game_id, kind, action, at) VALUES (1, 'action', 'answer A 12', 2);
INSERT INTO settings VALUES ('language', '"de"');
INSERT INTO players VALUES ('A', 4, 2);
PRAGMA user_version=3;
"""


def test_a_journal_of_version_3_gains_the_question_tables_in_place(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path)
    db.executescript(_VERSION_3)
    db.close()
    journal = Journal(path)
    assert journal.notice is None  # read in place, not set aside
    assert [(g.id, g.game, g.finished) for g in journal.games()] == [(1, "gambit7", True)]
    assert [e.action for e in journal.events(1)] == ["answer A 12"]
    assert journal.choices.settings() == {"language": "de"}
    assert [p.name for p in journal.choices.players()] == ["A"]
    replace_pack(journal.questions, "quiz", [question("pack:quiz:1", pack="quiz")])
    journal.questions.mark_asked("pack:quiz:1", 1)
    journal.questions.flag("pack:quiz:1", "box")
    journal.close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 5
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"pack_questions", "asked_questions", "flagged_questions", "games"} <= tables
    db.close()
    again = Journal(path)
    assert again.notice is None
    assert [q.id for q in pack_questions(again.questions)] == ["pack:quiz:1"]
    assert again.questions.asked_ids() == {"pack:quiz:1"} and len(again.questions.flagged()) == 1
    assert len(again.games()) == 1
    again.close()


def test_a_journal_of_a_later_version_is_never_touched(tmp_path: Path) -> None:
    path = tmp_path / "future.sqlite3"
    db = sqlite3.connect(path)
    db.executescript("CREATE TABLE t (x); PRAGMA user_version=6;")
    db.close()
    before = path.read_bytes()
    with pytest.raises(JournalTooNew, match="6"):
        Journal(path)
    assert path.read_bytes() == before
    assert not list(tmp_path.glob("future.sqlite3.*"))
