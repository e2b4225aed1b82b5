"""The whole-file checks run only where they can find something: at a start after a
stop that was not clean (a pulled plug, a file changed while the box was off), or in
the background after the first frame, where damage found is said like any other fault
of the journal, and the next start restores the journal from its backup."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pi_app.box.changes import Said
from pi_app.box.health import JournalWatch
from pi_app.box.session import Session
from pi_app.config import Config
from pi_app.i18n import set_language
from pi_app.table import Journal, Table, backups, stops
from pi_app.table.schema import SCHEMA_VERSION
from tests.paths import ROOT
from tests.table.games import backed_up_after_one


@pytest.fixture(autouse=True)
def english() -> None:
    set_language("en")


def _finished(journal: Journal, seed: int) -> Table:
    table = Table.new(journal, "tiny-race", ["Ana", "Ben"], {"target": 3}, seed=seed)
    table.play("add 1")
    table.play("add 2")
    return table


def _journal_of(path: Path, games: int) -> None:
    journal = Journal(path, keep_backups=False)
    for seed in range(games):
        _finished(journal, seed)
    journal.close()


def _rot(path: Path) -> None:
    """Damage at rest: the events table's root page made unreadable, the file's record
    of a clean stop made again (a worn card changes bytes without writing the file)."""
    db = sqlite3.connect(path)
    root, size = (
        db.execute("SELECT rootpage FROM sqlite_master WHERE name='events'").fetchone()[0],
        db.execute("PRAGMA page_size").fetchone()[0],
    )
    db.close()
    data = bytearray(path.read_bytes())
    data[(root - 1) * size] = 0x77  # not a b-tree page's type
    path.write_bytes(bytes(data))
    assert stops.mark_clean(path, SCHEMA_VERSION)


def test_a_clean_stop_skips_the_checks_and_a_new_start_forgets_it(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    first = Journal(path)
    assert first.checked  # a new file: no record of a clean stop
    first.close()
    _journal_of(path, 3)
    assert stops.record_of(path).exists()
    journal = Journal(path)
    assert not journal.checked and not stops.record_of(path).exists()
    assert journal.check() is None and journal.checked and journal.error is None
    journal.close()


def test_a_record_without_the_version_left_is_not_a_clean_stop(tmp_path: Path) -> None:
    """A record an older release left (no version in it): the whole file is checked once."""
    path = tmp_path / "j.sqlite3"
    _journal_of(path, 1)
    stops.record_of(path).write_text(json.dumps(stops.fingerprint(path)), encoding="utf-8")
    journal = Journal(path)
    assert journal.checked and journal.error is None
    journal.close()


def _set_version(path: Path, version: int) -> None:
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version={version}")
    db.close()


def test_a_version_changed_at_rest_is_damage(tmp_path: Path) -> None:
    """The file matches the record of this version's clean stop, yet reads as a newer
    version: no release wrote it (its writes would have changed the file's times), a
    bit flipped at rest. The start restores the journal."""
    path = tmp_path / "j.sqlite3"
    backed_up_after_one(path)
    _set_version(path, SCHEMA_VERSION + 2)
    assert stops.mark_clean(path, SCHEMA_VERSION)  # the record made before the flip
    journal = Journal(path)
    assert not journal.checked and journal.writable
    assert journal.notice is not None and "damaged" in journal.notice
    assert [g.id for g in journal.games()] == [1, 2]
    journal.close()


def test_a_newer_release_s_own_clean_stop_leaves_its_journal_newer(tmp_path: Path) -> None:
    """The record says the newer version left the file so: a downgrade, read, untouched."""
    path = tmp_path / "j.sqlite3"
    _journal_of(path, 2)
    _set_version(path, SCHEMA_VERSION + 2)
    assert stops.mark_clean(path, SCHEMA_VERSION + 2)
    before = path.read_bytes()
    journal = Journal(path)
    assert not journal.writable and journal.notice is None
    assert journal.error is not None and "newer version" in journal.error
    assert [g.id for g in journal.games()] == [1, 2]
    journal.close()
    assert path.read_bytes() == before
    assert not list(tmp_path.glob("j.sqlite3.*-*"))  # nothing set aside or copied


def test_a_file_changed_while_the_box_was_off_is_checked_at_the_start(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    _journal_of(path, 2)
    db = sqlite3.connect(path)
    db.execute("UPDATE games SET started=1 WHERE id=1")
    db.commit()
    db.close()
    journal = Journal(path)
    assert journal.checked
    journal.close()


def test_a_pulled_plug_is_checked_at_the_next_start(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    _journal_of(path, 2)
    child = (
        "import os, sys\n"
        "from pi_app.rules.registry import register\n"
        "from pi_app.table import Journal, Table\n"
        "from tests import tinygame\n"
        "register(tinygame.GAME)\n"
        "j = Journal(sys.argv[1], keep_backups=False)\n"
        "Table.new(j, 'tiny-race', ['Ana', 'Ben'], {'target': 3}, seed=9).play('add 1')\n"
        "j.flush()\n"
        "os._exit(0)  # no close, no exit handler: the plug pulled\n"
    )
    subprocess.run([sys.executable, "-c", child, str(path)], cwd=ROOT, check=True, timeout=120)
    assert not stops.record_of(path).exists()
    journal = Journal(path)
    assert journal.checked
    assert [g.id for g in journal.games()] == [1, 2, 3]
    journal.close()


def test_damage_at_rest_is_found_after_the_first_frame_and_restored_at_the_next_start(
    tmp_path: Path,
) -> None:
    path = tmp_path / "j.sqlite3"
    journal = Journal(path, keep_backups=False)
    for seed in range(30):
        _finished(journal, seed)
    journal.flush()
    backups.make(path, time.time() - 3600)
    journal.close()
    _rot(path)
    journal = Journal(path)
    assert not journal.checked and journal.error is None  # the start did not read it all
    session = Session(Config().values, journal)
    said: list[Said] = []
    session.changes.subscribe(said.append, Said)
    watch = JournalWatch(session)
    watch.poll()  # before the first frame: nothing runs
    assert session.jobs.running == 0
    watch.poll()
    assert session.jobs.wait_idle(120)
    watch.poll()
    assert journal.checked and journal.error is not None and "damaged" in journal.error
    assert said and said[-1].text == journal.error and said[-1].error
    journal.close()
    session.jobs.close()
    assert not stops.record_of(path).exists()  # the next start checks the whole file
    restored = Journal(path)
    assert restored.checked and restored.notice is not None and "backup" in restored.notice
    assert [g.id for g in restored.games()] == list(range(1, 31))
    restored.close()
