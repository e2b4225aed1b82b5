"""Computer opponents. They live outside `pi_app.rules` because a search with a time
budget reads a clock, which the rules never do; the clock is injected.

A game with a computer seat declares it in its own package here, named like the game
(`pi_app.ai.gambo.opponent`, its `OPPONENT`), and the box's core finds it by the game's
name (`opponent_for`, through the one loader of faces): no shared module names a game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pi_app.faces import Face, face


class Opponent:
    """A game's computer seat, each hook with its default (a game overrides what it
    needs): the core asks `to_play` after every change of the table and runs `choose`
    off the loop when the computer owes a move."""

    def to_play(self, state: object, extras: Mapping[str, object]) -> str | None:
        """The computer's level when it is to move in `state`, else None."""
        return None

    def choose(self, state: object, level: str) -> str:
        """The computer's move in `state` (its notation), on a worker's thread."""
        raise NotImplementedError

    def take_back(self, state: object, extras: Mapping[str, object]) -> int | None:
        """How many actions one Undo takes back (0: none of the player's); None for
        the last action, as among people."""
        return None

    def computer_names(
        self, seats: Sequence[str], extras: Mapping[str, object], lang: str | None = None
    ) -> dict[str, str]:
        """Each seat the computer plays, by its name in the record, with the label it is
        shown by in `lang` (None: the current language)."""
        return {}


OPPONENT = Face("pi_app.ai.{game}.opponent", "OPPONENT", Opponent)
"""A game's computer seat: `OPPONENT` in `pi_app.ai.<game>.opponent`."""


def opponent_for(game_name: str) -> Opponent | None:
    """The computer seat of `game_name`, or None when people play every seat."""
    return face(game_name, OPPONENT)


def seat_names(
    game_name: str, seats: Sequence[str], extras: Mapping[str, object], lang: str | None = None
) -> dict[str, str]:
    """The seats the computer plays at a table of `game_name` (its `extras` say which),
    each by its name in the record with the name it is shown by in `lang` (None: the
    current language): a record keeps the label of the language the game began in."""
    opponent = opponent_for(game_name)
    return {} if opponent is None else dict(opponent.computer_names(seats, extras, lang))
