"""The table's steps as the host's page counts them, and what changed between two.

Every change of the table's state or of the game at the table is a new step (the sand
timer is none). The host's page sends the step it showed with each request; one made
on an older step is refused with what changed since (`since`), in the host's language:
the game's words for the actions played (`HostPlay.describe`), "the last action was
taken back", or "another game is at the table now". Read and written on the owner's
thread only.
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass

from pi_app.box.changes import (
    TABLE_CHANGES,
    Change,
    Changes,
    Played,
    Redone,
    TableChange,
    TournamentNews,
    Undone,
)
from pi_app.i18n import N_, Translator, translate
from pi_app.table.protocol import GameTable
from pi_app.web.host_play import host_play

_ = Translator("host")

KEPT = 64  # steps whose change is remembered, to say what a stale request missed
TAKEN_BACK = N_("the last action was taken back")
RESTORED = N_("an action taken back was restored")
OTHER_GAME = N_("another game is at the table now")
FROM_AFAR = N_("rounds arrived from the other boxes")
MOVED_ON = N_("the table moved on")
STALE = N_("Not done: meanwhile {changes}.")


@dataclass(frozen=True)
class Step:
    """One change of the table: what it was, to be said in any language."""

    number: int
    game: str
    kind: str  # "played", "undone", "redone", "news" or "seated"
    before: object = None
    notation: str = ""


def describe(game: str, state: object, notation: str, lang: str) -> str:
    """An action in the game's words (its notation when the game has none)."""
    play = host_play(game)
    if play is None:
        return notation
    try:
        return play.describe(state, notation, lang)
    except Exception:  # a game's words must never stop the refusal being said
        return notation


class HostSteps:
    """The step counter, moved by each change of the table told by the core."""

    def __init__(self, changes: Changes) -> None:
        self.number = time.monotonic_ns() // 1_000_000
        """Counted from this process's clock in ms: the owner that takes the box over (the
        display, once it opens) never repeats a step an old page still holds."""
        self._kept: deque[Step] = deque(maxlen=KEPT)
        changes.subscribe(self._changed, *TABLE_CHANGES)

    def _changed(self, change: Change) -> None:
        self.number += 1
        self._kept.append(_step(self.number, change))

    def since(self, number: int, lang: str) -> str:
        """What changed after step `number`, in `lang`, as one refusal."""
        missed = [step for step in self._kept if step.number > number]
        if not missed or missed[0].number != number + 1:
            words = [translate(MOVED_ON, "host", lang)]
        else:
            words = [_said(step, lang) for step in missed]
        unique = list(dict.fromkeys(words))
        return translate(STALE, "host", lang).format(changes="; ".join(unique))


def _step(number: int, change: Change) -> Step:
    if isinstance(change, TableChange):
        game = change.table.game.name
        if isinstance(change, Played):
            return Step(number, game, "played", change.before, change.notation)
        if isinstance(change, Undone):
            return Step(number, game, "undone")
        if isinstance(change, Redone):
            return Step(number, game, "redone")
        if isinstance(change, TournamentNews):
            return Step(number, game, "news")
    table: GameTable | None = getattr(change, "table", None)
    return Step(number, "" if table is None else table.game.name, "seated")


def _said(step: Step, lang: str) -> str:
    if step.kind == "played":
        return describe(step.game, step.before, step.notation, lang)
    message = {
        "undone": TAKEN_BACK,
        "redone": RESTORED,
        "news": FROM_AFAR,
    }.get(step.kind, OTHER_GAME)
    return translate(message, "host", lang)
