"""A sand timer's end that moves the table on: the box plays what the rules declare.

Cambio's study time over opens the trading. The rules say so (`rules.host.EndsTimers`:
the timer's kind, never its clock), and the box plays it when its timer runs out
(`assembly.Box.tick`, on the display's loop and the phones-only loop alike), through
the core's one door as the timer itself (`actors.TIMER`): with a screen or without
one, the same `open` is played once and journaled once. The screen draws what follows
and plays nothing of its own at that end.
"""

from __future__ import annotations

from typing import Protocol

from pi_app.box.actors import TIMER
from pi_app.box.acts import Act, Done, Play
from pi_app.rules.host import time_up_notations
from pi_app.table.protocol import GameTable


class Session(Protocol):
    """What the timer's end needs of the session (`session.Session`): the table and
    its door."""

    @property
    def table(self) -> GameTable | None: ...

    def act(self, act: Act) -> Done: ...


def play_time_up(session: Session, kind: str) -> bool:
    """Play, in order, what the end of the sand timer `kind` plays at the table now;
    whether anything was played (a refused step stops the rest, told as any refusal)."""
    table = session.table
    if table is None:
        return False
    notations = time_up_notations(table.game, table.state, kind)
    for notation in notations:
        if not session.act(Play(notation, by=TIMER, game_id=table.game_id)).ok:
            return False
    return bool(notations)
