"""The Gambit 7 phase machine: frozen states and the one function that moves them on.

A round goes: question shown (asked by the box itself, or read by the host from a
card), answers (one per seat, in any order, changeable until
they are revealed), the reveal once every seat has answered (the host's last chance to
fix a slate privately), bets (replaceable until the bets close), the true answer
(which scores the round), then the next round. After the seventh round
is scored the game is over. Every refusal is a `RuleError` raised before anything new
is built, so a refused action leaves the state exactly as it was.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from enum import StrEnum
from typing import Any

from pi_app.i18n import Translator
from pi_app.rules.answers import LOCALES, format_answer, parse_answer
from pi_app.rules.contract import RuleError
from pi_app.rules.gambit7.actions import (
    Action,
    Answer,
    Ask,
    CloseBets,
    NextRound,
    PlaceBet,
    Reveal,
    Truth,
    Typed,
)
from pi_app.rules.gambit7.mat import MatProfile, resolve_mat
from pi_app.rules.gambit7.scoring import CHIPS, Bet, Payout, Target, case_of, score_round
from pi_app.rules.question import RoundQuestion

_ = Translator("gambit7")

ROUNDS = 7
MIN_SEATS = 3
MAX_SEATS = 7
_OPTIONS = ("mat",)


class Phase(StrEnum):
    """Where the current round stands."""

    ANSWERS = "answers"
    BETS = "bets"
    TRUTH = "truth"
    SCORED = "scored"


@dataclass(frozen=True)
class Slate:
    """One seat's answer: the value and what was typed, for display."""

    value: Decimal
    typed: str


@dataclass(frozen=True)
class RoundResult:
    """A scored round, kept whole for the board, the payout detail and the record."""

    number: int
    answers: tuple[tuple[str, Slate], ...]
    bets: tuple[tuple[str, Bet], ...]
    truth: Slate
    winning: Target
    payouts: tuple[Payout, ...]
    question: RoundQuestion | None = None
    """The question the box asked in this round; None when the host read a card."""

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(payout.after for payout in self.payouts)


@dataclass(frozen=True)
class CurrentRound:
    """The round under way seen as one value, as Quitte ou Double's `state.current`,
    so the screens and phones read the round's question the same way in both games."""

    number: int
    phase: Phase
    question: RoundQuestion | None
    """The question the box asked this round; None until it asks (or when the host
    reads the cards)."""


@dataclass(frozen=True)
class Gambit7State:
    """A whole game: seats, the mat, the round under way and every scored round."""

    seats: tuple[str, ...]
    mat: MatProfile
    round: int = 1
    phase: Phase = Phase.ANSWERS
    answers: tuple[tuple[str, Slate], ...] = ()
    bets: tuple[tuple[str, Bet], ...] = ()
    history: tuple[RoundResult, ...] = ()
    asked: RoundQuestion | None = None
    """The question the box asked in the round under way (see `current`)."""

    @property
    def current(self) -> CurrentRound:
        """The round under way: its number, phase and question. (`question` below is
        the older count of which question of the card is read, not this.)"""
        return CurrentRound(self.round, self.phase, self.asked)

    @property
    def card(self) -> int:
        """Which of the seven drawn cards this round reads (card k in round k)."""
        return self.round

    @property
    def question(self) -> int:
        """Which question of that card this round reads (question k in round k)."""
        return self.round

    @property
    def scores(self) -> tuple[int, ...]:
        """Every seat's score after the last scored round, in seat order."""
        return self.history[-1].scores if self.history else (0,) * len(self.seats)

    @property
    def finished(self) -> bool:
        return self.round == ROUNDS and self.phase is Phase.SCORED

    def answer_values(self) -> list[Decimal]:
        return [slate.value for _seat, slate in self.answers]


def rule_error(message: str, **params: object) -> RuleError:
    """A broken Gambit 7 rule, with a message in the gambit7 catalogue."""
    return RuleError(message, domain="gambit7", **params)


def new_game(seats: Sequence[str], options: Mapping[str, Any]) -> Gambit7State:
    """The state before round 1's answers; options as a record's `"options"`."""
    names = tuple(seats)
    if not MIN_SEATS <= len(names) <= MAX_SEATS:
        raise rule_error("Gambit 7 is played by 3 to 7 seats, not {count}.", count=len(names))
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise rule_error("Every seat needs a name.")
    if len(set(names)) != len(names):
        duplicate = next(name for name in names if names.count(name) > 1)
        raise rule_error("Two seats are named “{seat}”.", seat=duplicate)
    unknown = sorted(str(key) for key in options if key not in _OPTIONS)
    if unknown:
        raise rule_error("Unknown Gambit 7 option “{option}”.", option=unknown[0])
    return Gambit7State(names, resolve_mat(options.get("mat", "default")))


def _check_seat(state: Gambit7State, seat: str) -> None:
    if seat not in state.seats:
        raise rule_error("There is no seat “{seat}” at this table.", seat=seat)


def _read(typed: Typed, locale: str) -> Slate:
    if locale not in LOCALES:
        raise rule_error("Unknown locale “{locale}”: use fr, de or en.", locale=locale)
    value = parse_answer(typed, locale)
    if not value.is_finite():
        raise rule_error("An answer must be a number.")
    shown = typed.strip() if isinstance(typed, str) else format_answer(value, locale)
    return Slate(value, shown)


