"""The journal and the table: resume, undo/redo, damaged files, fold equivalence."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pi_app.rules import RuleError
from pi_app.table import Journal, JournalEvent, Table
from pi_app.table.timeline import Timeline
from tests.journals import reopen
from tests.table.crash_child import perform


def _table(path: Path, target: int = 50) -> Table:
    return Table.new(Journal(path), "tiny-race", ["Ana", "Ben"], {"target": target}, seed=3)


def test_resume_returns_the_exact_state(tmp_path: Path) -> None:
    table = _table(tmp_path / "j.sqlite3")
    for move in ("add 1", "add 2", "add 2"):
        table.play(move)
    table.undo()
    resumed = Table.resume(reopen(table))
    assert resumed is not None
    assert resumed.state == table.state
    assert resumed.can_redo and resumed.timeline.undone == ["add 2"]
    assert resumed.redo() == table.redo()


def test_broken_rule_is_not_journaled(tmp_path: Path) -> None:
    table = _table(tmp_path / "j.sqlite3", target=3)
    table.play("add 2")
    before = (table.state, table.journal.events(table.game_id))
    for bad in ("add 2", "add 7", "jump"):
        with pytest.raises(RuleError):
            table.play(bad)
    with pytest.raises(RuleError):
        table.redo()
    assert (table.state, table.journal.events(table.game_id)) == before


def test_undo_is_repeatable_and_new_action_clears_redo(tmp_path: Path) -> None:
    table = _table(tmp_path / "j.sqlite3")
    start = table.state
    table.play("add 1")
    table.play("add 2")
    table.undo()
    table.undo()
    assert table.state == start
    with pytest.raises(RuleError):
        table.undo()
    table.play("add 2")
    assert not table.can_redo
    with pytest.raises(RuleError):
        table.redo()


def test_finished_game_is_marked_and_not_resumed(tmp_path: Path) -> None:
    table = _table(tmp_path / "j.sqlite3", target=3)
    table.play("add 1")
    table.play("add 2")
    journal = reopen(table)
    entry = journal.game(table.game_id)
    assert entry is not None and entry.finished
    assert Table.resume(journal) is None
    table.undo()
    assert Table.resume(reopen(table)) is not None


def test_new_game_abandons_the_unfinished_one_but_keeps_it(tmp_path: Path) -> None:
    first = _table(tmp_path / "j.sqlite3")
    first.play("add 1")
    # The box starts the next game on the journal it has open, with that write in flight.
    second = Table.new(first.journal, "tiny-race", ["Ana", "Ben"], {"target": 50}, seed=3)
    journal = reopen(second)
    assert [g.id for g in journal.games()] == [first.game_id, second.game_id]
    assert journal.events(first.game_id) == [JournalEvent("action", "add 1")]
    resumed = Table.resume(journal)
    assert resumed is not None and resumed.game_id == second.game_id


@pytest.mark.parametrize("damage", ["garbage", "truncated", "empty-header"])
def test_damaged_journal_is_set_aside_never_deleted(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "j.sqlite3"
    table = _table(path)
    for _ in range(30):
        table.play("add 1") if table.state.total < 49 else None
    table.journal.close()
    data = path.read_bytes()
    if damage == "garbage":
        path.write_bytes(b"this is not a journal " * 200)
    elif damage == "truncated":
        path.write_bytes(data[: len(data) // 2 + 17])
    else:
        path.write_bytes(b"\0" * 100 + data[100:])
    original = path.read_bytes()
    journal = Journal(path)
    assert journal.notice is not None and str(path) in journal.notice
    kept = [
        p
        for p in tmp_path.iterdir()
        if ".damaged-" in p.name and not p.name.endswith(("-wal", "-shm"))
    ]
    assert len(kept) == 1 and kept[0].read_bytes() == original
    assert Table.resume(journal) is None
    fresh = _table(path)
    fresh.play("add 2")
    assert Table.resume(reopen(fresh)) is not None


EVENTS = st.lists(st.sampled_from(["add 1", "add 2", "undo", "redo"]), max_size=40)


def _try(table: Table, event: str) -> None:
    """Send an event; one the rules refuse is skipped (it changed nothing)."""
    with contextlib.suppress(RuleError):
        perform(table, event)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(EVENTS)
def test_replaying_the_journal_equals_folding_the_events(tmp_path: Path, events: list[str]) -> None:
    path = tmp_path / f"j{abs(hash(tuple(events)))}.sqlite3"
    table = _table(path, target=30)
    for event in events:
        _try(table, event)
    journal = reopen(table)
    entry = journal.game(table.game_id)
    assert entry is not None
    folded = Timeline.start(table.game, entry.setup).fold(journal.events(table.game_id))
    assert folded.state == table.state
    assert folded.actions == table.timeline.actions
    assert Table.load(journal, table.game_id).state == table.state


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(EVENTS)
def test_undo_then_redo_is_the_identity(tmp_path: Path, events: list[str]) -> None:
    table = _table(tmp_path / f"u{abs(hash(tuple(events)))}.sqlite3", target=30)
    for event in events:
        _try(table, event)
    if table.can_undo:
        state, actions = table.state, list(table.timeline.actions)
        table.undo()
        table.redo()
        assert table.state == state and table.timeline.actions == actions


def test_table_extras_survive_resume_and_default_to_empty(tmp_path: Path) -> None:
    extras = {"opponent": {"B": "hard"}, "note": ["é", 2]}
    journal = Journal(tmp_path / "j.sqlite3")
    table = Table.new(journal, "tiny-race", ["Ana", "Ben"], {"target": 50}, seed=3, extras=extras)
    table.play("add 1")
    assert table.extras == extras
    table.extras["opponent"]["B"] = "easy"  # a copy: the table's own stays as it was
    assert table.extras == extras
    assert journal.game(table.game_id).setup["extras"] == extras
    resumed = Table.resume(reopen(table))
    assert resumed is not None and resumed.extras == extras
    assert resumed.state == table.state
    plain = _table(tmp_path / "other.sqlite3")
    assert plain.extras == {}
    assert "extras" not in plain.journal.game(plain.game_id).setup
    again = Table.resume(reopen(plain))
    assert again is not None and again.extras == {}
    with pytest.raises(ValueError, match="JSON"):
        Table.new(journal, "tiny-race", ["Ana", "Ben"], {}, seed=3, extras={"x": object()})
