"""Scenes, the commands they return, and what they may read while drawing.

A scene draws the table's state and turns intents into commands; it never changes the
game itself. The only state a scene keeps is its own screen's (the digits being typed,
which seat is selected); it is thrown away when the game moves to another phase, so a
restart on the same journal shows the very same scene.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, TypeVar

import pygame

from pi_app import palette
from pi_app.box.acts import Abandon as Abandon
from pi_app.box.acts import Act
from pi_app.box.acts import CreateTournament as CreateTournament
from pi_app.box.acts import Flag as Flag
from pi_app.box.acts import JoinTournament as JoinTournament
from pi_app.box.acts import NewGame as NewGame
from pi_app.box.acts import Play as Play
from pi_app.box.acts import Redo as Redo
from pi_app.box.acts import Remember as Remember
from pi_app.box.acts import Resume as Resume
from pi_app.box.acts import SetLanguage as SetLanguage
from pi_app.box.acts import Undo as Undo
from pi_app.box.unfinished import PausedGame
from pi_app.config import timer_seconds
from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, split
from pi_app.display.icons import turn_arrow
from pi_app.display.intents import Intent
from pi_app.display.memory import ScreenMemory
from pi_app.display.targets import Button
from pi_app.display.theme import RGB, Theme
from pi_app.effects.ring_show import SandTimer
from pi_app.i18n import Translator, verbatim
from pi_app.table.protocol import GameTable

if TYPE_CHECKING:
    from pi_app.box.session import Session
    from pi_app.display.phones_panel import PhonesPanel
    from pi_app.display.pico_firmware import PicoFirmware
    from pi_app.wifi.hotspot import Hotspot, NetworkManager

_ = Translator("display")

S = TypeVar("S")


# ---- commands -------------------------------------------------------------------
#
# What changes the evening is one of the core's acts (`box.acts`), which a scene returns
# as it is: the app hands it to the core's one door. The commands below are the
# screen's own.


@dataclass(frozen=True)
class StartTimer:
    """Run the sand timer (on screen and on the ring) for `seconds`."""

    kind: str
    seconds: float


@dataclass(frozen=True)
class StopTimer:
    """Stop the sand timer."""


@dataclass(frozen=True)
class ShowFinal:
    """Show the end of the game (ranking, chart, facts) and celebrate on the ring."""


@dataclass(frozen=True)
class GoHome:
    """Show the home scene (the game in progress stays, ready to resume)."""


@dataclass(frozen=True)
class Notice:
    """Show a short message (an error is shown in the error colour)."""

    text: str
    error: bool = False


@dataclass(frozen=True)
class Redraw:
    """Draw the screen again (background work moved on)."""


@dataclass(frozen=True)
class QuitApp:
    """Close the app."""


@dataclass(frozen=True)
class WifiChanged:
    """The box's own Wi-Fi came up (`hotspot`) or went down (None): the phones' panel
    shows its code, the phones' checks are answered on its address."""

    hotspot: Hotspot | None


@dataclass(frozen=True)
class InstallFirmware:
    """Put the box's firmware on the Pico (`display.pico_firmware`): a device's act,
    the screen's own, since it changes no table and the journal records nothing of it."""


@dataclass(frozen=True)
class RenewHostKey:
    """A new host's key (`web.host_key`): every host page opened with the old one
    stops. The screen's own: the journal records nothing of it."""


@dataclass(frozen=True)
class LargeText:
    """Large text on the box's screen, or not: the host's choice, kept by the core
    (`theme.LARGE_TEXT`) and shown from the next frame on."""

    on: bool


@dataclass(frozen=True)
class OpenPage:
    """Open a page over the home (the history, a tournament to join, the Wi-Fi...):
    `make` builds its scene from the app's parts, so a new page needs no new command."""

    make: Callable[[Parts], Scene]


