"""The statistics kept as games end equal the fold of every game from scratch, over
random journals: games ended, their end undone and redone or played otherwise,
games abandoned and deleted, a game of slates; on the open journal, after a restart,
and once built for a journal that did not keep them."""

from __future__ import annotations

import sqlite3
import tempfile
from collections import Counter
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from pi_app.cli import main
from pi_app.table import Journal, Table
from pi_app.table.history import History
from pi_app.table.players import Player
from tests.table.games import play_gambit7

POOL = ("Ana", "Ben", "Cléo", "Dan", "Eve")
REMEMBERED = POOL[:4]  # Eve plays but is not remembered: she has no statistics


def _play_out(table: Table, data: st.DataObject) -> None:
    """Random legal moves until the game ends."""
    while table.outcome() is None:
        moves = table.game.legal_actions(table.state)
        table.play(moves[data.draw(st.integers(0, len(moves) - 1))])


def _step(journal: Journal, tables: list[Table], data: st.DataObject) -> None:
    """One thing done at the table, drawn at random."""
    finished = [t for t in tables if t.outcome() is not None]
    going = [t for t in tables if t.outcome() is None]
    choices = ["new", "new"] + ["undo"] * bool(finished) + ["abandon"] * bool(going)
    what = data.draw(st.sampled_from(choices))
    if what == "new":
        seats = data.draw(st.lists(st.sampled_from(POOL), min_size=2, max_size=4, unique=True))
        target = data.draw(st.integers(3, 6))
        table = Table.new(journal, "tiny-race", seats, {"target": target}, seed=1)
        tables.append(table)
        if data.draw(st.booleans()):
            _play_out(table, data)
    elif what == "undo":
        table = data.draw(st.sampled_from(finished))
        for _ in range(data.draw(st.integers(1, 2))):
            if table.can_undo:
                table.undo()
        ways = ("redo", "play", "leave") if table.game.name == "tiny-race" else ("redo", "leave")
        then = data.draw(st.sampled_from(ways))
        if then == "redo":
            while table.can_redo:
                table.redo()
        elif then == "play":
            _play_out(table, data)
    else:
        table = data.draw(st.sampled_from(going))
        table.abandon()
        tables.remove(table)
        if data.draw(st.booleans()):
            journal.delete(table.game_id)


def _same(journal: Journal) -> None:
    history = History(journal)
    kept = history.stats()
    assert kept == history.fold_stats()
    finished = journal.history.finished_games(journal.history.finished_count() + 1)
    assert journal.history.totals() == Counter(entry.game for entry in finished)


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_kept_statistics_equal_the_fold_from_scratch(data: st.DataObject) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "j.sqlite3"
        journal = Journal(path, keep_backups=False)
        journal.choices.remember_players([Player(name, i) for i, name in enumerate(REMEMBERED)])
        tables: list[Table] = []
        if data.draw(st.booleans()):  # a game of slates, seats in any order
            seats = data.draw(st.permutations(("Ana", "Ben", "Eve")))
            tables.append(play_gambit7(journal, list(seats)))
        for _ in range(data.draw(st.integers(1, 12))):
            _step(journal, tables, data)
        _same(journal)
        journal.close()
        journal = Journal(path, keep_backups=False)  # kept on disk, as they were
        _same(journal)
        journal.close()
        db = sqlite3.connect(path)  # as a journal made before they were kept
        db.executescript("DELETE FROM kept; DELETE FROM results; DELETE FROM player_totals;")
        db.close()
        journal = Journal(path, keep_backups=False)
        assert not journal.history.statistics_kept()
        _same(journal)
        assert journal.history.statistics_kept()
        journal.close()


def test_the_statistics_are_counted_again_by_a_command(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    journal = Journal(path, keep_backups=False)
    journal.choices.remember_players([Player(name, i) for i, name in enumerate(REMEMBERED)])
    for seed in range(3):
        table = Table.new(journal, "tiny-race", ["Ana", "Ben"], {"target": 3}, seed=seed)
        table.play("add 1")
        table.play("add 2")
    before = History(journal).stats()
    journal.close()
    db = sqlite3.connect(path)  # totals gone wrong
    db.execute("UPDATE player_totals SET played=played+5, best=99")
    db.commit()
    db.close()
    assert main(["--journal", str(path), "journal", "statistics"]) == 0
    journal = Journal(path, keep_backups=False)
    assert History(journal).stats() == before
    journal.close()


def test_a_journal_of_version_4_is_upgraded_and_builds_its_statistics_once(
    tmp_path: Path,
) -> None:
    path = tmp_path / "j.sqlite3"
    journal = Journal(path, keep_backups=False)
    journal.choices.remember_players([Player(name, i) for i, name in enumerate(REMEMBERED)])
    play_gambit7(journal, ["Ana", "Ben", "Cléo"])
    for seed in range(4):
        table = Table.new(journal, "tiny-race", ["Dan", "Ana"], {"target": 3}, seed=seed)
        table.play("add 2")
        table.play("add 1")
    expected = History(journal).fold_stats()
    journal.close()
    db = sqlite3.connect(path)  # as version 4 left it: no statistics kept
    for name in ("result_added", "result_removed", "game_added", "game_ended", "game_resumed"):
        db.execute(f"DROP TRIGGER {name}")
    for name in ("results", "player_totals", "game_totals", "kept"):
        db.execute(f"DROP TABLE {name}")
    db.execute("PRAGMA user_version=4")
    db.commit()
    db.close()
    journal = Journal(path, keep_backups=False)
    assert journal.notice is None and journal.history.totals() == {"gambit7": 1, "tiny-race": 4}
    assert not journal.history.statistics_kept()
    assert History(journal).stats() == expected
    assert journal.history.statistics_kept()
    assert list(tmp_path.glob("j.sqlite3.before-v5"))
    journal.close()
