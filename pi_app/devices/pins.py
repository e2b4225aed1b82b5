"""The pin factory the box's pins are made with: one function, for the box and its doctor.

gpiozero builds its default pin factory on the first device (`GPIOZERO_PIN_FACTORY`,
else lgpio, RPi.GPIO, pigpio, native, the first that loads), and a library that imports
may still fail to load there (a kernel without the GPIO character device it expects,
"Unable to load any default pin factory"). So `tabletop doctor` builds the factory
through this very function instead of looking for importable libraries: it says what
the service will meet.
"""

from __future__ import annotations

from typing import Any

NAMES = {
    "LGPIOFactory": "lgpio",
    "RPiGPIOFactory": "RPi.GPIO",
    "PiGPIOFactory": "pigpio",
    "NativeFactory": "native",
    "MockFactory": "mock",
}
"""gpiozero's factories by the name its documentation and GPIOZERO_PIN_FACTORY use."""


def box_pin_factory(given: Any = None) -> Any:
    """`given` (tests: `MockFactory()`), else gpiozero's default factory, built now if
    it is not yet; raises what gpiozero raises when none loads (`BadPinFactory`)."""
    if given is not None:
        return given
    from gpiozero import Device  # type: ignore[import-untyped]

    Device.ensure_pin_factory()
    return Device.pin_factory


def factory_name(factory: Any) -> str:
    """The factory's name as gpiozero's users know it (`lgpio`...)."""
    kind = type(factory).__name__
    return NAMES.get(kind, kind)