class Parts(Protocol):
    """What a page is built with (the app is one)."""

    @property
    def theme(self) -> Theme: ...

    @property
    def session(self) -> Session: ...

    wifi: Callable[[], NetworkManager]
    pico: PicoFirmware
    phones: PhonesPanel | None


Command = (
    Act
    | StartTimer
    | StopTimer
    | ShowFinal
    | GoHome
    | OpenPage
    | Notice
    | Redraw
    | QuitApp
    | WifiChanged
    | InstallFirmware
    | RenewHostKey
    | LargeText
)
"""What a scene asks of the app: an act for the core's one door, or one of the screen's
own commands. The union is closed: `display.commands.carry_out` handles every kind,
which mypy checks (`assert_never`)."""


# ---- what scenes read -----------------------------------------------------------


@dataclass(frozen=True)
class Ctx:
    """What a scene may read: the clock, the table (read only), the theme, the timer.

    `state` is the table's state (None without a table), or what a screen shows of
    it: a tournament's table screen reads one table of the tournament as a Cambio game.
    """

    now: float
    theme: Theme
    table: GameTable | None
    timer: SandTimer | None
    config: Mapping[str, Any]
    unfinished: Callable[[], tuple[PausedGame, ...]] = tuple
    """The unfinished games to resume, the latest played first, listed when a screen
    asks (`paused`): only the home lists them, and listing costs on every frame."""
    leds: Callable[[], Sequence[RGB]] | None = None
    """The LED ring's colours when no real LEDs show them: the top bar draws the ring."""
    phones: bool = False
    """True when phones can join: the top bar offers the QR code."""
    state: object = None
    memory: ScreenMemory = field(default_factory=ScreenMemory)
    """What the game's screens keep across scenes (`display.memory`)."""

    @property
    def paused(self) -> tuple[PausedGame, ...]:
        """The unfinished games to resume, the latest played first (the home lists them)."""
        return self.unfinished()

    def timer_seconds(self, setting: str) -> float:
        """How long the sand timer `timers.<setting>` runs (its default from the config)."""
        return timer_seconds(self.config, setting)

    def timer_of(self, kind: str) -> SandTimer | None:
        return self.timer if self.timer is not None and self.timer.kind == kind else None


def state_as(state: object, kind: type[S]) -> S:
    """`state` as the rules' class `kind`: each game's screens narrow it once, here.

    A screen only ever opens on its own game's states (`display.games.scene_for`), so
    another kind is a fault in the program, said as one.
    """
    if not isinstance(state, kind):
        raise TypeError(f"a {kind.__name__} screen was given {type(state).__name__}")
    return state


def table_of(ctx: Ctx) -> GameTable:
    """The table a game's screen shows (a game's screen is only ever up with one)."""
    if ctx.table is None:
        raise TypeError("a game's screen was drawn without a table")
    return ctx.table


class Scene:
    """A screen. Subclasses draw from `ctx` and turn intents into commands."""

    name = "scene"

    def key(self) -> Hashable:
        """Two scenes with the same key are the same screen (its own state is kept)."""
        return (type(self).__name__,)

    def draw(self, canvas: Canvas, ctx: Ctx) -> None:
        raise NotImplementedError

    def handle(self, intent: Intent, ctx: Ctx) -> Sequence[Command]:
        return ()

    def accepted(self, command: Play, ctx: Ctx) -> None:
        """The table took `command`: now the scene may clear what was typed and move on.

        Called only on success, so a refused answer stays on screen, on the same seat,
        to be corrected rather than typed again.
        """

    def wants_bell(self, ctx: Ctx) -> bool:
        """Whether this scene listens to the bell (presses are dropped otherwise)."""
        return False

    def poll(self, ctx: Ctx) -> Sequence[Command]:
        """Commands from background work that finished (the engine's move)."""
        return ()

    def timeout(self, kind: str, ctx: Ctx) -> Sequence[Command]:
        """What to do when the sand timer of `kind` runs out (a timer whose end the rules
        declare is the box's to carry out: `box.time_up`)."""
        return ()

    def colours(self, ctx: Ctx) -> tuple[int, ...]:
        """Each seat's palette index: the colours the game began with (`table_colours`)."""
        return table_colours(ctx.table)


