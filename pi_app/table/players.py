"""Players the table remembers, and the colour each seat gets.

A name typed once is kept in the journal's database (`journal.choices.remember_players`)
with the palette colour it had, so the next game offers it first and gives it the same
colour again, as long as nobody seated before it already has that colour. A colour is
an index into the display's palette: the rules and the journal never see RGB values.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

PALETTE_SIZE = 8


@dataclass(frozen=True)
class Player:
    """A name typed at this table once, with the palette colour it last had."""

    name: str
    colour: int


def assign_colours(
    seats: Sequence[str], known: Mapping[str, int], size: int = PALETTE_SIZE
) -> tuple[int, ...]:
    """Each seat's palette index, all different while the palette lasts.

    A remembered player keeps their colour when it is free; the other seats take their
    own seat's default colour if free, else the first free one. Past `size` seats,
    colours repeat by seat, as they did before players were remembered.
    """
    chosen: list[int | None] = [None] * len(seats)
    taken: set[int] = set()
    for index, name in enumerate(seats):
        colour = known.get(name)
        if colour is not None and 0 <= colour < size and colour not in taken:
            chosen[index] = colour
            taken.add(colour)
    for index in range(len(seats)):
        if chosen[index] is not None:
            continue
        free = [c for c in range(size) if c not in taken]
        if not free:
            chosen[index] = index % size
            continue
        colour = index % size if index % size in free else free[0]
        chosen[index] = colour
        taken.add(colour)
    return tuple(c if c is not None else i % size for i, c in enumerate(chosen))
