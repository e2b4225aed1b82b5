"""The Gambo board and pieces: squares, their names, and who wins a duel.

Kept apart from the game module so the rules and the computer opponent share one
definition of the board geometry (rulings R9) and of the duel, and cannot drift.

Squares are numbered 0..35: `a0`..`a8` (side A's start row) are 0..8, `b0`..`b8`
(side B's start row) are 9..17 and the central row `c0`..`c17` is 18..35.
"""

from __future__ import annotations

import re

SIDES: tuple[str, str] = ("A", "B")
"""Side names as records write them; index 0 is A, index 1 is B (B moves first)."""
A, B = 0, 1
FIRST_TO_MOVE = B

ANIMALS = ("E", "C", "M")
"""Elephant, cat, mouse."""
PIECES: tuple[str, ...] = tuple(
    f"{animal}{strength}" for animal in ANIMALS for strength in (1, 2, 3)
)
"""The nine pieces of each side, in a fixed order: E1 E2 E3 C1 C2 C3 M1 M2 M3."""
BEATS: dict[str, str] = {"E": "C", "C": "M", "M": "E"}
"""Each animal and the animal it beats: elephants crush cats, cats eat mice, mice scare
elephants."""

ROW_LENGTH = 9
CENTRAL_LENGTH = 18
A_START = range(0, 9)
B_START = range(9, 18)
CENTRAL = range(18, 36)
SQUARE_COUNT = 36
DUELS_IN_A_GAME = 9
LAST_DUEL_BONUS = 4

SQUARE_NAMES: tuple[str, ...] = (
    tuple(f"a{i}" for i in range(ROW_LENGTH))
    + tuple(f"b{i}" for i in range(ROW_LENGTH))
    + tuple(f"c{i}" for i in range(CENTRAL_LENGTH))
)
SQUARE_INDEX: dict[str, int] = {name: index for index, name in enumerate(SQUARE_NAMES)}
_SQUARE_RE = re.compile(r"^[abc](0|[1-9][0-9]?)$")


def square_index(name: str) -> int | None:
    """The number of the square called `name` (`"c9"`), or None if no square has that name."""
    if not _SQUARE_RE.match(name):
        return None
    return SQUARE_INDEX.get(name)


def start_squares(side: int) -> range:
    """The start row of `side`."""
    return A_START if side == A else B_START


def front_of(square: int) -> int:
    """The central square a start square faces (R9: `ai` faces `c(2i)`, `bi` faces `c(2i+1)`)."""
    if square in A_START:
        return CENTRAL.start + 2 * square
    if square in B_START:
        return CENTRAL.start + 2 * (square - B_START.start) + 1
    raise ValueError(f"square {square} is not a start square")


def is_central(square: int) -> bool:
    """Whether `square` is on the central row."""
    return CENTRAL.start <= square < CENTRAL.stop


def attacker_wins(attacker: str, defender: str) -> bool:
    """Whether the attacking piece wins the duel.

    Elephant > cat > mouse > elephant; between two of the same animal the higher
    strength wins; same animal and strength: the attacker wins.
    """
    if attacker[0] == defender[0]:
        return int(attacker[1]) >= int(defender[1])
    return BEATS[attacker[0]] == defender[0]


def duel_points(winner: str, loser: str) -> int:
    """What a duel scores: the winner's strength times the loser's strength."""
    return int(winner[1]) * int(loser[1])
