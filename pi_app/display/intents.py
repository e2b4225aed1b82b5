"""Intents: what a person meant, whatever they pressed.

A tap on the touch screen, a mouse click, a key of the keyboard or of a numeric keypad,
a host button wired to the Pi's GPIO and the bell all arrive as pygame events; this
module turns each into one intent, so scenes handle meanings and never devices. The
GPIO side (gpiozero callbacks, on their own threads) only posts `BELL_EVENT` and
`BUTTON_EVENT` to pygame's queue, which is safe from any thread.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass

import pygame


@dataclass(frozen=True)
class Press:
    """A tap (or click) on something a scene drew as a button."""

    target: Hashable


@dataclass(frozen=True)
class Char:
    """A character typed for an answer (digits, separators, letters)."""

    char: str


@dataclass(frozen=True)
class Erase:
    """Remove the last typed character."""


@dataclass(frozen=True)
class Enter:
    """Confirm what is on screen (Enter, the keypad's Enter, the OK host button)."""


@dataclass(frozen=True)
class Back:
    """Leave this screen (Escape, the Back host button)."""


@dataclass(frozen=True)
class Undo:
    """Take back the last action, from any scene."""


@dataclass(frozen=True)
class Redo:
    """Restore what undo took back."""


@dataclass(frozen=True)
class Move:
    """Arrow keys and Next/Previous host buttons: move the selection by `step`."""

    step: int


@dataclass(frozen=True)
class Bell:
    """The bell was pressed, at `at` seconds on the app's clock."""

    at: float


@dataclass(frozen=True)
class Quit:
    """Close the app (window closed)."""


Intent = Press | Char | Erase | Enter | Back | Undo | Redo | Move | Bell | Quit

_WOKEN = threading.Event()


def post(event: pygame.event.Event) -> None:
    """Queue an event from any thread and wake the loop at once (see `wait_events`)."""
    pygame.event.post(event)
    _WOKEN.set()


def wait_events(timeout_ms: int, blocking: bool, poll_ms: int = 20) -> list[pygame.event.Event]:
    """The next events, waiting at most `timeout_ms` for the first.

    With a video driver that can block in SDL (x11, wayland, windows, cocoa) this is
    `pygame.event.wait`. Elsewhere (kmsdrm on the Pi, dummy) SDL would wake a thousand
    times a second to look for input; instead the queue is looked at every `poll_ms`
    (a touch waits at most that long) and presses from the pins, which come through
    `post`, wake the loop at once. With no time left (0 ms) it only looks at the queue:
    `pygame.event.wait(0)` would sleep until the next input, and a message due to go
    would stay on screen until someone touched it.
    """
    if timeout_ms <= 0:
        return pygame.event.get()  # pygame.event.wait(0) would wait for ever
    if blocking:
        first = pygame.event.wait(timeout_ms)
        events = [] if first.type == pygame.NOEVENT else [first]
        return events + pygame.event.get()
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        events = pygame.event.get()
        left = deadline - time.monotonic()
        if events or left <= 0:
            return events
        if _WOKEN.wait(min(poll_ms / 1000, left)):
            _WOKEN.clear()


BELL_EVENT: int = pygame.event.custom_type()
BUTTON_EVENT: int = pygame.event.custom_type()
# A device changed (the Pico came, went, or was refused): wake the loop to look.
DEVICE_EVENT: int = pygame.event.custom_type()
WAKE_EVENT: int = pygame.event.custom_type()
"""Posted by `wake` only to wake the loop: a job is done, a phone's request waits."""


def wake() -> None:
    """Wake the loop from any thread: the one way every part does it (the jobs service,
    the phones' hub, the tournament's link, the addresses' watcher).

    The event ends a wait in SDL (x11, wayland); the flag ends the short waits of the
    drivers that poll (kmsdrm, dummy). Before the display is open there is no loop to
    wake: the flag alone is set, and the first frame shows what the work found.
    """
    _WOKEN.set()
    if pygame.display.get_init():
        pygame.event.post(pygame.event.Event(WAKE_EVENT))


# Host buttons by name (the pinout's names) and what each means.
BUTTON_INTENTS: dict[str, Intent] = {
    "undo": Undo(),
    "redo": Redo(),
    "ok": Enter(),
    "enter": Enter(),
    "confirm": Enter(),
    "next": Enter(),  # the host's "next": confirm, or move the game on
    "previous": Move(-1),
    "prev": Move(-1),
    "back": Back(),
    "menu": Back(),
}

_TYPED = set("0123456789,.-:%h ")
_KEYPAD: dict[int, str] = {
    pygame.K_KP0: "0",
    pygame.K_KP1: "1",
    pygame.K_KP2: "2",
    pygame.K_KP3: "3",
    pygame.K_KP4: "4",
    pygame.K_KP5: "5",
    pygame.K_KP6: "6",
    pygame.K_KP7: "7",
    pygame.K_KP8: "8",
    pygame.K_KP9: "9",
    pygame.K_KP_PERIOD: ",",
    pygame.K_KP_MINUS: "-",
}


def _from_key(event: pygame.event.Event, now: float) -> Intent | None:
    key = event.key
    ctrl = bool(event.mod & pygame.KMOD_CTRL)
    if ctrl and key == pygame.K_z:
        return Redo() if event.mod & pygame.KMOD_SHIFT else Undo()
    if ctrl and key == pygame.K_y:
        return Redo()
    if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
        return Enter()
    if key == pygame.K_BACKSPACE:
        return Erase()
    if key == pygame.K_ESCAPE:
        return Back()
    if key in (pygame.K_F12, pygame.K_PAUSE) or (key == pygame.K_b and ctrl):
        return Bell(now)
    if key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB):
        return Move(1)
    if key in (pygame.K_LEFT, pygame.K_UP):
        return Move(-1)
    if key in _KEYPAD:
        return Char(_KEYPAD[key])
    if key == pygame.K_SPACE:
        return Bell(now)
    text = getattr(event, "unicode", "") or ""
    if len(text) == 1 and (text in _TYPED or text.isalpha()) and not ctrl:
        return Char(text)
    return None


def normalise(
    event: pygame.event.Event, now: float, hit_at: Callable[[tuple[int, int]], Hashable | None]
) -> Intent | None:
    """The intent of one pygame event, or None when it means nothing to the table.

    `hit_at` resolves a screen position to the target drawn there; touch events come
    in normalised coordinates (0..1) and are scaled to the window first.
    """
    kind = event.type
    if kind == pygame.QUIT:
        return Quit()
    if kind == BELL_EVENT:
        return Bell(float(getattr(event, "at", now)))
    if kind == BUTTON_EVENT:
        return BUTTON_INTENTS.get(str(getattr(event, "name", "")))
    if kind == pygame.KEYDOWN:
        return _from_key(event, now)
    if kind == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
        if getattr(event, "touch", False):
            return None  # the FINGERDOWN of the same touch is handled instead
        target = hit_at(event.pos)
        return None if target is None else Press(target)
    if kind == pygame.FINGERDOWN:
        surface = pygame.display.get_surface()
        width, height = surface.get_size() if surface is not None else (800, 480)
        target = hit_at((int(event.x * width), int(event.y * height)))
        return None if target is None else Press(target)
    return None
