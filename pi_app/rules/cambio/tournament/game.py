"""Cambio in tournament: several tables of 3 to 7, scores that follow the players.

Every table plays Cambio rounds with its own deal and bell. After each round won,
the seat moves of rulings R8 are computed (`seating.seat_moves`), announced
as data and applied; the tournament ends when a player reaches the target (5000 by
default) or the organiser stops it. A move that brings a player to a table in the
middle of a round has that table deal its round again: its hands are no longer
those of its players.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from pi_app.i18n import N_, translate
from pi_app.rules.cambio import actions as cambio_actions
from pi_app.rules.cambio import facts as cambio_facts
from pi_app.rules.cambio.actions import CambioAction, Stop
from pi_app.rules.cambio.game import round_actions as cambio_round_actions
from pi_app.rules.cambio.record import (
    STOPPED,
    TARGET,
    game_over_error,
    read_options,
    read_result,
    read_seats,
    replay_ending,
    top_seats,
    write_options,
    write_result,
)
from pi_app.rules.cambio.round import DEAL, RoundPhase, legal_steps, round_moments, step
from pi_app.rules.cambio.scoring import (
    DOMAIN,
    MAX_SEATS,
    MIN_SEATS,
    RoundResult,
    hand_value,
    read_settings,
    score_changes,
)
from pi_app.rules.cambio.tournament.seating import Move, apply_moves, seat_moves
from pi_app.rules.cambio.tournament.state import (
    TableRound,
    TableState,
    TournamentState,
    new_state,
)
from pi_app.rules.chart import Chart
from pi_app.rules.contract import Game, Outcome, RecordError, RuleError
from pi_app.rules.facts import Fact
from pi_app.rules.records import check_fields, check_int, check_list, record_locale

MAX_TABLES = 100
"""The rulebook sets no limit on players; this bound only keeps a typo from seating 10^6."""


@dataclass(frozen=True)
class TableAction:
    """A Cambio round action at one table (0-based)."""

    table: int
    action: CambioAction


TournamentAction = TableAction | Stop


def parse_action(text: str) -> TournamentAction:
    """`table 1 ring "Ben"`, `table 0 show Yen 9`, ... or `stop`."""
    tokens = cambio_actions.tokenize(text)
    if len(tokens) == 1 and not tokens[0].quoted and tokens[0].text == "stop":
        return Stop()
    if (
        len(tokens) < 3
        or tokens[0].quoted
        or tokens[0].text != "table"
        or tokens[1].quoted
        or not (tokens[1].text.isascii() and tokens[1].text.isdigit())
    ):
        raise RuleError("Cannot read the Cambio action {text!r}.", domain=DOMAIN, text=text)
    action = cambio_actions.parse_tokens(tokens[2:], text)
    if isinstance(action, Stop):
        raise RuleError("Cannot read the Cambio action {text!r}.", domain=DOMAIN, text=text)
    return TableAction(int(tokens[1].text), action)


def format_action(action: TournamentAction) -> str:
    """The notation `parse_action` reads back."""
    if isinstance(action, Stop):
        return "stop"
    return f"table {action.table} {cambio_actions.format_action(action.action)}"


def default_seating(
    players: Sequence[str], count: int | None = None
) -> tuple[tuple[str, ...], ...]:
    """Players split in order into `count` tables as even as can be.

    By default the fewest tables of at most 7.
    """
    if count is None:
        count = max(1, -(-len(players) // MAX_SEATS))
    size, extra = divmod(len(players), count)
    rows: list[tuple[str, ...]] = []
    start = 0
    for index in range(count):
        end = start + size + (1 if index < extra else 0)
        rows.append(tuple(players[start:end]))
        start = end
    return tuple(rows)


def _seating(players: Sequence[str], tables: object) -> tuple[tuple[str, ...], ...]:
    """The starting seating: given as rows of names, as a table count, or by default."""
    if tables is None:
        return default_seating(players)
    if isinstance(tables, int) and not isinstance(tables, bool) and tables >= 1:
        return default_seating(players, tables)
    if isinstance(tables, list | tuple) and all(isinstance(row, list | tuple) for row in tables):
        rows = tuple(tuple(str(name) for name in row) for row in tables)
        if sorted(name for row in rows for name in row) != sorted(players):
            raise RuleError("The tables must seat exactly the players.", domain=DOMAIN)
        return rows
    raise RuleError(
        "The option tables must be a number of tables or a list of tables.", domain=DOMAIN
    )


def _seat_tables(
    state: TournamentState, index: int, moves: Sequence[Move]
) -> tuple[TableState, ...]:
    """Tables after a round won at `index` and its moves: tables a mover joins redeal."""
    seating = apply_moves(state.seating, moves)
    touched = {move.to_table for move in moves}
    tables: list[TableState] = []
    for number, (table, seats) in enumerate(zip(state.tables, seating, strict=True)):
        if number == index:
            tables.append(TableState(seats, RoundPhase(), table.played + 1))
        elif number in touched and table.round.phase != DEAL:
            tables.append(TableState(seats, RoundPhase(), table.played))
        else:
            tables.append(replace(table, seats=seats))
    return tuple(tables)


def score_table_round(state: TournamentState, index: int, result: RoundResult) -> TournamentState:
    """The tournament after a round won at table `index`: scores, wins, then R8 moves."""
    changes = score_changes(result, state.tables[index].seats, state.settings)
    scores = {player: score + changes.get(player, 0) for player, score in state.scores}
    wins = dict(state.wins)
    wins[result.winner] += 1
    moves = seat_moves(state.seating, scores, wins, index, result.winner)
    for move in moves:
        wins[move.player] = 0
    target = state.settings.target
    reached = target is not None and max(scores.values()) >= target
    return replace(
        state,
        tables=_seat_tables(state, index, moves),
        scores=tuple(scores.items()),
        wins=tuple(wins.items()),
        history=(*state.history, TableRound(index, result, moves)),
        termination=TARGET if reached else None,
    )


def round_actions(table: int, result: RoundResult) -> list[TournamentAction]:
    """The actions that play a recorded round at `table`: Cambio's own, at that table."""
    return [TableAction(table, action) for action in cambio_round_actions(result)]


