"""What Gambo says: the computer's move in words, as the board's line says it."""

from __future__ import annotations

from collections.abc import Sequence

from pi_app.box.actors import COMPUTER
from pi_app.box.changes import Played, TableChange
from pi_app.effects.voice.speech import Speech
from pi_app.effects.voice.words import Line
from pi_app.rules.gambo import story
from pi_app.rules.gambo.game import GamboState


class GamboSpeech(Speech):
    def lines(self, change: TableChange, lang: str) -> Sequence[Line]:
        after = change.after
        if change.by != COMPUTER or not isinstance(change, Played):
            return ()
        if not isinstance(after, GamboState):
            return ()
        step = story.last_step(story.story(after))
        if step is None:
            return ()
        from pi_app.display.games.gambo import move_sentence  # the board's own words

        return [Line("move", move_sentence(change.table, step), lang)]


SPEECH = GamboSpeech()
