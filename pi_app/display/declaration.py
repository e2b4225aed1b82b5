"""What the box needs to know of a game beyond its rules, declared in one small object.

The way python-chess declares a variant as a small class that the rest of the library
looks up: each game's screen module (`display.games.<game>`) holds one frozen
`GameDeclaration` named `DECLARATION`, found by the game's record name through the one
loader of game faces (`display.games.declaration_of`, `pi_app.faces`), and nothing
outside the game's own files switches on its name. It says which screens show the
game, where it stands in the home's menu, the options a table chooses (as data), how
the chosen options become the game's setup, whether it can be played across boxes,
how its own facts are worded, its demo, and how the history tells its rounds. Every
field has a default, so a game without a screen module (played through
`games.generic`) starts with no options, tells its biggest round and shows its rounds'
labels.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pi_app.display.choice import Choice, OptionValue
from pi_app.display.driver import DemoScript
from pi_app.display.facts import FactWords, best_round
from pi_app.display.memory import ScreenMemory
from pi_app.display.scene import Scene
from pi_app.i18n import N_
from pi_app.rules.facts import BEST_ROUND
from pi_app.table.protocol import GameTable

DOMAIN = "display"
"""The catalogue of the words declared here (`N_`), which the home translates."""

PLAYERS = N_("Players ({low} to {high})")
"""The home's seats page of a game played by players: its title, between two counts."""
TEAMS = N_("Teams ({low} to {high})")
"""... of a game played by teams (each seat a team)."""
PLAYERS_OR_TEAMS = N_("Players or teams ({low} to {high})")
"""... of a game whose rulebook seats players, or teams when there are many."""

MENU_LAST = 1000
"""The menu position of a game that declares none: after the others, by name."""


@dataclass(frozen=True)
class Setup:
    """What a game starts with, as the home hands it over (`scene.NewGame`)."""

    seats: tuple[str, ...]
    options: Mapping[str, object]
    """The options the rules read (the record's `"options"`)."""
    extras: Mapping[str, object] = field(default_factory=dict)
    """The table's own data, journaled beside the setup (the seats' colours, the engine)."""
    box_seats: frozenset[int] = frozenset()
    """Seats the box itself plays (the engine): no person's name to remember there."""


Start = Callable[[Setup, Mapping[str, OptionValue]], Setup]
"""A game's own setup from the one the home made and every option's chosen value; it
may raise `RuleError` (a mat file that cannot be read), which the home shows."""


def as_chosen(setup: Setup, values: Mapping[str, OptionValue]) -> Setup:
    """The setup of a game with nothing of its own to add: the options as chosen."""
    return setup


def no_choices(config: Mapping[str, object]) -> tuple[Choice, ...]:
    """A game without options read from the box's configuration."""
    return ()


Scenes = Callable[[GameTable, ScreenMemory], Scene]
"""How a game's screens choose the scene for a table's state alone (its `scene_for`)."""

Tell = Callable[[Sequence[str], Mapping[str, Any]], Sequence[str]]
"""A finished game's rows of scores in words, one a row of its rules' table
(`GameSummary.table`), from the table's seats and the game's record; it may raise
(a record it cannot read), and the history keeps the table's own labels."""


@dataclass(frozen=True)
class GameDeclaration:
    """One game, as the home, the end screen and the demo see it."""

    menu: int = MENU_LAST
    """Its place in the home's menu, lowest first."""
    choices: tuple[Choice, ...] = ()
    """The options a table chooses, in the order shown; the first value is the default."""
    configured: Callable[[Mapping[str, object]], tuple[Choice, ...]] = no_choices
    """Options whose values come from the box's configuration (Gambit 7's mat file),
    shown before `choices`."""
    start: Start = as_chosen
    """How the chosen options become the game's seats, options and table data."""
    across_boxes: bool = False
    """Whether the home offers it as a tournament across boxes (one box per table)."""
    facts: tuple[tuple[str, FactWords], ...] = ((BEST_ROUND, best_round),)
    """The facts it tells, by kind, each with its words, the rarest first: the end
    screen shows the first ones there is room for."""
    demo: DemoScript | None = None
    """`tabletop demo <game>`: a scripted game, a picture of each scene."""
    seats_here: int | None = None
    """The most seats one box seats for it, when fewer than its rules allow (a one-box
    tournament: what the home's seat list holds legibly); None: the rules' maximum."""
    seated_by: str = PLAYERS
    """Who sits at each seat, as the home's seats page says it (`PLAYERS`, `TEAMS`,
    `PLAYERS_OR_TEAMS`): a message with the fewest and most seats, `{low}` and `{high}`."""
    tell: Tell | None = None
    """How the history tells each row of the game's scores (Gambo: each move as its board
    says it, both sides' scores beside it); None: the rows' labels, a seat a column."""
    scenes: Scenes | None = None
    """The game's own screens; None: the generic one, which plays any game through its
    listable actions."""

    def offered(self, config: Mapping[str, object]) -> tuple[Choice, ...]:
        """The options the home offers with the box's configuration `config`."""
        return (*self.configured(config), *self.choices)

    def words(self, kind: str) -> FactWords | None:
        """How a fact of `kind` is worded, or None when the game does not tell it."""
        return next((words for told, words in self.facts if told == kind), None)
