"""The phones' side of the box: the QR panel's state, the requests served, the states sent.

The hub (`web.hub`) is where the phones' server and the display loop meet. Between two
frames the loop serves what the phones asked (each request played on the table as a
tap would be) and publishes the table's state for them. Over the game, the host may
open the panel (`phones.draw_phones`): its taps choose a seat's own code, free a
seat, or page through the seats; they are the panel's, never the game's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from pi_app.box.acts import FreeSeat as FreeSeatAct
from pi_app.display.canvas import Canvas
from pi_app.display.intents import Intent, Press
from pi_app.display.targets import Button, FreeSeat, SeatCode
from pi_app.i18n import Translator
from pi_app.table.protocol import GameTable
from pi_app.web.hub import Hub

if TYPE_CHECKING:
    from pi_app.web.wifi_code import Hotspot

_ = Translator("display")

Links = Callable[[str], Sequence[str]]
"""The join links for a game's secret, the one the code carries first."""


class PhonesPanel:
    """The hub the app serves, and the QR panel shown over the game."""

    def __init__(self, hub: Hub, links: Links) -> None:
        self.hub = hub
        self.links = links
        self.open = False
        self.seat: str | None = None
        """The free seat whose own code is shown (None: the code of the game)."""
        self.page = 0
        self.serving = True
        """False when the phones' server could not start: the box offers no code then."""
        self.moved = False
        """The box's addresses changed while the panel is open: set from the watcher's
        thread, cleared by the loop as it draws the panel again."""
        self.hotspot: Hotspot | None = None
        """The box's own Wi-Fi while it makes one: the panel shows its code first."""

    def handle(self, intent: Intent, table: GameTable | None) -> list[FreeSeatAct] | None:
        """The panel's own taps (None: the intent was none of them), with the acts they
        make through the core's door (the host frees a seat)."""
        match intent:
            case Press(target=Button.PHONES) if table is not None:
                self.open, self.seat, self.page = True, None, 0
            case Press(target=Button.PHONES_CLOSE):
                self.open = False
            case Press(target=Button.PHONES_MORE):
                self.page += 1
            case Press(target=FreeSeat(seat=seat)):
                return [FreeSeatAct(seat)]
            case Press(target=SeatCode(seat=seat)):
                self.seat = seat
                if self.hotspot is not None:  # the codes' page: on a small screen,
                    self.page = 0  # the seats are on pages of their own
            case _:
                return None
        return []

    def draw(self, canvas: Canvas, table: GameTable) -> None:
        """The panel over the game, with the addresses of now (the code's first)."""
        held = self.hub.held()
        chosen = self.seat if self.seat not in held else None
        links = self.links(self.hub.secret_for(table.game_id))
        seats = list(table.seats)
        from pi_app.display.phones import draw_phones  # the QR codes: once the panel opens

        draw_phones(canvas, links, seats, held, chosen, self.page, hotspot=self.hotspot)

    def site(self) -> str:
        """The box as the join code names it now, without a game's path
        (`http://ADDRESS:PORT`): its address on its own Wi-Fi while it makes one.
        The host's and the big screen's links name it the same way; asking remembers
        nothing (an open panel's `moved` is its own)."""
        from pi_app.web.reach import JoinLinks
        from pi_app.web.wifi_code import on_hotspot

        links = self.links
        first = (links.sites() if isinstance(links, JoinLinks) else links(""))[0]
        if self.hotspot is not None:
            first = on_hotspot(first, self.hotspot.address)
        return first.rpartition("/j/")[0]

    def outdated(self) -> bool:
        """Whether the panel must be drawn again: the box's addresses changed (the flag
        is then cleared). A seat taken or freed under it is a change of the core's,
        which draws the screen again by itself."""
        moved = self.moved
        self.moved = False
        return moved
