"""Folding journal events into states: the one place that reads undo and redo.

Live play and resumption both go through `Timeline`, so a resumed table is, by
construction, the table that was running when the plug was pulled.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pi_app.rules.contract import Game, RuleError
from pi_app.table.journal import JournalEvent


@dataclass
class Timeline:
    """The states of a game so far, with what undo took back and redo can restore."""

    game: Game[Any, Any]
    states: list[Any]
    actions: list[str] = field(default_factory=list)
    undone: list[str] = field(default_factory=list)

    @classmethod
    def start(cls, game: Game[Any, Any], setup: Mapping[str, Any]) -> Timeline:
        """A game's first state from its journal setup (seats, options, seed)."""
        rng = random.Random(setup.get("seed", 0))
        state = game.new_game(setup["seats"], setup.get("options", {}), rng)
        return cls(game, [state])

    @property
    def state(self) -> Any:
        """The current state."""
        return self.states[-1]

    def check(self, event: JournalEvent) -> Any:
        """The state `event` would lead to, or `RuleError`; changes nothing."""
        if event.kind == "undo":
            if not self.actions:
                raise RuleError("Nothing to undo.")
            return self.states[-2]
        if event.kind == "redo":
            if not self.undone:
                raise RuleError("Nothing to redo.")
            return self._next_state(self.undone[-1])
        if event.action is None:
            raise RuleError("An action needs its notation.")
        return self._next_state(event.action)

    def _next_state(self, notation: str) -> Any:
        return self.game.apply(self.state, self.game.parse_action(notation))

    def commit(self, event: JournalEvent, new_state: Any) -> None:
        """Record an event already checked (and journaled) with the state it leads to."""
        if event.kind == "undo":
            self.undone.append(self.actions.pop())
            self.states.pop()
        elif event.kind == "redo":
            self.actions.append(self.undone.pop())
            self.states.append(new_state)
        else:
            assert event.action is not None
            self.actions.append(event.action)
            self.undone.clear()
            self.states.append(new_state)

    def push(self, event: JournalEvent) -> Any:
        """Check and commit in one step: what folding a journal does."""
        new_state = self.check(event)
        self.commit(event, new_state)
        return self.state

    def fold(self, events: Iterable[JournalEvent]) -> Timeline:
        """Push every event in order; returns self."""
        for event in events:
            self.push(event)
        return self
