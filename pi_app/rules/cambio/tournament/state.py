"""The state of a Cambio tournament, as plain data that can travel between boxes.

Each table plays its own Cambio rounds (its own phase and dealer), while scores
belong to players and follow them from table to table. Everything here is frozen
and converts to and from JSON (`to_json` / `from_json`), so a tournament's standing
can be sent from one table's box to another's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pi_app.rules.cambio.round import PHASES, RoundPhase
from pi_app.rules.cambio.scoring import (
    DOMAIN,
    RoundResult,
    Settings,
    check_seat_names,
    ten_card_seats,
)
from pi_app.rules.cambio.tournament.seating import Move, Seating
from pi_app.rules.contract import RuleError


@dataclass(frozen=True)
class TableState:
    """One table: its seats in dealing order, its round in progress, rounds played there."""

    seats: tuple[str, ...]
    round: RoundPhase = field(default_factory=RoundPhase)
    played: int = 0

    @property
    def dealer(self) -> str:
        """The dealer of the table's current round (the deal moves one seat a round)."""
        return self.seats[self.played % len(self.seats)]

    def ten_cards(self, variant: str) -> tuple[str, ...]:
        """Who gets 10 cards at this table this round (CAMBIO variant)."""
        return ten_card_seats(self.seats, self.played, variant)


@dataclass(frozen=True)
class TableRound:
    """A scored tournament round: the table it was played at, its result, the moves after."""

    table: int
    result: RoundResult
    moves: tuple[Move, ...] = ()


@dataclass(frozen=True)
class TournamentState:
    """The whole tournament: starting seating (for the record), tables, scores, wins."""

    settings: Settings
    start: Seating
    tables: tuple[TableState, ...]
    scores: tuple[tuple[str, int], ...]
    wins: tuple[tuple[str, int], ...]
    history: tuple[TableRound, ...] = ()
    termination: str | None = None

    @property
    def seating(self) -> Seating:
        """Who sits where now."""
        return tuple(table.seats for table in self.tables)

    @property
    def score_map(self) -> dict[str, int]:
        """Scores by player, in the starting seating's order."""
        return dict(self.scores)

    @property
    def win_map(self) -> dict[str, int]:
        """Rounds each player has won at the current table since they last moved (R8)."""
        return dict(self.wins)

    @property
    def last_moves(self) -> tuple[Move, ...]:
        """The seat moves announced after the last scored round."""
        return self.history[-1].moves if self.history else ()

    def to_json(self) -> dict[str, Any]:
        """The state as JSON data; `from_json` reads it back equal."""
        return {
            "settings": _settings_json(self.settings),
            "start": [list(row) for row in self.start],
            "tables": [_table_json(table) for table in self.tables],
            "scores": dict(self.scores),
            "wins": dict(self.wins),
            "history": [_round_json(item) for item in self.history],
            "termination": self.termination,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TournamentState:
        """A state from `to_json`'s data; `RuleError` if it is not one."""
        try:
            return _state_from_json(data)
        except (KeyError, TypeError, ValueError, AttributeError):
            raise RuleError("This is not a Cambio tournament state.", domain=DOMAIN) from None


def new_state(settings: Settings, seating: Sequence[Sequence[str]]) -> TournamentState:
    """A tournament before any deal: every table checked, every player at one seat."""
    rows = tuple(check_seat_names(list(row)) for row in seating)
    if not rows:
        raise RuleError("A tournament needs at least one table.", domain=DOMAIN)
    seen: set[str] = set()
    for row in rows:
        for player in row:
            if player in seen:
                raise RuleError("{seat} sits at two tables.", domain=DOMAIN, seat=player)
            seen.add(player)
    players = [player for row in rows for player in row]
    return TournamentState(
        settings=settings,
        start=rows,
        tables=tuple(TableState(row) for row in rows),
        scores=tuple((player, 0) for player in players),
        wins=tuple((player, 0) for player in players),
    )


def _settings_json(settings: Settings) -> dict[str, Any]:
    return {
        "variant": settings.variant,
        "target": settings.target,
        "false_ring_fine": settings.false_ring_fine,
        "panachee": settings.panachee,
        "mime": settings.mime,
        "study_seconds": settings.study_seconds,
    }


def _table_json(table: TableState) -> dict[str, Any]:
    return {
        "seats": list(table.seats),
        "phase": table.round.phase,
        "rung_by": table.round.rung_by,
        "false_rings": list(table.round.false_rings),
        "played": table.played,
    }


def _round_json(item: TableRound) -> dict[str, Any]:
    result = item.result
    return {
        "table": item.table,
        "winner": result.winner,
        "currency": result.currency,
        "hand": result.hand,
        "holding": [list(pair) for pair in result.holding],
        "false_rings": list(result.false_rings),
        "moves": [move.to_json() for move in item.moves],
    }


def _table_from_json(data: Mapping[str, Any]) -> TableState:
    phase = str(data["phase"])
    if phase not in PHASES:
        raise ValueError(phase)
    rung_by = data["rung_by"]
    return TableState(
        seats=tuple(str(seat) for seat in data["seats"]),
        round=RoundPhase(
            phase,
            None if rung_by is None else str(rung_by),
            tuple(str(seat) for seat in data["false_rings"]),
        ),
        played=int(data["played"]),
    )


def _round_from_json(data: Mapping[str, Any]) -> TableRound:
    result = RoundResult(
        winner=str(data["winner"]),
        currency=str(data["currency"]),
        hand=str(data["hand"]),
        holding=tuple((str(seat), str(card)) for seat, card in data["holding"]),
        false_rings=tuple(str(seat) for seat in data["false_rings"]),
    )
    moves = tuple(Move.from_json(move) for move in data["moves"])
    return TableRound(int(data["table"]), result, moves)


def _state_from_json(data: Mapping[str, Any]) -> TournamentState:
    settings = data["settings"]
    target = settings["target"]
    termination = data["termination"]
    return TournamentState(
        settings=Settings(
            variant=str(settings["variant"]),
            target=None if target is None else int(target),
            false_ring_fine=int(settings["false_ring_fine"]),
            panachee=bool(settings["panachee"]),
            mime=bool(settings["mime"]),
            study_seconds=int(settings["study_seconds"]),
        ),
        start=tuple(tuple(str(seat) for seat in row) for row in data["start"]),
        tables=tuple(_table_from_json(table) for table in data["tables"]),
        scores=tuple((str(k), int(v)) for k, v in data["scores"].items()),
        wins=tuple((str(k), int(v)) for k, v in data["wins"].items()),
        history=tuple(_round_from_json(item) for item in data["history"]),
        termination=None if termination is None else str(termination),
    )
