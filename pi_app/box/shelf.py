"""The games of the evening: the one at the table, and the unfinished ones that wait.

Starting another game never throws one away: the game in progress waits, paused, and
comes back with everything it had (its phones' seats follow it: `seating`). Only an
explicit, confirmed abandon takes a game off the shelf; it then stays in the history.
Each of these is told once, as a change (`Seated`, `Paused`, `Left`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from pi_app.box.actors import Actor
from pi_app.box.acts import NewGame
from pi_app.box.changes import Changes, Left, Paused, Seated
from pi_app.box.unfinished import Unfinished
from pi_app.i18n import N_, Translator
from pi_app.rules.contract import RuleError
from pi_app.table import Journal, Table
from pi_app.table.players import Player
from pi_app.table.protocol import GameTable
from pi_app.table.readable import problem_of

log = logging.getLogger(__name__)
_ = Translator("display")

NOT_UNFINISHED = N_("This game is not unfinished any more.")


class Shelf:
    """The table and the paused games, each change of them told once."""

    def __init__(self, journal: Journal, changes: Changes, say: Callable[[str, bool], None]):
        self.journal, self.changes, self.say = journal, changes, say
        self.unfinished = Unfinished()
        """Every unfinished game, the latest played first: they wait to be resumed."""
        self.table: GameTable | None = None
        """The game at the table (the home may be over it)."""

    def take_up(self, found: list[GameTable], by: Actor) -> None:
        """The games found at the start, the latest played first: it is seated again."""
        for table in reversed(found):
            self.unfinished.remember(table)
        if found:
            self.table = found[0]
            self.changes.publish(Seated(found[0], resumed=True, by=by))

    def load(self, game_id: int, said: list[str]) -> GameTable | None:
        """One unfinished game of the journal, rebuilt; None (and why in `said`) if it
        cannot be."""
        try:
            return Table.load(self.journal, game_id)
        except RuleError as error:
            said.append(error.message())
        except Exception as error:  # a game that cannot be rebuilt must not stop the box
            entry = self.journal.game(game_id)
            why = None if entry is None else problem_of(self.journal, entry)
            if why is None:  # not a row that does not read: the program's own fault
                log.exception("cannot resume game %s", game_id)
            else:
                log.warning("cannot resume game %s: %s", game_id, why)
            said.append(
                _("The unfinished game could not be resumed: {error}").format(error=why or error)
            )
        return None

    def new_game(self, act: NewGame) -> GameTable:
        """Start a game (the one at the table waits, paused); `RuleError` or
        `JournalError` and nothing started when it cannot start."""
        table = Table.new(
            self.journal, act.game, list(act.seats), act.options, extras=act.extras or None
        )
        self.seat(table, act.by)
        if act.players:
            self.journal.choices.remember_players([Player(name, c) for name, c in act.players])
        return table

    def seat(self, table: GameTable, by: Actor, resumed: bool = False) -> None:
        """`table` at the table (new or resumed); the game that was there waits, paused."""
        paused = self.table if self.table is not table else None
        self.table = table
        self.unfinished.remember(table)
        self.changes.publish(Seated(table, resumed, paused, by))

    def resume(self, game_id: int | None, by: Actor) -> bool:
        """Back to an unfinished game (the latest played when no id is given)."""
        if game_id is None:
            table = next(iter(self.unfinished.tables()), None)
        else:
            table = self.unfinished.find(game_id)
        if table is None:
            self.say(_(NOT_UNFINISHED), True)
            return False
        self.seat(table, by, resumed=True)
        return True

    def pause(self, by: Actor) -> bool:
        """The game at the table waits, paused; no game is at the table."""
        table = self.table
        if table is None:
            return False
        self.table = None
        self.changes.publish(Paused(table, by))
        return True

    def abandon(self, game_id: int, by: Actor) -> GameTable | None:
        """Leave an unfinished game for good, as the host confirmed: it stays in the
        journal and the history; the latest paused game waits at the table instead."""
        table = self.unfinished.find(game_id)
        if table is None:
            self.say(_(NOT_UNFINISHED), True)
            return None
        table.abandon()
        title, at_table = table.game.title, table is self.table
        self.unfinished.forget(table)
        if at_table:
            tables = self.unfinished.tables()
            self.table = tables[0] if tables else None
        self.say(_("{game} was abandoned; it stays in the history.").format(game=title), False)
        self.changes.publish(Left(table, at_table, by))
        return table
