"""Quitte ou Double as a phase machine: answers, bets, the truth, the next round.

Each round goes through three phases. `answers`: the box may ask the round's question
itself (once, kept in the round for the record), and every team lays one tile, face down
(the host may still fix one), until the host turns them up in ascending order
(`reveal`, once all are in). `bets`: teams put their 2 bet
tokens in zones and, when staking is allowed, gain tokens under them, until the bets'
sand timer runs out (`close-bets`, an event of the game like any other, so phones, the
keypad, undo and a resumed box all follow it); the host's `truth` pays the round.
`paid`: the board shows what paid until `next` wipes the tiles.
Round 7 ends in `paid` and the game is over.

Every check happens before anything is built, so a refused action changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any, TypeVar

from pi_app.rules.answers import LOCALES
from pi_app.rules.question import RoundQuestion
from pi_app.rules.quitte_ou_double.actions import (
    Action,
    Answer,
    Ask,
    Bet,
    CloseBets,
    NextRound,
    Reveal,
    Stake,
    Truth,
)
from pi_app.rules.quitte_ou_double.scoring import (
    BET_TOKENS,
    GROSSES_TETES,
    MAX_TEAMS,
    MIN_TEAMS,
    PERMANENT,
    QUESTIONS,
    ROUNDS,
    VARIANTS,
    BetToken,
    Place,
    check_zone,
    refuse,
    round_gains,
    tile_values,
    zones,
)

_T = TypeVar("_T")

ANSWERS = "answers"
BETS = "bets"
PAID = "paid"

OPTIONS = ("variants", "question", "locale")
"""`variants` as in records; `question` (1, 2 or 3) and `locale` (how typed numbers and
zone names are written) are table settings that records do not carry."""


@dataclass(frozen=True)
class Setup:
    """What the host chose before the first question."""

    teams: tuple[str, ...]
    variants: tuple[str, ...] = ()
    question: int = 1
    locale: str = "fr"

    @property
    def grosses_tetes(self) -> bool:
        return GROSSES_TETES in self.variants

    @property
    def permanent(self) -> bool:
        return PERMANENT in self.variants


@dataclass(frozen=True)
class RoundState:
    """One round: the tiles laid so far, the tokens on the table, and once known the truth."""

    number: int
    answers: tuple[tuple[str, Decimal], ...] = ()
    tokens: tuple[BetToken, ...] = ()
    truth: Decimal | None = None
    gains: tuple[tuple[str, int], ...] = ()
    typed: tuple[tuple[str, str], ...] = ()
    """How the teams typed the durations and percentages among their answers, for
    display only: scores, records and exports use the numbers."""
    truth_typed: str | None = None
    """How the true answer was typed, when it is a duration or percentage."""
    bets_closed: bool = False
    """The bets' sand timer ran out: no token moves until the truth (undo reopens)."""
    revealed: bool = False
    """The host turned the tiles up: the bets are open and no tile changes any more."""
    question: RoundQuestion | None = None
    """The question the box asked this round; None until it asks (or when the host
    reads the cards)."""

    @property
    def answer_map(self) -> dict[str, Decimal]:
        return dict(self.answers)

    @property
    def typed_map(self) -> dict[str, str]:
        return dict(self.typed)

    @property
    def values(self) -> tuple[Decimal, ...]:
        """The distinct answers in ascending order."""
        return tile_values(value for _, value in self.answers)

    def tokens_of(self, team: str) -> tuple[BetToken, ...]:
        return tuple(token for token in self.tokens if token.team == team)


@dataclass(frozen=True)
class QodState:
    """The whole game: the setup, gain tokens held, and every round so far (last = current)."""

    setup: Setup
    scores: tuple[int, ...]
    rounds: tuple[RoundState, ...]

    @property
    def current(self) -> RoundState:
        return self.rounds[-1]

    @property
    def phase(self) -> str:
        if self.current.truth is not None:
            return PAID
        return BETS if self.current.revealed else ANSWERS

    def all_laid(self) -> bool:
        """Whether every team has laid its tile this round (the host may turn them up)."""
        return len(self.current.answers) == len(self.setup.teams)

    @property
    def finished(self) -> bool:
        return self.current.number == ROUNDS and self.phase == PAID

    def score_map(self) -> dict[str, int]:
        return dict(zip(self.setup.teams, self.scores, strict=True))

    def owned(self, team: str) -> int:
        """Gain tokens the team holds (before the current round is paid)."""
        return self.scores[self.setup.teams.index(team)]

    def may_stake(self) -> bool:
        """Round 7, or every round after the first with *quitte ou double permanent*."""
        number = self.current.number
        return number == ROUNDS or (self.setup.permanent and number >= 2)


