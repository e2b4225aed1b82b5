"""Cambio (Grimaud, 1978): the currency-trading card game with a bell, at one table.

The device does not see the cards; it follows the round's phases (deal, study,
trading, the bell that stops everything, the ringer named), is told what the ringer
showed and who kept a CAMBIO card, and keeps the scores until someone reaches the
target (5000 by default) or the table stops. Scoring follows the rulebook and rulings
R6 (false rings) and R7 (the winner is never fined; a winner's CAMBIO-minus is the odd
tenth card).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from pi_app.rules.cambio import actions as cambio_actions
from pi_app.rules.cambio import facts as cambio_facts
from pi_app.rules.cambio.actions import CambioAction, Deal, FalseRing, Open, Ring, Show, Stop
from pi_app.rules.cambio.record import (
    STOPPED,
    TARGET,
    game_over_error,
    read_options,
    read_result,
    read_seats,
    replay_ending,
    top_seats,
    write_options,
    write_result,
)
from pi_app.rules.cambio.round import (
    DEAL,
    STUDY,
    RoundPhase,
    bell_step,
    legal_steps,
    round_moments,
    step,
)
from pi_app.rules.cambio.scoring import (
    DOMAIN,
    MAX_SEATS,
    MIN_SEATS,
    RoundResult,
    Settings,
    check_seat_names,
    currencies_in_play,
    hand_value,
    read_settings,
    score_changes,
    ten_card_seats,
)
from pi_app.rules.chart import Chart
from pi_app.rules.contract import Game, Outcome, RecordError, RuleError
from pi_app.rules.facts import Fact
from pi_app.rules.moments import DEALT
from pi_app.rules.records import check_fields, check_list, record_locale


@dataclass(frozen=True)
class CambioState:
    """A Cambio game: seats in dealing order, scores by seat, the round in progress.

    `history` holds every scored round, which is all an export needs.
    """

    seats: tuple[str, ...]
    settings: Settings
    scores: tuple[int, ...]
    round: RoundPhase = field(default_factory=RoundPhase)
    history: tuple[RoundResult, ...] = ()
    termination: str | None = None

    @property
    def round_number(self) -> int:
        """The 1-based number of the round being played (or the next one)."""
        return len(self.history) + 1

    @property
    def dealer(self) -> str:
        """This round's dealer: the deal moves one seat on every round."""
        return self.seats[len(self.history) % len(self.seats)]

    @property
    def ten_cards(self) -> tuple[str, ...]:
        """Who gets 10 cards this round (CAMBIO variant): the dealer and the next seat."""
        return ten_card_seats(self.seats, len(self.history), self.settings.variant)

    @property
    def currencies(self) -> tuple[tuple[str, int], ...]:
        """The currencies in play, with their values."""
        return currencies_in_play(len(self.seats))

    @property
    def phase(self) -> str:
        """`deal`, `study`, `trading`, `stopped` (the bell rang, ringer unnamed), `rung`, `over`."""
        return "over" if self.termination else self.round.phase

    @property
    def score_map(self) -> dict[str, int]:
        """Scores by seat name, in seat order."""
        return dict(zip(self.seats, self.scores, strict=True))


def score_round(state: CambioState, result: RoundResult) -> CambioState:
    """The state after a won round (checked first: a broken rule changes nothing)."""
    changes = score_changes(result, state.seats, state.settings)
    scores = tuple(
        score + changes[seat] for seat, score in zip(state.seats, state.scores, strict=True)
    )
    target = state.settings.target
    reached = target is not None and max(scores) >= target
    return replace(
        state,
        scores=scores,
        round=RoundPhase(),
        history=(*state.history, result),
        termination=TARGET if reached else None,
    )


def round_actions(result: RoundResult) -> list[CambioAction]:
    """The actions that play a recorded round through the phase machine."""
    actions: list[CambioAction] = [Deal(), Open()]
    for seat in result.false_rings:
        actions += [Ring(seat), FalseRing()]
    actions += [Ring(result.winner), Show(result.currency, result.hand, result.holding)]
    return actions


