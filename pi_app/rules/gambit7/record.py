"""Gambit 7 game records (`RECORDS.md`, section gambit7): replay and export.

Replay drives the very phase machine the table uses, one round at a time, so a record
is scored by the same code as a live game, and every broken rule names its round.
A record may hold fewer than 7 rounds (a game in progress): its scores are those so
far and its `winners` stay empty until the seventh round is scored. More than 7
rounds are refused. A round's optional `question` (the question the box asked) is
read into an `Ask` before the round's answers and written back by `export`; it scores
nothing, so a record scores the same with or without it.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from pi_app.i18n import Translator
from pi_app.rules.answers import format_answer
from pi_app.rules.contract import RecordError, RuleError
from pi_app.rules.gambit7.actions import (
    Answer,
    Ask,
    CloseBets,
    NextRound,
    PlaceBet,
    Reveal,
    Truth,
)
from pi_app.rules.gambit7.board import winners
from pi_app.rules.gambit7.mat import mat_option
from pi_app.rules.gambit7.scoring import LESS, Bet, Target
from pi_app.rules.gambit7.state import (
    ROUNDS,
    Gambit7State,
    Phase,
    RoundResult,
    apply,
    new_game,
)
from pi_app.rules.question import RoundQuestion
from pi_app.rules.records import (
    check_fields,
    check_list,
    check_str,
    json_number,
    read_number,
    record_locale,
)

_ = Translator("gambit7")

_TOP = (("game", "seats", "rounds"), ("options", "locale"))
_ROUND = (("answers", "truth"), ("bets", "question"))


def record_error(message: str, **params: object) -> RecordError:
    """A record that breaks the format, in the gambit7 catalogue."""
    return RecordError(message, domain="gambit7", **params)


def _object(value: object, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise record_error("“{where}” must be a JSON object.", where=where)
    return value


def _target(value: object, locale: str) -> Target:
    if value == LESS:
        return LESS
    return read_number(value, locale)


def _chips_and_token_error(seat: str) -> RecordError:
    return record_error(
        "“{seat}” bets chips and the Gambit 7 token together: the token is played "
        "instead of chips.",
        seat=seat,
    )


def _bet(seat: str, value: object, locale: str) -> PlaceBet:
    """A record's bet: a list of 0 to 2 chip targets, or {"gambit7": target}."""
    if isinstance(value, list):
        if any(isinstance(item, Mapping) and "gambit7" in item for item in value):
            raise _chips_and_token_error(seat)
        return PlaceBet(seat, tuple(_target(item, locale) for item in value))
    if isinstance(value, Mapping):
        if "chips" in value:
            raise _chips_and_token_error(seat)
        check_fields(value, f"bets.{seat}", ("gambit7",))
        return PlaceBet(seat, (), _target(value["gambit7"], locale))
    raise record_error(
        "The bet of “{seat}” must be a list of chips or a Gambit 7 token object.", seat=seat
    )


def _round(state: Gambit7State, data: object, locale: str) -> Gambit7State:
    fields = check_fields(data, "round", *_ROUND)
    if "question" in fields:
        state = apply(state, Ask(RoundQuestion.from_json(fields["question"])))
    for seat, value in _object(fields["answers"], "answers").items():
        state = apply(state, Answer(seat, read_number(value, locale), locale))
    if state.phase is Phase.ANSWERS:
        state = apply(state, Reveal())
    for seat, value in _object(fields.get("bets", {}), "bets").items():
        state = apply(state, _bet(seat, value, locale))
    state = apply(state, CloseBets())
    return apply(state, Truth(read_number(fields["truth"], locale), locale))


def play_record(record: Mapping[str, Any]) -> Gambit7State:
    """The state after every round of a gambit7 record, played through the rules."""
    check_fields(record, "record", *_TOP)
    if record["game"] != "gambit7":
        raise record_error("This is not a Gambit 7 record.")
    locale = record_locale(record)
    seats = [check_str(seat, "seats") for seat in check_list(record["seats"], "seats")]
    options = check_fields(record.get("options", {}), "options", (), ("mat",))
    state = new_game(seats, options)
    for number, data in enumerate(check_list(record["rounds"], "rounds"), start=1):
        try:
            if number > 1:
                state = apply(state, NextRound())
            state = _round(state, data, locale)
        except RuleError as error:
            raise error.at("round", number) from None
    return state


def replay(record: Mapping[str, Any]) -> dict[str, Any]:
    """Re-score a gambit7 record: the output object of `tabletop replay`."""
    state = play_record(record)
    return {
        "game": "gambit7",
        "scores": _scores(state),
        "winners": list(winners(state)) if state.finished else [],
        "finished": state.finished,
        "rounds": [_round_output(state, result) for result in state.history],
    }


def _round_output(state: Gambit7State, result: RoundResult) -> dict[str, Any]:
    winning = LESS if result.winning == LESS else json_number(Decimal(result.winning))
    return {"scores": dict(zip(state.seats, result.scores, strict=True)), "winning_case": winning}


def _scores(state: Gambit7State) -> dict[str, int]:
    return dict(zip(state.seats, state.scores, strict=True))


def _json_value(value: Decimal) -> int | float | str:
    """A value as a JSON number when a float carries it exactly, else a French string."""
    number = json_number(value)
    if isinstance(number, int) or Decimal(repr(number)) == value:
        return number
    return format_answer(value, "fr")


def _json_target(target: Target) -> int | float | str:
    return LESS if target == LESS else _json_value(Decimal(target))


def _json_bet(bet: Bet) -> list[int | float | str] | dict[str, int | float | str]:
    if bet.gambit7 is not None:
        return {"gambit7": _json_target(bet.gambit7)}
    return [_json_target(chip) for chip in bet.chips]


def export(state: Gambit7State) -> dict[str, Any]:
    """The record of every scored round so far; `replay` gives back the same scores.

    A round not yet scored is left out: a record round needs its true answer.
    """
    return {
        "game": "gambit7",
        "options": {"mat": mat_option(state.mat)},
        "seats": list(state.seats),
        "rounds": [_round_record(result) for result in state.history],
    }


def _round_record(result: RoundResult) -> dict[str, Any]:
    """One scored round as a record writes it, its question first when the box asked one."""
    record: dict[str, Any] = {}
    if result.question is not None:
        record["question"] = result.question.to_json()
    record["answers"] = {seat: _json_value(slate.value) for seat, slate in result.answers}
    record["bets"] = {seat: _json_bet(bet) for seat, bet in result.bets}
    record["truth"] = _json_value(result.truth.value)
    return record


__all__ = ["ROUNDS", "export", "play_record", "replay"]
