"""The computer's seat: it plays as soon as it owes a move, whatever woke the table.

It follows every change of the table (a move of the host's or of a phone, its own
reply, an undo, a redo, a game resumed), so a duel that leaves the computer behind and
gives it the move again starts its next search at once. The search is a job off the
loop (`jobs.Jobs`); its move is played only in the very position it searched, so a
search still running when that position was undone or paused is dropped. When the
person redoes a move the computer had answered, its answer is redone, never searched
again: Redo brings back both moves, and no third.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Protocol

from pi_app.ai import opponent_for
from pi_app.box.actors import COMPUTER
from pi_app.box.acts import Act, Done, Play, Redo
from pi_app.box.changes import TABLE_CHANGES, Change, Changes
from pi_app.box.jobs import Jobs
from pi_app.table.protocol import GameTable


class Session(Protocol):
    """What the computer needs of the session (`session.Session`): the table, its
    changes and jobs, and its door, to play or redo as anyone at the table does."""

    @property
    def table(self) -> GameTable | None: ...

    @property
    def changes(self) -> Changes: ...

    @property
    def jobs(self) -> Jobs: ...

    def act(self, act: Act) -> Done: ...


class Computer:
    """Starts the computer's search when it is to move, and plays what it found."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.held = False
        """Paused (a scripted demo plays the computer's side itself)."""
        self._searching: object = None
        """The state being searched (compared by identity), or None."""
        session.changes.subscribe(self._changed, *TABLE_CHANGES)

    @property
    def thinking(self) -> bool:
        """Whether a search is running for the game at the table."""
        table = self.session.table
        return table is not None and self._searching is table.state

    def _changed(self, _change: Change) -> None:
        self.consider()

    def consider(self) -> None:
        """Search (or redo) the computer's move if it owes one at the table now."""
        table = self.session.table
        if table is None or self.held:
            return
        opponent = opponent_for(table.game.name)
        level = None if opponent is None else opponent.to_play(table.state, table.extras)
        if opponent is None or level is None:
            return
        if table.can_redo:  # the move undone here was the computer's own
            self.session.act(Redo(by=COMPUTER))
            return
        state = table.state
        if self._searching is state:
            return
        self._searching = state
        self.session.jobs.run(
            lambda: opponent.choose(state, level),
            lambda move: self._found(table, state, move),
            owner=self,
            group="search",
            exclusive=True,  # a newer position's search replaces an older one's
        )

    def _found(self, table: GameTable, state: object, move: str) -> None:
        """A search ended: its move, played only where it was searched."""
        if self._searching is state:
            self._searching = None
        if self.held or self.session.table is not table or table.state is not state:
            self.consider()
            return
        self.session.act(Play(move, by=COMPUTER))

    @contextmanager
    def paused(self) -> Iterator[None]:
        """While inside, the computer neither starts a search nor plays one."""
        self.held, self._searching = True, None
        try:
            yield
        finally:
            self.held = False
            self.consider()
