"""Where a phone's seat stands, and what the phone is told of it.

A seat's token is found in the book of the game on the box (the phone plays), in the
book of a paused game (the phone is told `PAUSED`, keeps its token, and plays again the
moment the box resumes that game), or nowhere (a wrong token, a seat freed, a game
forgotten: the phone is told `NO_SEAT` and scans a code again).

A game that is over never comes back: the core forgets its book when another game is
seated, or at the start (`box.seating`), so its phones are told they hold no seat and
scan the new game's code (the page links to the box's welcome, which lists it); unless
the same players play the next game: their tokens then hold their seats there. The
server only reads the books (`SeatBook.lookup`).
"""

from __future__ import annotations

from pi_app.i18n import N_, Translator
from pi_app.web.phone import Phone

_ = Translator("web")

NO_SEAT = N_("This phone holds no seat at the game on the box now: scan its code again.")
PAUSED = N_("Your game is paused on the box; you keep your seat.")


async def tell_unknown(phone: Phone) -> None:
    """Tell a phone it holds no seat (a wrong token, or its seat was freed)."""
    await phone.send({"type": "unknown", "message": phone.say(NO_SEAT)})


async def tell_paused(phone: Phone) -> None:
    """Tell a phone its seat is at a paused game: the page keeps its token and waits."""
    await phone.send({"type": "paused", "message": phone.say(PAUSED)})
