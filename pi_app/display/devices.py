"""Wiring the devices to the display: presses become pygame events, the ring a port.

The bell and the host buttons (pi_app.devices.inputs) call their listeners in the
pin's thread; here those listeners only post `BELL_EVENT` / `BUTTON_EVENT` to pygame's
queue, which wakes the display loop at once. The bell listens only while the scene on
screen asks for it (the devices' listening rule). The ring is the devices package's
ring when it offers one, else a recording stand-in.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from pi_app.display.intents import BELL_EVENT, BUTTON_EVENT, DEVICE_EVENT, post
from pi_app.effects.ring import DeviceRing, RecordingRing, RingPort

log = logging.getLogger(__name__)


@dataclass
class WiredDevices:
    """The inputs and the ring the app uses, and how to release them."""

    bell: Any = None
    buttons: list[Any] = field(default_factory=list)
    ring: RingPort | None = None
    link: Any = None
    """The link to the Pico (`devices.link.PicoLink`; None without one): the Pico's page
    closes it while it installs the firmware."""
    closers: list[Callable[[], None]] = field(default_factory=list)

    def listen_bell(self, on: bool) -> None:
        if self.bell is None:
            return
        if on:
            self.bell.listen()
        else:
            self.bell.ignore()

    def close(self) -> None:
        for close in self.closers:
            try:
                close()
            except Exception:  # closing must go on for the others
                log.exception("closing a device failed")


def post_bell(press: Any) -> None:
    """A bell listener: wake the display with the press (any thread)."""
    post(pygame.event.Event(BELL_EVENT, at=float(getattr(press, "at", 0.0))))


def post_button(press: Any) -> None:
    """A host button listener: wake the display with the button's name (any thread)."""
    post(pygame.event.Event(BUTTON_EVENT, name=str(getattr(press, "source", ""))))


def _forward(source: Any, post: Callable[[Any], None]) -> Callable[[Any], None]:
    """A listener posting each press to pygame; the input's own queue is emptied as it
    goes, since the display takes presses from its listener and never from the queue."""

    def listener(press: Any) -> None:
        source.drain()
        post(press)

    return listener


def wire(devices: Any) -> WiredDevices:
    """Connect an opened devices bundle (pi_app.devices.open_devices) to the display."""
    wired = WiredDevices(
        bell=devices.bell,
        buttons=list(devices.buttons),
        ring=DeviceRing(devices.ring),
        link=devices.link,
    )
    devices.bell.add_listener(_forward(devices.bell, post_bell))
    for button in devices.buttons:
        button.add_listener(_forward(button, post_button))
    if hasattr(devices.ring, "on_link_change"):
        devices.ring.on_link_change(lambda _up: post(pygame.event.Event(DEVICE_EVENT)))
    wired.closers.append(devices.close)
    return wired


def open_for_display(config: Any, pin_factory: Any = None, **kwargs: Any) -> WiredDevices:
    """Open the box's devices as the configuration says, wired to the display.

    Devices that cannot be opened (no GPIO access on this machine) leave the app with
    its keyboard and a ring drawn nowhere, and the reason in the log.
    """
    try:
        from pi_app.devices import open_devices

        return wire(open_devices(config, pin_factory, **kwargs))
    except Exception as error:  # the table must open even with broken devices
        log.warning("devices unavailable (%s); using the keyboard", error)
        return WiredDevices(ring=RecordingRing())
