"""`tabletop sound check`: a sample sentence and the cues, for someone testing a speaker.

The sentence is said in the chosen language's voice (a number with its thousands and
a decimal, as the box says answers), then each cue follows after a short pause. With
`--to FILE.wav` the whole is written to that file instead of played (a box without a
speaker, a bug report); otherwise it plays on the sound device, and a box without
one says so rather than nothing.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
import wave
from array import array
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING

from pi_app.effects.sound import CUES, synthesise
from pi_app.effects.voice.render import Renderer, SpeechUnavailable
from pi_app.effects.voice.words import SAMPLE, spoken_answer
from pi_app.i18n import Translator, current_language

if TYPE_CHECKING:
    from pi_app.config import Config

_ = Translator("voice")

PAUSE = 0.3
"""Seconds of silence between the sentence and each cue."""
HEARD = ("bell", "reveal", "payout", "tick", "time-up", "error")
"""The cues played, in order."""


def sample(lang: str) -> str:
    """The sample sentence in `lang`: a grouped number and a decimal, as answers are said."""
    answer = spoken_answer(Decimal("82927922"), "people", lang)
    percent = spoken_answer(Decimal("12.5"), "percent", lang)
    return _(SAMPLE, lang=lang).format(answer=answer, percent=percent)


def checked(lang: str, renderer: Renderer) -> tuple[array[int], int]:
    """The sentence then the cues, as mono 16-bit samples, and their rate."""
    with wave.open(str(renderer.render(sample(lang), lang)), "rb") as said:
        rate = said.getframerate()
        samples = array("h", said.readframes(said.getnframes()))
    silence = array("h", bytes(2 * int(PAUSE * rate)))
    for name in HEARD:
        samples += silence + synthesise(CUES[name], rate)
    return samples, rate


def write(path: Path, samples: array[int], rate: int) -> None:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(samples.tobytes())


def play(path: Path) -> bool:
    """Play `path` on the sound device to its end; False when there is no device."""
    from pi_app.effects.sound import sound_device_present

    if not sound_device_present():
        return False
    import pygame

    try:
        pygame.mixer.init()
        sound = pygame.mixer.Sound(file=str(path))
        sound.play()
        time.sleep(sound.get_length() + 0.2)
    except pygame.error:
        return False
    finally:
        pygame.mixer.quit()
    return True


def run(args: argparse.Namespace, config: Config) -> int:
    """`tabletop sound check`: 0 when the check was played or written."""
    lang = args.speak_lang or current_language()
    try:
        samples, rate = checked(lang, Renderer())
    except SpeechUnavailable as error:
        print(_("The box cannot speak: {why}").format(why=error), file=sys.stderr)
        print(_("Install espeak-ng (apt install espeak-ng)."), file=sys.stderr)
        return 1
    seconds = len(samples) / rate
    if args.to is not None:
        write(args.to, samples, rate)
        print(_("Written: {path} ({seconds:.1f} s).").format(path=args.to, seconds=seconds))
        return 0
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "check.wav"
        write(path, samples, rate)
        print(_("Playing: {sentence}").format(sentence=sample(lang)))
        if play(path):
            return 0
    print(_("No sound device found: nothing to play on."), file=sys.stderr)
    print(_("Write the check to a file instead: tabletop sound check --to check.wav"))
    return 1
