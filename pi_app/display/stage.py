"""What the app's command handlers and its follower of changes may touch.

The app (`display.app.App`) is the one stage; the handlers (`commands`) and the
screen's follower of the session (`following`) are written against this protocol, so
neither imports the app that imports them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from pi_app.box.session import Session
from pi_app.display.message_bar import MessageBar
from pi_app.display.phones_panel import PhonesPanel
from pi_app.display.pico_firmware import PicoFirmware
from pi_app.display.scene import Ctx, Scene
from pi_app.display.screens import Screens
from pi_app.display.theme import Theme
from pi_app.effects.ring_show import RingShow
from pi_app.table.protocol import GameTable

if TYPE_CHECKING:
    from pi_app.wifi.hotspot import Hotspot, NetworkManager


class Stage(Protocol):
    """The app's parts as its handlers see them."""

    session: Session
    screens: Screens
    show: RingShow
    bar: MessageBar
    theme: Theme
    phones: PhonesPanel | None
    open_portal: Callable[[Hotspot], None] | None
    wifi: Callable[[], NetworkManager]
    pico: PicoFirmware
    running: bool
    dirty: bool

    @property
    def table(self) -> GameTable | None: ...

    @property
    def scene(self) -> Scene: ...

    @property
    def in_game(self) -> bool: ...

    def ctx(self) -> Ctx: ...

    def flash_message(self, text: str, error: bool = False) -> None: ...

    def set_large_text(self, on: bool) -> None: ...
