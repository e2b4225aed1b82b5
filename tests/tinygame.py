"""A tiny game used only by the tests: it proves the rules contract end to end.

Race to a target: seats take turns adding 1 or 2 to a shared total; the seat whose
addition reaches the target exactly wins. Small enough to enumerate, rich enough to
have illegal moves, an end and a record format.

It is a whole game for the box too, declared in this file and nowhere else: its rules
(`GAME`, registered with `rules.registry.register`) and what the box knows of it
beyond them (`DECLARATION`, registered with `display.games.register`): its place in
the menu and its one option, the target. It has no screen of its own: the generic one
plays it, and the history tells its biggest move, as for any game without facts.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pi_app.display.choice import Choice
from pi_app.display.declaration import GameDeclaration
from pi_app.i18n import N_
from pi_app.rules.contract import Outcome, RuleError
from pi_app.rules.records import check_fields, check_int, check_list, check_str

TEST_DOMAIN = "tinygame"  # a test-only game: its messages are not in the product catalogues


@dataclass(frozen=True)
class Add:
    """Add `amount` (1 or 2) to the total."""

    amount: int


@dataclass(frozen=True)
class RaceState:
    seats: tuple[str, ...]
    target: int
    total: int = 0
    to_move: int = 0
    added: tuple[int, ...] = ()
    moves: tuple[int, ...] = ()

    @property
    def scores(self) -> dict[str, int]:
        return {
            seat: self.added[i] if i < len(self.added) else 0 for i, seat in enumerate(self.seats)
        }


class TinyRace:
    name = "tiny-race"
    title = "Tiny Race"
    min_seats = 2
    max_seats = 4

    def new_game(
        self, seats: Sequence[str], options: Mapping[str, Any], rng: random.Random
    ) -> RaceState:
        if not self.min_seats <= len(seats) <= self.max_seats:
            raise RuleError("Tiny Race needs 2 to 4 seats.", domain=TEST_DOMAIN)
        if len(set(seats)) != len(seats):
            raise RuleError("Two seats have the same name.", domain=TEST_DOMAIN)
        target = options.get("target", 10)
        if isinstance(target, bool) or not isinstance(target, int) or target < 3:
            raise RuleError("The target must be a whole number of at least 3.", domain=TEST_DOMAIN)
        return RaceState(tuple(seats), target, added=(0,) * len(seats))

    def parse_action(self, text: str) -> Add:
        word, _, amount = text.strip().partition(" ")
        if word != "add" or amount not in ("1", "2"):
            raise RuleError("Unknown move {move!r}.", domain=TEST_DOMAIN, move=text)
        return Add(int(amount))

    def format_action(self, action: Add) -> str:
        return f"add {action.amount}"

    def apply(self, state: RaceState, action: Add) -> RaceState:
        if self.outcome(state) is not None:
            raise RuleError("The game is over.", domain=TEST_DOMAIN)
        if state.total + action.amount > state.target:
            raise RuleError("That would pass the target.", domain=TEST_DOMAIN)
        added = list(state.added)
        added[state.to_move] += action.amount
        return RaceState(
            state.seats,
            state.target,
            state.total + action.amount,
            (state.to_move + 1) % len(state.seats),
            tuple(added),
            (*state.moves, action.amount),
        )

    def legal_actions(self, state: RaceState) -> Sequence[Add]:
        if self.outcome(state) is not None:
            return ()
        return tuple(Add(n) for n in (1, 2) if state.total + n <= state.target)

    def outcome(self, state: RaceState) -> Outcome | None:
        if state.total < state.target:
            return None
        winner = state.seats[(state.to_move - 1) % len(state.seats)]
        return Outcome("target", (winner,), state.scores)

    def replay(self, record: Mapping[str, Any]) -> dict[str, Any]:
        check_fields(record, "record", ("game", "seats", "moves"), ("options",))
        seats = [check_str(s, "seats") for s in check_list(record["seats"], "seats")]
        options = check_fields(record.get("options", {}), "options", (), ("target",))
        if "target" in options:
            check_int(options["target"], "options.target")
        state = self.new_game(seats, options, random.Random(0))
        moves = []
        for n, text in enumerate(check_list(record["moves"], "moves"), start=1):
            try:
                state = self.apply(state, self.parse_action(check_str(text, "moves")))
            except RuleError as error:
                raise error.at("move", n) from None
            moves.append({"scores": state.scores})
        outcome = self.outcome(state)
        return {
            "game": self.name,
            "scores": state.scores,
            "winners": list(outcome.winners) if outcome else [],
            "moves": moves,
        }

    def export(self, state: RaceState) -> dict[str, Any]:
        return {
            "game": self.name,
            "seats": list(state.seats),
            "options": {"target": state.target},
            "moves": [f"add {n}" for n in state.moves],
        }


GAME = TinyRace()

DECLARATION = GameDeclaration(
    menu=60,
    choices=(Choice("target", N_("Target"), (10, 5, 20), ("10", "5", "20"), plain=True),),
)
"""After the product's games in the menu; a table chooses the target (10 by default)."""
