"""Gambit 7 from the host's phone: what the box's screen lets the host do, from a phone.

The host turns the slates up once every seat has written one, corrects a seat's slate
before that (or writes it, for a seat without a phone), bets for a seat without a
phone, closes the bets ("rien ne va plus") and gives the true answer: typed from the
card on the phone's keypad, or the box's own when the box asked the question. Each
request becomes the notations the screen's own tap plays (`display.games.gambit7`),
carried through the core's door; the next round is the shared "next".

The host sees more than a player: every slate before the reveal, and whether the box
knows the true answer (never the answer itself before the round is scored).
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from pi_app.i18n import N_, Translator
from pi_app.rules.answers import shown_answer
from pi_app.rules.contract import RuleError
from pi_app.rules.gambit7 import game as g7
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
from pi_app.rules.gambit7.board import payouts
from pi_app.rules.gambit7.state import ROUNDS, Gambit7State, Phase, all_answered
from pi_app.rules.quitte_ou_double.actions import write_number
from pi_app.web.games import quiz_host as quiz
from pi_app.web.games import state_as
from pi_app.web.host_play import HostPlay, HostRequest
from pi_app.web.phone_request import Reply
from pi_app.web.views import Json

_ = Translator("host")
NAME = "gambit7"

KINDS = ("slate", "reveal", "bet", "close", "truth")
"""A slate written or corrected, the answers turned up, a seat's bet, the bets closed
(with the box's true answer when it asked), the true answer (typed, or the box's)."""


def _notation(action: Action) -> str:
    return g7.GAME.format_action(action)


def _box_truth(game: Gambit7State) -> Truth | None:
    """The box's own true answer, when the box asked the round's question."""
    question = game.current.question
    return None if question is None else Truth(question.answer)


def action(state: object, request: HostRequest) -> Sequence[str] | Reply:
    """The notations for a host's request, as the screen's tap plays them; the rules
    refuse what is out of its phase (through the door, as for a tap)."""
    game = state_as(state, Gambit7State)
    match request.kind:
        case "slate":
            typed, locale = quiz.typed_of(request)
            return [_notation(Answer(quiz.seat_of(request, game.seats), typed, locale))]
        case "reveal":
            return [_notation(Reveal())]
        case "bet":
            return quiz.as_phone(NAME, game, request, game.seats)
        case "close":
            box = _box_truth(game)
            return [_notation(CloseBets()), *([] if box is None else [_notation(box)])]
        case "truth":
            return _truth(game, request)
    raise ValueError(request.kind)


def _truth(game: Gambit7State, request: HostRequest) -> Sequence[str] | Reply:
    """The true answer, typed or the box's; while the bets are open they close first,
    as the screen's "rien ne va plus" comes before the truth."""
    if quiz.has_typed(request):
        typed, locale = quiz.typed_of(request)
        truth: Truth | None = Truth(typed, locale)
    else:
        truth = _box_truth(game)
    if truth is None:
        return quiz.no_truth(request)
    closing = [_notation(CloseBets())] if game.phase is Phase.BETS else []
    return [*closing, _notation(truth)]


def _can(game: Gambit7State) -> list[str]:
    """The host's requests the round takes now (the page shows their buttons)."""
    if game.phase is Phase.ANSWERS:
        return ["slate", "reveal"] if all_answered(game) else ["slate"]
    if game.phase is Phase.BETS:
        return ["bet", "close", "truth"]
    return ["truth"] if game.phase is Phase.TRUTH else []


