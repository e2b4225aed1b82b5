"""What a Cambio tournament says at its tables: Cambio's words (`games.cambio`).

The bell's STOP, who rang at the table the change played, and each hand scored there:
who won the round and how much, who lost points, and who leads the tournament (its
scores follow the players from table to table). What the other boxes' tables did
arrives as the tournament's news, and is theirs to say.
"""

from __future__ import annotations

from collections.abc import Sequence

from pi_app.box.changes import TableChange
from pi_app.effects.voice.games.cambio import bell_lines, hand_lines
from pi_app.effects.voice.speech import Speech
from pi_app.effects.voice.words import Line
from pi_app.rules.cambio.tournament.state import TournamentState
from pi_app.rules.moments import ENDED, SCORED


class CambioTournamentSpeech(Speech):
    def lines(self, change: TableChange, lang: str) -> Sequence[Line]:
        before, after = change.before, change.after
        if not isinstance(before, TournamentState) or not isinstance(after, TournamentState):
            return ()
        rounds = [
            (was.round, now.round) for was, now in zip(before.tables, after.tables, strict=False)
        ]
        found = bell_lines(change.moments, rounds, lang)
        if SCORED in change.moments and len(after.history) > len(before.history):
            played = after.history[-1]
            seats = before.tables[played.table].seats  # the seats it was dealt to
            ended = ENDED in change.moments
            scores = after.score_map
            found += hand_lines(played.result, seats, after.settings, scores, lang, ended)
        return found


SPEECH = CambioTournamentSpeech()