def new_game(seats: Sequence[str], options: Mapping[str, Any]) -> QodState:
    """The state before the first question, or `RuleError` on a bad setup."""
    teams = _check_teams(seats)
    unknown = sorted(str(key) for key in options if key not in OPTIONS)
    if unknown:
        raise refuse("Unknown option {option!r} for Quitte ou Double.", option=unknown[0])
    setup = Setup(
        teams=teams,
        variants=_check_variants(options.get("variants", ())),
        question=_check_question(options.get("question", 1)),
        locale=_check_locale(options.get("locale", "fr")),
    )
    return QodState(setup, (0,) * len(teams), (RoundState(1),))


def _check_teams(seats: Sequence[str]) -> tuple[str, ...]:
    teams = tuple(seats)
    if not MIN_TEAMS <= len(teams) <= MAX_TEAMS:
        raise refuse("Quitte ou Double is played by 3 to 6 teams, not {count}.", count=len(teams))
    if any(not isinstance(team, str) or not team.strip() for team in teams):
        raise refuse("Every team needs a name.")
    if len(set(teams)) != len(teams):
        raise refuse("Two teams cannot have the same name.")
    return teams


def _check_variants(variants: object) -> tuple[str, ...]:
    if isinstance(variants, str) or not isinstance(variants, Iterable):
        raise refuse("The variants are a list of names: grosses-tetes, permanent.")
    chosen = list(variants)
    for variant in chosen:
        if variant not in VARIANTS:
            raise refuse(
                "Unknown variant {variant!r}: use grosses-tetes or permanent.", variant=str(variant)
            )
    if len(set(chosen)) != len(chosen):
        raise refuse("A variant is listed twice.")
    return tuple(variant for variant in VARIANTS if variant in chosen)


def _check_question(question: object) -> int:
    if isinstance(question, bool) or question not in QUESTIONS:
        raise refuse(
            "The host plays question 1, 2 or 3 of each card, not {question}.", question=question
        )
    return QUESTIONS[QUESTIONS.index(question)]


def _check_locale(locale: object) -> str:
    if locale not in LOCALES:
        raise refuse("Unknown locale {locale!r}: use fr, de or en.", locale=str(locale))
    return str(locale)


def apply(state: QodState, action: Action) -> QodState:
    """The state after `action`, or `RuleError` and the state untouched."""
    if isinstance(action, Ask):
        return _ask(state, action)
    if isinstance(action, Answer):
        return _answer(state, action)
    if isinstance(action, Reveal):
        return _reveal(state)
    if isinstance(action, Bet):
        return _bet(state, action)
    if isinstance(action, Stake):
        return _stake(state, action)
    if isinstance(action, Truth):
        return _truth(state, action)
    if isinstance(action, CloseBets):
        return _close_bets(state)
    return _next_round(state)


def _with_round(state: QodState, current: RoundState) -> QodState:
    return replace(state, rounds=(*state.rounds[:-1], current))


def _check_team(state: QodState, team: str) -> None:
    if team not in state.setup.teams:
        raise refuse("No team is called {team}.", team=team)


def _check_phase(state: QodState, wanted: str) -> None:
    """Refuse an action out of its phase, saying what the table is waiting for."""
    phase = state.phase
    if phase == wanted:
        return
    if state.finished:
        raise refuse("The game is over: round 7 was the last.")
    if phase == ANSWERS:
        raise refuse("Every team must lay its tile before the betting starts.")
    if phase == BETS:
        raise refuse("The tiles are laid: it is time to bet.")
    raise refuse("This round is paid: start the next round.")


def _ask(state: QodState, action: Ask) -> QodState:
    """The round's question, asked before the tiles are turned up, once a round."""
    number = state.current.number
    if state.phase != ANSWERS:
        raise refuse(
            "The question of round {round} is asked before the tiles are turned up.",
            round=number,
        )
    if state.current.question is not None:
        raise refuse("Round {round} already has its question.", round=number)
    return _with_round(state, replace(state.current, question=action.question))


def _answer(state: QodState, action: Answer) -> QodState:
    """A team's tile, laid face down; laid again (a tile fixed) until the reveal."""
    _check_phase(state, ANSWERS)
    _check_team(state, action.team)
    answers = (*_without(state.current.answers, action.team), (action.team, action.value))
    typed = _without(state.current.typed, action.team)
    if action.typed is not None:
        typed = (*typed, (action.team, action.typed))
    return _with_round(
        state,
        replace(
            state.current,
            answers=_in_seat_order(state, answers),
            typed=_in_seat_order(state, typed),
        ),
    )


def _without(pairs: tuple[tuple[str, _T], ...], team: str) -> tuple[tuple[str, _T], ...]:
    return tuple(pair for pair in pairs if pair[0] != team)


