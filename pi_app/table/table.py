"""The table: the one owner of the game state while a game is played.

Every input becomes an event; the event is checked against the rules (a broken rule
raises `RuleError` and changes nothing, not even the journal), queued to the journal,
and the new state exists at once for the display and the ring: the table never waits
for the disk. The journal commits events in order on its own thread, one fsync for
whatever came in meanwhile, so a pulled plug loses at most the presses whose commit
was in flight, the latest ones, and `Table.resume` rebuilds the state of the game as
far as the disk holds it.
"""

from __future__ import annotations

import copy
import json
import logging
import random
from collections.abc import Mapping, Sequence
from typing import Any

from pi_app.rules.contract import Game, Outcome, RuleError
from pi_app.rules.registry import find_game
from pi_app.table.journal import Journal, JournalEvent
from pi_app.table.results import Result
from pi_app.table.summary import results_of, summary_of
from pi_app.table.timeline import Timeline
from pi_app.table.writer import JournalRefused

log = logging.getLogger(__name__)


class Table:
    """A game in progress, journaled."""

    def __init__(
        self,
        journal: Journal,
        game_id: int,
        timeline: Timeline,
        extras: Mapping[str, Any] | None = None,
        seats: Sequence[str] = (),
        options: Mapping[str, Any] | None = None,
    ) -> None:
        self.journal = journal
        self.game_id = game_id
        self.timeline = timeline
        self._extras: dict[str, Any] = dict(extras or {})
        self.seats: tuple[str, ...] = tuple(str(seat) for seat in seats)
        """The seats as the game was set up, in order: each one's colour index is its place."""
        self.options: dict[str, Any] = dict(options or {})
        """The options the game was set up with, as the rules read them: "play again"."""
        self.ticket = 0  # the journal ticket of the latest event (see Journal.on_durable)

    @classmethod
    def new(
        cls,
        journal: Journal,
        game_name: str,
        seats: Sequence[str],
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        extras: Mapping[str, Any] | None = None,
    ) -> Table:
        """Start a game: the setup is checked by the rules, then journaled. Any other
        unfinished game stays as it is, paused, to be resumed later.

        `extras` is what the table knows beyond the rules (who the computer plays):
        journaled with the setup so a restart finds it, never passed to the game.
        """
        game = find_game(game_name)
        setup: dict[str, Any] = {
            "seats": list(seats),
            "options": dict(options or {}),
            "seed": random.SystemRandom().randrange(2**31) if seed is None else seed,
        }
        if extras:
            try:
                setup["extras"] = json.loads(json.dumps(dict(extras)))
            except (TypeError, ValueError) as error:
                raise ValueError(f"table extras must be plain JSON data: {error}") from None
        timeline = Timeline.start(game, setup)
        try:
            game_id = journal.begin_game(game_name, setup)
        except JournalRefused as error:
            raise refusal(error) from None
        return cls(journal, game_id, timeline, setup.get("extras"), seats, setup["options"])

    @classmethod
    def resume(cls, journal: Journal) -> Table | None:
        """The latest played unfinished game of the journal, exactly where it was; None if
        there is none."""
        entry = journal.unfinished()
        if entry is None:
            return None
        return cls.load(journal, entry.id)

    @classmethod
    def load(cls, journal: Journal, game_id: int) -> Table:
        """Any journaled game, folded from its events."""
        entry = journal.game(game_id)
        if entry is None:
            raise KeyError(game_id)
        timeline = Timeline.start(find_game(entry.game), entry.setup)
        timeline.fold(journal.events(game_id))
        extras = entry.setup.get("extras")
        extras = extras if isinstance(extras, Mapping) else None
        options = entry.setup.get("options")
        options = options if isinstance(options, Mapping) else None
        return cls(journal, game_id, timeline, extras, entry.setup.get("seats", ()), options)

    @property
    def game(self) -> Game[Any, Any]:
        """The rules of the game at this table."""
        return self.timeline.game

    @property
    def extras(self) -> dict[str, Any]:
        """The table's own data from the setup (a copy: it cannot be changed); {} if none."""
        return copy.deepcopy(self._extras)

    @property
    def state(self) -> Any:
        """The current state (frozen: share it freely)."""
        return self.timeline.state

    @property
    def moves_played(self) -> int:
        """The actions that led to this state (what undo took back not counted)."""
        return len(self.timeline.actions)

    @property
    def can_undo(self) -> bool:
        return bool(self.timeline.actions)

    @property
    def can_redo(self) -> bool:
        return bool(self.timeline.undone)

    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""
        return self.game.outcome(self.state)

    def _record(self, event: JournalEvent) -> Any:
        new_state = self.timeline.check(event)
        try:
            self.ticket = self.journal.append(self.game_id, event)
        except JournalRefused as error:  # nothing recorded, nothing shown: a refusal
            raise refusal(error) from None
        was_over = self.outcome() is not None
        self.timeline.commit(event, new_state)
        is_over = self.outcome() is not None
        if was_over != is_over:
            self.journal.set_finished(self.game_id, is_over, self._results() if is_over else None)
        return self.state

    def _results(self) -> tuple[Result, ...] | None:
        """What the game just ended gives each seat, for the statistics kept with its
        end; None (logged) when it cannot be summarised, as the fold would skip it."""
        try:
            return results_of(summary_of(self))
        except Exception:  # the game's end is recorded whatever its summary does
            log.exception("game %s ended but cannot be summarised", self.game_id)
            return None

    def play(self, action: Any) -> Any:
        """Apply an action (an action object or its notation); returns the new state."""
        parsed = self.game.parse_action(action) if isinstance(action, str) else action
        # The journal keeps the canonical notation, whatever spelling came in.
        return self._record(JournalEvent("action", self.game.format_action(parsed)))

    def undo(self) -> Any:
        """Take back the last action; repeatable."""
        return self._record(JournalEvent("undo"))

    def redo(self) -> Any:
        """Restore what undo took back, until a new action is played."""
        return self._record(JournalEvent("redo"))

    def abandon(self) -> None:
        """Stop this game without finishing it; it stays in the journal."""
        self.journal.abandon(self.game_id)

    def export(self) -> dict[str, Any]:
        """The game record of this game so far."""
        return self.game.export(self.state)

    def take_notices(self) -> list[str]:
        """A journaled game has nothing to say besides its state."""
        return []


def refusal(error: JournalRefused) -> RuleError:
    """A write the journal could never store, told as a refusal like a broken rule."""
    return RuleError("This cannot be recorded: {why}", why=str(error))
