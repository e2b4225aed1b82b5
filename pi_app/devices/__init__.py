"""The box's devices: the bell, the host buttons and the LED ring, real or simulated.

The program calls `open_devices(config)` once and gets a `Devices` bundle. The
configuration key "hardware" picks the backends:

- "pi": gpiozero pins for the bell and buttons (pins from the pinout), the ring
  through the Pico link (found by USB id, reconnecting by itself);
- "sim": no GPIO and no serial port at all; the bell and buttons are pressed from the
  keyboard (`press_from_keyboard()`), the ring is computed for the display to draw;
- "auto" (default): "pi" on a Raspberry Pi (/proc/device-tree/model), else "sim".

See inputs.py (BellButton, HostButton), ring.py (LedRing) and link.py (PicoLink).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pi_app.devices import sdnotify
from pi_app.devices.inputs import BellButton, ButtonPress, HostButton, PressInput
from pi_app.devices.pinout import Pinout, PinoutError, load_pinout
from pi_app.devices.pins import box_pin_factory
from pi_app.devices.ring import LedRing, MockRing, PicoRing, RingBackend, SimRing
from pi_app.i18n import Translator, verbatim

if TYPE_CHECKING:
    from pi_app.devices.link import PicoLink, PortSpec

__all__ = [
    "BellButton",
    "ButtonPress",
    "Devices",
    "DevicesError",
    "HostButton",
    "LedRing",
    "MockRing",
    "PicoLink",
    "PicoRing",
    "Pinout",
    "PinoutError",
    "PressInput",
    "SimRing",
    "choose_hardware",
    "is_raspberry_pi",
    "open_devices",
    "sdnotify",
]

_ = Translator("devices")
log = logging.getLogger(__name__)

MODEL_FILE = Path("/proc/device-tree/model")


class DevicesError(RuntimeError):
    """Devices that cannot be opened, with a message saying what to do."""


@dataclass
class Devices:
    """Everything the table talks to. `link` is None in the simulator."""

    hardware: str  # "pi" or "sim"
    pinout: Pinout
    bell: BellButton
    next: HostButton
    undo: HostButton
    ring: LedRing
    link: PicoLink | None = None

    @property
    def buttons(self) -> tuple[HostButton, HostButton]:
        return (self.next, self.undo)

    def close(self) -> None:
        for item in (self.bell, self.next, self.undo):
            item.close()
        self.ring.close()


def __getattr__(name: str) -> Any:
    """`PicoLink`, imported on first use (pyserial and the frames: a box with a Pico)."""
    if name == "PicoLink":
        from pi_app.devices.link import PicoLink

        return PicoLink
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def is_raspberry_pi(model_file: Path = MODEL_FILE) -> bool:
    """True on a Raspberry Pi (its device tree names the model)."""
    try:
        return "Raspberry Pi" in model_file.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False


def choose_hardware(setting: str, model_file: Path = MODEL_FILE) -> str:
    """ "pi" or "sim" from the configuration's "hardware" value (auto|pi|sim)."""
    if setting == "auto":
        return "pi" if is_raspberry_pi(model_file) else "sim"
    if setting not in ("pi", "sim"):
        raise DevicesError(
            _("hardware must be one of: {allowed}").format(allowed=verbatim("auto, pi, sim"))
        )
    return setting


def open_devices(
    config: Mapping[str, Any] | Any,
    pin_factory: Any = None,
    *,
    port: PortSpec = None,
    ring_backend: RingBackend | None = None,
    model_file: Path = MODEL_FILE,
) -> Devices:
    """Open the bell, the buttons and the ring the configuration asks for.

    `pin_factory` (gpiozero) replaces the default pins (`pins.box_pin_factory`), e.g.
    `MockFactory()` in tests;
    `port` overrides the Pico's port (a path, a pyserial URL, or a callable);
    `ring_backend` replaces the ring's backend (e.g. `MockRing()`).
    """
    pinout = load_pinout(config["pinout"])
    hardware = choose_hardware(config["hardware"], model_file)
    if hardware == "sim":
        backend = ring_backend or SimRing(pinout.leds)
        return Devices(
            "sim",
            pinout,
            BellButton(),
            HostButton("next"),
            HostButton("undo"),
            LedRing(backend, pinout.leds, pinout.brightness_cap),
        )
    from gpiozero.exc import GPIOZeroError  # type: ignore[import-untyped]

    opened: list[PressInput] = []
    try:
        pin_factory = box_pin_factory(pin_factory)  # the one `tabletop doctor` builds
        bell = BellButton(pinout.bell, pin_factory=pin_factory)
        opened.append(bell)
        next_button = HostButton("next", pinout.next, pin_factory=pin_factory)
        opened.append(next_button)
        undo = HostButton("undo", pinout.undo, pin_factory=pin_factory)
    except GPIOZeroError as error:
        for item in opened:
            item.close()
        raise DevicesError(
            _('cannot use the GPIO pins ({error}); without them, set hardware = "sim"').format(
                error=error
            )
        ) from error
    link = None
    if ring_backend is None:
        from pi_app.devices.link import PicoLink  # the serial link: a box with a Pico

        link = PicoLink(port, vid=pinout.usb_vid, pid=pinout.usb_pid, baudrate=pinout.baudrate)
        ring_backend = PicoRing(link)
    ring = LedRing(ring_backend, pinout.leds, pinout.brightness_cap)
    if link is not None:
        link.start()
    return Devices("pi", pinout, bell, next_button, undo, ring, link)
