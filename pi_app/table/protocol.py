"""What every reader of a table may count on: the seam between the table and the rest.

Two classes play a game for the box: `table.Table` (a game journaled on this box) and
`net.table.TournamentTable` (this box's table in a Cambio tournament across boxes). The
display, the phones' server and the history read either through `GameTable` alone, so
mypy checks that both keep the same promises, and a reader never asks which it has.

`state` is typed `object`: each game's screen module narrows it once to its rules'
state class (`display.scene.state_as`), so a renamed field is a type error there.
"""

from __future__ import annotations

from typing import Any, Protocol

from pi_app.rules.contract import Game, Outcome


class GameTable(Protocol):
    """A game being played: its state and seats to read, its moves to make."""

    @property
    def game(self) -> Game[Any, Any]:
        """The rules of the game at this table."""
        ...

    @property
    def game_id(self) -> int:
        """The journal's id of the game (0 for a tournament across boxes)."""
        ...

    @property
    def ticket(self) -> int:
        """The journal's ticket of the latest event (`Journal.on_durable` says when it is
        on disk); 0 when the table keeps its moves elsewhere."""
        ...

    @property
    def seats(self) -> tuple[str, ...]:
        """The seats as the game was set up, in order (each one's colour is its place)."""
        ...

    @property
    def extras(self) -> dict[str, Any]:
        """The table's own data from the setup (who the computer plays, the colours)."""
        ...

    @property
    def state(self) -> object:
        """The current state, frozen (share it freely)."""
        ...

    @property
    def moves_played(self) -> int:
        """How many moves led to this state: a screen keyed on it is rebuilt after each."""
        ...

    @property
    def can_undo(self) -> bool: ...

    @property
    def can_redo(self) -> bool: ...

    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""
        ...

    def play(self, action: Any) -> object:
        """Play an action (an action object or its notation): `RuleError` and no change,
        or the new state."""
        ...

    def undo(self) -> object: ...

    def redo(self) -> object: ...

    def abandon(self) -> None:
        """Stop the game without finishing it (what was played is kept)."""
        ...

    def export(self) -> dict[str, Any]:
        """The game record so far (`RECORDS.md`)."""
        ...

    def take_notices(self) -> list[str]:
        """What the table has to say once, since it was last asked (a round dealt again
        because the seats changed); each notice is handed out once."""
        ...
