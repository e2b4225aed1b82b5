"""Text to a WAV file, with Debian's espeak-ng, off the loop.

The command (`espeak-ng -v VOICE -w FILE TEXT`) rather than its library: no binding
to build, the same program a user tries at a shell, and a fault of the synthesiser is
a failed process, never a crash of the box. Each language has its own voice
(`VOICES`). A sentence said once is kept (`Renderer.cache`, keyed by voice and
text): the countdown's numbers and "all answers are in" come back every round and
are then ready at once. Called on a worker of the jobs service only: a rendering
takes tens of milliseconds on a laptop, more on a Pi; the synthesiser runs at a lower
priority than the box, so a busy Pi draws the bell's STOP first.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path

VOICES: dict[str, str] = {"fr": "fr", "de": "de", "en": "en-gb"}
"""espeak-ng's voice for each language of the box."""
PROGRAM = "espeak-ng"
WORDS_PER_MINUTE = 165
"""A little slower than espeak-ng's 175: a table listens across the noise of a game."""
RENDER_SECONDS = 20.0
"""The longest a rendering may take before it counts as failed."""
NICENESS = 10
"""How much lower the synthesiser's priority is than the box's."""
MAX_CHARS = 600
"""The longest text said at once (a question is at most 400 characters)."""


class SpeechUnavailable(RuntimeError):
    """The synthesiser is missing or failed: the box says nothing, and plays on."""


def synthesiser() -> str | None:
    """Where espeak-ng is on this machine, or None."""
    return shutil.which(PROGRAM)


class Renderer:
    """Renders text to WAV files in `folder` (a temporary one by default), once each."""

    def __init__(self, folder: Path | None = None, program: str | None = None) -> None:
        self._folder = folder
        self._own: Path | None = None
        """The temporary folder made for this renderer, removed by `close`."""
        self._lock = threading.Lock()
        """Two workers rendering at once make the folder once."""
        self.program = program or synthesiser()

    @property
    def folder(self) -> Path:
        """Where the renderings are kept: made on first use (a box that never speaks
        leaves nothing behind)."""
        with self._lock:
            if self._folder is None:
                self._folder = self._own = Path(tempfile.mkdtemp(prefix="tabletop-voice-"))
            self._folder.mkdir(parents=True, exist_ok=True)
            return self._folder

    def close(self) -> None:
        """Remove the temporary folder this renderer made, with its renderings."""
        with self._lock:
            if self._own is not None:
                shutil.rmtree(self._own, ignore_errors=True)
                self._folder = self._own = None

    @property
    def available(self) -> bool:
        return self.program is not None

    def cached(self, text: str, lang: str) -> Path:
        """Where the rendering of `text` in `lang` is kept (whether made yet or not)."""
        voice = VOICES.get(lang, VOICES["en"])
        digest = hashlib.sha256(f"{voice}\n{text}".encode()).hexdigest()[:24]
        return self.folder / f"{voice}-{digest}.wav"

    def render(self, text: str, lang: str) -> Path:
        """The WAV file of `text` said in `lang`'s voice (`SpeechUnavailable` if not)."""
        if self.program is None:
            raise SpeechUnavailable(f"{PROGRAM} is not installed")
        target = self.cached(text[:MAX_CHARS], lang)
        if target.exists():
            return target
        partial = target.with_name(f"{target.stem}-{threading.get_ident()}.part")  # per worker
        voice = VOICES.get(lang, VOICES["en"])
        command = [self.program, "-v", voice, "-s", str(WORDS_PER_MINUTE), "-w", str(partial)]
        try:
            code, why = _run([*command, "--", text[:MAX_CHARS]])
        except (OSError, subprocess.TimeoutExpired) as error:
            raise SpeechUnavailable(f"{PROGRAM}: {error}") from error
        if code != 0 or not partial.exists():
            raise SpeechUnavailable(f"{PROGRAM} failed ({code}): {why}")
        partial.replace(target)  # whole or absent: a rendering cut short is never played
        return target


def _run(command: list[str]) -> tuple[int, str]:
    """Run the synthesiser at a lower priority than the box (`NICENESS`): on a busy Pi
    the frame and the bell come first. Its exit code, and what it said on failing."""
    with subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE) as child:
        with contextlib.suppress(OSError):  # gone already: nothing to lower
            lower = min(19, os.getpriority(os.PRIO_PROCESS, 0) + NICENESS)
            os.setpriority(os.PRIO_PROCESS, child.pid, lower)
        try:
            _out, err = child.communicate(timeout=RENDER_SECONDS)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()
            raise
    return child.returncode, err.decode(errors="replace").strip()[:200]