def view(state: object, locale: str) -> Json:
    """The round as a spectator's phone sees it (the mat, its bets), and more: every
    slate before the reveal, whether the box knows the true answer, and once the round
    is scored the true answer and every seat's payout."""
    game = state_as(state, Gambit7State)
    shown = quiz.phone_view(NAME, game, locale)
    written = ((seat, slate.value, slate.typed) for seat, slate in game.answers)
    shown.update(
        rounds=ROUNDS,
        card=game.card,
        card_question=game.question,
        box_knows=game.current.question is not None,
        slates=quiz.slates(game.seats, written, locale),
        bets=[_bet_json(game, seat) for seat in game.seats],
        can=_can(game),
        finished=game.finished,
    )
    if game.phase is Phase.SCORED:
        last = game.history[-1]
        shown["truth"] = shown_answer(last.truth.value, last.truth.typed, locale)
        shown["payouts"] = [
            {
                "seat": paid.seat,
                "before": paid.before,
                "token": paid.token,
                "chip_gain": paid.chip_gain,
                "slate_bonus": paid.slate_bonus,
                "after": paid.after,
            }
            for paid in payouts(game)
        ]
    return shown


def _bet_json(game: Gambit7State, seat: str) -> Json:
    """A seat's bet this round as the mat names its cases (None: no bet yet)."""
    bet = dict(game.bets).get(seat)
    if bet is None:
        return {"seat": seat, "placed": False, "chips": [], "gambit7": None}
    chips = [target_json(chip) for chip in bet.chips]
    return {"seat": seat, "placed": True, "chips": chips, "gambit7": target_json(bet.gambit7)}


def target_json(target: object) -> str | None:
    """A Gambit 7 target as the phones and the host's page name it: the answer's value
    as text, or "less" (the phone's module, which re-exports this one's HOST, reads it
    from here)."""
    if target is None:
        return None
    return write_number(target) if isinstance(target, Decimal) else str(target)


def _said(value: Typed, locale: str) -> str:
    """A typed answer as the host reads it: as typed, or a number in the host's locale."""
    return value.strip() if isinstance(value, str) else shown_answer(value, None, locale)


def describe(state: object, notation: str, locale: str) -> str:
    """An action in the host's words, from the state it was played on: what undo takes
    back, what changed under a stale request ("the bets are closed")."""
    game = state_as(state, Gambit7State)
    try:
        played = g7.GAME.parse_action(notation)
    except RuleError:
        return notation
    match played:
        case Answer(seat=seat, typed=typed) if seat in dict(game.answers):
            return _(CORRECTED, locale).format(seat=seat, answer=_said(typed, locale))
        case Answer(seat=seat, typed=typed):
            return _(WROTE, locale).format(seat=seat, answer=_said(typed, locale))
        case Reveal():
            return _(REVEALED, locale)
        case PlaceBet(seat=seat, chips=(), gambit7=None):
            return _(NO_BET, locale).format(seat=seat)
        case PlaceBet(seat=seat):
            return _(BET, locale).format(seat=seat)
        case CloseBets():
            return _(quiz.CLOSED, locale)
        case Truth(typed=Decimal() as typed) if quiz.is_box_answer(game.current.question, typed):
            return _(quiz.BOX_TRUTH, locale).format(round=game.round)
        case Truth(typed=typed):
            return _(TRUTH, locale).format(answer=_said(typed, locale), round=game.round)
        case NextRound():
            return _(quiz.NEXT, locale).format(round=game.round + 1)
        case Ask():
            return _(quiz.ASKED, locale).format(round=game.round)
    return notation


CORRECTED = N_("{seat}'s slate corrected to {answer}")
WROTE = N_("{seat} wrote {answer}")
REVEALED = N_("the answers are turned up")
NO_BET = N_("{seat} bets nothing this round")
BET = N_("{seat} placed a bet")
TRUTH = N_("the true answer is {answer}: round {round} is scored")

_TEXTS = {
    **quiz.TEXTS,
    "chips": N_("Chips"),
    "token": N_("Gambit 7 token"),
    "bet_for": N_("Bet for {seat}"),
    "place": N_("Place the bet"),
    "clear": N_("No bet"),
    "token_x7": N_("token ×7"),
    "token_x0": N_("token ×0"),
}

HOST = HostPlay(kinds=KINDS, action=action, view=view, describe=describe, texts=_TEXTS)
"""Gambit 7 on the host's phone, as the one loader of faces finds it
(`web.host_play.host_play`)."""
