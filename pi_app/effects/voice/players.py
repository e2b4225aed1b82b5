"""Where the box's speech is heard: a player port, as the ring has its `RingPort`.

`MixerSpeech` plays on a channel of pygame's mixer kept for speech, so the cues (the
bell, the payout) never cut a sentence and a sentence never cuts them. Loading a
rendered WAV into the mixer happens off the loop (`load`, on the jobs' worker);
`play` and `stop` are what the loop does. `RecordingSpeech` keeps what it was asked,
with the time (tests, and the benches' figures). A box without a sound device has
no player at all: the voice then renders nothing.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

log = logging.getLogger(__name__)


class SpeechPlayer(Protocol):
    """What plays the box's speech."""

    def load(self, wav: Path) -> object:
        """The rendered WAV made ready to play (called off the loop)."""

    def play(self, clip: object, volume: float) -> None:
        """Say `clip` after what is being said now (on the loop)."""

    def stop(self) -> None:
        """Stop what is said, and forget what waits (an undo took the moment back)."""


class RecordingSpeech:
    """A player that keeps what it was asked: ("play", wav, volume, time) or ("stop",)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.calls: list[tuple[Any, ...]] = []

    def load(self, wav: Path) -> object:
        return wav

    def play(self, clip: object, volume: float) -> None:
        self.calls.append(("play", clip, volume, self.clock()))

    def stop(self) -> None:
        self.calls.append(("stop", self.clock()))

    @property
    def played(self) -> list[Path]:
        """The WAV files played, in order."""
        return [call[1] for call in self.calls if call[0] == "play"]


class MixerSpeech:
    """Speech on a channel of pygame's mixer reserved for it (the mixer is open)."""

    def __init__(self) -> None:
        import pygame

        self._pygame = pygame
        pygame.mixer.set_reserved(1)  # channel 0 is the voice's: a cue never takes it
        self.channel = pygame.mixer.Channel(0)

    def load(self, wav: Path) -> object:
        return self._pygame.mixer.Sound(file=str(wav))

    def play(self, clip: object, volume: float) -> None:
        if not isinstance(clip, self._pygame.mixer.Sound):
            return
        try:
            clip.set_volume(volume)
            if self.channel.get_busy():
                self.channel.queue(clip)  # after the sentence being said
            else:
                self.channel.play(clip)
        except self._pygame.error as error:
            log.info("speech not played: %s", error)

    def stop(self) -> None:
        try:
            self.channel.stop()  # the queued sentence goes with it
        except self._pygame.error as error:
            log.info("speech not stopped: %s", error)


def open_speech() -> SpeechPlayer | None:
    """The mixer's speech player when the mixer is open (the cues opened it), else None:
    a box without a sound device says nothing."""
    try:
        import pygame

        if not pygame.mixer.get_init():
            return None
        return MixerSpeech()
    except Exception as error:  # no mixer: the box plays on silently
        log.info("no speech: %s", error)
        return None
