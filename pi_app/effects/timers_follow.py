"""The sand timers the table's moments start and stop, whoever made them.

Cambio's deal begins the study time on its sand timer. The deal is made with a tap, on
the host's phone or by a box with no screen alike, so the timer is a listener of the
core's changes (`rules.moments`), not a tap's own command: the ring, the phones and the
screen count the same study time down. When it runs out the box opens the trading
itself, as the rules declare (`box.time_up`); when the trading opens early (the bell,
the host's phone), that moment stops the study's timer here, so the ring and the
phones stop counting a time that is over, with a screen or without one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pi_app.box.changes import Change, Changes, Played, Redone
from pi_app.config import timer_seconds
from pi_app.effects.ring_show import RingShow
from pi_app.rules.moments import DEALT, OPENED

STARTS: dict[str, tuple[str, str]] = {DEALT: ("study", "cambio_study")}
"""Each moment that starts a sand timer: the timer's kind and its setting (`timers.…`)."""

STOPS: dict[str, str] = {OPENED: "study"}
"""Each moment that ends a phase, on time or early: the kind of the sand timer it stops."""


class TimersFollow:
    """Stops and starts the sand timers a played (or redone) action's moments call for."""

    def __init__(self, show: RingShow, changes: Changes, config: Mapping[str, Any]) -> None:
        self.show, self.config = show, config
        # told last: the screen stops the last phase's timer as it follows the change,
        # then the timer this change's moment starts runs
        self.unsubscribe = changes.subscribe(self.changed, Played, Redone, late=True)

    def changed(self, change: Change) -> None:
        if not isinstance(change, Played | Redone):
            return
        for moment in sorted(change.moments & STOPS.keys()):
            self._stop(STOPS[moment])
        for moment in sorted(change.moments & STARTS.keys()):
            kind, setting = STARTS[moment]
            self.show.start_timer(kind, timer_seconds(self.config, setting))

    def _stop(self, kind: str) -> None:
        """Stop the running sand timer if it is a `kind` one (the ring shows the turn)."""
        timer = self.show.timer
        if timer is not None and timer.kind == kind:
            self.show.stop_timer()
