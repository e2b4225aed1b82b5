"""Where a phone's seat stands, and what the phone is told of it.

A seat's token is found in the book of the game on the box (the phone plays), in the
book of a paused game (the phone is told `PAUSED`, keeps its token, and plays again the
moment the box resumes that game), or nowhere (a wrong token, a seat freed, a game
forgotten: the phone is told `NO_SEAT` and scans a code again).

A game that left the table finished keeps its book too (`SeatBook` knows no game's
end), yet it is not paused: it never comes back. Its phones are told they hold no seat,
as they were before games could be paused, so that their players scan the new game's
code. `Standing` tells the two apart from the states the server was handed: the last
state of a game that left the table says whether it was over. After a restart the
server has seen no such state, and a finished game's seat counts as paused until its
book is gone.
"""

from __future__ import annotations

from pi_app.i18n import N_, Translator
from pi_app.web.hub import Published
from pi_app.web.phone import Phone
from pi_app.web.seats import MAX_BOOKS, Held, SeatBook

_ = Translator("web")

NO_SEAT = N_("This phone holds no seat at the game on the box now: scan its code again.")
PAUSED = N_("Your game is paused on the box; you keep your seat.")


async def tell_unknown(phone: Phone) -> None:
    """Tell a phone it holds no seat (a wrong token, or its seat was freed)."""
    await phone.send({"type": "unknown", "message": phone.say(NO_SEAT)})


async def tell_paused(phone: Phone) -> None:
    """Tell a phone its seat is at a paused game: the page keeps its token and waits."""
    await phone.send({"type": "paused", "message": phone.say(PAUSED)})


class Standing:
    """Where each token holds a seat, as its phone is told; on the server's loop."""

    def __init__(self, seats: SeatBook) -> None:
        self.seats = seats
        self._last: Published | None = None
        self._over: dict[int, None] = {}  # games that left the table finished, oldest first

    def published(self, published: Published | None) -> None:
        """Follow the game at the table, state after state, in the order published: a
        game that leaves it finished is over; one that is back at it is not."""
        last, self._last = self._last, published
        if published is not None:
            self._over.pop(published.game_id, None)
        if last is None or (published is not None and published.game_id == last.game_id):
            return
        if last.game.outcome(last.state) is not None:
            self._over[last.game_id] = None
            while len(self._over) > MAX_BOOKS:  # no older game has a book any more
                del self._over[next(iter(self._over))]

    def of(self, token: object) -> Held | None:
        """Where `token` holds a seat: at the game on the box, or at a paused game
        (`Held.current` says which); None: nowhere, or at a game that is over."""
        held = self.seats.lookup(token)
        if held is not None and not held.current and held.game_id in self._over:
            return None
        return held