def _reveal(state: QodState) -> QodState:
    _check_phase(state, ANSWERS)
    if not state.all_laid():
        waiting = [team for team in state.setup.teams if team not in state.current.answer_map]
        raise refuse(
            "The tiles are turned up once every team has laid its own: waiting for {teams}.",
            teams=", ".join(waiting),
        )
    return _with_round(state, replace(state.current, revealed=True))


def _revealed(state: QodState) -> QodState:
    """The state a bet, a stake, the closing or the truth comes to: a journal written
    before the reveal step went from the last tile straight to the bets, so there the
    first of them turns up the tiles it finds all laid."""
    if state.phase == ANSWERS and state.all_laid():
        return _reveal(state)
    return state


def _in_seat_order(
    state: QodState, pairs: tuple[tuple[str, _T], ...]
) -> tuple[tuple[str, _T], ...]:
    """(team, item) pairs sorted as the teams sit."""
    order = state.setup.teams
    return tuple(sorted(pairs, key=lambda pair: order.index(pair[0])))


def _zone_of(state: QodState, place: Place) -> int:
    return check_zone(place, state.current.values, state.setup.locale)


def _check_open(state: QodState) -> None:
    if state.current.bets_closed:
        raise refuse("Time is up: no more bets.")


def _close_bets(state: QodState) -> QodState:
    state = _revealed(state)
    _check_phase(state, BETS)
    _check_open(state)
    return _with_round(state, replace(state.current, bets_closed=True))


def _bet(state: QodState, action: Bet) -> QodState:
    state = _revealed(state)
    _check_phase(state, BETS)
    _check_open(state)
    _check_team(state, action.team)
    if len(state.current.tokens_of(action.team)) >= BET_TOKENS:
        raise refuse("{team} has already placed its 2 bet tokens.", team=action.team)
    _zone_of(state, action.place)
    tokens = (*state.current.tokens, BetToken(action.team, action.place))
    return _with_round(state, replace(state.current, tokens=tokens))


def _stake(state: QodState, action: Stake) -> QodState:
    state = _revealed(state)
    _check_phase(state, BETS)
    _check_open(state)
    _check_team(state, action.team)
    if not state.may_stake():
        raise refuse(
            "Gain tokens can be staked only in round 7 (from round 2 with the "
            "“quitte ou double permanent” variant)."
        )
    _zone_of(state, action.place)
    if action.count < 1:
        raise refuse("A stake is at least 1 gain token.")
    tokens = list(state.current.tokens)
    mine = [i for i, t in enumerate(tokens) if t.team == action.team and t.place == action.place]
    if not mine:
        raise refuse(
            "Gain tokens cannot be staked alone: put them under one of {team}'s bet tokens.",
            team=action.team,
        )
    staked = sum(token.stake for token in state.current.tokens_of(action.team)) + action.count
    owned = state.owned(action.team)
    if staked > owned:
        raise refuse(
            "Stake of {staked} refused: {team} owns {owned} gain tokens.",
            team=action.team,
            owned=owned,
            staked=staked,
        )
    token = tokens[mine[0]]
    tokens[mine[0]] = replace(token, stake=token.stake + action.count)
    return _with_round(state, replace(state.current, tokens=tuple(tokens)))


def _truth(state: QodState, action: Truth) -> QodState:
    state = _revealed(state)
    _check_phase(state, BETS)
    current = state.current
    gains = round_gains(current.answer_map, current.tokens, action.value, state.setup.grosses_tetes)
    scores = tuple(
        score + gains[team] for team, score in zip(state.setup.teams, state.scores, strict=True)
    )
    paid = replace(
        current,
        truth=action.value,
        truth_typed=action.typed,
        gains=tuple((team, gains[team]) for team in state.setup.teams),
    )
    return replace(_with_round(state, paid), scores=scores)


def _next_round(state: QodState) -> QodState:
    _check_phase(state, PAID)
    if state.finished:
        raise refuse("The game is over: round 7 was the last.")
    return replace(state, rounds=(*state.rounds, RoundState(state.current.number + 1)))


def legal_actions(state: QodState) -> list[Action]:
    """The actions that can be listed now; typed answers and truths cannot."""
    if state.phase == PAID:
        return [] if state.finished else [NextRound()]
    if state.phase == ANSWERS:
        return [Reveal()] if state.all_laid() else []
    if state.current.bets_closed:
        return []
    actions: list[Action] = [CloseBets()]
    places = zones(state.current.values)
    for team in state.setup.teams:
        if len(state.current.tokens_of(team)) < BET_TOKENS:
            actions.extend(Bet(team, place) for place in places)
        actions.extend(_stakes(state, team))
    return actions


def _stakes(state: QodState, team: str) -> list[Action]:
    if not state.may_stake():
        return []
    mine = state.current.tokens_of(team)
    left = state.owned(team) - sum(token.stake for token in mine)
    places = list(dict.fromkeys(token.place for token in mine))
    return [Stake(team, place, count) for place in places for count in range(1, left + 1)]
