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

import random
from collections.abc import Iterable

from pi_app.net.protocol import Order, ProtocolError, Settings, Submission
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
    """Accepted rounds in order, refused ones with their reasons, and the state now."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.state = start_state(settings)
        self.rounds: list[Submission] = []
        self.refused: dict[str, str] = {}
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
        try:
            after = self._play(self.state, item)
        except RuleError as error:
            reason = error.message("en")
            self.refused[item.id] = reason
            return reason
        self.state = after
        self.rounds.append(item)
        self._ids.add(item.id)
        return None

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
        """What the creator publishes: every accepted round, then the refused ones."""
        return Order(self.settings.tid, tuple(self.rounds), tuple(self.refused.items()))

    @classmethod
    def from_order(cls, settings: Settings, order: Order) -> Ledger:
        """The creator's ledger rebuilt from its published order (on any box)."""
        ledger = cls(settings)
        for item in order.rounds:
            if ledger.offer(item) is not None:
                raise ProtocolError(f"round {item.id} of the order does not play")
        ledger.refused.update(order.refused)
        return ledger

    def follow(self, order: Order) -> Ledger:
        """The ledger of a newer `order`: only its new rounds played when it extends this
        one (the usual case, a round at a time), else rebuilt from the start."""
        known = [item.id for item in self.rounds]
        if [item.id for item in order.rounds[: len(known)]] != known:
            return Ledger.from_order(self.settings, order)
        newer = self._copy()
        for item in order.rounds[len(known) :]:
            if newer.offer(item) is not None:
                raise ProtocolError(f"round {item.id} of the order does not play")
        newer.refused.update(order.refused)
        return newer

    def _copy(self) -> Ledger:
        """A ledger equal to this one that can grow apart (the state is frozen data)."""
        twin = Ledger.__new__(Ledger)
        twin.settings, twin.state = self.settings, self.state
        twin.rounds, twin.refused, twin._ids = list(self.rounds), dict(self.refused), set(self._ids)
        return twin

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
