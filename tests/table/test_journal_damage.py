"""A worn card's damage, generated: random bytes flipped and the file cut at random
points. Every time, the journal opens (the box starts), and every game whose rows are
intact, in the damaged file or in the backup, is listed with its events."""

from __future__ import annotations

import contextlib
import shutil
import sqlite3
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pi_app.table import Journal, JournalError, Table, backups, stops
from pi_app.table.history import History
from pi_app.table.readable import unreadable
from pi_app.table.schema import SCHEMA_VERSION

GAMES = 12
BACKED_UP = 6  # the backup was made after this many games


@pytest.fixture(scope="module")
def template() -> Iterator[Path]:
    """A journal of 12 finished games, with a backup made after the sixth."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "j.sqlite3"
        journal = Journal(path, keep_backups=False)
        for seed in range(GAMES):
            table = Table.new(journal, "tiny-race", ["Ana", "Ben"], {"target": 3}, seed=seed)
            table.play("add 1")
            table.play("add 2")
            if seed + 1 == BACKED_UP:
                journal.flush()
                backups.make(path, 1_800_000_000.0)
        journal.close()
        yield path


Rows = dict[int, tuple[tuple[object, ...], list[tuple[object, ...]]]]


def _intact(path: Path) -> Rows:
    """Each game that an independent look-up by id still reads: its row and events."""
    found: Rows = {}
    try:
        db = sqlite3.connect(f"file:{path}?immutable=1", uri=True)
    except sqlite3.Error:
        return found
    try:
        for game_id in range(1, GAMES + 1):
            try:
                row = db.execute(
                    "SELECT id, game, setup, finished FROM games WHERE id=?", (game_id,)
                ).fetchone()
                events = db.execute(
                    "SELECT kind, action FROM events WHERE game_id=? ORDER BY seq", (game_id,)
                ).fetchall()
            except (sqlite3.Error, UnicodeDecodeError):
                continue
            if row is not None:
                found[game_id] = (tuple(row), [tuple(e) for e in events])
    finally:
        db.close()
    return found


DAMAGE = st.tuples(
    st.lists(st.tuples(st.integers(0, 10**9), st.integers(1, 255)), max_size=6),
    st.none() | st.integers(0, 10**9),
)


@settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(damage=DAMAGE)
@example(damage=([(3798, 8)], None))  # a column's name in the schema's text, once seen
@example(damage=([(3025, 128)], None))  # bytes that are not UTF-8
@example(damage=([(7110, 1)], None))  # a cell a scan cannot pass, a look-up can
@example(damage=([], 0))  # cut to nothing: the backups say it was a journal
@example(damage=([(11963, 1)], None))
@example(damage=([(11969, 1)], None))
# an entry of the index events_by_game changed: SQLite's quick check passes it, the games'
# listing (each game's latest event, through that index) finds the file malformed
@example(damage=([(28110701, 1)], None))
# the journal's version (the header's user_version) read as 16777221: no release wrote it
@example(damage=([(60, 1)], None))
# a byte of the schema's text in `id INTEGER PRIMARY KEY`: `id` no longer the rowid, empty
@example(damage=([(988909356, 186)], None))
# an event's game in the table, not in the index: the journal read it as its game's
@example(damage=([(5762410, 165)], None))
# an event's time that does not read: the event is kept, without its time
@example(damage=([(453549438, 12)], None))
# an event's rowid out of order (93 after 10): not put after its game's later events
@example(damage=([(144666319, 86)], None))
# the page header of the index games_by_end: the salvage reads the table, not the index
@example(damage=([(131072, 1)], None))
# a game's cell read as game 9 with empty cells, before the true game 9
@example(damage=([(784326026, 180)], None))
# an entry of events_by_game pointing at the next game's first event (18 read as 19):
# that event stays its own game's, whose entry and cell agree
@example(damage=([(20347, 1)], None))
# the version read as 112 (a newer release's?) in a file whose trigger's text does not
# read: damage, not a newer journal; the salvage passes over the trigger's text
@example(damage=([(28641569, 117), (63, 117)], None))
# the version read as 194 and the column `setup` as a name one byte away: damage too
@example(damage=([(216918, 54), (2383, 199), (63, 199)], None))
def test_every_intact_game_survives_flipped_bytes_and_a_cut(
    template: Path, damage: tuple[list[tuple[int, int]], int | None]
) -> None:
    _survives(template, damage, rot=False)


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(damage=DAMAGE)
@example(damage=([(7110, 1)], None))
@example(damage=([(11963, 1)], None))  # an event's kind "`ction": a CHECK the scan does not run
# the journal's version read as 16777221, which no release wrote: damage, not a newer journal
@example(damage=([(60, 1)], None))
# the version read as 7, a newer one, though the file was not written since this version's
# clean stop: a flipped bit, not a newer release
@example(damage=([(63, 2)], None))
# the header's schema format above 4 ("unsupported file format"): damage, not a disk's state
@example(damage=([(47, 41)], None))
# `id` no longer the rowid (a byte of the schema's text): a read of the games, not a crash
@example(damage=([(988909356, 186)], None))
# an index entry's game changed, its index walk still finding the event for its game
@example(damage=([(151863145, 183)], None))
def test_damage_at_rest_found_after_the_first_frame_loses_no_intact_game(
    template: Path, damage: tuple[list[tuple[int, int]], int | None]
) -> None:
    """The same damage with the file's record of a clean stop intact (a worn card
    flips bits without writing the file): the start checks nothing, the box runs, the
    background check says so, and the next start restores every intact game."""
    _survives(template, damage, rot=True)


def _survives(template: Path, damage: tuple[list[tuple[int, int]], int | None], rot: bool) -> None:
    original = _intact(template)
    assert len(original) == GAMES
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "j.sqlite3"
        shutil.copytree(backups.folder_of(template), backups.folder_of(path))
        data = bytearray(template.read_bytes())
        flips, cut = damage
        for offset, mask in flips:
            data[offset % len(data)] ^= mask
        if cut is not None:
            data = data[: cut % (len(data) + 1)]
        path.write_bytes(bytes(data))
        still = {g: rows for g, rows in _intact(path).items() if original.get(g) == rows}
        if rot and stops.mark_clean(path, SCHEMA_VERSION):
            journal = Journal(path)  # no check at the start: the box runs on it
            with contextlib.suppress(JournalError):  # a read may fail: said, never fatal
                History(journal).page(0, GAMES + 5)
            damaged = journal.check()
            journal.close()
            assert damaged is not None or stops.record_of(path).exists()
        journal = Journal(path)  # the box starts: never an exception
        listed = {entry.id for entry in journal.games()}
        History(journal).page(0, GAMES + 5)
        unreadable(journal)
        restored = journal.notice is not None  # the damage was seen: the backup is back
        for game_id, (_row, events) in original.items():
            # a flip inside a text value no check can see ("add 2" read as "`dd 2")
            # leaves the file a journal to SQLite: the backup comes back only for damage
            # that is seen, and a game it changed is the file's as it reads
            if game_id in still or (game_id <= BACKED_UP and restored):
                assert game_id in listed, (game_id, journal.notice)
                kept = [(e.kind, e.action) for e in journal.events(game_id)]
                assert kept == events, (game_id, journal.notice)
        journal.close()
