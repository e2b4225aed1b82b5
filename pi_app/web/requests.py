"""A phone's answer or bet, turned into the act a tap on the box would make.

The phone names no seat: the seat is the one its token holds, so a phone cannot act
for another. On top of the rules (which the table checks as for the box), a phone
answers once a round unless its player asks to change the answer, which it may until
the answers are turned up (`answer_refusal`), and bets only while they are open: after
"rien ne va plus" the rules refuse them.

Each game that phones play builds its own actions (its `web.games.PhonePlay`, found
by the game's name); this module reads what every game's requests share (a typed answer,
a number) and makes the act the core's door carries out (`web.tables`).
"""

from __future__ import annotations

import logging
from decimal import Decimal, InvalidOperation

from pi_app.ai import seat_names
from pi_app.box import acts
from pi_app.box.actors import phone
from pi_app.box.acts import Act, Done
from pi_app.i18n import N_, Translator, translate
from pi_app.rules.answers import LOCALES, bounded
from pi_app.rules.contract import RuleError
from pi_app.table.protocol import GameTable
from pi_app.web.games import phone_play
from pi_app.web.host_play import HostRequest
from pi_app.web.phone_request import PhoneRequest as PhoneRequest
from pi_app.web.phone_request import Reply as Reply

_ = Translator("web")
log = logging.getLogger(__name__)

MAX_TYPED = 40  # characters of an answer: longer is no number anyone writes
FAULT = N_("The box could not carry out this request; the game goes on as it was.")


ENDED = N_("This game has ended: your request was not carried out in the game on the box now.")


def refusal(message: str, lang: str, **params: object) -> Reply:
    return Reply(False, translate(message, "web", lang).format(**params))


def ended(lang: str) -> Reply:
    """The refusal of a request made in another game than the one it would act on."""
    return Reply(False, translate(ENDED, "web", lang), ended=True)


def number_from(value: object) -> Decimal:
    """A number from a phone: finite, given as text or a number; ValueError otherwise."""
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise ValueError(value)
    try:
        number = Decimal(str(value))
    except InvalidOperation:
        raise ValueError(value) from None
    if not number.is_finite():
        raise ValueError(value)
    return bounded(number, value)  # 1e5000 is finite, and would stop whoever wrote it out


def typed_text(request: PhoneRequest | HostRequest) -> tuple[str, str]:
    """What a phone (or the host's, correcting a slate) typed and in which locale;
    ValueError for a malformed message."""
    typed = request.fields.get("typed")
    locale = request.fields.get("locale", request.lang)
    if not isinstance(typed, str) or not typed.strip() or len(typed) > MAX_TYPED:
        raise ValueError("typed")
    if locale not in LOCALES:
        raise ValueError("locale")
    return typed, locale


def answered(request: PhoneRequest, number: int) -> Reply:
    """A phone answers once a round (the box's keypad can still correct a slate)."""
    return refusal(
        N_("Your answer for round {round} is already on the box."), request.lang, round=number
    )


COMPUTERS_SEAT = N_("The computer plays this seat: this phone follows its moves.")
"""A phone holding the seat the computer plays (Gambo's) only watches: the computer moves."""
TOO_LATE = N_("The answers are turned up: your answer can no longer be changed.")


def answer_refusal(request: PhoneRequest, written: bool, open_: bool, number: int) -> Reply | None:
    """Why a phone may not write its answer now (None: it may).

    A second answer in a round is taken only when the player asked to change theirs
    (`"change": true`, the page's "Change my answer"): a repeated send is refused as
    before. The rules let an answer be written again until the answers are turned up
    (Gambit 7: `rules.gambit7.state`, "changeable until they are revealed"; Quitte ou
    Double: `rules.quitte_ou_double.state._answer`, "laid again until the reveal"):
    past the reveal a change is refused in plain words (`TOO_LATE`).
    """
    if request.fields.get("change") is True:
        return None if open_ else refusal(TOO_LATE, request.lang)
    return answered(request, number) if written else None


def not_revealed(request: PhoneRequest) -> Reply:
    """A bet before the host turned the answers up: refused, so that no phone can make
    the answers public before the host's last chance to fix a slate."""
    return refusal(
        N_("The answers are not turned up yet: the host reveals them first."), request.lang
    )


CLAIM = "claim"
"""The kind of a request that takes a seat (from the join page, over HTTP)."""


def act_of(table: GameTable, request: PhoneRequest) -> Act | Reply:
    """The act a phone's request makes at `table`, or the phone's refusal (a malformed
    request, one the phone may not make, a game left since it was made)."""
    if request.game_id is not None and request.game_id != table.game_id:
        return ended(request.lang)  # made in a game left since: never carried out here
    if request.kind == CLAIM:
        return acts.TakeSeat(request.seat, phone(request.seat), request.game_id)
    if request.kind == "flag":
        return _flag(table, request)
    play = phone_play(table.game.name)
    if play is None:
        return refusal(
            N_("This game is played on the box; the phone shows the scores."), request.lang
        )
    if request.seat in seat_names(table.game.name, table.seats, table.extras):
        return refusal(COMPUTERS_SEAT, request.lang)
    try:
        action = play.action(table.state, request)
    except RuleError as error:  # an answer the parser refuses, as on the box
        return Reply(False, error.message(request.lang))
    except ValueError:
        return refusal(N_("That message cannot be read."), request.lang)
    if isinstance(action, Reply):
        return action
    notation = action if isinstance(action, str) else table.game.format_action(action)
    return acts.Play(notation, phone(request.seat), request.game_id, request.lang)


def _flag(table: GameTable, request: PhoneRequest) -> acts.Flag | Reply:
    """ "This question seems wrong", from a seated phone, for the round's own question
    only (a phone cannot flag the bank away question by question)."""
    play = phone_play(table.game.name)
    question = None if play is None else play.asked(table.state)
    if question is None or request.fields.get("question") != question.id:
        return refusal(N_("There is no question of the box to flag."), request.lang)
    return acts.Flag(question.id, phone(request.seat), request.game_id)


def reply_of(done: Done, request: PhoneRequest) -> Reply:
    """What the phone hears of the door's answer, in its language."""
    if done.ended:
        return ended(request.lang)
    if done.fault:
        return refusal(FAULT, request.lang)
    if done.ok and request.kind == "flag":
        flagged = N_("Flagged: the box will not ask this question again.")
        return Reply(True, translate(flagged, "web", request.lang), done.ticket)
    return Reply(done.ok, done.message, done.ticket, token=done.token)
