"""Gambo's computer seat as the box's core finds it (`pi_app.ai.opponent_for`).

Which side the computer plays, and at which level, is the table's own data
(`extras["opponent"]`, e.g. {"B": "hard"}), never part of a seat's name. The core asks
`to_play` after every change of the table and, when the computer owes a move, runs
`choose` as a job off the loop.

Its seat's name in the record is its label in the language of the moment the game
began (`against_engine`); wherever that seat is shown, `computer_names` gives its label
in the language of now.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence

from pi_app.ai import Opponent
from pi_app.i18n import N_, Translator
from pi_app.rules.gambo import story
from pi_app.rules.gambo.board import SIDES
from pi_app.rules.gambo.game import GamboState, format_action

_ = Translator("display")

LEVELS = ("easy", "medium", "hard")
LABELS: dict[str, str] = {
    "easy": N_("Engine (easy)"),
    "medium": N_("Engine (medium)"),
    "hard": N_("Engine (hard)"),
}
"""The computer's seat as shown, by its level (translated when shown)."""
MOVETIME = 1.0
"""Seconds the medium and hard levels search a move for."""


def level_of(extras: Mapping[str, object], side: int) -> str | None:
    """The computer's level on `side` (0 for A, 1 for B), or None when a person plays it."""
    opponent = extras.get("opponent")
    if not isinstance(opponent, Mapping):
        return None
    level = opponent.get(SIDES[side])
    return level if isinstance(level, str) and level in LEVELS else None


def label(level: str, lang: str | None = None) -> str:
    """The computer's seat at `level` as shown, in `lang` (None: the current language)."""
    return _(LABELS[level], lang=lang)


def computer_names(
    seats: Sequence[str], extras: Mapping[str, object], lang: str | None = None
) -> dict[str, str]:
    """Each seat the computer plays, by its name in the record, with its label in `lang`
    (None: the current language); the seats people play are not in it."""
    return {
        seats[side]: label(level, lang)
        for side in range(min(len(seats), len(SIDES)))
        if (level := level_of(extras, side)) is not None
    }


def to_play(state: object, extras: Mapping[str, object]) -> str | None:
    """The computer's level when it is to move in `state`, else None."""
    if not isinstance(state, GamboState) or state.to_move is None:
        return None
    return level_of(extras, state.to_move)


def take_back(state: object, extras: Mapping[str, object]) -> int | None:
    """How many moves one Undo takes back against the computer: its replies since the
    player's last move, and that move, so the player is to move again and the
    computer, which plays only on its turn, waits for them; 0 when the computer alone
    has moved (nothing of the player's to take back); None when people play every
    side (the last move, as in any game).

    After a duel the lower score moves next, so the computer may have replied with
    more than one move; all of them go.
    """
    computer = {side for side in range(len(SIDES)) if level_of(extras, side)}
    if not computer or not isinstance(state, GamboState) or not state.history:
        return None
    sides = [step.side for step in story.story(state)]
    replies = 0
    while replies < len(sides) and sides[-1 - replies] in computer:
        replies += 1
    return replies + 1 if replies < len(sides) else 0


def choose(state: object, level: str) -> str:
    """The computer's move in `state` (its notation); on a worker's thread."""
    from pi_app.ai.gambo.players import make_player

    if not isinstance(state, GamboState):
        raise TypeError(f"Gambo's computer was given {type(state).__name__}")
    player = make_player(level, movetime=MOVETIME, seed=len(state.history), clock=time.monotonic)
    return format_action(player.choose(state))


class GamboOpponent(Opponent):
    """Gambo's computer seat, as the core finds it (`pi_app.ai.opponent_for`)."""

    def to_play(self, state: object, extras: Mapping[str, object]) -> str | None:
        return to_play(state, extras)

    def choose(self, state: object, level: str) -> str:
        return choose(state, level)

    def take_back(self, state: object, extras: Mapping[str, object]) -> int | None:
        return take_back(state, extras)

    def computer_names(
        self, seats: Sequence[str], extras: Mapping[str, object], lang: str | None = None
    ) -> dict[str, str]:
        return computer_names(seats, extras, lang)


OPPONENT = GamboOpponent()
