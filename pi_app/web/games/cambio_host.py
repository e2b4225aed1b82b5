"""Cambio from the host's phone: the round's steps, who rang, a false ring, the hand.

The host does from the phone what the box's screen does (`display.games.cambio`): deal,
open trading, stop it (the bell), name who rang, say the hand was incomplete (a false
ring, R6) or score the hand shown (currency, kind of hand, who kept which CAMBIO card,
R7). Each request is one action of the round, written in the game's own notation and
played through the core's door; the rules refuse what the round's phase does not allow.

A tournament (`cambio-tournament`) plays the same requests at one of its tables (the
request's `table`, from 0; a box of a tournament across boxes plays only its own, as
its table refuses the others), and its host sees every table and the standings across
tables and boxes, read only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pi_app.i18n import N_, Translator, translate
from pi_app.rules.cambio.actions import (
    BellRang,
    CambioAction,
    Deal,
    FalseRing,
    Open,
    Ring,
    Show,
    Stop,
    parse_action,
)
from pi_app.rules.cambio.game import GAME, CambioState
from pi_app.rules.cambio.round import PHASE_LABELS, RoundPhase
from pi_app.rules.cambio.scoring import (
    CAMBIO,
    CARD_PART,
    CARDS,
    CURRENCIES,
    HAND_LABELS,
    HAND_PART,
    HANDS,
    MINUS,
    NINE,
    PLUS,
    RoundResult,
    ScorePart,
    Settings,
    card_places,
    currencies_in_play,
    false_ring_fines,
    hand_value,
    score_parts,
    ten_card_seats,
)
from pi_app.rules.cambio.tournament.game import GAME as TOURNAMENT
from pi_app.rules.cambio.tournament.game import TableAction
from pi_app.rules.cambio.tournament.state import TournamentState
from pi_app.rules.contract import RuleError
from pi_app.web.games import state_as
from pi_app.web.host_play import HostPlay, HostRequest

_ = Translator("host")
Json = dict[str, Any]

KINDS: tuple[str, ...] = ("deal", "open", "bell", "ring", "false_ring", "show")
"""The host's round requests, in the order a round meets them."""
MAX_NAME = 200
"""A seat's name longer than this is no seat's: the request is unreadable."""

CARD_NAMES: dict[str, str] = {PLUS: N_("CAMBIO-plus"), MINUS: N_("CAMBIO-minus")}
"""Each CAMBIO card by its name in the language's rulebook (CAMBIO-moins in French)."""

TEXTS: dict[str, str] = {
    "deal": N_("Deal: start the study"),
    "open": N_("Open trading"),
    "bell": N_("Bell: STOP"),
    "who_rang": N_("Who rang?"),
    "false_ring": N_("Incomplete: trading resumes"),
    "show": N_("Complete hand: score"),
    "currency": N_("Currency"),
    "hand": N_("Hand"),
    "in_hand": N_("in the winning hand"),
    "target": N_("Target: {target}"),
    "table": N_("Table {n}"),
    "standings": N_("Standings across the tables"),
    "wins": N_("rounds won here: {wins}"),
    "rounds": N_("Rounds played"),
    "over": N_("The game is over."),
}
"""The words of the host's Cambio script (`static/host/cambio.js`)."""


# ---- requests -------------------------------------------------------------------------


def _seat(value: object) -> str:
    """A seat's name from the host's page: a short non-empty string, or unreadable."""
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_NAME:
        raise ValueError("seat")
    return value


def _show(fields: Mapping[str, Any]) -> Show:
    """The hand shown: its currency, its kind, and where each CAMBIO card is (a seat,
    or None for the winning hand); the rules check the hand against the round."""
    currency, hand = fields.get("currency"), fields.get("hand", NINE)
    if currency not in dict(CURRENCIES) or hand not in HANDS:
        raise ValueError("hand")
    holding = fields.get("holding", {})
    if not isinstance(holding, Mapping) or any(card not in CARDS for card in holding):
        raise ValueError("holding")
    pairs = tuple((_seat(holding[card]), card) for card in CARDS if holding.get(card) is not None)
    return Show(str(currency), str(hand), pairs)


def round_action(request: HostRequest) -> CambioAction:
    """The round's action a host's request names; ValueError for an unreadable one."""
    simple: dict[str, CambioAction] = {
        "deal": Deal(),
        "open": Open(),
        "bell": BellRang(),
        "false_ring": FalseRing(),
    }
    if request.kind in simple:
        return simple[request.kind]
    if request.kind == "ring":
        return Ring(_seat(request.fields.get("seat")))
    if request.kind == "show":
        return _show(request.fields)
    raise ValueError(request.kind)


def action(state: object, request: HostRequest) -> Sequence[str]:
    """The one notation of a host's request at a Cambio table."""
    state_as(state, CambioState)
    return [GAME.format_action(round_action(request))]


