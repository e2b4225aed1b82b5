"""Gambit 7 from a phone: a seat's answer and bet, the mat as the box sorted it.

A phone answers once a round (and changes its answer, when its player asks, until the
reveal) and bets its two chips or its Gambit 7 token while the
bets are open (the rules refuse them after); it sees the mat with what each case pays,
every bet on it, and its own payout. Targets travel as the notation spells them: an
answer's value as text, or "less" (`target_json`).
"""

from __future__ import annotations

from pi_app.rules.answers import shown_answer
from pi_app.rules.gambit7.actions import Answer, PlaceBet
from pi_app.rules.gambit7.board import board, payouts
from pi_app.rules.gambit7.scoring import CHIPS, LESS, Target
from pi_app.rules.gambit7.state import Gambit7State
from pi_app.rules.question import RoundQuestion
from pi_app.web.games import PhonePlay, state_as
from pi_app.web.games.gambit7_host import HOST as HOST
from pi_app.web.games.gambit7_host import target_json as target_json
from pi_app.web.question import question_json
from pi_app.web.requests import PhoneRequest, answer_refusal, not_revealed, number_from, typed_text
from pi_app.web.views import Json


def action(state: object, request: PhoneRequest) -> object:
    """The Gambit 7 action for a phone's request; raises ValueError for a malformed one
    and returns a Reply for one the phone may not make."""
    game = state_as(state, Gambit7State)
    fields = request.fields
    if request.kind == "answer":
        typed, locale = typed_text(request)
        written = request.seat in dict(game.answers)
        open_ = str(game.phase) == "answers"
        refused = answer_refusal(request, written, open_, game.round)
        return Answer(request.seat, typed, locale) if refused is None else refused
    if request.kind == "bet":
        if str(game.phase) == "answers":
            return not_revealed(request)
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


def _target(value: object) -> Target:
    """A target from a phone: "less", or a finite number given as text or a number."""
    return LESS if value == LESS else number_from(value)


def view(state: object, seat: str | None, locale: str) -> Json:
    """The round, who answered and bet, the seat's own answer, bet and payout, the mat."""
    game = state_as(state, Gambit7State)
    answers = dict(game.answers)
    shown: Json = {
        "round": game.round,
        "phase": str(game.phase),
        "seats": list(game.seats),
        "answered": [name for name in game.seats if name in answers],
        "bets_placed": [name for name, _bet in game.bets],
        "chips": CHIPS,
    }
    asked = question_json(game.current.question, locale, str(game.phase) == "scored")
    if asked is not None:
        shown["question"] = asked
    if seat is not None and seat in answers:
        slate = answers[seat]
        shown["your_answer"] = shown_answer(slate.value, slate.typed, locale)
    if str(game.phase) != "answers":
        shown["board"] = _mat(game, locale)
    if seat is not None:
        shown.update(_own(game, seat))
    return shown


def _mat(game: Gambit7State, locale: str) -> list[Json]:
    """Every case of the mat as the box sorted it: its answers, what it pays, its bets."""
    return [
        {
            "case": str(case.case),
            "target": target_json(case.target),
            "typed": list(case.typed),
            "label": case.label(locale),
            "writers": list(case.seats),
            "alone": case.alone,
            "shared": case.shared,
            "star": case.star,
            "chips": [[name, count] for name, count in case.chips],
            "tokens": list(case.tokens),
            "winning": case.winning,
        }
        for case in board(game)
    ]


def _own(game: Gambit7State, seat: str) -> Json:
    """A seat's own bet, and its payout once the round is scored."""
    shown: Json = {}
    bet = dict(game.bets).get(seat)
    if bet is not None:
        shown["your_bet"] = {
            "chips": [target_json(t) for t in bet.chips],
            "gambit7": target_json(bet.gambit7),
        }
    mine = [p for p in payouts(game) if p.seat == seat] if str(game.phase) == "scored" else []
    if mine:
        paid = mine[0]
        shown["payout"] = {
            "before": paid.before,
            "token": paid.token,
            "chips": paid.chips,
            "chip_value": paid.chip_value,
            "chip_gain": paid.chip_gain,
            "slate_bonus": paid.slate_bonus,
            "after": paid.after,
        }
    return shown


def asked(state: object) -> RoundQuestion | None:
    """The question the box asked this round (a phone may flag it as wrong)."""
    return state_as(state, Gambit7State).current.question


PHONE = PhonePlay(kinds=("answer", "bet"), action=action, view=view, asked=asked)
"""Gambit 7 from a phone, as the one loader of faces finds it (`web.games.phone_play`)."""
