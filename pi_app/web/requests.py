"""A phone's answer or bet, turned into the table event a tap on the box would make.

The phone names no seat: the seat is the one its token holds, so a phone cannot act
for another. On top of the rules (which the table checks as for the box), a phone may
answer once a round (the box's keypad can still correct a slate) and bets only while
they are open: after "rien ne va plus" the rules refuse them.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from pi_app.i18n import N_, Translator, translate
from pi_app.rules.answers import LOCALES, bounded
from pi_app.rules.contract import RuleError
from pi_app.table.protocol import GameTable

_ = Translator("web")
log = logging.getLogger(__name__)

MAX_TYPED = 40  # characters of an answer: longer is no number anyone writes
FAULT = N_("The box could not carry out this request; the game goes on as it was.")


@dataclass(frozen=True)
class PhoneRequest:
    """What a seat's phone asks: `kind` "answer" or "bet", with the message's fields."""

    seat: str
    kind: str
    fields: dict[str, Any]
    lang: str = "fr"


@dataclass(frozen=True)
class Reply:
    """The table's answer to a phone: done, or why not (in the phone's language)."""

    ok: bool
    message: str = ""
    ticket: int = 0
    """The journal's ticket of the event: the phone hears "done" once it is on disk."""


def refusal(message: str, lang: str, **params: object) -> Reply:
    return Reply(False, translate(message, "web", lang).format(**params))


def _target(value: object) -> Any:
    """A target from a phone: "less", or a finite number given as text or a number."""
    from pi_app.rules.gambit7.scoring import LESS

    if value == LESS:
        return LESS
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise ValueError(value)
    try:
        number = Decimal(str(value))
    except InvalidOperation:
        raise ValueError(value) from None
    if not number.is_finite():
        raise ValueError(value)
    return bounded(number, value)  # 1e5000 is finite, and would stop whoever wrote it out


def _typed(request: PhoneRequest) -> tuple[str, str]:
    """What a phone typed and in which locale; ValueError for a malformed message."""
    typed = request.fields.get("typed")
    locale = request.fields.get("locale", request.lang)
    if not isinstance(typed, str) or not typed.strip() or len(typed) > MAX_TYPED:
        raise ValueError("typed")
    if locale not in LOCALES:
        raise ValueError("locale")
    return typed, locale


def _answered(request: PhoneRequest, number: int) -> Reply:
    """A phone answers once a round (the box's keypad can still correct a slate)."""
    return refusal(
        N_("Your answer for round {round} is already on the box."), request.lang, round=number
    )


def gambit7_action(state: Any, request: PhoneRequest) -> Any:
    """The Gambit 7 action for a phone's request; raises ValueError for a malformed one
    and returns a Reply for one the phone may not make."""
    from pi_app.rules.gambit7.actions import Answer, PlaceBet

    fields = request.fields
    if request.kind == "answer":
        typed, locale = _typed(request)
        if request.seat in dict(state.answers):
            return _answered(request, state.round)
        return Answer(request.seat, typed, locale)
    if request.kind == "bet":
        chips = fields.get("chips", [])
        token = fields.get("gambit7")
        if not isinstance(chips, list) or len(chips) > 2:
            raise ValueError("chips")
        return PlaceBet(
            request.seat,
            tuple(_target(chip) for chip in chips),
            None if token is None else _target(token),
        )
    raise ValueError(request.kind)


def _bound(value: object) -> Decimal | None:
    """One side of a Quitte ou Double zone: a tile's value as text or number, or None."""
    if value is None:
        return None
    bound = _target(value)
    if not isinstance(bound, Decimal):
        raise ValueError(value)
    return bound


def qod_action(state: Any, request: PhoneRequest) -> Any:
    """The Quitte ou Double action for a phone's request (as gambit7_action)."""
    from pi_app.rules.quitte_ou_double.actions import Bet, Stake, typed_answer
    from pi_app.rules.quitte_ou_double.scoring import Place

    fields, team = request.fields, request.seat
    if request.kind == "answer":
        typed, locale = _typed(request)
        if team in state.current.answer_map:
            return _answered(request, state.current.number)
        return typed_answer(team, typed, locale)
    place = Place(_bound(fields.get("low")), _bound(fields.get("high")))
    if request.kind == "bet":
        return Bet(team, place)
    count = fields.get("count")
    if request.kind == "stake" and isinstance(count, int) and not isinstance(count, bool):
        return Stake(team, place, count)
    raise ValueError(request.kind)


BUILDERS = {"gambit7": gambit7_action, "quitte-ou-double": qod_action}


def perform(table: GameTable, request: PhoneRequest) -> Reply:
    """Carry out a phone's request on `table` (in the table owner's thread).

    Whatever goes wrong is the phone's refusal, never the owner's end: the owner is the
    display loop (or `owner.TableOwner`), and a request that stopped it would stop the box.
    A fault that is not a broken rule is logged once with its traceback.
    """
    try:
        return _perform(table, request)
    except Exception:
        log.exception("a phone's %s request failed; the table goes on", request.kind)
        return refusal(FAULT, request.lang)


def _perform(table: GameTable, request: PhoneRequest) -> Reply:
    builder = BUILDERS.get(table.game.name)
    if builder is None:
        return refusal(
            N_("This game is played on the box; the phone shows the scores."), request.lang
        )
    try:
        action = builder(table.state, request)
    except RuleError as error:  # an answer the parser refuses, as on the box
        return Reply(False, error.message(request.lang))
    except ValueError:
        return refusal(N_("That message cannot be read."), request.lang)
    if isinstance(action, Reply):
        return action
    try:
        table.play(action)
    except RuleError as error:
        return Reply(False, error.message(request.lang))
    return Reply(True, ticket=table.ticket)
