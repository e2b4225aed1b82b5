"""Quitte ou Double (Dominic Crapuchettes; Asmodee): the rules engine.

3 to 6 teams, 7 rounds. Each round every team writes a number on its tile; the tiles
are laid in ascending order (equal answers stacked) and the n+1 zones around them take
the bets, 2 bet tokens per team. The zone holding the true answer pays each bet token
in it and the tiles beside it; an exact tile makes both zones beside it pay and earns
alone. In round 7 (every round after the first with *quitte ou double permanent*)
gain tokens staked under bet tokens are doubled or lost. Most gain tokens wins.

This module ties the package's pieces into the `Game` the registry finds (see the
package's docstring for which module holds what).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from pi_app.rules.contract import Outcome
from pi_app.rules.moments import BETS_CLOSED, QUESTION, REVEALED, ROUND, SCORED
from pi_app.rules.quitte_ou_double.actions import (
    Action,
    Answer,
    CloseBets,
    NextRound,
    Reveal,
    Truth,
)
from pi_app.rules.quitte_ou_double.actions import format_action as _format_action
from pi_app.rules.quitte_ou_double.actions import parse_action as _parse_action
from pi_app.rules.quitte_ou_double.actions import typed_answer as _typed_answer
from pi_app.rules.quitte_ou_double.actions import typed_truth as _typed_truth
from pi_app.rules.quitte_ou_double.board import Board, board
from pi_app.rules.quitte_ou_double.record import export as _export
from pi_app.rules.quitte_ou_double.record import replay as _replay
from pi_app.rules.quitte_ou_double.scoring import MAX_TEAMS, MIN_TEAMS, NAME, ROUNDS, leaders
from pi_app.rules.quitte_ou_double.state import ANSWERS, BETS, QodState
from pi_app.rules.quitte_ou_double.state import apply as _apply
from pi_app.rules.quitte_ou_double.state import legal_actions as _legal_actions
from pi_app.rules.quitte_ou_double.state import new_game as _new_game


class QuitteOuDouble:
    """The `Game` declaration of Quitte ou Double."""

    name = NAME
    title = "Quitte ou Double"
    min_seats = MIN_TEAMS
    max_seats = MAX_TEAMS
    round_count = ROUNDS

    def new_game(
        self, seats: Sequence[str], options: Mapping[str, Any], rng: random.Random
    ) -> QodState:
        """Options: `variants` (as in records), `question` (1, 2 or 3), `locale`.

        The question and the locale are table settings kept in the state; records
        carry only the variants (and their own locale).
        """
        return _new_game(seats, options)

    def parse_action(self, text: str) -> Action:
        return _parse_action(text)

    def format_action(self, action: Action) -> str:
        return _format_action(action)

    def typed_answer(self, state: QodState, team: str, typed: str) -> Answer:
        """The answer a team wrote, read in the table's locale (`RuleError` if unreadable).

        A duration or percentage keeps its typed text, so the tile shows `1h30`, not `90`.
        """
        return _typed_answer(team, typed, state.setup.locale)

    def typed_truth(self, state: QodState, typed: str) -> Truth:
        """The true answer the host read, as `typed_answer` reads a tile."""
        return _typed_truth(typed, state.setup.locale)

    def apply(self, state: QodState, action: Action) -> QodState:
        return _apply(state, action)

    def legal_actions(self, state: QodState) -> Sequence[Action]:
        return _legal_actions(state)

    def next_steps(self, state: QodState) -> tuple[Action, ...]:
        """The host's next step (`rules.host`): the tiles turned up once every team has
        laid one; the bets closed, with the true answer when the box asked the
        question; the next round once the round is paid."""
        question = state.current.question
        truth = () if question is None else (Truth(question.answer),)
        if state.phase == ANSWERS:
            return (Reveal(),) if state.all_laid() else ()
        if state.phase == BETS:
            return truth if state.current.bets_closed else (CloseBets(), *truth)
        if state.current.number < ROUNDS:
            return (NextRound(),)
        return ()

    def awaits_question(self, state: object) -> bool:
        """A round waits for the box's question (where the box asks them): tiles not
        turned up, none asked yet and no answer given (`rules.question.AsksQuestions`):
        a round played from a card never gets a question once a team answered."""
        return (
            isinstance(state, QodState)
            and state.phase == "answers"
            and state.current.question is None
            and not state.current.answers
        )

    def moments(self, before: QodState, after: QodState) -> frozenset[str]:
        """What the room notices when an action took the game from `before` to `after`
        (`rules.moments`): a new round, its question, the tiles turned up, the bets
        closed, the round paid."""
        if len(after.rounds) != len(before.rounds):
            return frozenset({ROUND}) if len(after.rounds) > len(before.rounds) else frozenset()
        was, now = before.current, after.current
        turned = {
            QUESTION: was.question is None and now.question is not None,
            REVEALED: not was.revealed and now.revealed,
            BETS_CLOSED: not was.bets_closed and now.bets_closed,
            SCORED: was.truth is None and now.truth is not None,
        }
        return frozenset(moment for moment, happened in turned.items() if happened)

    def outcome(self, state: QodState) -> Outcome | None:
        if not state.finished:
            return None
        scores = state.score_map()
        return Outcome("rounds", leaders(scores), scores)

    def board(self, state: QodState) -> Board:
        """What the display draws (see `board`)."""
        return board(state)

    def replay(self, record: Mapping[str, Any]) -> dict[str, Any]:
        return _replay(record)

    def export(self, state: QodState) -> dict[str, Any]:
        return _export(state)


GAME = QuitteOuDouble()
