"""What a phone may see of the game: pure functions from the table's state to JSON.

A seat's phone sees the scores, the round history, which seats have answered (never
what, before the answers are revealed: on the table the slates stay face down), its own
answer, the mat as the box sorted it with what each case pays, every bet on it, and
its own payout. Spectators see the same without a seat. Every game offers the scores
and the history, from its own record: `game.replay(game.export(state))`.

Answers are shown as the box shows them (`shown_answer`): a duration or percentage as
it was typed (`1h30`, `45 %`), any other as its number, while targets and zone bounds
stay numbers in the notation's spelling, for the phone to send back.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from pi_app.rules.answers import shown_answer
from pi_app.rules.contract import Game
from pi_app.rules.quitte_ou_double.actions import write_number

Json = dict[str, Any]


def target_json(target: object) -> str | None:
    """A Gambit 7 target as the phone names it: the answer's value as text, or "less"."""
    if target is None:
        return None
    return write_number(target) if isinstance(target, Decimal) else str(target)


def summary(game: Game[Any, Any], state: Any) -> Json:
    """Scores and round history of any game, from its record re-scored."""
    try:
        scored = game.replay(game.export(state))
    except Exception:  # a game without history yet must still show its seats
        scored = {}
    return {
        "game": game.name,
        "title": game.title,
        "scores": scored.get("scores", {}),
        "winners": scored.get("winners", []),
        "finished": bool(scored.get("finished", False)),
        "rounds": scored.get("rounds", []),
    }


def _gambit7(state: Any, seat: str | None, locale: str) -> Json:
    from pi_app.rules.gambit7.board import board, payouts

    answered = dict(state.answers)
    view: Json = {
        "round": state.round,
        "phase": str(state.phase),
        "seats": list(state.seats),
        "answered": [name for name in state.seats if name in answered],
        "bets_placed": [name for name, _bet in state.bets],
    }
    if seat is not None and seat in answered:
        slate = answered[seat]
        view["your_answer"] = shown_answer(slate.value, slate.typed, locale)
    if str(state.phase) != "answers":
        view["board"] = [
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
            for case in board(state)
        ]
    if seat is not None:
        bet = dict(state.bets).get(seat)
        if bet is not None:
            view["your_bet"] = {
                "chips": [target_json(t) for t in bet.chips],
                "gambit7": target_json(bet.gambit7),
            }
        mine = [p for p in payouts(state) if p.seat == seat] if str(state.phase) == "scored" else []
        if mine:
            paid = mine[0]
            view["payout"] = {
                "before": paid.before,
                "token": paid.token,
                "chips": paid.chips,
                "chip_value": paid.chip_value,
                "chip_gain": paid.chip_gain,
                "slate_bonus": paid.slate_bonus,
                "after": paid.after,
            }
    return view


def _number(value: Decimal | None) -> str | None:
    return None if value is None else write_number(value)


def _quitte_ou_double(state: Any, seat: str | None, locale: str) -> Json:
    """Tiles, zones and answers in the table's locale, as the box shows them (`locale`,
    the phone's language, is for games without a table locale)."""
    from pi_app.rules.quitte_ou_double.board import board
    from pi_app.rules.quitte_ou_double.scoring import BET_TOKENS

    shown = board(state)
    teams = list(state.setup.teams)
    view: Json = {
        "round": shown.round,
        "question": shown.question,
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
        "may_stake": state.may_stake(),
        "bets_closed": state.current.bets_closed,
    }
    if seat is not None and seat in teams:
        current = state.current
        answer = current.answer_map.get(seat)
        if answer is not None:
            typed = current.typed_map.get(seat)
            view["your_answer"] = shown_answer(answer, typed, state.setup.locale)
        mine = current.tokens_of(seat)
        view["tokens_left"] = BET_TOKENS - len(mine)
        view["owned"] = state.owned(seat)
        view["staked"] = sum(token.stake for token in mine)
    return view


DETAILED = {"gambit7": _gambit7, "quitte-ou-double": _quitte_ou_double}


def phone_view(
    game: Game[Any, Any],
    state: Any,
    seat: str | None,
    game_id: int,
    base: Json | None = None,
    locale: str = "fr",
) -> Json:
    """Everything the phone of `seat` (None: a spectator) may see now.

    `base` is `summary(game, state)` when the caller has it already (it is the same
    for every phone, and re-scoring the game is the costly part). `locale`, the
    phone's language, writes the answers of a game that has no table locale.
    """
    view = dict(summary(game, state) if base is None else base)
    view["game_id"] = game_id
    view["you"] = seat
    detailed = DETAILED.get(game.name)
    if detailed is not None:
        view[game.name] = detailed(state, seat, locale)
    return view
