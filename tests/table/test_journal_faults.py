"""The journal's own faults, without a mount: a writer that never dies, texts that could
never be stored refused at once, newer and older journals, damage restored from a
backup and salvaged, rows that do not read, and the automatic backups."""

from __future__ import annotations

import logging
import sqlite3
import time
from pathlib import Path

import pytest

from pi_app.config import Config
from pi_app.i18n import set_language
from pi_app.rules import RuleError
from pi_app.table import Journal, JournalEvent, Table, backups, stops, writer
from pi_app.table.history import History
from pi_app.table.opening import JournalTooNew
from pi_app.table.readable import problem_of, unreadable
from pi_app.table.schema import NEWEST_POSSIBLE, SCHEMA_VERSION
from pi_app.table.writer import JournalRefused
from tests.journals import first_version_journal, reopen
from tests.table.crafted import edit
from tests.table.games import backed_up_after_one

SURROGATE = "Ben\ud800"
SIDES = ("-wal", "-shm")  # a journal's WAL files, set aside with it
SETUP_FLIPPED = "UPDATE sqlite_master SET sql=replace(sql, ' setup ', ' sdtup ') WHERE name='games'"
"""A flipped bit in the schema's text: the column `setup` read as `sdtup`."""


@pytest.fixture(autouse=True)
def english() -> None:
    """The messages checked below are read in English (the conftest resets French)."""
    set_language("en")


def _finished(journal: Journal, seed: int = 3) -> Table:
    """A game of the tiny race played to its end (target 3: add 1, add 2)."""
    table = Table.new(journal, "tiny-race", ["Ana", "Ben"], {"target": 3}, seed=seed)
    table.play("add 1")
    table.play("add 2")
    assert table.outcome() is not None
    return table