class CambioGame:
    """The `cambio` game declaration."""

    name = "cambio"
    title = "Cambio"
    min_seats = MIN_SEATS
    max_seats = MAX_SEATS

    def new_game(
        self, seats: Sequence[str], options: Mapping[str, Any], rng: random.Random
    ) -> CambioState:
        """A game before the first deal; options as `read_settings` reads them."""
        names = check_seat_names(seats)
        return CambioState(names, read_settings(options), (0,) * len(names))

    def parse_action(self, text: str) -> CambioAction:
        return cambio_actions.parse_action(text)

    def format_action(self, action: CambioAction) -> str:
        return cambio_actions.format_action(action)

    def apply(self, state: CambioState, action: CambioAction) -> CambioState:
        """The next state, or `RuleError` and the state untouched."""
        if state.termination is not None:
            raise game_over_error(state.termination, state.settings.target, state.score_map)
        if isinstance(action, Stop):
            return replace(state, termination=STOPPED)
        phase, result = step(state.round, state.seats, action)
        if result is not None:
            return score_round(state, result)
        return replace(state, round=phase)

    def moments(self, before: CambioState, after: CambioState) -> frozenset[str]:
        """What the room notices (`rules.moments`): the deal (its study time), the
        trading opened (the study time over), the bell's stop, a false ring, a hand
        scored."""
        scored = len(after.history) > len(before.history)
        found = round_moments(before.round, after.round, scored)
        if before.round.phase == DEAL and after.round.phase == STUDY:
            found |= {DEALT}
        return found

    def legal_actions(self, state: CambioState) -> Sequence[CambioAction]:
        if state.termination is not None:
            return []
        return [*legal_steps(state.round, state.seats, state.settings.variant), Stop()]

    def bell_steps(self, state: CambioState) -> tuple[CambioAction, ...]:
        """What the table's bell plays now (`rules.host.RingsBell`): `open` in the study
        time, `bell` in trading, nothing otherwise (nor once the game is over)."""
        action = None if state.termination is not None else bell_step(state.round.phase)
        return () if action is None else (action,)

    def time_up_steps(self, state: CambioState, kind: str) -> tuple[CambioAction, ...]:
        """What the end of the sand timer `kind` plays (`rules.host.EndsTimers`): the
        study time over opens the trading, while the table still studies."""
        studying = state.termination is None and state.round.phase == STUDY
        return (Open(),) if kind == STUDY and studying else ()

    def outcome(self, state: CambioState) -> Outcome | None:
        if state.termination is None:
            return None
        scores = state.score_map
        return Outcome(state.termination, tuple(top_seats(scores)), scores)

    def play_round(self, state: CambioState, result: RoundResult) -> CambioState:
        """A recorded round played action by action, as the table would have."""
        for action in round_actions(result):
            state = self.apply(state, action)
        return state

    def replay(self, record: Mapping[str, Any]) -> dict[str, Any]:
        """Re-score a `cambio` record; errors name the round."""
        check_fields(record, "record", ("game", "seats", "rounds"), ("options", "locale"))
        record_locale(record)
        if record["game"] != self.name:
            raise RecordError("This is not a Cambio record.", domain=DOMAIN)
        settings = read_options(record)
        seats = check_seat_names(read_seats(record["seats"], "seats"))
        state = CambioState(seats, settings, (0,) * len(seats))
        rounds: list[dict[str, Any]] = []
        for number, item in enumerate(check_list(record["rounds"], "rounds"), start=1):
            try:
                before = state
                state = self.play_round(state, read_result(item))
            except RuleError as error:
                raise error.at("round", number) from None
            rounds.append(_round_output(before, state))
        return {
            "game": self.name,
            "scores": state.score_map,
            **replay_ending(state.termination, settings.target, state.score_map),
            "rounds": rounds,
        }

    def export(self, state: CambioState) -> dict[str, Any]:
        """The record of the rounds scored so far (a round in progress is not in it)."""
        return {
            "game": self.name,
            "options": write_options(state.settings),
            "seats": list(state.seats),
            "rounds": [write_result(result) for result in state.history],
        }

    def facts(
        self, chart: Chart, record: Mapping[str, Any], output: Mapping[str, Any]
    ) -> list[Fact]:
        """The history's facts: the biggest round and the longest streak (`facts`)."""
        return cambio_facts.facts(chart, record)


def _round_output(before: CambioState, after: CambioState) -> dict[str, Any]:
    """One round of the replay output: scores after it, and what made them."""
    result = after.history[-1]
    return {
        "scores": after.score_map,
        "changes": {
            seat: new - old
            for seat, old, new in zip(before.seats, before.scores, after.scores, strict=True)
        },
        "winner": result.winner,
        "value": hand_value(result.currency, result.hand, len(before.seats)),
        "dealer": before.dealer,
        "ten_cards": list(before.ten_cards),
    }


GAME = CambioGame()
_DECLARATION: Game[CambioState, CambioAction] = GAME
