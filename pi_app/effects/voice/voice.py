"""The box's voice: a listener of the core's changes that says the table's moments.

Whatever moved the table (a tap, a phone, the host's phone, the bell of a box with no
screen, a redo), the change is told here as to every listener, and the voice says
what the room must hear: the round's question, all answers in, the true answer and
its source, who won the round, Cambio's STOP, its ringer and its scored hand, the
computer's move, the winner of the game, and the sand timer's last ten seconds. The
words are the game's (`speech`) and the language the box's.

Nothing here may delay the frame: a change only queues its lines; `start` (called by
the loop after the frame is presented, `assembly.Box.publish`) hands each to the jobs
service, which renders it with espeak-ng and loads it off the loop; the loop plays
it when the job is drained, in the order the lines were queued. An undo (or another
game at the table) takes the moment back: what is being said stops, and renderings
not yet played are dropped (`Jobs.cancel`).

The host's choices (`hearing`) turn it off and set its volume, read as a line is said.
"""

from __future__ import annotations

import logging
import math
from collections import deque
from collections.abc import Callable, Mapping
from functools import partial

from pi_app.box.changes import (
    Change,
    Changes,
    Left,
    Paused,
    Played,
    Redone,
    Seated,
    TableChange,
    Undone,
)
from pi_app.box.jobs import Jobs
from pi_app.effects.hearing import VOICE, volume_of, wanted
from pi_app.effects.ring_show import SandTimer
from pi_app.effects.voice.players import SpeechPlayer
from pi_app.effects.voice.render import Renderer
from pi_app.effects.voice.speech import speech_of
from pi_app.effects.voice.words import TEN_SECONDS, Line, said, winner_line
from pi_app.i18n import current_language
from pi_app.rules.moments import ENDED

log = logging.getLogger(__name__)

COUNTDOWN = 10
"""The sand timer's last seconds said aloud."""
TIMINGS_KEPT = 256


class Voice:
    """Says the table's moments; silent without a player or a synthesiser."""

    def __init__(
        self,
        changes: Changes,
        jobs: Jobs,
        settings: Mapping[str, object],
        clock: Callable[[], float],
        *,
        volume: float = 0.7,
        renderer: Renderer | None = None,
        player: SpeechPlayer | None = None,
    ) -> None:
        self.jobs, self.settings, self.clock = jobs, settings, clock
        self.volume = volume
        """The volume when the host chose none (the configuration's `sound.volume`)."""
        self.renderer = renderer or Renderer()
        self.player = player
        """Where speech is heard (opened by the loop that runs; None: silent)."""
        self._pending: list[tuple[Line, float]] = []
        self._ahead: list[Line] = []
        self._issued = 0
        self._next = 0
        self._ready: dict[int, tuple[str, float, object | None]] = {}
        self._counted: tuple[SandTimer, int] | None = None
        self.timings: deque[tuple[str, float]] = deque(maxlen=TIMINGS_KEPT)
        """(kind, seconds from the change to the start of its playing), the latest last."""
        self.unsubscribe = changes.subscribe(self.changed, TableChange, Seated, Paused, Left)

    @property
    def on(self) -> bool:
        """Whether the voice speaks: a player, a synthesiser, and the host's choice."""
        speaks = wanted(self.settings, VOICE)
        return speaks and self.player is not None and self.renderer.available

    # ---- what is said ---------------------------------------------------------------

    def changed(self, change: Change) -> None:
        match change:
            case Undone() | Seated() | Paused() | Left():
                self.silence()
            case Played() | Redone():
                self._moments(change)
            case _:
                pass  # a tournament's news is the other boxes' to say

    def _moments(self, change: TableChange) -> None:
        lang = current_language()
        speech = speech_of(change.table.game.name)
        for line in speech.lines(change, lang):
            self.say(line)
        if self.on:
            self._ahead += speech.ahead(change, lang)
        outcome = change.table.outcome() if ENDED in change.moments else None
        won = None if outcome is None else winner_line(outcome.winners, lang)
        if won is not None:
            self.say(won)

    def countdown(self, timer: SandTimer | None, now: float) -> None:
        """The sand timer's last ten seconds, one number each second (the loop asks at
        each of its frames)."""
        if timer is None or timer.done(now):
            return
        whole = math.ceil(timer.remaining(now))
        if whole > COUNTDOWN or self._counted == (timer, whole):
            return
        self._counted = (timer, whole)
        lang = current_language()
        if whole == COUNTDOWN:
            self.say(said("countdown", TEN_SECONDS, lang))
        else:
            self.say(Line("countdown", str(whole), lang))

    def say(self, line: Line) -> None:
        """Queue `line`, said once the frame is presented (`start`)."""
        if self.on:
            self._pending.append((line, self.clock()))

    # ---- after the frame ------------------------------------------------------------

    def start(self) -> None:
        """Hand the queued lines to the jobs service (after the frame: never before
        the bell's STOP is shown)."""
        ahead, self._ahead = self._ahead, []
        for line in ahead:  # rendered now, said later from the renderer's keeping
            self.jobs.run(
                partial(self.renderer.render, line.text, line.lang),
                _kept,
                _kept,
                shown=False,
                owner=self,
                group="ahead",
            )
        pending, self._pending = self._pending, []
        for line, at in pending:
            number, self._issued = self._issued, self._issued + 1
            self.jobs.run(
                partial(self._rendered, line),
                partial(self._ready_to_play, number, line.kind, at),
                partial(self._failed, number, line.kind, at),
                shown=False,
                owner=self,
                group="speech",
            )

    def _rendered(self, line: Line) -> object:
        """On a worker: the line rendered to WAV and loaded for the player."""
        player = self.player
        if player is None:
            return None
        return player.load(self.renderer.render(line.text, line.lang))

    def _failed(self, number: int, kind: str, at: float, error: BaseException) -> None:
        log.info("not said (%s): %s", kind, error)
        self._ready_to_play(number, kind, at, None)

    def _ready_to_play(self, number: int, kind: str, at: float, clip: object | None) -> None:
        """A rendering is ready (on the loop): play every line ready in queued order."""
        self._ready[number] = (kind, at, clip)
        while self._next in self._ready:
            kind, at, clip = self._ready.pop(self._next)
            self._next += 1
            if clip is not None and self.player is not None and self.on:
                self.player.play(clip, volume_of(self.settings, self.volume))
                self.timings.append((kind, self.clock() - at))

    def close(self) -> None:
        """The box stops: nothing more is said, and the renderings go."""
        self.silence()
        self.unsubscribe()
        self.renderer.close()

    def silence(self) -> None:
        """Stop what is said and drop what waits (an undo, another game at the table)."""
        self._pending.clear()
        self._ahead.clear()
        self.jobs.cancel(self)
        self._ready.clear()
        self._next = self._issued
        if self.player is not None:
            self.player.stop()


def _kept(_result: object) -> None:
    """A rendering made ahead is kept by the renderer; a failed one is tried again when
    its line is said."""
