"""Quitte ou Double game records (`RECORDS.md`): replay one, export one.

Replay drives the very phase machine the table uses (answers, bets, stakes, truth,
next), so a record is scored by the same rules as a game at the table and refused
for the same reasons. Zone names are matched against the round's answers: their
values are read with the record's locale, like every other number in the record.

The output adds to the common fields `"finished"` (all 7 rounds are in) and `"bank"`
(R5: 90 minus the tokens the teams hold). `"winners"` is empty until all 7 rounds are
in, as for every game (`RECORDS.md` says so for Gambo); then it lists the winners, ties
sharing the win.

A round's optional `question` (the question the box asked) is read into an `Ask`
before the round's tiles and written back by `export`; it pays nothing, so a record
scores the same with or without it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from pi_app.rules.answers import format_answer, parse_answer
from pi_app.rules.contract import RecordError, RuleError
from pi_app.rules.question import RoundQuestion
from pi_app.rules.quitte_ou_double.actions import (
    Action,
    Answer,
    Ask,
    Bet,
    NextRound,
    Reveal,
    Stake,
    Truth,
    read_place,
)
from pi_app.rules.quitte_ou_double.scoring import (
    DOMAIN,
    NAME,
    ROUNDS,
    VARIANTS,
    Place,
    bank_count,
    leaders,
    paying_zones,
    place_name,
    refuse,
    zones,
)
from pi_app.rules.quitte_ou_double.state import QodState, RoundState, apply, new_game
from pi_app.rules.records import (
    check_fields,
    check_int,
    check_list,
    check_str,
    json_number,
    read_number,
    record_locale,
)


def replay(record: Mapping[str, Any]) -> dict[str, Any]:
    """Re-score a record: the output object of `tabletop replay`."""
    states = play_record(record)
    locale = states[0].setup.locale
    played = [_round_output(state, locale) for state in states[1:]]
    return _output(states[-1], played)


def play_record(record: Mapping[str, Any]) -> tuple[QodState, ...]:
    """The state before the first round, then after each recorded round."""
    check_fields(record, "record", ("game", "seats", "rounds"), ("options", "locale"))
    if record["game"] != NAME:
        raise RecordError(
            "This record is for {game!r}, not {name!r}.",
            domain=DOMAIN,
            game=str(record["game"]),
            name=NAME,
        )
    locale = record_locale(record)
    seats = [check_str(seat, "seats[]") for seat in check_list(record["seats"], "seats")]
    variants = _read_options(record.get("options", {}))
    states = [new_game(seats, {"variants": variants, "locale": locale})]
    for number, entry in enumerate(check_list(record["rounds"], "rounds"), start=1):
        try:
            states.append(_play_round(states[-1], entry, number, locale))
        except RuleError as error:
            raise error.at("round", number) from None
    return tuple(states)


def _read_options(options: object) -> list[str]:
    checked = check_fields(options, "options", (), ("variants",))
    variants = check_list(checked.get("variants", []), "options.variants")
    for variant in variants:
        if variant not in VARIANTS:
            raise refuse(
                "Unknown variant {variant!r}: use grosses-tetes or permanent.", variant=str(variant)
            )
    return variants


def _play_round(state: QodState, entry: object, number: int, locale: str) -> QodState:
    """Apply one recorded round to the state, action by action."""
    if number > ROUNDS:
        raise refuse("A game has 7 rounds; this record has more.")
    fields = check_fields(
        entry, f"rounds[{number - 1}]", ("answers", "truth"), ("bets", "question")
    )
    for action in _round_actions(state, fields, number, locale):
        state = apply(state, action)
    return state


def _round_actions(
    state: QodState, fields: Mapping[str, Any], number: int, locale: str
) -> list[Action]:
    teams = state.setup.teams
    actions: list[Action] = [NextRound()] if number > 1 else []
    if "question" in fields:
        actions.append(Ask(RoundQuestion.from_json(fields["question"])))
    answers = check_fields(fields["answers"], "answers", teams)
    actions.extend(Answer(team, read_number(answers[team], locale)) for team in teams)
    actions.append(Reveal())
    bets = check_fields(fields.get("bets", {}), "bets", (), teams)
    for team in teams:
        if team in bets:
            where = f"bets[{json.dumps(team, ensure_ascii=False)}]"
            for index, token in enumerate(check_list(bets[team], where)):
                actions.extend(_token_actions(team, token, f"{where}[{index}]", locale))
    actions.append(Truth(read_number(fields["truth"], locale)))
    return actions


def _token_actions(team: str, token: object, where: str, locale: str) -> list[Action]:
    """A bet token as recorded: a zone name, or `{"zone", "stake"}`; a number is a tile."""
    if isinstance(token, Mapping):
        if "zone" not in token and "stake" in token:
            raise refuse(
                "Gain tokens cannot be staked alone: put them under one of {team}'s bet tokens.",
                team=team,
            )
        fields = check_fields(token, where, ("zone",), ("stake",))
        place = _read_zone(fields["zone"], locale)
        bet: list[Action] = [Bet(team, place)]
        if "stake" not in fields:
            return bet
        return [*bet, Stake(team, place, check_int(fields["stake"], where + ".stake"))]
    return [Bet(team, _read_zone(token, locale))]


def _read_zone(zone: object, locale: str) -> Place:
    if isinstance(zone, str):
        return read_place(zone, lambda text: parse_answer(text, locale))
    value = read_number(zone, locale)
    return Place(value, value)


def _round_output(state: QodState, locale: str) -> dict[str, Any]:
    current = state.current
    truth = current.truth if current.truth is not None else Decimal(0)
    values = current.values
    everywhere = zones(values)
    return {
        "scores": state.score_map(),
        "paying_zones": [
            place_name(everywhere[index], locale) for index in paying_zones(values, truth)
        ],
    }


def _output(state: QodState, played: list[dict[str, Any]]) -> dict[str, Any]:
    scores = state.score_map()
    return {
        "game": NAME,
        "scores": scores,
        "winners": list(leaders(scores)) if state.finished else [],
        "rounds": played,
        "finished": state.finished,
        "bank": bank_count(state.scores),
    }


def export(state: QodState) -> dict[str, Any]:
    """The record of every paid round; `replay` gives back the same scores."""
    setup = state.setup
    record: dict[str, Any] = {"game": NAME}
    if setup.locale != "fr":
        record["locale"] = setup.locale
    if setup.variants:
        record["options"] = {"variants": list(setup.variants)}
    record["seats"] = list(setup.teams)
    record["rounds"] = [
        _round_record(entry, setup.locale) for entry in state.rounds if entry.truth is not None
    ]
    return record


def _round_record(entry: RoundState, locale: str) -> dict[str, Any]:
    bets: dict[str, list[Any]] = {}
    for token in entry.tokens:
        zone = place_name(token.place, locale)
        bets.setdefault(token.team, []).append(
            {"zone": zone, "stake": token.stake} if token.stake else zone
        )
    out: dict[str, Any] = {}
    if entry.question is not None:
        out["question"] = entry.question.to_json()
    out["answers"] = {team: _value(value, locale) for team, value in entry.answers}
    if bets:
        out["bets"] = bets
    out["truth"] = _value(entry.truth if entry.truth is not None else Decimal(0), locale)
    return out


def _value(value: Decimal, locale: str) -> int | float | str:
    """A whole value as a JSON number; any other as text in the record's locale (exact)."""
    if value == value.to_integral_value():
        return json_number(value)
    return format_answer(value, locale)
