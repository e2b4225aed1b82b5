"""Short sound cues, synthesised in code when the app starts.

The cues are original: sine tones with a quick attack and an exponential decay, built
as 16-bit samples with the `array` module (no sound files, no extra dependency). A box
without a sound device, or with `sound.mute`, runs silently: every failure to open the
mixer leaves a `Sounds` that does nothing. The host's volume (`"volume"`, kept with
`acts.Remember`) is read as each cue plays, so a choice made on the screen is heard
at once.
"""

from __future__ import annotations

import logging
import math
import os
import sys
from array import array
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pygame

from pi_app.effects.hearing import volume_of

log = logging.getLogger(__name__)

RATE = 22050

# cue -> notes (frequency in Hz, duration in s, start in s)
CUES: dict[str, Sequence[tuple[float, float, float]]] = {
    "bell": ((1318.5, 0.35, 0.0), (1760.0, 0.30, 0.0), (2637.0, 0.25, 0.0)),
    "tick": ((880.0, 0.08, 0.0),),
    "time-up": ((523.3, 0.18, 0.0), (392.0, 0.18, 0.2), (261.6, 0.35, 0.4)),
    "payout": ((523.3, 0.12, 0.0), (659.3, 0.12, 0.1), (784.0, 0.12, 0.2), (1046.5, 0.3, 0.3)),
    "reveal": ((659.3, 0.1, 0.0), (987.8, 0.25, 0.08)),
    "error": ((196.0, 0.2, 0.0),),
}


def synthesise(notes: Sequence[tuple[float, float, float]], rate: int = RATE) -> array[int]:
    """Mono 16-bit samples of `notes` mixed together."""
    length = int(rate * max(start + duration for _f, duration, start in notes)) + 1
    mix = [0.0] * length
    for frequency, duration, start in notes:
        first = int(start * rate)
        count = int(duration * rate)
        for i in range(count):
            t = i / rate
            envelope = min(1.0, t / 0.005) * math.exp(-5.0 * t / duration)
            mix[first + i] += envelope * math.sin(2 * math.pi * frequency * t)
    peak = max(1e-9, max(abs(v) for v in mix))
    scale = 0.8 * 32767 / max(1.0, peak)
    return array("h", (int(v * scale) for v in mix))


def _interleave(samples: array[int], channels: int) -> bytes:
    if channels == 1:
        return samples.tobytes()
    out = array("h", bytes(2 * channels * len(samples)))
    for c in range(channels):
        out[c::channels] = samples
    return out.tobytes()


def sound_device_present(
    environ: Mapping[str, str] = os.environ,
    cards: Path = Path("/proc/asound/cards"),
    platform: str = sys.platform,
) -> bool:
    """Whether opening the mixer can find a device, asked before opening it.

    On a Linux box with no sound card and no sound server, opening the mixer makes the
    ALSA library print errors of its own on the console; the box is meant to run
    silently instead. An explicit `SDL_AUDIODRIVER` is always trusted.
    """
    if environ.get("SDL_AUDIODRIVER") or not platform.startswith("linux"):
        return True
    runtime = environ.get("XDG_RUNTIME_DIR")
    if runtime and any((Path(runtime) / n).exists() for n in ("pulse/native", "pipewire-0")):
        return True
    try:
        listing = cards.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False
    return "no soundcards" not in listing and bool(listing.strip())


class Sounds:
    """The cues, ready to play; silent when there is no sound device or sound is muted."""

    def __init__(
        self, config: Mapping[str, Any], settings: Mapping[str, object] | None = None
    ) -> None:
        self.volume = float(config.get("sound.volume", 0.7))
        self.settings: Mapping[str, object] = {} if settings is None else settings
        """The host's kept choices, where its volume is (the session's)."""
        self.muted = bool(config.get("sound.mute", False))
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        if self.muted or self.volume <= 0 or not sound_device_present():
            return
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(RATE, -16, 1, 512)
            init = pygame.mixer.get_init()
            if not init:
                return
            rate, size, channels = init
            if abs(size) != 16:
                return
            for name, notes in CUES.items():
                sound = pygame.mixer.Sound(buffer=_interleave(synthesise(notes, rate), channels))
                sound.set_volume(self.volume)
                self._sounds[name] = sound
        except (pygame.error, OSError, ValueError) as error:
            log.info("no sound: %s", error)
            self._sounds.clear()

    @property
    def available(self) -> bool:
        return bool(self._sounds)

    def play(self, name: str) -> None:
        """Play a cue (nothing happens when sound is unavailable)."""
        sound = self._sounds.get(name)
        if sound is None:
            return
        try:
            sound.set_volume(volume_of(self.settings, self.volume))
            sound.play()
        except pygame.error as error:
            log.info("cannot play %s: %s", name, error)
