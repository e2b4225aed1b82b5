"""A box's table in a tournament across boxes, offered to the app as its `Table`.

The app and the tournament screens (`display.games.cambio_tournament`) play a table
through `play`, `undo` and `state`, as with a journaled game. Here the state is the
tournament as this box knows it (`TournamentBox.state`: the creator's order, then this
box's rounds still travelling) with this table's round in progress laid on top. The
round's actions (deal, open, bell, ring...) stay on this box, kept in its store by a
writer thread so the bell's STOP never waits for the disk; a round shown complete is
scored by the rules, then submitted to the tournament and can no longer be undone.

When the order brings a seat move to this table mid-round, the round is dealt again,
as the rules have a table do when a mover joins it (rulings R8).
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any, NoReturn

from pi_app.i18n import Translator
from pi_app.net.box import TournamentBox
from pi_app.rules.cambio.round import RoundPhase, step
from pi_app.rules.cambio.tournament.game import (
    GAME,
    TableAction,
    round_actions,
    score_table_round,
)
from pi_app.rules.cambio.tournament.state import TournamentState
from pi_app.rules.contract import Outcome, RuleError
from pi_app.table import Journal, Table
from pi_app.table.table import refusal
from pi_app.table.writer import JournalRefused, check_value

log = logging.getLogger(__name__)
_ = Translator("cambio")


class TournamentTable:
    """This box's table: local round actions, the tournament's order underneath."""

    across_boxes = True
    """What the screens look for (they import nothing of the network until one plays)."""

    def __init__(self, box: TournamentBox) -> None:
        self.box = box
        self.game = GAME
        self.game_id = 0
        self.ticket = 0
        self.actions: list[str] = []
        self.undone: list[str] = []
        self.dealt_with: tuple[str, ...] = ()
        self._notices: list[str] = []
        """Why the round in progress was dealt again (a seat move), to be said once."""
        saved = box.store.round_actions()
        self._fold(saved)
        self.archived: int | None = box.store.archived()
        """The journal's game this tournament was kept as once it ended (`archive`)."""

    # ---- what the app reads --------------------------------------------------------------

    @property
    def index(self) -> int:
        return self.box.me.table

    @property
    def seats(self) -> tuple[str, ...]:
        settings = self.box.settings
        return () if settings is None else tuple(p for row in settings.tables for p in row)

    @property
    def extras(self) -> dict[str, Any]:
        return {}

    @property
    def moves_played(self) -> int:
        """The rounds the tournament has ordered, then this table's round's actions."""
        ledger = self.box.ledger
        return (len(ledger.rounds) if ledger else 0) + len(self.actions)

    @property
    def state(self) -> TournamentState | None:
        """The tournament as shown here, this table's round in progress included."""
        shown = self.box.state()
        if shown is None:
            return None
        tables = list(shown.tables)
        tables[self.index] = replace(tables[self.index], round=self.phase)
        return replace(shown, tables=tuple(tables))

    @property
    def can_undo(self) -> bool:
        return bool(self.actions)

    @property
    def can_redo(self) -> bool:
        return bool(self.undone)

    def outcome(self) -> Outcome | None:
        state = self.box.state()
        return None if state is None else GAME.outcome(state)

    def export(self) -> dict[str, Any]:
        return dict(self.box.record())

    # ---- playing -------------------------------------------------------------------------

    def _seats_now(self) -> tuple[str, ...]:
        return self.box.seats()

    def _fold(self, notations: list[str]) -> None:
        """The round in progress from its actions (all legal, they were played)."""
        self.phase = RoundPhase()
        self.actions = []
        self.dealt_with = self._seats_now()
        for notation in notations:
            action = GAME.parse_action(notation)
            if not isinstance(action, TableAction) or action.table != self.index:
                continue
            phase, result = step(self.phase, self.dealt_with, action.action)
            if result is not None:
                break
            self.phase = phase
            self.actions.append(notation)

    def play(self, action: Any) -> TournamentState | None:
        """An action at this table; `RuleError` (nothing changes) for any other, and for
        one the store could never keep: a text with a lone surrogate is refused before
        the rules, whose refusals would quote it."""
        if isinstance(action, str):
            self._check(action)
        parsed = GAME.parse_action(action) if isinstance(action, str) else action
        if not isinstance(parsed, TableAction):
            raise RuleError("A tournament across boxes ends at its target.", domain="cambio")
        if parsed.table != self.index:
            raise RuleError("This box plays table {table}.", domain="cambio", table=self.index + 1)
        state = self.state
        if state is None:
            raise RuleError("The tournament's settings have not arrived yet.", domain="cambio")
        if state.termination is not None:
            raise RuleError("The tournament is over.", domain="cambio")
        # a new round is dealt with the seats of now
        dealt_with = self.dealt_with if self.actions else self._seats_now()
        phase, result = step(self.phase, dealt_with, parsed.action)
        if result is not None:
            score_table_round(state, self.index, result)  # RuleError: the round stays open
            self.box.submit(result)  # refused (ProtocolError, JournalRefused): likewise
            self.phase, self.actions, self.undone = RoundPhase(), [], []
            self._save()
            return self.state
        actions = [*self.actions, GAME.format_action(parsed)]
        self._save(actions)  # kept before it is shown: refused, nothing changes
        self.phase, self.actions, self.dealt_with = phase, actions, dealt_with
        self.undone.clear()
        return self.state

    def undo(self) -> TournamentState | None:
        if not self.actions:
            raise RuleError("A round sent to the tournament cannot be taken back.", domain="cambio")
        self.undone.append(self.actions[-1])
        kept = self.actions[:-1]
        self._fold(kept)
        self._save()
        return self.state

    def redo(self) -> TournamentState | None:
        if not self.undone:
            raise RuleError("Nothing to redo.")
        notation = self.undone.pop()
        undone = list(self.undone)
        self.play(notation)
        self.undone = undone
        return self.state

    def take_notices(self) -> list[str]:
        notices, self._notices = self._notices, []
        return notices

    def _save(self, actions: list[str] | None = None) -> None:
        """Keep the round's actions (`actions`, else those played): a text the store
        could never keep is logged and refused (`JournalRefused`), the store goes on."""
        try:
            self.box.store.save_round_actions(self.actions if actions is None else actions)
        except JournalRefused as error:
            self._refused(error)

    def _check(self, text: str) -> None:
        """`JournalRefused` (logged) for a text the store could never keep."""
        try:
            check_value(text)
        except JournalRefused as error:
            self._refused(error)

    def _refused(self, error: JournalRefused) -> NoReturn:
        """Told as every refusal is (a `RuleError`), so the screen says it, no traceback."""
        log.warning("an action at table %d refused: %s", self.index + 1, error)
        raise refusal(error) from None

    def refresh(self) -> None:
        """After the order changed: a seat move at this table deals its round again."""
        seats = self._seats_now()
        if seats != self.dealt_with:
            if self.actions:
                self._notices.append(_("The seats of this table changed: deal again."))
            self.phase, self.actions, self.undone = RoundPhase(), [], []
            self.dealt_with = seats
            self._save()

    def archive(self, journal: Journal) -> int | None:
        """Keep the finished tournament in the box's journal, once: its history lists
        it and `tabletop export` writes its record. Returns the journal's game id."""
        state = self.box.ledger.state if self.box.ledger else None
        if state is None or state.termination is None or self.archived is not None:
            return None
        settings = self.box.settings
        assert settings is not None
        options = {**settings.options, "tables": [list(row) for row in settings.tables]}
        kept = Table.new(journal, GAME.name, list(self.seats), options, extras={"boxes": True})
        for item in state.history:
            for action in round_actions(item.table, item.result):
                kept.play(action)
        self.box.store.mark_archived(kept.game_id)
        self.archived = kept.game_id
        return kept.game_id

    def abandon(self) -> None:
        """Leave the tournament on this box (what was played stays in the others')."""
        self.box.leave()
