"""Gambit 7 as the `Game` the registry finds: the pieces of the package tied together.

It also offers the helpers the display and the tests read (`board`, `payouts`),
so they need not know which module of the package holds what.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from itertools import combinations_with_replacement
from typing import Any

from pi_app.rules.chart import Chart
from pi_app.rules.contract import Outcome
from pi_app.rules.facts import Fact
from pi_app.rules.gambit7 import actions as gambit7_actions
from pi_app.rules.gambit7 import facts as gambit7_facts
from pi_app.rules.gambit7 import record as gambit7_record
from pi_app.rules.gambit7 import state as gambit7_state
from pi_app.rules.gambit7.actions import (
    Action,
    CloseBets,
    NextRound,
    PlaceBet,
    Reveal,
    Truth,
)
from pi_app.rules.gambit7.board import CaseView, board, payouts, winners
from pi_app.rules.gambit7.mat import MatProfile, default_mat
from pi_app.rules.gambit7.scoring import CHIPS, LESS, Target, placement
from pi_app.rules.gambit7.state import ROUNDS, Gambit7State, Phase, all_answered
from pi_app.rules.moments import BETS_CLOSED, QUESTION, REVEALED, ROUND, SCORED

__all__ = [
    "GAME",
    "CaseView",
    "Gambit7",
    "Gambit7State",
    "MatProfile",
    "board",
    "default_mat",
    "payouts",
]


class Gambit7:
    """The Gambit 7 declaration the registry finds as `GAME`."""

    name = "gambit7"
    title = "Gambit 7"
    min_seats = gambit7_state.MIN_SEATS
    max_seats = gambit7_state.MAX_SEATS
    round_count = ROUNDS

    def new_game(
        self, seats: Sequence[str], options: Mapping[str, Any], rng: random.Random
    ) -> Gambit7State:
        """Round 1, question 1 of card 1. The cards are drawn at the table, so `rng`
        is not needed: the state only counts which card and question are read."""
        return gambit7_state.new_game(seats, options)

    def parse_action(self, text: str) -> Action:
        return gambit7_actions.parse_action(text)

    def format_action(self, action: Action) -> str:
        return gambit7_actions.format_action(action)

    def apply(self, state: Gambit7State, action: Action) -> Gambit7State:
        return gambit7_state.apply(state, action)

    def legal_actions(self, state: Gambit7State) -> Sequence[Action]:
        """The reveal, bets, closing the bets and the next round; typed answers and
        truths are not listed."""
        if state.phase is Phase.ANSWERS and all_answered(state):
            return (Reveal(),)
        if state.phase is Phase.BETS:
            targets: list[Target] = [
                LESS,
                *(value for _c, value in placement(state.answer_values())),
            ]
            bets: list[Action] = []
            for seat in state.seats:
                for count in range(CHIPS + 1):
                    bets.extend(
                        PlaceBet(seat, chips)
                        for chips in combinations_with_replacement(targets, count)
                    )
                bets.extend(PlaceBet(seat, (), target) for target in targets)
            return (*bets, CloseBets())
        if state.phase is Phase.SCORED and state.round < ROUNDS:
            return (NextRound(),)
        return ()

    def next_steps(self, state: Gambit7State) -> tuple[Action, ...]:
        """The host's next step (`rules.host`): the answers turned up once every seat
        has written one; rien ne va plus, with the true answer when the box asked the
        question; the box's true answer if the bets closed without it; the next round."""
        question = state.current.question
        truth = () if question is None else (Truth(question.answer),)
        if state.phase is Phase.ANSWERS and all_answered(state):
            return (Reveal(),)
        if state.phase is Phase.BETS:
            return (CloseBets(), *truth)
        if state.phase is Phase.TRUTH:
            return truth
        if state.phase is Phase.SCORED and state.round < ROUNDS:
            return (NextRound(),)
        return ()

    def awaits_question(self, state: object) -> bool:
        """A round waits for the box's question (where the box asks them): answers
        open, none asked yet and none given (`rules.question.AsksQuestions`): a round
        played from a card never gets a question once someone answered."""
        return (
            isinstance(state, Gambit7State)
            and state.phase == Phase.ANSWERS
            and state.current.question is None
            and not state.answers
        )

    def moments(self, before: Gambit7State, after: Gambit7State) -> frozenset[str]:
        """What the room notices when an action took the game from `before` to `after`
        (`rules.moments`): a new round, its question, the answers turned up, the bets
        closed, the round scored."""
        if after.round != before.round:
            return frozenset({ROUND}) if after.round > before.round else frozenset()
        found: set[str] = set()
        if before.current.question is None and after.current.question is not None:
            found.add(QUESTION)
        steps = {
            (Phase.ANSWERS, Phase.BETS): REVEALED,
            (Phase.BETS, Phase.TRUTH): BETS_CLOSED,
            (Phase.TRUTH, Phase.SCORED): SCORED,
        }
        step = steps.get((before.phase, after.phase))
        if step is not None:
            found.add(step)
        return frozenset(found)

    def outcome(self, state: Gambit7State) -> Outcome | None:
        """After the seventh round is scored: the highest score wins, ties share it."""
        if not state.finished:
            return None
        return Outcome("rounds", winners(state), dict(zip(state.seats, state.scores, strict=True)))

    def replay(self, record: Mapping[str, Any]) -> dict[str, Any]:
        return gambit7_record.replay(record)

    def export(self, state: Gambit7State) -> dict[str, Any]:
        return gambit7_record.export(state)

    def facts(
        self, chart: Chart, record: Mapping[str, Any], output: Mapping[str, Any]
    ) -> list[Fact]:
        """The history's facts: the biggest round and every token played (`facts`)."""
        return gambit7_facts.facts(chart, record, output)

    def own_slate_wins(
        self, record: Mapping[str, Any], output: Mapping[str, Any]
    ) -> dict[str, int]:
        """The rounds each seat's own slate was the winning case (the statistics')."""
        return gambit7_facts.own_slate_wins(record, output)


GAME = Gambit7()