def _table_index(value: object, tables: int) -> int:
    """A table's number (from 0) from the host's page, or unreadable."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < tables:
        raise ValueError("table")
    return value


def _arrived(state: object) -> TournamentState:
    """A tournament's state; a box of a tournament across boxes has none until the
    tournament's settings arrive, and its host waits as its screen does."""
    if state is None:
        raise RuleError("The tournament's settings have not arrived yet.", domain="cambio")
    return state_as(state, TournamentState)


def tournament_action(state: object, request: HostRequest) -> Sequence[str]:
    """The one notation of a host's request at a tournament's table (`table`)."""
    tournament = _arrived(state)
    table = _table_index(request.fields.get("table"), len(tournament.tables))
    return [TOURNAMENT.format_action(TableAction(table, round_action(request)))]


# ---- what the host sees ---------------------------------------------------------------


@dataclass(frozen=True)
class TableSeen:
    """One table as the host sees it: a single game, or one of a tournament's."""

    seats: tuple[str, ...]
    settings: Settings
    round: RoundPhase
    played: int
    scores: Mapping[str, int]
    last: RoundResult | None


def part_words(part: ScorePart, lang: str) -> str:
    """One part of a score change in words: the hand shown, a card kept, a false ring."""
    if part.kind == HAND_PART:
        return _("{hand} in {currency}", lang).format(
            hand=translate(HAND_LABELS[part.hand], "cambio", lang), currency=part.currency
        )
    if part.kind == CARD_PART:
        return _(CARD_NAMES[part.card], lang)
    return _("false ring", lang)


def sheet(seats: Sequence[str], settings: Settings, last: RoundResult, lang: str) -> list[str]:
    """The last round's score sheet: each seat whose score moved, by how much and why."""
    try:
        parts = score_parts(last, seats, settings)
    except RuleError:  # a tournament's winner has moved to another table since
        return []
    lines = []
    for seat, found in parts.items():
        if found:
            made = ", ".join(
                f"{part_words(part, lang)}\u00a0{part.points:+d}"
                if len(found) > 1
                else part_words(part, lang)
                for part in found
            )
            total = f"{sum(part.points for part in found):+d}"
            lines.append(
                _("{seat} {change}: {parts}", lang).format(seat=seat, change=total, parts=made)
            )
    return lines


def _false_rings(table: TableSeen, lang: str) -> list[str]:
    """This round's false rings so far: who, and what each will cost (R6)."""
    lines = []
    for seat, fine in false_ring_fines(table.round.false_rings, table.settings).items():
        if fine:
            text = _("False ring: {seat} ({fine} when the round is scored)", lang)
            lines.append(text.format(seat=seat, fine=f"{-fine:+d}"))
        else:
            lines.append(_("False ring: {seat} (no fine)", lang).format(seat=seat))
    return lines


def _hands(table: TableSeen, lang: str) -> list[list[Any]]:
    """The hands the ringer may show, each with its name and where each CAMBIO card may
    then be (None: in the winning hand), as the rules allow it (`card_places`)."""
    kinds = HANDS if table.settings.variant == CAMBIO else (NINE,)
    ringer = table.round.rung_by or ""
    return [
        [
            hand,
            translate(HAND_LABELS[hand], "cambio", lang),
            {card: list(places) for card, places in card_places(table.seats, ringer, hand).items()},
        ]
        for hand in kinds
    ]


def _ten_cards(table: TableSeen, lang: str) -> str | None:
    """Who is dealt ten cards this round (CAMBIO variant), in words."""
    seats = ten_card_seats(table.seats, table.played, table.settings.variant)
    return _("10 cards: {seats}", lang).format(seats=", ".join(seats)) if seats else None


def table_json(table: TableSeen, lang: str) -> Json:
    """Everything the host needs to run one table's round and read its scores."""
    phase = table.round.phase
    played = table.played
    seen: Json = {
        "round": played + 1,
        "phase": phase,
        "phase_words": translate(PHASE_LABELS[phase], "cambio", lang),
        "dealer": table.seats[played % len(table.seats)],
        "title": _("Round {n} · dealer {dealer}", lang).format(
            n=played + 1, dealer=table.seats[played % len(table.seats)]
        ),
        "ten_cards": _ten_cards(table, lang),
        "seats": list(table.seats),
        "scores": [[seat, table.scores.get(seat, 0)] for seat in table.seats],
        "rung_by": table.round.rung_by,
        "rang": None
        if table.round.rung_by is None
        else _("STOP: {seat} rang", lang).format(seat=table.round.rung_by),
        "false_rings": _false_rings(table, lang),
        "currencies": [list(pair) for pair in currencies_in_play(len(table.seats))],
        "variant": table.settings.variant,
        "cards": [[card, _(name, lang)] for card, name in CARD_NAMES.items()]
        if table.settings.variant == CAMBIO
        else [],
        "hands": _hands(table, lang),
        "sheet": [] if table.last is None else sheet(table.seats, table.settings, table.last, lang),
    }
    return seen