def _wait(condition: object, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, "condition never met"
        time.sleep(0.01)


# ---- the writer never dies --------------------------------------------------------


def test_a_write_that_fails_for_itself_is_skipped_alone_and_the_writer_goes_on(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    journal = Journal(tmp_path / "j.sqlite3")
    table = Table.new(journal, "tiny-race", ["Ana", "Ben"], {"target": 50}, seed=3)
    journal.flush()
    with journal._lock:  # everything below lands in one batch
        table.play("add 1")
        journal._writer.submit(  # a program's fault: the game's id again
            "INSERT INTO games (id, game, setup, started) VALUES (?, 'x', '{}', 0)",
            (table.game_id,),
        )
        table.play("add 2")
    with caplog.at_level(logging.ERROR):
        _wait(lambda: journal.pending == 0)
    assert "IntegrityError" in caplog.text and "Traceback" in caplog.text
    assert journal.error is not None and "IntegrityError" in journal.error
    table.play("add 1")  # the thread is alive: more writes land
    journal.flush(10)
    assert [e.action for e in reopen(table).events(table.game_id)] == ["add 1", "add 2", "add 1"]


def test_an_encoding_fault_past_the_check_does_not_kill_the_writer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    journal = Journal(tmp_path / "j.sqlite3")
    table = Table.new(journal, "tiny-race", ["Ana", "Ben"], {"target": 50}, seed=3)
    monkeypatch.setattr(writer, "check_value", lambda value: None)  # as before the check
    journal.append(table.game_id, JournalEvent("action", SURROGATE))
    table.play("add 2")
    _wait(lambda: journal.pending == 0)
    assert journal.error is not None and "UnicodeEncodeError" in journal.error
    assert journal.events(table.game_id) == [JournalEvent("action", "add 2")]


def test_a_surrogate_is_refused_in_every_text_the_journal_keeps(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.sqlite3")
    table = Table.new(journal, "tiny-race", ["Ana", "Ben"], {"target": 50}, seed=3)
    table.play("add 1")
    journal.flush()
    refusals = [
        lambda: journal.append(table.game_id, JournalEvent("action", f"add 1 {SURROGATE}")),
        lambda: journal.begin_game("tiny-race", {"seats": ["Ana", SURROGATE]}),
        lambda: journal.begin_game(SURROGATE, {"seats": ["Ana", "Ben"]}),
        lambda: journal.choices.remember_setting("language", SURROGATE),
        lambda: journal.choices.remember_setting(SURROGATE, 1),
        lambda: journal.choices.remember_players([journal_player(SURROGATE)]),
        lambda: journal.questions.flag(SURROGATE, "box"),
        lambda: journal.questions.flag("q1", f"phone:{SURROGATE}"),
        lambda: journal.questions.mark_asked(SURROGATE, table.game_id),
    ]
    for refuse in refusals:
        with pytest.raises(JournalRefused) as refused:
            refuse()
        assert "U+D800" in str(refused.value)
        str(refused.value).encode("utf-8")  # the refusal itself can be shown
    assert journal.pending == 0
    with pytest.raises(RuleError, match="U\\+D800"):  # the table tells it as a refusal
        Table.new(journal, "tiny-race", ["Ana", SURROGATE], {"target": 5}, seed=1)
    table.play("add 2")
    journal.flush(10)
    again = reopen(table)
    assert [e.action for e in again.events(table.game_id)] == ["add 1", "add 2"]
    assert [g.id for g in again.games()] == [table.game_id]
    assert (
        again.choices.settings() == {}
        and again.questions.flagged() == []
        and again.questions.asked_ids() == set()
    )


def journal_player(name: str) -> object:
    from pi_app.table.players import Player

    return Player(name, 1)


# ---- versions -----------------------------------------------------------------------


def test_a_newer_journal_is_read_never_written(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    first = _finished(Journal(path))
    first.journal.close()
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version=9")
    db.close()
    before = path.read_bytes()
    journal = Journal(path)
    assert (
        journal.error is not None and "9" in journal.error and str(SCHEMA_VERSION) in journal.error
    )
    assert [g.id for g in journal.games()] == [first.game_id]
    table = Table.new(journal, "tiny-race", ["Cy", "Di"], {"target": 9}, seed=1)
    table.play("add 2")  # played in memory
    assert table.state.total == 2 and not journal.writable
    journal._writer.close(0.5)
    assert path.read_bytes() == before
    names = {p.name for p in tmp_path.iterdir()}  # nothing set aside, copied or upgraded
    assert names <= {"j.sqlite3", "j.sqlite3-wal", "j.sqlite3-shm", "j.sqlite3.backups"}


def test_a_newer_journal_that_cannot_be_read_stops_the_box_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from pi_app.cli import main

    path = tmp_path / "j.sqlite3"
    db = sqlite3.connect(path)
    db.executescript("CREATE TABLE other (x); PRAGMA user_version=7;")
    db.close()
    before = path.read_bytes()
    assert main(["--lang", "en", "--journal", str(path), "export", "--list"]) == 2
    said = capsys.readouterr().err.strip().splitlines()
    assert len(said) == 1 and "7" in said[0] and str(SCHEMA_VERSION) in said[0]
    assert "newer version" in said[0] and path.read_bytes() == before
    with pytest.raises(JournalTooNew):
        Journal(path)


def test_a_version_no_release_wrote_is_damage_and_restored(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    backed_up_after_one(path)
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version={NEWEST_POSSIBLE + 1}")  # a high bit of it flipped
    db.close()
    restored = Journal(path)
    assert restored.notice is not None and "damaged" in restored.notice
    assert restored.writable and [g.id for g in restored.games()] == [1, 2]
    assert list(tmp_path.glob("j.sqlite3.damaged-*"))
    restored.close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.close()


def test_an_index_that_does_not_match_its_table_is_damage_at_the_start(tmp_path: Path) -> None:
    """SQLite's quick check does not compare an index with its table: the start's check
    does, and the journal is restored with every game."""
    path = tmp_path / "j.sqlite3"
    backed_up_after_one(path)
    db = sqlite3.connect(path)
    db.execute("PRAGMA writable_schema=ON")  # the index's entries no longer its definition's
    db.execute(
        "UPDATE sqlite_master SET sql='CREATE INDEX events_by_game ON events (seq, game_id)' "
        "WHERE name='events_by_game'"
    )
    db.commit()
    db.close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA quick_check").fetchone()[0] == "ok"
    db.close()
    restored = Journal(path)
    assert restored.checked and restored.notice is not None and "damaged" in restored.notice
    assert [g.id for g in restored.games()] == [1, 2]
    for game_id in (1, 2):
        assert [e.action for e in restored.events(game_id)] == ["add 1", "add 2"]
    restored.close()


def test_an_older_journal_is_copied_before_its_upgrade(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    setup = '{"seats": ["A", "B"], "options": {"target": 9}, "seed": 1}'
    first_version_journal(path, "tiny-race", setup, finished=False)
    journal = Journal(path)
    assert [g.id for g in journal.games()] == [1]
    kept = tmp_path / f"old.sqlite3.before-v{SCHEMA_VERSION}"
    old = sqlite3.connect(kept)
    assert old.execute("PRAGMA user_version").fetchone()[0] == 1
    assert old.execute("SELECT game, setup FROM games").fetchall() == [("tiny-race", setup)]
    assert "deleted" not in {row[1] for row in old.execute("PRAGMA table_info(games)")}
    old.close()


# ---- damage: backups and salvage ---------------------------------------------------


def test_a_damaged_journal_starts_again_from_its_backup_and_what_still_reads(
    tmp_path: Path,
) -> None:
    path = tmp_path / "j.sqlite3"
    journal = Journal(path, keep_backups=False)
    early = [_finished(journal, seed).game_id for seed in (1, 2)]
    journal.flush()
    backups.make(path, time.time() - 3600)
    late = [_finished(journal, seed).game_id for seed in (3, 4)]
    journal.close()
    data = bytearray(path.read_bytes())
    data[:100] = b"\0" * 100  # the header overwritten: SQLite sees no database
    path.write_bytes(bytes(data))
    restored = Journal(path)
    assert restored.notice is not None and "backup" in restored.notice
    assert [g.id for g in restored.games()] == early  # the later games' rows cannot be read
    assert late == [3, 4] and "after the backup is lost" in restored.notice
    assert list(tmp_path.glob("j.sqlite3.damaged-*"))


def test_a_truncated_journal_keeps_what_still_reads_besides_the_backup(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    journal = Journal(path, keep_backups=False)
    first = _finished(journal, 1)
    journal.flush()
    backups.make(path, time.time() - 3600)
    later = [_finished(journal, seed) for seed in range(2, 40)]
    journal.close()
    size = path.stat().st_size
    with path.open("r+b") as file:  # the last pages torn off
        file.truncate(size - 4096 * 2)
    restored = Journal(path)
    ids = [g.id for g in restored.games()]
    assert first.game_id in ids
    assert restored.notice is not None
    for table in later:
        if table.game_id in ids:  # every game read back has its events whole or none
            assert [e.action for e in restored.events(table.game_id)] in (
                ["add 1", "add 2"],
                ["add 1"],
                [],
            )


def test_a_column_renamed_in_the_schema_s_text_is_damage_its_rows_salvaged(
    tmp_path: Path,
) -> None:
    path = tmp_path / "j.sqlite3"
    journal = Journal(path, keep_backups=False)
    tables = [_finished(journal, seed) for seed in (1, 2)]
    journal.close()
    db = sqlite3.connect(path)  # a flipped bit in the text SQLite keeps the schema as
    db.execute("PRAGMA writable_schema=ON")
    db.execute(
        "UPDATE sqlite_master SET sql=replace(sql, ' at REAL', ' au REAL') WHERE name='events'"
    )
    db.commit()
    db.close()
    restored = Journal(path)
    assert restored.notice is not None and "damaged" in restored.notice
    assert [g.id for g in restored.games()] == [t.game_id for t in tables]
    for table in tables:  # the renamed column's values are lost, the events are not
        assert [e.action for e in restored.events(table.game_id)] == ["add 1", "add 2"]
    assert unreadable(restored) == []


def test_an_index_entry_pointing_at_another_game_s_event_leaves_it_its_own(
    tmp_path: Path,
) -> None:
    """A flipped bit in the event number of an entry of the index `events_by_game`
    (game 2's second event, number 4, read as 5): the index walk of game 2 finds game 3's
    first event. The salvage leaves it game 3's, whose entry and cell agree, and finds
    game 2's second event in the table: every game whole."""
    path = tmp_path / "j.sqlite3"
    journal = Journal(path, keep_backups=False)
    tables = [_finished(journal, seed) for seed in (1, 2, 3)]
    journal.close()
    assert [t.game_id for t in tables] == [1, 2, 3]
    data = bytearray(path.read_bytes())
    # an index cell: 7 bytes of record, a header of 4 (three 1-byte integers), then
    # game 2, event 4 and the row it points at, 4
    entry = bytes([7, 4, 1, 1, 1, 2, 4, 4])
    assert data.count(entry) == 1
    data[data.index(entry) + len(entry) - 1] = 5
    path.write_bytes(bytes(data))
    restored = Journal(path)
    assert restored.notice is not None and "damaged" in restored.notice
    assert [g.id for g in restored.games()] == [1, 2, 3]
    for table in tables:
        assert [e.action for e in restored.events(table.game_id)] == ["add 1", "add 2"]
    restored.close()


def _trigger_text_damaged(path: Path, version: int) -> None:
    """A flipped bit in the text of the trigger `result_removed` (a control character
    SQLite cannot read: "malformed database schema"), the journal's version set to
    `version`, and its clean stop forgotten (a pulled plug)."""
    edit(
        path,
        "PRAGMA writable_schema=ON",
        "UPDATE sqlite_master SET sql=replace(sql, 'BEGIN', 'BEG' || char(1) || 'N') "
        "WHERE name='result_removed'",
        f"PRAGMA user_version={version}",
    )
    stops.forget(path)
    with pytest.raises(sqlite3.DatabaseError, match="malformed database schema"):
        sqlite3.connect(path).execute("SELECT * FROM games").fetchall()


def test_a_damaged_trigger_s_text_costs_the_salvage_no_row(tmp_path: Path) -> None:
    """SQLite reads no row of a file whose schema holds a text it cannot read; the
    salvage passes that entry over and finds the game played after the backup."""
    path = tmp_path / "j.sqlite3"
    backed_up_after_one(path)
    _trigger_text_damaged(path, SCHEMA_VERSION)
    restored = Journal(path)
    assert restored.notice is not None and "damaged" in restored.notice
    assert [g.id for g in restored.games()] == [1, 2]
    for game_id in (1, 2):
        assert [e.action for e in restored.events(game_id)] == ["add 1", "add 2"]
    restored.close()


def _restored_whole_and_kept(path: Path) -> None:
    """The journal at `path` (two games, a backup after the first) opens as damaged,
    writable, with both games whole, and the damaged file is kept as it was."""
    before = path.read_bytes()
    restored = Journal(path)
    assert restored.notice is not None and "damaged" in restored.notice
    assert restored.writable and [g.id for g in restored.games()] == [1, 2]
    for game_id in (1, 2):
        assert [e.action for e in restored.events(game_id)] == ["add 1", "add 2"]
    restored.close()
    kept = [p for p in path.parent.glob(f"{path.name}.damaged-*") if p.name[-4:] not in SIDES]
    assert len(kept) == 1 and kept[0].read_bytes() == before


def test_a_newer_version_in_a_file_sqlite_finds_damaged_is_damage_and_restored(
    tmp_path: Path,
) -> None:
    """Version 112 (a flipped bit of the version, 5) in a file whose schema does not
    read: not a newer release's journal, which this SQLite reads. The box starts from
    the backup with what the damaged file still holds, the file kept as it was."""
    path = tmp_path / "j.sqlite3"
    backed_up_after_one(path)
    _trigger_text_damaged(path, 112)
    _restored_whole_and_kept(path)


def test_a_newer_version_and_a_column_one_byte_away_are_damage_and_restored(
    tmp_path: Path,
) -> None:
    """Version 194 and the column `setup` read as `sdtup`: two flipped bits, not a newer
    release's journal (whose renamed column would not be one byte away). The box starts
    from the backup; the file is kept as it was."""
    path = tmp_path / "j.sqlite3"
    backed_up_after_one(path)
    edit(path, "PRAGMA writable_schema=ON", SETUP_FLIPPED, "PRAGMA user_version=194")
    stops.forget(path)
    _restored_whole_and_kept(path)


def test_a_column_read_under_a_name_one_byte_away_is_salvaged_with_its_values(
    tmp_path: Path,
) -> None:
    """The column `setup` read as `sdtup` (a flipped bit in the schema's text): a game
    has no default setup, and the salvage reads the column under the name it has, so
    the game played after the backup comes back whole."""
    path = tmp_path / "j.sqlite3"
    backed_up_after_one(path)
    edit(path, "PRAGMA writable_schema=ON", SETUP_FLIPPED)
    _restored_whole_and_kept(path)


# ---- rows that do not read ---------------------------------------------------------


def _break(path: Path, sql: str, *params: object) -> None:
    db = sqlite3.connect(path)
    db.execute(sql, params)
    db.commit()
    db.close()


@pytest.mark.parametrize(
    ("damage", "said"),
    [
        ("UPDATE games SET setup='{not json' WHERE id=?", "invalid JSON"),
        ("UPDATE games SET setup='[1, 2]' WHERE id=?", "not a JSON object"),
        ("UPDATE games SET game='chess' WHERE id=?", "chess"),
        ("UPDATE events SET action='add 7' WHERE game_id=? AND action='add 2'", "event 2"),
        ("UPDATE events SET action=x'ff00' WHERE game_id=? AND action='add 1'", "event 1"),
    ],
)
def test_a_row_that_does_not_read_costs_its_own_game_only(
    tmp_path: Path, damage: str, said: str
) -> None:
    path = tmp_path / "j.sqlite3"
    journal = Journal(path, keep_backups=False)
    tables = [_finished(journal, seed) for seed in (1, 2, 3)]
    journal.close()
    broken = tables[1].game_id
    _break(path, damage, broken)
    journal = Journal(path)
    assert journal.notice is None  # nothing set aside: the file is sound
    entries = {e.id: e for e in journal.games()}
    assert sorted(entries) == [t.game_id for t in tables]
    problems = dict((e.id, why) for e, why in unreadable(journal))
    assert list(problems) == [broken] and said in problems[broken]
    history = History(journal)
    listed = {p.id: p for p in history.page(0, 10)}
    assert set(listed) == set(entries)
    assert listed[broken].summary is None and listed[broken].problem == problems[broken]
    for table in (tables[0], tables[2]):
        assert listed[table.game_id].summary is not None
        assert problem_of(journal, entries[table.game_id]) is None


def test_export_lists_an_unreadable_game_and_refuses_it_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from pi_app.cli import main

    path = tmp_path / "j.sqlite3"
    journal = Journal(path, keep_backups=False)
    tables = [_finished(journal, seed) for seed in (1, 2)]
    journal.close()
    _break(path, "UPDATE games SET setup='{not json' WHERE id=?", tables[0].game_id)
    assert main(["--lang", "en", "--journal", str(path), "export", "--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith(f"{tables[0].game_id}\t") and "unreadable: " in lines[0]
    assert lines[1].endswith("\tfinished")
    code = main(["--lang", "en", "--journal", str(path), "export", "--game", "1"])
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err and "Game 1 cannot be read" in err


# ---- automatic backups -------------------------------------------------------------


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def test_a_backup_follows_a_game_s_end_at_most_every_half_hour(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    clock = Clock()
    journal = Journal(path, clock=clock)
    table = _finished(journal, 1)
    _wait(lambda: len(backups.listed(path)) == 1)
    made = backups.listed(path)[0]
    assert backups.count_games(made.path) == 1 and backups.readable(made.path)
    assert made.path.parent == tmp_path / "j.sqlite3.backups"
    clock.now += 60
    _finished(journal, 2)
    journal.flush()
    clock.now += backups.EVERY_SECONDS
    _finished(journal, 3)
    _wait(lambda: len(backups.listed(path)) == 2)
    assert backups.count_games(backups.listed(path)[0].path) == 3
    assert table.journal is journal
    journal.close()


def test_the_backups_kept_are_the_last_ten_and_one_a_day_for_a_week(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    Journal(path).close()
    now = 1_800_000_000.0
    for hours in range(0, 24 * 10, 6):  # four a day for ten days
        backups.make(path, now - hours * 3600)
    gone = backups.prune(path, now)
    kept = backups.listed(path)
    assert len(kept) + len(gone) == 40
    assert [b.made for b in kept[:10]] == [now - h * 3600 for h in range(0, 60, 6)]
    days = {time.strftime("%Y-%m-%d", time.localtime(b.made)) for b in kept}
    week = {time.strftime("%Y-%m-%d", time.localtime(now - d * 86400)) for d in range(0, 7)}
    assert week <= days
    assert all(now - b.made <= 7 * 86400 for b in kept[10:])


def test_journal_backups_and_restore_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from pi_app.cli import main

    path = tmp_path / "j.sqlite3"
    journal = Journal(path, keep_backups=False)
    _finished(journal, 1)
    journal.flush()
    backups.make(path, time.time() - 7200)
    _finished(journal, 2)
    journal.flush()
    args = ["--lang", "en", "--journal", str(path), "journal"]
    assert main([*args, "backups"]) == 0
    listing = capsys.readouterr().out.splitlines()
    assert len(listing) == 1 and listing[0].startswith("1\t") and "1 game" in listing[0]
    assert main([*args, "restore", "1"]) == 2  # the box (this journal) holds it
    assert "stop it first" in capsys.readouterr().err
    journal.close()
    assert main([*args, "restore", "3"]) == 2
    assert "no backup 3" in capsys.readouterr().err
    assert main([*args, "restore", "1"]) == 0
    assert "is restored" in capsys.readouterr().out
    assert [g.id for g in Journal(path).games()] == [1]
    replaced = list(tmp_path.glob("j.sqlite3.replaced-*"))
    assert len([p for p in replaced if not p.name.endswith(("-wal", "-shm"))]) == 1


def test_doctor_names_each_unreadable_row(tmp_path: Path) -> None:
    from pi_app import doctor

    path = tmp_path / "j.sqlite3"
    journal = Journal(path, keep_backups=False)
    tables = [_finished(journal, seed) for seed in (1, 2, 3)]
    journal.close()
    config = Config()
    config.values["journal"] = str(path)
    verdict = doctor.check_records(doctor.Machine(), config)
    assert verdict.status == doctor.OK and verdict.said == "3 games; 0 backups"
    _break(path, "UPDATE games SET setup='{not json' WHERE id=?", tables[0].game_id)
    _break(path, "UPDATE games SET game='chess' WHERE id=?", tables[2].game_id)
    verdict = doctor.check_records(doctor.Machine(), config)
    lines = verdict.said.splitlines()
    assert verdict.status == doctor.WARN and len(lines) == 3
    assert "game 1 (tiny-race) cannot be read: its setup cannot be read" in lines[1]
    assert "game 3 (chess) cannot be read" in lines[2] and "chess" in lines[2]
