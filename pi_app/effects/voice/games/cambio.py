"""What Cambio says: STOP when the bell stops the trading, then who rang."""

from __future__ import annotations

from collections.abc import Sequence

from pi_app.box.changes import TableChange
from pi_app.effects.voice.speech import Speech
from pi_app.effects.voice.words import RANG, STOP, Line, said
from pi_app.rules.cambio.game import CambioState
from pi_app.rules.cambio.round import RUNG
from pi_app.rules.moments import STOP as STOPPED


class CambioSpeech(Speech):
    def lines(self, change: TableChange, lang: str) -> Sequence[Line]:
        before, after = change.before, change.after
        if not isinstance(before, CambioState) or not isinstance(after, CambioState):
            return ()
        found = [said("stop", STOP, lang)] if STOPPED in change.moments else []
        ringer = after.round.rung_by
        if before.round.phase != RUNG and after.round.phase == RUNG and ringer is not None:
            found.append(said("rang", RANG, lang, seat=ringer))
        return found


SPEECH = CambioSpeech()
