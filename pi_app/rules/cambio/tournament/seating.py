"""Tournament seat moves (rulings R8), as plain data the display announces.

"Celui qui remporte deux tours change de table : il prend la place du joueur qui, à
une autre table, est en tête à la marque." R8 fixes what the rulebook leaves open:
the other table is the next one in order (wrapping around), its leader is the highest
score there with ties going to the earliest seat, the two players swap seats, and
both round-win counts restart at zero. With one table nobody moves.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pi_app.rules.cambio.scoring import DOMAIN
from pi_app.rules.contract import RuleError

WINS_TO_MOVE = 2
"""R8: a player moves after winning this many rounds at the current table."""

Seating = tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Move:
    """One player leaving a seat for another: `player` goes from (table, seat) to (table, seat)."""

    player: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int

    def to_json(self) -> dict[str, Any]:
        """The move as JSON data (tables and seats 0-based)."""
        return {
            "player": self.player,
            "from": {"table": self.from_table, "seat": self.from_seat},
            "to": {"table": self.to_table, "seat": self.to_seat},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Move:
        """A move from `to_json`'s data."""
        try:
            return cls(
                str(data["player"]),
                int(data["from"]["table"]),
                int(data["from"]["seat"]),
                int(data["to"]["table"]),
                int(data["to"]["seat"]),
            )
        except (KeyError, TypeError, ValueError):
            raise RuleError("This is not a seat move.", domain=DOMAIN) from None


def leader_seat(seats: Sequence[str], scores: Mapping[str, int]) -> int:
    """R8: the seat with the highest score at a table, the earliest seat on a tie."""
    best = 0
    for index, player in enumerate(seats):
        if scores[player] > scores[seats[best]]:
            best = index
    return best


def seat_moves(
    tables: Sequence[Sequence[str]],
    scores: Mapping[str, int],
    wins: Mapping[str, int],
    table: int,
    winner: str,
) -> tuple[Move, ...]:
    """The moves after `winner` won a round at `table` (`wins` already counts it).

    Empty unless the winner has won two rounds there and there is another table.
    """
    if len(tables) < 2 or wins.get(winner, 0) < WINS_TO_MOVE:
        return ()
    seat = list(tables[table]).index(winner)
    target = (table + 1) % len(tables)
    lead = leader_seat(tables[target], scores)
    leader = tables[target][lead]
    return (
        Move(winner, table, seat, target, lead),
        Move(leader, target, lead, table, seat),
    )


def apply_moves(tables: Sequence[Sequence[str]], moves: Sequence[Move]) -> Seating:
    """The seating after the moves: each mover takes the seat the move names."""
    rows = [list(row) for row in tables]
    for move in moves:
        rows[move.to_table][move.to_seat] = move.player
    return tuple(tuple(row) for row in rows)
