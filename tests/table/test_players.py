"""Players remembered by the journal, and the colours their seats get."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from pi_app.table import Journal
from pi_app.table.players import PALETTE_SIZE, Player, assign_colours
from pi_app.table.schema import SCHEMA_VERSION
from tests.journals import first_version_journal


def test_a_remembered_player_keeps_their_colour_where_it_is_free() -> None:
    assert assign_colours(["Ana", "Ben", "Cleo"], {"Cleo": 0}) == (1, 2, 0)
    assert assign_colours(["Ana", "Ben"], {}) == (0, 1)
    # Ben and Cleo both had 4: Ben, seated first, keeps it; Cleo gets her seat's own
    assert assign_colours(["Ben", "Cleo", "Dan"], {"Ben": 4, "Cleo": 4}) == (4, 1, 2)


def test_past_the_palette_colours_repeat_by_seat() -> None:
    seats = [f"P{i}" for i in range(PALETTE_SIZE + 2)]
    colours = assign_colours(seats, {})
    assert colours[:PALETTE_SIZE] == tuple(range(PALETTE_SIZE))
    assert colours[PALETTE_SIZE:] == (0, 1)


@given(
    st.lists(st.text(min_size=1, max_size=4), min_size=2, max_size=PALETTE_SIZE, unique=True),
    st.dictionaries(st.text(min_size=1, max_size=4), st.integers(-2, PALETTE_SIZE + 2)),
)
def test_colours_are_distinct_and_remembered_ones_win(
    seats: list[str], known: dict[str, int]
) -> None:
    colours = assign_colours(seats, known)
    assert len(set(colours)) == len(seats)
    assert all(0 <= c < PALETTE_SIZE for c in colours)
    claimed: set[int] = set()
    for seat, colour in zip(seats, colours, strict=True):
        wanted = known.get(seat)
        if wanted is not None and 0 <= wanted < PALETTE_SIZE and wanted not in claimed:
            assert colour == wanted
            claimed.add(wanted)


def test_the_journal_remembers_players_latest_first(tmp_path: Path) -> None:
    times = iter(range(100, 200))
    journal = Journal(tmp_path / "j.sqlite3", clock=lambda: float(next(times)))
    journal.choices.remember_players([Player("Ana", 2), Player("Ben", 5)])
    journal.choices.remember_players([Player("Cleo", 1)])
    journal.choices.remember_players([Player("Ana", 3)])  # Ana plays again, in another colour
    assert journal.choices.players() == [Player("Ana", 3), Player("Cleo", 1), Player("Ben", 5)]
    assert journal.choices.players(limit=1) == [Player("Ana", 3)]
    journal.close()
    again = Journal(tmp_path / "j.sqlite3")
    assert [p.name for p in again.choices.players()] == ["Ana", "Cleo", "Ben"]
    again.close()


def test_a_journal_of_the_first_version_gains_players_in_place(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    first_version_journal(path, "gambit7", '{"seats": ["A", "B", "C"]}', finished=True)
    journal = Journal(path)
    assert journal.notice is None  # read in place, not set aside
    assert [g.id for g in journal.history.finished_games(5)] == [1]
    journal.choices.remember_players([Player("A", 0)])
    assert journal.choices.players() == [Player("A", 0)]
    journal.close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 5
    assert "deleted" in {row[1] for row in db.execute("PRAGMA table_info(games)")}
    db.close()
