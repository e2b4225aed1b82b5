"""The box's sounds follow the table: a listener of the core's changes.

The payout plays when a round is scored, a chime when the answers are turned up, and
the bell when trading stops, whoever made
it happen (a tap, a phone, a redo of the reveal, the bell of a box with no screen),
because the sound follows the moment (`rules.moments`), not the screen that asked for
it. A refusal of a tap on the box sounds its error; a phone's refusal is the phone's.
The host may turn the cues off (`hearing.SOUNDS`), read as each plays.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from pi_app.box.changes import Change, Changes, Refused, TableChange, Undone
from pi_app.effects.hearing import SOUNDS, wanted
from pi_app.rules.moments import REVEALED, SCORED, STOP

CUES: dict[str, str] = {STOP: "bell", SCORED: "payout", REVEALED: "reveal"}
"""The moments the box sounds, each with its cue (`effects.sound.CUES`)."""


class Player(Protocol):
    """What plays a cue (`effects.sound.Sounds`, or a recorder in tests)."""

    def play(self, name: str) -> None: ...


class Cues:
    """Sounds the changes of the table; silent until the loop gives it its sounds."""

    def __init__(
        self,
        changes: Changes,
        sounds: Player | None = None,
        settings: Mapping[str, object] | None = None,
    ) -> None:
        self.sounds = sounds
        """The sounds to play (opened by the loop that runs, None: silent)."""
        self.settings: Mapping[str, object] = {} if settings is None else settings
        """The host's kept choices (the session's, updated in place)."""
        self.unsubscribe = changes.subscribe(self.changed, TableChange, Refused)

    def play(self, name: str) -> None:
        if self.sounds is not None and wanted(self.settings, SOUNDS):
            self.sounds.play(name)

    def changed(self, change: Change) -> None:
        if isinstance(change, Refused):
            if change.by.at_the_box:
                self.play("error")
        elif isinstance(change, TableChange) and not isinstance(change, Undone):
            for moment in sorted(change.moments):
                if moment in CUES:
                    self.play(CUES[moment])
