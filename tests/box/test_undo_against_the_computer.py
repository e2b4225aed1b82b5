"""What one Undo takes back against the computer is the core's rule, so every driver
has it (the screen, and a box with phones alone): the computer's replies go with the
player's move before them, and an Undo when the computer alone has moved takes back
nothing and says why. Among people, Undo takes back the last move."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pi_app.box.actors import BOX, COMPUTER
from pi_app.box.acts import NewGame, Play, Undo
from pi_app.box.changes import Refused, Undone
from pi_app.box.jobs import Jobs
from pi_app.box.session import Session
from pi_app.i18n import set_language
from pi_app.table import Journal


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    set_language("en")
    journal = Journal(tmp_path / "journal.sqlite3")
    made = Session({}, journal, jobs=Jobs())
    made.computer.held = True  # the test plays the computer's moves itself
    made.open()
    yield made
    made.close()
    journal.close()
    set_language("fr")


SETUP = {
    "A": ["E1", "C2", "M3", "E2", "C3", "M1", "E3", "C1", "M2"],
    "B": ["M1", "E3", "C2", "M2", "E1", "C3", "M3", "E2", "C1"],
}
"""A dealt board; B moves first on it."""


def first_legal(session: Session) -> str:
    table = session.table
    assert table is not None
    return table.game.format_action(table.game.legal_actions(table.state)[0])


def heard(session: Session) -> list[object]:
    changes: list[object] = []
    session.changes.subscribe(changes.append, Undone, Refused)
    return changes


def test_undo_takes_the_computers_reply_back_with_the_players_move(session: Session) -> None:
    session.act(NewGame("gambo", ("Ana", "Ben"), {"setup": SETUP}, {"opponent": {"A": "easy"}}))
    table = session.table
    assert table is not None
    while len(table.state.history) < 6:  # a few moves each: Ben's, the computer's
        by = COMPUTER if table.state.to_move == 0 else BOX
        assert session.act(Play(first_legal(session), by=by)).ok
    while table.state.to_move != 1:
        assert session.act(Play(first_legal(session), by=COMPUTER)).ok
    before = table.state.history
    assert session.act(Play(first_legal(session))).ok  # Ben's move
    ben = table.state.history
    while table.state.to_move == 0:  # the computer's reply: a move, or more after a duel
        assert session.act(Play(first_legal(session), by=COMPUTER)).ok
    replies = len(table.state.history) - len(ben)
    assert replies >= 1
    changes = heard(session)
    assert session.act(Undo()).ok
    assert table.state.history == before  # Ben is to move again
    assert [type(c) for c in changes] == [Undone]
    assert changes[0].events == replies + 1  # type: ignore[attr-defined]


def test_undo_when_the_computer_alone_has_moved_takes_nothing_back(session: Session) -> None:
    session.act(NewGame("gambo", ("Ana", "Ben"), {"setup": SETUP}, {"opponent": {"B": "easy"}}))
    changes = heard(session)
    assert session.table is not None
    assert session.act(Play(first_legal(session), by=COMPUTER)).ok
    moved = session.table.state
    assert not session.act(Undo()).ok
    assert session.table.state == moved
    assert [type(c) for c in changes] == [Refused]
    assert "no move of yours" in changes[0].text  # type: ignore[attr-defined]


def test_among_people_undo_takes_back_the_last_move(session: Session) -> None:
    session.act(NewGame("gambo", ("Ana", "Ben"), {}))
    assert session.table is not None
    session.act(Play(first_legal(session)))
    once = session.table.state
    session.act(Play(first_legal(session)))
    assert session.act(Undo()).ok
    assert session.table.state == once
