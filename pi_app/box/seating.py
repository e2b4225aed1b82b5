"""The phones' seats, kept by the core with each game: they follow it through pause
and resume, and a game that is over or left for good forgets them.

Each game has its own book of seats (a join secret and a token per seat taken, kept on
disk by `seats.SeatBook`): when a game is seated its book becomes the one phones join
and act in, and when it is paused the book waits with it, so the phones seated there
are seated again the moment the game is back. A game that is over when another is
seated never comes back: its book is forgotten then, and its phones are told they hold
no seat (they scan the new game's code); unless the same players play the next game
("play again" on the box's final screen, or a new game of the same seats): then each
phone keeps its seat in it, with the same token, and follows into the new game without
scanning (`SeatBook.follow`). A seat taken or freed is an act through the
door, told once as a change (`SeatTaken`, `SeatFreed`), like any other.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from pi_app.box.actors import Actor
from pi_app.box.changes import Change, Changes, Left, Seated, SeatFreed, SeatTaken
from pi_app.box.seats import SeatBook
from pi_app.table.protocol import GameTable


class Seating:
    """The book turned to the game at the table; seats taken and freed, told once."""

    def __init__(
        self, book: SeatBook | None, changes: Changes, at_table: Callable[[], GameTable | None]
    ) -> None:
        self.book, self.changes, self.at_table = book, changes, at_table
        changes.subscribe(self._changed, Seated, Left)

    def _changed(self, change: Change) -> None:
        if self.book is None:
            return
        if isinstance(change, Seated):
            ended = change.paused
            if ended is None or ended.outcome() is None:
                self.book.game(change.table.game_id)  # that game's own secret and seats
            elif same_players(ended, change.table):  # "play again": the phones follow
                self.book.follow(ended.game_id, change.table.game_id)
            else:
                self.book.forget(ended.game_id)
                self.book.game(change.table.game_id)
        elif isinstance(change, Left):
            self.book.forget(change.game_id)
            waiting = self.at_table()  # the game that waits at the table now
            if waiting is not None:
                self.book.game(waiting.game_id)

    def keep(self, tables: Iterable[GameTable]) -> None:
        """At the start: only the books of the games that can still come back are kept
        (a game that ended before a restart never comes back)."""
        if self.book is not None:
            self.book.keep({table.game_id for table in tables})

    def take(self, table: GameTable, seat: str, by: Actor) -> str | None:
        """A phone takes a free seat of `table`: its token, or None when a phone holds
        it already (or no book is kept: no phones)."""
        if self.book is None or seat not in table.seats:
            return None
        token = self.book.claim(seat)
        if token is not None:
            self.changes.publish(SeatTaken(table.game_id, seat, by))
        return token

    def free(self, table: GameTable, seat: str, by: Actor) -> None:
        """The host frees `seat` of `table`: its phone's token stops working."""
        if self.book is None:
            return
        self.book.free(seat)
        self.changes.publish(SeatFreed(table.game_id, seat, by))


def same_players(ended: GameTable, table: GameTable) -> bool:
    """Whether `table` is played by the players of `ended`, the game over just before it
    (the same seats, in any order, whatever the game): "play again", or a next game of
    the same table. Its phones then keep their seats; any other players scan again."""
    return set(ended.seats) == set(table.seats)
