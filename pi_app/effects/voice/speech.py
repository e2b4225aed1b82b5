"""A game's own words for its changes, found by the game's name (`pi_app.faces`).

The voice says the moments every game shares itself (the winner of the game); what
only one game knows (Gambit 7's true answer and who won the round, Cambio's ringer and
scored hand, Gambo's computer move) is said by the game's `SPEECH` in
`pi_app.effects.voice.games.<game>`, a `Speech` whose `lines` read the change's
states before and after. A game without one says only what every game says.
"""

from __future__ import annotations

from collections.abc import Sequence

from pi_app.box.changes import TableChange
from pi_app.effects.voice.words import Line
from pi_app.faces import Face, face


class Speech:
    """What a game says of a change (played or redone) of its table; nothing by default."""

    def lines(self, change: TableChange, lang: str) -> Sequence[Line]:
        return ()

    def ahead(self, change: TableChange, lang: str) -> Sequence[Line]:
        """Lines the change makes likely to be said later, rendered ahead so they are
        ready at once (the box's question's true answer); nothing by default."""
        return ()


SPEECH = Face("pi_app.effects.voice.games.{game}", "SPEECH", Speech)


def speech_of(game_name: str) -> Speech:
    """The game's own `Speech`, or one that says nothing of its own."""
    return face(game_name, SPEECH) or Speech()
