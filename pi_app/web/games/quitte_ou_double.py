"""Quitte ou Double from a phone: a team's tile, its bets and stakes, the board.

A phone lays its team's tile once a round (laid again when the team asks to change
it, until the tiles are turned up), puts a bet token in a zone between the
tiles, or slips a gain token under it when staking is allowed; it sees the tiles and
zones in the table's locale, as the box shows them, with every bet, and its team's own
tile, tokens and gains. Zone bounds travel as the notation spells them.
"""

from __future__ import annotations

from decimal import Decimal

from pi_app.rules.answers import shown_answer
from pi_app.rules.question import RoundQuestion
from pi_app.rules.quitte_ou_double.actions import Bet, Stake, typed_answer, write_number
from pi_app.rules.quitte_ou_double.board import board
from pi_app.rules.quitte_ou_double.scoring import BET_TOKENS, Place
from pi_app.rules.quitte_ou_double.state import ANSWERS, QodState
from pi_app.web.games import PhonePlay, state_as
from pi_app.web.games.quitte_ou_double_host import HOST as HOST
from pi_app.web.question import question_json
from pi_app.web.requests import PhoneRequest, answer_refusal, not_revealed, number_from, typed_text
from pi_app.web.views import Json


def action(state: object, request: PhoneRequest) -> object:
    """The Quitte ou Double action for a phone's request; raises ValueError for a
    malformed one and returns a Reply for one the phone may not make."""
    game = state_as(state, QodState)
    fields, team = request.fields, request.seat
    if request.kind == "answer":
        typed, locale = typed_text(request)
        written = team in game.current.answer_map
        number = game.current.number
        refused = answer_refusal(request, written, game.phase == ANSWERS, number)
        return typed_answer(team, typed, locale) if refused is None else refused
    if game.phase == ANSWERS:
        return not_revealed(request)
    place = Place(_bound(fields.get("low")), _bound(fields.get("high")))
    if request.kind == "bet":
        return Bet(team, place)
    count = fields.get("count")
    if request.kind == "stake" and isinstance(count, int) and not isinstance(count, bool):
        return Stake(team, place, count)
    raise ValueError(request.kind)


def _bound(value: object) -> Decimal | None:
    """One side of a zone: a tile's value as text or number, or None."""
    return None if value is None else number_from(value)


def _number(value: Decimal | None) -> str | None:
    return None if value is None else write_number(value)


def view(state: object, seat: str | None, locale: str) -> Json:
    """Tiles, zones and answers in the table's locale, as the box shows them (`locale`,
    the phone's language, is for games without a table locale)."""
    game = state_as(state, QodState)
    shown = board(game)
    teams = list(game.setup.teams)
    seen: Json = {
        "round": shown.round,
        "card_question": shown.question,
        "phase": shown.phase,
        "seats": teams,
        "answered": [team for team in teams if team not in shown.waiting],
        "tiles": [
            {"value": _number(t.value), "label": t.label, "teams": list(t.teams), "earns": t.earns}
            for t in shown.tiles
        ],
        "zones": [
            {
                "name": z.name,
                "low": _number(z.low),
                "high": _number(z.high),
                "bets": [[b.team, b.tokens, b.stake] for b in z.bets],
                "paying": z.paying,
            }
            for z in shown.zones
        ],
        "truth": shown.truth,
        "gains": dict(shown.gains),
        "may_stake": game.may_stake(),
        "bets_closed": game.current.bets_closed,
    }
    asked = question_json(game.current.question, locale, shown.phase == "paid")
    if asked is not None:
        seen["question"] = asked
    if seat is not None and seat in teams:
        seen.update(_team(game, seat))
    return seen


def _team(game: QodState, team: str) -> Json:
    """A team's own tile, its tokens left, what it owns and what it staked."""
    current = game.current
    own: Json = {}
    answer = current.answer_map.get(team)
    if answer is not None:
        typed = current.typed_map.get(team)
        own["your_answer"] = shown_answer(answer, typed, game.setup.locale)
    mine = current.tokens_of(team)
    own["tokens_left"] = BET_TOKENS - len(mine)
    own["owned"] = game.owned(team)
    own["staked"] = sum(token.stake for token in mine)
    return own


def asked(state: object) -> RoundQuestion | None:
    """The question the box asked this round (a phone may flag it as wrong)."""
    return state_as(state, QodState).current.question


PHONE = PhonePlay(kinds=("answer", "bet", "stake"), action=action, view=view, asked=asked)
"""Quitte ou Double from a phone, as the one loader of faces finds it (`web.games.phone_play`)."""