def _with(pairs: tuple[tuple[str, Any], ...], seat: str, item: Any, seats: Sequence[str]) -> Any:
    """`pairs` with `seat`'s entry set to `item`, kept in seat order."""
    table = dict(pairs)
    table[seat] = item
    return tuple((name, table[name]) for name in seats if name in table)


def _ask(state: Gambit7State, action: Ask) -> Gambit7State:
    """The round's question, asked before the answers are revealed, once a round."""
    if state.phase is not Phase.ANSWERS:
        raise rule_error(
            "The question of round {round} is asked before the answers are revealed.",
            round=state.round,
        )
    if state.asked is not None:
        raise rule_error("Round {round} already has its question.", round=state.round)
    return replace(state, asked=action.question)


def _answer(state: Gambit7State, action: Answer) -> Gambit7State:
    _check_seat(state, action.seat)
    if state.phase is not Phase.ANSWERS:
        raise rule_error("The answers of round {round} are closed.", round=state.round)
    slate = _read(action.typed, action.locale)
    return replace(state, answers=_with(state.answers, action.seat, slate, state.seats))


def all_answered(state: Gambit7State) -> bool:
    """Whether every seat has written its answer this round (the reveal may come)."""
    return len(state.answers) == len(state.seats)


def _reveal(state: Gambit7State) -> Gambit7State:
    if state.phase is not Phase.ANSWERS:
        raise rule_error("The answers of round {round} are already revealed.", round=state.round)
    if not all_answered(state):
        written = dict(state.answers)
        missing = [seat for seat in state.seats if seat not in written]
        raise rule_error(
            "No answer yet from {seats}: every seat writes one answer.",
            seats=", ".join(f"“{seat}”" for seat in missing),
        )
    return replace(state, phase=Phase.BETS)


def _revealed(state: Gambit7State) -> Gambit7State:
    """The state a bet is placed on: a journal written before the reveal step went from
    the last answer straight to the bets, so there the first bet (or the closing of the
    bets) reveals the answers it finds all written."""
    if state.phase is Phase.ANSWERS and all_answered(state):
        return _reveal(state)
    return state


def _check_target(state: Gambit7State, target: Target) -> None:
    if case_of(state.answer_values(), target) is None:
        raise rule_error(
            "No answer {target} faces a case this round: a chip cannot go on an empty case.",
            target=format_answer(Decimal(target)),
        )


def _bet(state: Gambit7State, action: PlaceBet) -> Gambit7State:
    _check_seat(state, action.seat)
    state = _revealed(state)
    if state.phase is not Phase.BETS:
        raise rule_error("Bets are not open now (round {round}).", round=state.round)
    if action.gambit7 is not None and action.chips:
        raise rule_error("The Gambit 7 token is played instead of chips, never with them.")
    if len(action.chips) > CHIPS:
        raise rule_error("A seat has 2 chips, not {count}.", count=len(action.chips))
    for target in (*action.chips, *(() if action.gambit7 is None else (action.gambit7,))):
        _check_target(state, target)
    bet = Bet(action.chips, action.gambit7)
    return replace(state, bets=_with(state.bets, action.seat, bet, state.seats))


def _close_bets(state: Gambit7State) -> Gambit7State:
    state = _revealed(state)
    if state.phase is not Phase.BETS:
        raise rule_error("Bets are not open now (round {round}).", round=state.round)
    return replace(state, phase=Phase.TRUTH)


def _truth(state: Gambit7State, action: Truth) -> Gambit7State:
    if state.phase is not Phase.TRUTH:
        raise rule_error("The true answer comes after the bets are closed.")
    truth = _read(action.typed, action.locale)
    answers = {seat: slate.value for seat, slate in state.answers}
    winning, payouts = score_round(
        state.seats, state.scores, answers, dict(state.bets), truth.value, state.mat
    )
    result = RoundResult(
        state.round, state.answers, state.bets, truth, winning, payouts, state.asked
    )
    return replace(state, phase=Phase.SCORED, history=(*state.history, result))


def _next_round(state: Gambit7State) -> Gambit7State:
    if state.phase is not Phase.SCORED:
        raise rule_error("Round {round} is not scored yet.", round=state.round)
    if state.round == ROUNDS:
        raise rule_error("The game is over: Gambit 7 has 7 rounds, there is no round 8.")
    return replace(
        state, round=state.round + 1, phase=Phase.ANSWERS, answers=(), bets=(), asked=None
    )


def apply(state: Gambit7State, action: Action) -> Gambit7State:
    """The state after `action`, or `RuleError` and no change."""
    if isinstance(action, Ask):
        return _ask(state, action)
    if isinstance(action, Answer):
        return _answer(state, action)
    if isinstance(action, Reveal):
        return _reveal(state)
    if isinstance(action, PlaceBet):
        return _bet(state, action)
    if isinstance(action, CloseBets):
        return _close_bets(state)
    if isinstance(action, Truth):
        return _truth(state, action)
    if isinstance(action, NextRound):
        return _next_round(state)
    raise rule_error("Unknown Gambit 7 action.")


def bet_of(state: Gambit7State, seat: str) -> Bet:
    """The seat's bet in the current round (no chips when it has not bet)."""
    return dict(state.bets).get(seat, Bet())
