"""Files the box did not write: an upgrade that fails, backups that are not journals or
carry their own triggers, views that never end, FIFOs and devices, deeply nested JSON,
folders with odd names, a row too long to hold, a restore by root, and backups on a
full card or after the clock jumped. Whatever the file, the box never hangs, keeps
every game it can read, and says what is wrong in one line."""

from __future__ import annotations

import json
import os
import pwd
import sqlite3
import stat
import subprocess
import threading
import time
from pathlib import Path

import pytest

from pi_app.i18n import set_language
from pi_app.table import Journal, Table, backups, schema, stops
from pi_app.table.opening import whole_file_problem
from pi_app.table.salvage import salvage
from tests.table.crafted import (
    ENDLESS_GAMES,
    PATIENCE,
    edit,
    one_line_refusal,
    python,
    tabletop,
    three_games,
    version_4_with_a_renamed_column,
)
from tests.table.mounts import need_root, tmpfs


@pytest.fixture(autouse=True)
def english() -> None:
    set_language("en")


def _backed_up(tmp_path: Path) -> tuple[Path, Path]:
    """A journal of three games and its backup of an hour ago."""
    path = tmp_path / "j.sqlite3"
    three_games(path)
    return path, backups.make(path, time.time() - 3600).path


def _listed(done: subprocess.CompletedProcess[str]) -> list[str]:
    """The games `tabletop export --list` printed."""
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.splitlines()


# ---- an upgrade that fails, a restore of what is not a journal ----------------------


