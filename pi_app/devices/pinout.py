"""The pinout: which GPIO the bell and buttons use, the Pico's USB ids, the ring's size.

Read from `hardware/pinout.toml` (the wheel carries it in `pi_app/bundled/`), or from
the file the configuration key "pinout" names.
The built-in `DEFAULT_PINOUT` equals the bundled file (a test checks it), so an
installation without the hardware directory still knows the standard wiring.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pi_app.bundled import bundled_path
from pi_app.errors import describe
from pi_app.i18n import Translator, verbatim

_ = Translator("devices")

BUNDLED_PINOUT = bundled_path("hardware/pinout.toml")


class PinoutError(ValueError):
    """A pinout file that cannot be used; the message names the file and the key."""


@dataclass(frozen=True)
class Pinout:
    bell: int = 17
    next: int = 27
    undo: int = 22
    pico_data_pin: int = 0
    usb_vid: int = 0x2E8A
    usb_pid: int = 0x0005
    baudrate: int = 115200
    leds: int = 24
    brightness_cap: int = 96
    colour_order: str = "GRB"


DEFAULT_PINOUT = Pinout()

# field -> (TOML table, key, lowest, highest)
_PLACES: dict[str, tuple[str, str, int, int]] = {
    "bell": ("pi", "bell", 2, 27),
    "next": ("pi", "next", 2, 27),
    "undo": ("pi", "undo", 2, 27),
    "pico_data_pin": ("pico", "data_pin", 0, 28),
    "usb_vid": ("pico", "usb_vid", 0, 0xFFFF),
    "usb_pid": ("pico", "usb_pid", 0, 0xFFFF),
    "baudrate": ("pico", "baudrate", 300, 4_000_000),
    "leds": ("ring", "leds", 4, 240),
    "brightness_cap": ("ring", "brightness_cap", 1, 255),
}
_ORDERS = ("RGB", "GRB", "BRG", "RBG", "GBR", "BGR")


def pinout_path(setting: str) -> Path:
    """The file the configuration key "pinout" designates ("" = the bundled one)."""
    return Path(setting).expanduser() if setting else BUNDLED_PINOUT


def parse_pinout(data: dict[str, Any], where: str) -> Pinout:
    """A Pinout from parsed TOML; missing keys keep their default, bad ones are refused."""
    values: dict[str, Any] = {}
    known = {
        table: {key for t, key, _lo, _hi in _PLACES.values() if t == table}
        for table in ("pi", "pico", "ring")
    }
    known["ring"].add("colour_order")
    for table, entries in data.items():
        if table not in known or not isinstance(entries, dict):
            raise PinoutError(_("{file}: unknown table [{table}]").format(file=where, table=table))
        for key in entries:
            if key not in known[table]:
                raise PinoutError(
                    _("{file}: unknown key {key}").format(file=where, key=f"{table}.{key}")
                )
    for name, (table, key, low, high) in _PLACES.items():
        value = data.get(table, {}).get(key)
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise PinoutError(
                _("{file}: {key} must be a whole number from {low} to {high}").format(
                    file=where, key=f"{table}.{key}", low=low, high=high
                )
            )
        values[name] = value
    order = data.get("ring", {}).get("colour_order")
    if order is not None:
        if order not in _ORDERS:
            raise PinoutError(
                _("{file}: {key} must be one of: {allowed}").format(
                    file=where, key=verbatim("ring.colour_order"), allowed=", ".join(_ORDERS)
                )
            )
        values["colour_order"] = order
    pinout = Pinout(**values)
    if pinout.leds % 4:
        raise PinoutError(
            _("{file}: {key} must be a multiple of 4").format(file=where, key=verbatim("ring.leds"))
        )
    buttons = [pinout.bell, pinout.next, pinout.undo]
    if len(set(buttons)) != len(buttons):
        raise PinoutError(
            _("{file}: the bell and the buttons need three different pins").format(file=where)
        )
    return pinout


def load_pinout(setting: str = "") -> Pinout:
    """The pinout in force: the named or bundled file, or the defaults if it is absent.

    An absent bundled file falls back to the defaults (an installed package without the
    hardware directory); a file named in the configuration must exist.
    """
    path = pinout_path(setting)
    if not path.is_file():
        if setting:
            raise PinoutError(_("{file}: no such pinout file").format(file=path))
        return DEFAULT_PINOUT
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise PinoutError(
            _("{file}: cannot read the pinout: {error}").format(file=path, error=describe(error))
        ) from error
    return parse_pinout(data, str(path))
