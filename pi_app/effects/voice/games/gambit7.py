"""What Gambit 7 says: its question, all answers in, the truth, who won the round."""

from __future__ import annotations

from collections.abc import Sequence

from pi_app.box.changes import TableChange
from pi_app.effects.voice.games.quiz import Scored, quiz_lines, truth_ahead
from pi_app.effects.voice.speech import Speech
from pi_app.effects.voice.words import Line
from pi_app.rules.gambit7.state import Gambit7State, Phase, all_answered


class Gambit7Speech(Speech):
    def lines(self, change: TableChange, lang: str) -> Sequence[Line]:
        before, after = change.before, change.after
        if not isinstance(before, Gambit7State) or not isinstance(after, Gambit7State):
            return ()
        answering = before.phase is Phase.ANSWERS and after.phase is Phase.ANSWERS
        all_in = answering and not all_answered(before) and all_answered(after)
        scored = None
        if after.history and after.phase is Phase.SCORED:
            result = after.history[-1]
            gains = [(p.seat, p.after - p.before) for p in result.payouts]
            scored = Scored(result.truth.value, result.question, gains)
        return quiz_lines(change, lang, after.asked, all_in, scored)

    def ahead(self, change: TableChange, lang: str) -> Sequence[Line]:
        after = change.after
        return truth_ahead(change, lang, after.asked) if isinstance(after, Gambit7State) else ()


SPEECH = Gambit7Speech()