def test_a_failed_upgrade_is_damage_salvaged_and_copied_once(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    version_4_with_a_renamed_column(path)
    journal = Journal(path)
    try:
        assert len(journal.games()) == 3 and journal.writable
        assert journal.notice is not None and "damaged" in journal.notice
        table = Table.new(journal, "tiny-race", ["Cy", "Di"], {"target": 9}, seed=4)
        table.play("add 1")
        table.play("add 2")
        journal.flush(PATIENCE)
    finally:
        journal.close()
    names = [p.name for p in tmp_path.iterdir() if not p.name.endswith(("-wal", "-shm"))]
    assert len([n for n in names if n.startswith("j.sqlite3.before-v5")]) == 1
    assert len([n for n in names if n.startswith("j.sqlite3.damaged-")]) == 1
    again = Journal(path)
    assert len(again.games()) == 4 and again.error is None
    again.close()


def test_restore_takes_only_a_journal_this_version_reads(tmp_path: Path) -> None:
    path, backup = _backed_up(tmp_path)
    backup.unlink()
    edit(backup, "CREATE TABLE games (x)", "INSERT INTO games VALUES (1)")
    before = path.read_bytes()
    said = one_line_refusal(tabletop("--journal", str(path), "journal", "restore", "1"))
    assert "is not a journal this version reads" in said
    assert path.read_bytes() == before
    assert not list(tmp_path.glob("j.sqlite3.*-*")) and not list(tmp_path.glob("*.restoring*"))


def test_a_restored_backup_brings_no_trigger_or_view_of_its_own(tmp_path: Path) -> None:
    from pi_app.cli import main

    path, backup = _backed_up(tmp_path)
    edit(
        backup,
        "DROP TRIGGER game_added",  # one of the box's names, with a body of its own
        "CREATE TRIGGER game_added AFTER INSERT ON games BEGIN DELETE FROM events; END",
        "CREATE TRIGGER wipe AFTER INSERT ON events "
        "BEGIN DELETE FROM events WHERE seq < new.seq; END",
        "CREATE VIEW spy AS SELECT * FROM games",
    )
    assert main(["--lang", "en", "--journal", str(path), "journal", "restore", "1"]) == 0
    journal = Journal(path)
    events = sum(len(journal.events(g.id)) for g in journal.games())
    table = Table.new(journal, "tiny-race", ["Cy", "Di"], {"target": 3}, seed=4)
    table.play("add 1")
    table.play("add 2")
    journal.flush(PATIENCE)
    assert len(journal.games()) == 4
    assert sum(len(journal.events(g.id)) for g in journal.games()) == events + 2
    journal.close()
    db = sqlite3.connect(path)
    kinds = db.execute("SELECT type, name, sql FROM sqlite_master").fetchall()
    db.close()
    assert not [name for kind, name, _sql in kinds if kind == "view"]
    triggers = {name: sql for kind, name, sql in kinds if kind == "trigger"}
    assert set(triggers) == {
        "result_added",
        "result_removed",
        "game_added",
        "game_ended",
        "game_resumed",
    }
    assert "DELETE FROM events" not in triggers["game_added"]


def test_restore_is_refused_while_a_box_starts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from pi_app.cli import main

    path, _backup = _backed_up(tmp_path)
    starting, go_on = threading.Event(), threading.Event()
    left_clean = stops.left_clean

    def slow_start(journal: Path) -> int | None:  # a start that checks a large file
        starting.set()
        go_on.wait(PATIENCE)
        return left_clean(journal)

    monkeypatch.setattr(stops, "left_clean", slow_start)
    opened: list[Journal] = []
    box = threading.Thread(target=lambda: opened.append(Journal(path, keep_backups=False)))
    box.start()
    try:
        assert starting.wait(PATIENCE)
        assert main(["--lang", "en", "--journal", str(path), "journal", "restore", "1"]) == 2
        assert "stop it first" in capsys.readouterr().err
    finally:
        go_on.set()
        box.join(PATIENCE)
        for journal in opened:
            journal.close()
    assert len(opened) == 1 and not list(tmp_path.glob("j.sqlite3.replaced-*"))


def test_restore_by_root_leaves_the_journal_to_its_owner(tmp_path: Path) -> None:
    need_root()
    user = f"tabletop-t{os.getpid()}"
    made = subprocess.run(
        ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", user],
        capture_output=True,
        text=True,
        timeout=PATIENCE,
        check=False,
    )
    assert made.returncode == 0, made.stderr
    try:
        owner = pwd.getpwnam(user)
        folder = tmp_path / "data"
        path = folder / "j.sqlite3"
        three_games(path)
        backups.make(path, time.time() - 3600)
        for each in (folder, *folder.rglob("*")):
            os.chown(each, owner.pw_uid, owner.pw_gid)
        path.chmod(0o640)
        done = tabletop("--journal", str(path), "journal", "restore", "1")
        assert done.returncode == 0, done.stderr
        found = path.stat()
        assert (found.st_uid, found.st_gid) == (owner.pw_uid, owner.pw_gid)
        assert stat.S_IMODE(found.st_mode) == 0o640
        strays = [p.name for p in folder.rglob("*") if p.stat().st_uid != owner.pw_uid]
        assert strays == []
    finally:
        subprocess.run(["userdel", user], capture_output=True, timeout=PATIENCE, check=False)


# ---- reads bounded in time: an endless view, FIFOs, devices ------------------------


def test_a_backup_whose_games_never_end_hangs_no_command(tmp_path: Path) -> None:
    path, backup = _backed_up(tmp_path)
    edit(backup, "DROP TABLE games", ENDLESS_GAMES)
    listed = tabletop("--journal", str(path), "journal", "backups")
    assert listed.returncode == 0 and "cannot be read" in listed.stdout, listed.stderr
    one_line_refusal(tabletop("--journal", str(path), "journal", "restore", "1"))


def test_a_journal_whose_games_never_end_is_damage_restored_and_salvaged(
    tmp_path: Path,
) -> None:
    path, _backup = _backed_up(tmp_path)
    edit(path, "DROP TABLE games", ENDLESS_GAMES)
    assert len(_listed(tabletop("--journal", str(path), "export", "--list"))) == 3
    assert list(tmp_path.glob("j.sqlite3.damaged-*"))


def test_a_journal_or_a_backup_that_is_a_fifo_is_refused_in_one_line(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.sqlite3"
    os.mkfifo(fifo)
    said = one_line_refusal(tabletop("--journal", str(fifo), "export", "--list"))
    assert "not a regular file" in said
    path, backup = _backed_up(tmp_path)
    backup.unlink()
    os.mkfifo(backup)
    listed = tabletop("--journal", str(path), "journal", "backups")
    assert listed.returncode == 0 and "cannot be read" in listed.stdout, listed.stderr
    one_line_refusal(tabletop("--journal", str(path), "journal", "restore", "1"))


@pytest.mark.parametrize("record", ["fifo", "dev-zero", "nested", "fifo-part"])
def test_a_clean_stop_record_of_any_kind_never_stops_the_start(tmp_path: Path, record: str) -> None:
    path = tmp_path / "j.sqlite3"
    three_games(path)
    kept = stops.record_of(path)
    kept.unlink()
    if record == "fifo":
        os.mkfifo(kept)
    elif record == "dev-zero":
        kept.symlink_to("/dev/zero")
    elif record == "nested":
        kept.write_text("[" * 100_000 + "]" * 100_000)
    else:  # where the clean stop writes its record first
        os.mkfifo(kept.with_name(kept.name + ".part"))
    assert len(_listed(tabletop("--journal", str(path), "export", "--list"))) == 3
    if record == "fifo-part":
        assert stops.left_clean(path) is not None  # the record of this stop was written


# ---- JSON read within bounds --------------------------------------------------------


def test_deeply_nested_json_in_a_setting_is_left_out(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    journal = Journal(path, keep_backups=False)
    journal.choices.remember_setting("sound.volume", 0.5)
    journal.close()
    db = sqlite3.connect(path)
    db.execute("INSERT INTO settings VALUES ('deep', ?)", ("[" * 100_000 + "]" * 100_000,))
    db.commit()
    db.close()
    journal = Journal(path, keep_backups=False)
    assert journal.choices.settings() == {"sound.volume": 0.5}
    journal.close()


# ---- folders with odd names ---------------------------------------------------------


@pytest.mark.parametrize("folder", ["Jeux #2", "a?b", "100%41"])
def test_backup_check_and_salvage_read_a_journal_in_any_folder(tmp_path: Path, folder: str) -> None:
    path = tmp_path / folder / "j.sqlite3"
    three_games(path)
    made = backups.make(path, time.time())
    assert backups.count_games(made.path) == 3 and backups.readable(made.path)
    into = schema.connect(tmp_path / "into.sqlite3")
    schema.create(into)
    assert salvage(path, into).games == {1, 2, 3}
    into.close()
    assert whole_file_problem(path) is None
    edit(  # a column renamed, which only the background check of this file finds
        path,
        "PRAGMA writable_schema=ON",
        "UPDATE sqlite_master SET sql=replace(sql, 'colour INTEGER', 'colouz INTEGER') "
        "WHERE name='players'",
    )
    assert whole_file_problem(path) is not None
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([folder, "into.sqlite3"])


# ---- memory: a row too long ---------------------------------------------------------

_SALVAGE = """
import json, resource
from pathlib import Path
from pi_app.table import schema
from pi_app.table.salvage import salvage
into = schema.connect(sys.argv[2])
schema.create(into)
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
found = salvage(Path(sys.argv[1]), into)
grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
print(json.dumps([sorted(found.games), found.events, grown // 1024,
                  getattr(found, "oversize", None)]))
"""


def test_a_row_too_long_costs_the_salvage_no_memory_and_is_named(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    three_games(path)
    edit(path, "UPDATE events SET action = printf('%.*c', 100000000, 'x') WHERE seq = 3")
    done = python(_SALVAGE, str(path), str(tmp_path / "into.sqlite3"))
    assert done.returncode == 0, done.stderr[-2000:]
    games, events, grown_mb, oversize = json.loads(done.stdout)
    assert games == [1, 2, 3] and events == 5 and oversize == [["events", 3]]
    assert grown_mb < 50, f"the salvage grew by {grown_mb} MB for a 100 MB row"


# ---- backups: a full card, a clock that jumps ---------------------------------------


def test_a_backup_that_fills_the_card_leaves_no_part_of_itself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(backups, "RESERVE", 0)
    with tmpfs(tmp_path / "card", "4m") as card:
        path = card.folder / "j.sqlite3"
        three_games(path)
        writer = sqlite3.connect(path, isolation_level=None)
        try:  # 1.5 MB in the WAL, not in the file's size the backup's room is judged by
            writer.execute("PRAGMA wal_autocheckpoint=0")
            writer.execute("INSERT INTO settings VALUES ('pad', randomblob(1500000))")
            filled = card.fill()
            os.truncate(card.filler, filled - 600 * 1024)
            with pytest.raises((OSError, sqlite3.Error)):
                backups.make(path, time.time())
        finally:
            writer.close()
        assert list(backups.folder_of(path).iterdir()) == []


def test_a_backup_stamped_ahead_of_the_clock_does_not_stop_the_next(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    three_games(path)
    now = time.time()
    backups.make(path, now + 86400)  # made while the clock was a day ahead
    schedule = backups.Schedule(path)
    assert schedule.due(now)
    schedule.run(now)
    assert len(backups.listed(path)) == 2
    assert not schedule.due(now + 60)
