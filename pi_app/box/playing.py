"""Play, undo and redo at the table, each told once with the states before and after.

What one Undo takes back is the core's rule, so every actor has it: against the
computer, its replies go back with the player's move before them, and when the
computer alone has moved nothing is taken back (the game's opponent says how many:
`Opponent.take_back`); a round of the box's questions holding nothing but its question
loses the question with it (the quizmaster would only ask another). A refusal is a
`RuleError` with a message for the actor: the door says it.
"""

from __future__ import annotations

from pi_app.ai import opponent_for
from pi_app.box.actors import Actor
from pi_app.box.changes import Changes, Played, Redone, Undone
from pi_app.box.quizmaster import CARDS, Quizmaster, awaits
from pi_app.i18n import N_
from pi_app.rules.contract import RuleError
from pi_app.rules.moments import moments_of
from pi_app.table import Table
from pi_app.table.protocol import GameTable

DOMAIN = "display"
"""The catalogue of the refusals said here."""
ONLY_THE_ENGINE = N_("Only the engine has moved: no move of yours to undo.")
NOTHING_TO_UNDO = N_("The game has just begun: nothing to undo.")


class Playing:
    """The table's actions, undos and redos, published as changes."""

    def __init__(self, changes: Changes, quizmaster: Quizmaster) -> None:
        self.changes, self.quizmaster = changes, quizmaster

    def play(self, table: GameTable, notation: str, by: Actor) -> int:
        """Play `notation` at `table`; its journal ticket. `RuleError`: nothing played."""
        before = table.state
        table.play(notation)
        after = table.state
        moments = moments_of(table.game, before, after)
        played = Played(
            table=table, by=by, before=before, after=after, moments=moments, notation=notation
        )
        self.changes.publish(played)
        return table.ticket

    def undo(self, table: GameTable, steps: int | None, by: Actor) -> int:
        """Take back `steps` actions (None: what one Undo takes back in this game)."""
        if steps is None:
            steps = self._take_back(table)
            if steps == 0:
                raise RuleError(ONLY_THE_ENGINE, domain=DOMAIN)
        count = self._undo_steps(table, steps)
        if count is None:
            raise RuleError(NOTHING_TO_UNDO, domain=DOMAIN)
        before = table.state
        for undone in range(count):
            try:
                table.undo()
            except RuleError:
                if undone == 0:
                    raise
                count = undone  # what was taken back stays taken back, and is told
                break
        undo = Undone(table=table, by=by, before=before, after=table.state, events=count)
        self.changes.publish(undo)
        return table.ticket

    def redo(self, table: GameTable, by: Actor) -> int:
        """Restore the last action taken back."""
        before = table.state
        table.redo()
        after = table.state
        moments = moments_of(table.game, before, after)
        self.changes.publish(
            Redone(table=table, by=by, before=before, after=after, moments=moments)
        )
        return table.ticket

    @staticmethod
    def _take_back(table: GameTable) -> int:
        return take_back(table)

    def _undo_steps(self, table: GameTable, steps: int) -> int | None:
        """How many actions an Undo of `steps` takes back: one more when those would
        leave a round of the box's questions holding nothing but its question gone (the
        quizmaster would only ask another); None at round 1's question, which has
        nothing before it."""
        if not isinstance(table, Table) or self.quizmaster.mode(table) == CARDS:
            return steps  # a tournament's table has no questions of the box
        states = table.timeline.states
        if steps >= len(states) or not awaits(table.game, states[-1 - steps]):
            return steps
        return steps + 1 if steps + 1 < len(states) else None


def take_back(table: GameTable) -> int:
    """How many actions one Undo takes back at `table`: the game's computer says
    (its replies with the player's move, 0 for none of the player's), else one (the
    host's page says first what that is)."""
    opponent = opponent_for(table.game.name)
    if not table.can_undo or opponent is None:
        return 1
    steps = opponent.take_back(table.state, table.extras)
    return 1 if steps is None else steps