def table_colours(table: GameTable | None) -> tuple[int, ...]:
    """The palette index of each seat of `table`, kept in its extras; () for the defaults."""
    return () if table is None else palette.table_colours(table.extras)


# ---- shared pieces of game screens --------------------------------------------------


class BarButton(NamedTuple):
    """One of the top bar's buttons; `icon` ones are drawn as an arrow, not a word."""

    label: str
    target: Button
    enabled: bool
    icon: bool = False


def chrome(canvas: Canvas, ctx: Ctx, title: str, undo: bool = True) -> pygame.Rect:
    """The top bar of a game screen (title, Menu, Undo, Redo); returns the content area
    below. Undo and Redo are drawn on every game screen, each enabled only when the
    table can, so they never move under the finger."""
    t = canvas.theme
    area = canvas.rect.inflate(-2 * t.pad, -2 * t.pad)
    bar, body = split(area, t.button_h, t.gap)
    buttons = bar_buttons(canvas, ctx, undo)
    widths = [bar_button_width(canvas, button) for button in buttons]
    used = sum(widths) + t.gap * (len(widths) - 1)
    label_box, right = split(bar, bar.width - used - t.gap, t.gap, vertical=False)
    leds = ctx.leds
    if leds is not None:
        label_box, slot = split(
            label_box, label_box.width - bar.height - t.gap, t.gap, vertical=False
        )
        canvas.animate(slot, lambda c, _now: draw_ring(c, slot, leds()))
    if ctx.phones:
        label_box, qr = split(
            label_box, label_box.width - bar.height - t.gap, t.gap, vertical=False
        )
        canvas.button(qr, verbatim("QR"), Button.PHONES)
    canvas.text(title, label_box, t.title, th.TEXT, align="left")
    canvas.message_place = label_box  # a message takes the title's place (message_bar)
    x = right.x
    for button, width in zip(buttons, widths, strict=True):
        place = pygame.Rect(x, right.y, width, right.height)
        draw_bar_button(canvas, place, button)
        x += width + t.gap
    return body


def draw_bar_button(canvas: Canvas, place: pygame.Rect, button: BarButton) -> None:
    """A top-bar button: its word, or its arrow in the colour its word would have."""
    label = "" if button.icon else button.label
    canvas.button(place, label, button.target, enabled=button.enabled)
    if button.icon:
        ink = th.ink_for(th.PANEL_HI) if button.enabled else th.MUTED
        turn_arrow(canvas, place, ink, forward=button.target == Button.REDO)


def bar_buttons(canvas: Canvas, ctx: Ctx, undo: bool = True) -> list[BarButton]:
    """The top bar's buttons, right to left of the title: Menu, then Undo and Redo,
    as arrows on the small screen (`display.icons` says why)."""
    table = ctx.table
    buttons = [BarButton(_("Menu"), Button.MENU, True)]
    if undo:
        arrows = canvas.theme.width < 800
        buttons.append(
            BarButton(_("Undo"), Button.UNDO, table is not None and table.can_undo, arrows)
        )
        buttons.append(
            BarButton(_("Redo"), Button.REDO, table is not None and table.can_redo, arrows)
        )
    return buttons


def title_room(canvas: Canvas, ctx: Ctx, undo: bool = True) -> int:
    """The width `chrome` leaves its title, as `chrome` lays out its bar: the bar less
    its buttons, the drawn ring and the phones' button when they are shown."""
    t = canvas.theme
    bar = split(canvas.rect.inflate(-2 * t.pad, -2 * t.pad), t.button_h, t.gap)[0]
    buttons = bar_buttons(canvas, ctx, undo)
    used = sum(bar_button_width(canvas, b) for b in buttons) + t.gap * (len(buttons) - 1)
    slots = (ctx.leds is not None) + bool(ctx.phones)
    return bar.width - used - t.gap - slots * (bar.height + t.gap)


