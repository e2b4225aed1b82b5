"""The host's choices of what the box lets be heard, as kept in the journal.

Three of the host's kept choices (`acts.Remember`, `Session.settings`): the voice on or
off, the cues on or off (off for both is a silent box; the voice off alone is
"sounds only"), and one volume for both. They are read each time something plays, so a
choice made on the screen is heard at once, whoever plays.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

VOICE = "voice"
"""The voice on (True, the default) or off."""
SOUNDS = "sounds"
"""The cues on (True, the default) or off."""
VOLUME = "volume"
"""The volume of the voice and the cues, 0 to 1 (default: the configuration's)."""


def wanted(settings: Mapping[str, object], key: str) -> bool:
    """Whether the host left `key` (`VOICE`, `SOUNDS`) on: on unless chosen off."""
    return settings.get(key, True) is not False


def volume_of(settings: Mapping[str, object], default: float) -> float:
    """The volume now: the host's choice (0 to 1), else `default` (the configuration's)."""
    chosen = settings.get(VOLUME, default)
    if isinstance(chosen, bool) or not isinstance(chosen, int | float):
        return default
    return min(1.0, max(0.0, float(chosen)))


class Mode(StrEnum):
    """What the box lets be heard: (voice, sounds)."""

    ALL = "voice-and-sounds"
    SOUNDS = "sounds-only"
    SILENT = "silent"


MODES: dict[Mode, tuple[bool, bool]] = {
    Mode.ALL: (True, True),
    Mode.SOUNDS: (False, True),
    Mode.SILENT: (False, False),
}


def mode_of(settings: Mapping[str, object]) -> Mode | None:
    """The mode the kept choices make (None: the voice on with the sounds off, a mix
    only a hand-edited journal holds)."""
    chosen = (wanted(settings, VOICE), wanted(settings, SOUNDS))
    return next((mode for mode, pair in MODES.items() if pair == chosen), None)