def _history(history: Sequence[RoundResult], seats: int, lang: str) -> list[str]:
    """Every round scored, in words: who won, with what, for how much."""
    return [
        _("Round {n}: {seat}, {hand} in {currency} (+{points})", lang).format(
            n=number,
            seat=result.winner,
            hand=translate(HAND_LABELS[result.hand], "cambio", lang),
            currency=result.currency,
            points=hand_value(result.currency, result.hand, seats),
        )
        for number, result in enumerate(history, start=1)
    ]


def view(state: object, lang: str) -> Json:
    """The round, who rang, the last round's sheet, every round, the totals."""
    game = state_as(state, CambioState)
    table = TableSeen(
        game.seats,
        game.settings,
        game.round,
        len(game.history),
        game.score_map,
        game.history[-1] if game.history else None,
    )
    return {
        "tables": [table_json(table, lang)],
        "target": game.settings.target,
        "over": game.termination is not None,
        "history": _history(game.history, len(game.seats), lang),
    }


def _tournament_table(tournament: TournamentState, index: int) -> TableSeen:
    """Table `index` of a tournament as the host sees it, with its own last round."""
    table = tournament.tables[index]
    last = [item.result for item in tournament.history if item.table == index]
    return TableSeen(
        table.seats,
        tournament.settings,
        table.round,
        table.played,
        tournament.score_map,
        last[-1] if last else None,
    )


def standings(tournament: TournamentState) -> list[Json]:
    """Every player by score (highest first), with the table they sit at now (from 0)
    and the rounds they won there since they last moved (R8: two, and they move)."""
    seated = {player: number for number, row in enumerate(tournament.seating) for player in row}
    wins = tournament.win_map
    ranked = sorted(tournament.score_map.items(), key=lambda item: -item[1])
    return [
        {"player": player, "score": score, "table": seated.get(player), "wins": wins.get(player, 0)}
        for player, score in ranked
    ]


def tournament_view(state: object, lang: str) -> Json:
    """Every table's round, the last seat moves, and the standings (read only); nothing
    before a tournament across boxes has its settings."""
    if state is None:
        return {}
    tournament = state_as(state, TournamentState)
    moves = [
        _("{player}: go to table {table}, seat {seat}", lang).format(
            player=move.player, table=move.to_table + 1, seat=move.to_seat + 1
        )
        for move in tournament.last_moves
    ]
    return {
        "tables": [
            table_json(_tournament_table(tournament, index), lang)
            for index in range(len(tournament.tables))
        ],
        "target": tournament.settings.target,
        "over": tournament.termination is not None,
        "moves": moves,
        "standings": standings(tournament),
    }


# ---- in words -------------------------------------------------------------------------


def words(action_: CambioAction, round_: RoundPhase, seats: int, lang: str) -> str:
    """A round's action in words, from the round it was played in."""
    if isinstance(action_, Deal):
        return _("the cards dealt", lang)
    if isinstance(action_, Open):
        return _("trading opened", lang)
    if isinstance(action_, BellRang):
        return _("the bell: STOP", lang)
    if isinstance(action_, Ring):
        return _("{seat} rang", lang).format(seat=action_.seat)
    if isinstance(action_, FalseRing):
        return _("{seat}'s false ring", lang).format(seat=round_.rung_by)
    if isinstance(action_, Show):
        return _("{seat}'s hand scored: {hand} in {currency} (+{points})", lang).format(
            seat=round_.rung_by,
            hand=translate(HAND_LABELS[action_.hand], "cambio", lang),
            currency=action_.currency,
            points=_value(action_, seats),
        )
    if isinstance(action_, Stop):
        return _("the game stopped", lang)
    return str(action_)


def _value(shown: Show, seats: int) -> int | str:
    """What a hand is worth at a table of `seats` (its notation when it is none)."""
    try:
        return hand_value(shown.currency, shown.hand, seats)
    except RuleError:
        return "?"


def describe(state: object, notation: str, lang: str) -> str:
    """A Cambio action in words, from the state it was played on."""
    game = state_as(state, CambioState)
    return words(parse_action(notation), game.round, len(game.seats), lang)


def tournament_describe(state: object, notation: str, lang: str) -> str:
    """A tournament's action in words: its table, then the round's action there."""
    tournament = _arrived(state)
    played = TOURNAMENT.parse_action(notation)
    if not isinstance(played, TableAction) or not 0 <= played.table < len(tournament.tables):
        return words(Stop(), RoundPhase(), 0, lang)
    table = tournament.tables[played.table]
    said = words(played.action, table.round, len(table.seats), lang)
    return _("table {n}: {action}", lang).format(n=played.table + 1, action=said)


HOST = HostPlay(kinds=KINDS, action=action, view=view, describe=describe, texts=TEXTS)
"""Cambio at one table, from the host's phone."""

TOURNAMENT_HOST = HostPlay(
    kinds=KINDS,
    action=tournament_action,
    view=tournament_view,
    describe=tournament_describe,
    texts=TEXTS,
)
"""A Cambio tournament, from the host's phone: the same requests at a chosen table."""