def bar_button_width(canvas: Canvas, button: BarButton) -> int:
    """A top-bar button as wide as its label needs, and never narrower than a finger:
    two bar heights on the large display (so its buttons match), one and a half on the
    small one, where the title needs every pixel the buttons leave; an arrow, a finger."""
    t = canvas.theme
    finger = t.button_h * 2 if t.width >= 800 else t.button_h * 3 // 2
    if button.icon:
        return finger
    return max(finger, canvas.fonts.font(t.small).size(button.label)[0] + t.pad + t.gap)


def draw_ring(canvas: Canvas, box: pygame.Rect, pixels: Sequence[RGB]) -> None:
    """The LED ring drawn on screen: one dot per LED, LED 0 just clockwise of the top."""
    canvas.fill(th.BACKGROUND, box)
    count = max(1, len(pixels))
    radius = min(box.width, box.height) / 2 - 3
    dot = max(2, int(radius * math.pi / count))
    for index, colour in enumerate(pixels):
        angle = 2 * math.pi * (index + 0.5) / count - math.pi / 2
        centre = (box.centerx + radius * math.cos(angle), box.centery + radius * math.sin(angle))
        shown = colour if any(colour) else (40, 44, 52)
        pygame.draw.circle(canvas.surface, shown, centre, dot)


def seat_label(canvas: Canvas, box: pygame.Rect, name: str, index: int, extra: str = "") -> None:
    """A seat's colour patch with its name (and `extra`, such as a score) beside it."""
    t = canvas.theme
    patch = pygame.Rect(box.x, box.y, max(10, box.height // 3), box.height)
    canvas.seat_swatch(patch.inflate(0, -box.height // 4), index)
    rest = pygame.Rect(patch.right + t.gap, box.y, box.width - patch.width - t.gap, box.height)
    if extra:
        # the extra (a score) takes only the room it needs, so long names stay whole
        needed = canvas.fonts.font(t.small).size(extra)[0] + 2
        extra_w = min(rest.width * 2 // 5, max(needed, rest.width // 6))
        name_box, extra_box = split(rest, rest.width - extra_w - t.gap, t.gap, vertical=False)
        canvas.text(name, name_box, t.small, th.TEXT, align="left")
        canvas.text(extra, extra_box, t.small, th.TEXT, align="right")
    else:
        canvas.text(name, rest, t.small, th.TEXT, align="left")


def sand_timer(canvas: Canvas, ctx: Ctx, box: pygame.Rect, kind: str, setting: str) -> None:
    """The sand timer of `kind`; while it is not running, its configured length."""
    label = _("{n} s").format(n=int(ctx.timer_seconds(setting)))
    timer_widget(canvas, box, ctx.timer_of(kind), label)


def timer_widget(canvas: Canvas, box: pygame.Rect, timer: SandTimer | None, label: str) -> None:
    """The sand timer: seconds left and a draining bar, animated while it runs."""
    t = canvas.theme

    def paint(c: Canvas, now: float) -> None:
        c.fill(th.PANEL, box)
        if timer is None:
            return
        left = timer.remaining(now)
        bar_h = max(6, box.height // 6)
        track = pygame.Rect(box.x, box.bottom - bar_h, box.width, bar_h)
        fill = pygame.Rect(track.x, track.y, int(track.width * timer.fraction(now)), bar_h)
        colour = th.BAD if left <= 5 else th.WARN
        pygame.draw.rect(c.surface, colour, fill)
        text_box = pygame.Rect(box.x, box.y, box.width, box.height - bar_h)
        c.text(_("{n} s").format(n=int(left + 0.999)), text_box, t.small, colour)

    if timer is None:
        canvas.fill(th.PANEL, box)
        canvas.text(label, box, t.small, th.MUTED)
        return
    canvas.animate(box, paint)