TITLE = N_("Cambio (tournament)")
"""The tournament's printed name: the game's, with the word "tournament" translated."""


class CambioTournament:
    """The `cambio-tournament` game declaration."""

    name = "cambio-tournament"
    min_seats = MIN_SEATS
    max_seats = MAX_SEATS * MAX_TABLES

    @property
    def title(self) -> str:
        """The printed name in the current language, wherever it is shown."""
        return translate(TITLE, DOMAIN)

    def new_game(
        self, seats: Sequence[str], options: Mapping[str, Any], rng: random.Random
    ) -> TournamentState:
        """A tournament before the first deal; option `tables` sets the seating."""
        settings = read_settings({k: v for k, v in options.items() if k != "tables"})
        seating = _seating(list(seats), options.get("tables"))
        if len(seating) > MAX_TABLES:
            raise RuleError(
                "A tournament has at most {count} tables.", domain=DOMAIN, count=MAX_TABLES
            )
        return new_state(settings, seating)

    def parse_action(self, text: str) -> TournamentAction:
        return parse_action(text)

    def format_action(self, action: TournamentAction) -> str:
        return format_action(action)

    def apply(self, state: TournamentState, action: TournamentAction) -> TournamentState:
        """The next state, or `RuleError` and the state untouched."""
        if state.termination is not None:
            raise game_over_error(state.termination, state.settings.target, state.score_map)
        if isinstance(action, Stop):
            return replace(state, termination=STOPPED)
        if not 0 <= action.table < len(state.tables):
            raise RuleError("There is no table {table}.", domain=DOMAIN, table=action.table)
        table = state.tables[action.table]
        phase, result = step(table.round, table.seats, action.action)
        if result is not None:
            return score_table_round(state, action.table, result)
        tables = list(state.tables)
        tables[action.table] = replace(table, round=phase)
        return replace(state, tables=tuple(tables))

    def moments(self, before: TournamentState, after: TournamentState) -> frozenset[str]:
        """What the room notices at any of the tables (`rules.moments`): a bell's stop,
        a false ring, a hand scored."""
        found: set[str] = set()
        for was, now in zip(before.tables, after.tables, strict=False):
            found |= round_moments(was.round, now.round, now.played > was.played)
        return frozenset(found)

    def legal_actions(self, state: TournamentState) -> Sequence[TournamentAction]:
        if state.termination is not None:
            return []
        actions: list[TournamentAction] = []
        for index, table in enumerate(state.tables):
            steps = legal_steps(table.round, table.seats, state.settings.variant)
            actions += [TableAction(index, action) for action in steps]
        return [*actions, Stop()]

    def outcome(self, state: TournamentState) -> Outcome | None:
        if state.termination is None:
            return None
        return Outcome(state.termination, tuple(top_seats(state.score_map)), state.score_map)

    def play_round(
        self, state: TournamentState, table: int, result: RoundResult
    ) -> TournamentState:
        """A recorded round played at `table` action by action."""
        for action in round_actions(table, result):
            state = self.apply(state, action)
        return state

    def replay(self, record: Mapping[str, Any]) -> dict[str, Any]:
        """Re-score a `cambio-tournament` record; errors name the round."""
        check_fields(record, "record", ("game", "tables", "rounds"), ("options", "locale"))
        record_locale(record)
        if record["game"] != self.name:
            raise RecordError("This is not a Cambio tournament record.", domain=DOMAIN)
        settings = read_options(record)
        rows = [read_seats(row, "tables") for row in check_list(record["tables"], "tables")]
        state = new_state(settings, rows)
        rounds: list[dict[str, Any]] = []
        for number, item in enumerate(check_list(record["rounds"], "rounds"), start=1):
            try:
                result = read_result(item, extra=("table",))
                table = check_int(item["table"], "table")
                before = state
                state = self.play_round(state, table, result)
            except RuleError as error:
                raise error.at("round", number) from None
            rounds.append(_round_output(before, state))
        return {
            "game": self.name,
            "scores": state.score_map,
            **replay_ending(state.termination, settings.target, state.score_map),
            "rounds": rounds,
            "tables": [list(row) for row in state.seating],
        }

    def export(self, state: TournamentState) -> dict[str, Any]:
        """The record of the rounds scored so far, from the starting seating."""
        return {
            "game": self.name,
            "options": write_options(state.settings),
            "tables": [list(row) for row in state.start],
            "rounds": [
                {"table": item.table, **write_result(item.result)} for item in state.history
            ],
        }

    def facts(
        self, chart: Chart, record: Mapping[str, Any], output: Mapping[str, Any]
    ) -> list[Fact]:
        """The history's facts, as a single table's: a streak counts at one table."""
        return cambio_facts.facts(chart, record)


def _round_output(before: TournamentState, after: TournamentState) -> dict[str, Any]:
    """One round of the replay output: scores, the table's changes and the moves."""
    item = after.history[-1]
    table = before.tables[item.table]
    old, new = before.score_map, after.score_map
    return {
        "scores": new,
        "table": item.table,
        "winner": item.result.winner,
        "value": hand_value(item.result.currency, item.result.hand, len(table.seats)),
        "changes": {player: new[player] - old[player] for player in table.seats},
        "dealer": table.dealer,
        "ten_cards": list(table.ten_cards(before.settings.variant)),
        "moves": [move.to_json() for move in item.moves],
        "tables": [list(row) for row in after.seating],
    }


GAME = CambioTournament()
_DECLARATION: Game[TournamentState, TournamentAction] = GAME
