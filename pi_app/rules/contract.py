"""What every game module provides, and the one error type rules raise.

A game is a declaration in the manner of boardgame.io and python-chess: a frozen
state, action value objects that parse from and format to the record notation, and
pure functions over them. `apply` either returns a whole new state or raises
`RuleError`; it never half-applies a move. Rules know nothing of pygame, GPIO, files
or the clock; randomness comes in as a seeded `random.Random`.

Each game module exposes one module-level `GAME` object satisfying `Game`; the
registry (`pi_app.rules.registry`) finds them by their record name.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Protocol, TypeVar, runtime_checkable

from pi_app.i18n import N_, translate

Score = int | Decimal

S = TypeVar("S")
A = TypeVar("A")

LOCATION_LABELS: dict[str, str] = {
    "round": N_("round {n}"),
    "move": N_("move {n}"),
}


class RuleError(ValueError):
    """A move, an answer or a record that breaks a rule, with a message a player reads.

    The message is an English gettext msgid with `str.format` fields; it is translated
    when shown (French by default) from the catalogue of `domain`. `at("round", 2)`
    adds where in a record the rule broke, so `tabletop replay` can name it.
    """

    def __init__(self, message: str, /, *, domain: str = "core", **params: object) -> None:
        super().__init__(message)
        self.msgid = message
        self.domain = domain
        self.params: dict[str, object] = dict(params)
        self.where: tuple[str, int] | None = None

    def at(self, kind: str, number: int) -> RuleError:
        """Say where the rule broke (`"round"` or `"move"`, 1-based); keeps an earlier place."""
        if self.where is None:
            self.where = (kind, number)
        return self

    def message(self, lang: str | None = None) -> str:
        """The whole message in `lang` (default: the current language)."""
        text = translate(self.msgid, self.domain, lang).format(**self.params)
        if self.where is None:
            return text
        kind, number = self.where
        label = translate(LOCATION_LABELS.get(kind, kind + " {n}"), "core", lang)
        return translate("{where}: {message}", "core", lang).format(
            where=label.format(n=number), message=text
        )

    def __str__(self) -> str:
        return self.message()


class RecordError(RuleError):
    """A game record that is not a valid record: bad JSON, unknown game, bad field."""


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended, in the manner of python-chess's `Outcome`.

    `termination` names the reason (`"rounds"`, `"target"`, `"board-empty"`, ...);
    `winners` lists every seat that shares the win.
    """

    termination: str
    winners: tuple[str, ...]
    scores: Mapping[str, Score] = field(default_factory=dict)


class Game(Protocol[S, A]):
    """The declaration of one game: its record name and its pure functions."""

    name: str
    """The `"game"` value of its records, e.g. `"gambit7"`."""

    @property
    def title(self) -> str:
        """The game's printed name in the current language, e.g. `"Gambit 7"` (a plain
        class attribute for a proper name, a property for a name with words in it)."""
        ...

    min_seats: int
    max_seats: int

    def new_game(self, seats: Sequence[str], options: Mapping[str, Any], rng: random.Random) -> S:
        """The state before the first action; `options` as in the record's `"options"`."""
        ...

    def parse_action(self, text: str) -> A:
        """Read an action from its notation; raise `RuleError` on bad notation."""
        ...

    def format_action(self, action: A) -> str:
        """Write an action in the notation `parse_action` reads back (a round trip)."""
        ...

    def apply(self, state: S, action: A) -> S:
        """The state after `action`, or `RuleError` and no change."""
        ...

    def legal_actions(self, state: S) -> Sequence[A]:
        """The actions that are legal now and can be listed (typed numbers cannot)."""
        ...

    def outcome(self, state: S) -> Outcome | None:
        """The outcome once the game is over, `None` while it goes on."""
        ...

    def replay(self, record: Mapping[str, Any]) -> dict[str, Any]:
        """Re-score a whole game record (`RECORDS.md`): the JSON object to print."""
        ...

    def export(self, state: S) -> dict[str, Any]:
        """The game record of the game played so far, which `replay` reads back."""
        ...


@runtime_checkable
class FixedRounds(Protocol):
    """A game played over a set number of rounds (its `replay` lists them as `"rounds"`);
    a game that ends at a target score, or is not played in rounds, declares none."""

    round_count: int
    """How many rounds every game of it lasts, e.g. 7."""


class Declares:
    """Whether a game declares an optional face (a runtime-checkable Protocol such as
    `FixedRounds`), asked once per class of game: checking a Protocol at run time reads
    every one of its members, and the box asks after every change of the table."""

    def __init__(self, face: type) -> None:
        self.face = face
        self._known: dict[type, bool] = {}

    def __call__(self, game: object) -> bool:
        kind = type(game)
        known = self._known.get(kind)
        if known is None:
            known = self._known[kind] = isinstance(game, self.face)
        return known
