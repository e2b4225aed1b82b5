"""What Quitte ou Double says: its question, all tiles laid, the truth, the round's best."""

from __future__ import annotations

from collections.abc import Sequence

from pi_app.box.changes import TableChange
from pi_app.effects.voice.games.quiz import Scored, quiz_lines, truth_ahead
from pi_app.effects.voice.speech import Speech
from pi_app.effects.voice.words import Line
from pi_app.rules.quitte_ou_double.state import QodState


class QuitteOuDoubleSpeech(Speech):
    def lines(self, change: TableChange, lang: str) -> Sequence[Line]:
        before, after = change.before, change.after
        if not isinstance(before, QodState) or not isinstance(after, QodState):
            return ()
        same_round = len(before.rounds) == len(after.rounds)
        all_in = same_round and not before.all_laid() and after.all_laid()
        now = after.current
        scored = None if now.truth is None else Scored(now.truth, now.question, now.gains)
        return quiz_lines(change, lang, now.question, all_in, scored)

    def ahead(self, change: TableChange, lang: str) -> Sequence[Line]:
        after = change.after
        return (
            truth_ahead(change, lang, after.current.question) if isinstance(after, QodState) else ()
        )


SPEECH = QuitteOuDoubleSpeech()
