"""The tournament's ordered rounds and the state they fold to, the same on every box.

The creator's box offers each round it receives to its ledger, in the order received:
a round is accepted once (its id is the sending box's own numbering), or refused with
the reason, and changes nothing then. Every other box rebuilds the same ledger from the
order the creator publishes: the same rounds folded by the same rules
(`CambioTournament.play_round`, with the seat moves of rulings R8) give the same
scores and seating everywhere, whatever order the rounds travelled in.

A round played at a table whose seats a move changed meanwhile is void: on one box
the rules have that table deal again (a mover joined it mid-round), and so here.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable

from pi_app.net.protocol import (
    MAX_ENTRY,
    MAX_REASON,
    PAGE,
    Entry,
    Order,
    ProtocolError,
    Refusal,
    Settings,
    Stretch,
    Submission,
)
from pi_app.rules.cambio.tournament.game import GAME
from pi_app.rules.cambio.tournament.state import TournamentState
from pi_app.rules.contract import RuleError


def start_state(settings: Settings) -> TournamentState:
    """The tournament before its first round, from the creator's settings."""
    players = [player for row in settings.tables for player in row]
    options = {**settings.options, "tables": [list(row) for row in settings.tables]}
    try:
        return GAME.new_game(players, options, random.Random(0))
    except RuleError as error:
        raise ProtocolError(f"settings: {error.message('en')}") from None


class Ledger:
    """Accepted rounds in order, refused ones with their reasons, and the state now.

    `log` is the order itself: every round offered, accepted or refused, at the
    position the creator gave it. The creator grows it with `offer`; every other box
    with `extend`, from the stretches the creator publishes.
    """

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.state = start_state(settings)
        self.rounds: list[Submission] = []
        self.refused: dict[str, str] = {}
        self.log: list[Entry] = []
        self._ids: set[str] = set()

    def knows(self, round_id: str) -> bool:
        """Whether a round was accepted or refused already (a second copy is ignored)."""
        return round_id in self._ids or round_id in self.refused

    def offer(self, item: Submission) -> str | None:
        """Accept `item` at the end of the order, or refuse it: the reason, else None.

        A round already accepted or refused is ignored (None): sending twice is safe.
        """
        if self.knows(item.id):
            return None
        size = len(json.dumps(item.to_json()).encode("utf-8"))
        try:
            if size > MAX_ENTRY:
                raise ProtocolError(f"A round of {size} bytes is more than the order takes.")
            after = self._play(self.state, item)
        except (RuleError, ProtocolError) as error:
            reason = error.message("en") if isinstance(error, RuleError) else str(error)
            refusal = Refusal(item.id, reason[:MAX_REASON])
            self.refused[item.id] = refusal.reason
            self.log.append(refusal)
            return refusal.reason
        self._accept(item, after)
        return None

    def _accept(self, item: Submission, after: TournamentState) -> None:
        self.state = after
        self.rounds.append(item)
        self._ids.add(item.id)
        self.log.append(item)

    @staticmethod
    def _play(state: TournamentState, item: Submission) -> TournamentState:
        """The state after `item`, or `RuleError` saying why it cannot be played."""
        if not 0 <= item.table < len(state.tables):
            raise RuleError("There is no table {table}.", domain="cambio", table=item.table + 1)
        seats = state.tables[item.table].seats
        if tuple(item.seats) != seats:
            raise RuleError(
                "A seat move changed table {table} during this round: it is void, deal again.",
                domain="cambio",
                table=item.table + 1,
            )
        return GAME.play_round(state, item.table, item.result)

    def order(self) -> Order:
        """The whole order at once (what was published before increments; the bench's
        baseline weighs it)."""
        return Order(self.settings.tid, tuple(self.rounds), tuple(self.refused.items()))

    def page(self, number: int) -> Stretch:
        """Page `number` of the order: its entries from position PAGE x number."""
        at = number * PAGE
        return Stretch(self.settings.tid, at, tuple(self.log[at : at + PAGE]))

    def extend(self, stretch: Stretch) -> list[Entry]:
        """Take the creator's entries from `stretch.at` on: those this ledger lacks are
        played, in order, and returned. ProtocolError, and nothing changed, for a
        stretch starting past the end (entries missed: read the pages), one that
        disagrees with an entry held, or one that does not play."""
        held = len(self.log)
        if stretch.at > held:
            raise ProtocolError(f"entries {held} to {stretch.at - 1} of the order are missing")
        overlap = stretch.entries[: held - stretch.at]
        if list(overlap) != self.log[stretch.at : stretch.at + len(overlap)]:
            raise ProtocolError(f"the order from entry {stretch.at} differs from the one held")
        new = list(stretch.entries[len(overlap) :])
        state = self.state
        try:
            for entry in new:
                self._take(entry)
        except ProtocolError:
            self._truncate(held, state)
            raise
        return new

    def _take(self, entry: Entry) -> None:
        if self.knows(entry.id):
            raise ProtocolError(f"round {entry.id} is twice in the order")
        if isinstance(entry, Refusal):
            self.refused[entry.id] = entry.reason
            self.log.append(entry)
            return
        try:
            after = self._play(self.state, entry)
        except RuleError:
            raise ProtocolError(f"round {entry.id} of the order does not play") from None
        self._accept(entry, after)

    def _truncate(self, length: int, state: TournamentState) -> None:
        """Back to the first `length` entries and `state` (a stretch that did not play)."""
        for entry in self.log[length:]:
            self._ids.discard(entry.id)
            self.refused.pop(entry.id, None)
        del self.log[length:]
        self.rounds = [entry for entry in self.log if isinstance(entry, Submission)]
        self.state = state

    @classmethod
    def from_entries(cls, settings: Settings, entries: Iterable[Entry]) -> Ledger:
        """The ledger of the order's entries (a box's store); ProtocolError if they do
        not play."""
        ledger = cls(settings)
        ledger.extend(Stretch(settings.tid, 0, tuple(entries)))
        return ledger

    @classmethod
    def from_order(cls, settings: Settings, order: Order) -> Ledger:
        """The ledger of a whole order (kept by a store of the time before increments):
        its rounds, then its refusals."""
        refusals = (Refusal(rid, why) for rid, why in order.refused)
        return cls.from_entries(settings, (*order.rounds, *refusals))

    def view(self, pending: Iterable[Submission]) -> TournamentState:
        """The state with this box's rounds not yet ordered played on top, where they can.

        What a box shows while its rounds travel (or while it is offline); the order,
        once it comes, decides.
        """
        state = self.state
        for item in pending:
            if self.knows(item.id):
                continue
            try:
                state = self._play(state, item)
            except RuleError:
                continue
        return state

    def record(self) -> dict[str, object]:
        """The `cambio-tournament` game record of the rounds ordered so far."""
        return GAME.export(self.state)
