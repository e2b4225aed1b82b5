"""What the host chooses on the home, whichever page shows it: the game, its seats, its
options, a tournament across boxes or a game here.

The pages (`games`, `seats`, `options`, ...) each draw and change a part of these
choices, and the choices outlive them: going back from the options to the seats keeps
both. Kept here, apart from any page, so that no page holds another's state and a game
is started from one place (`HomeChoices.start`).

What the home knows of each game (its place in the menu, its options, how they make
its setup, whether it is played across boxes) is the game's own declaration
(`display.games.declaration_of`): the home names no game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pi_app.display.choice import Choice, picked_values, rules_options
from pi_app.display.declaration import GameDeclaration, Setup
from pi_app.display.games import declaration_of
from pi_app.display.games.menu import menu
from pi_app.display.scene import Command, CreateTournament, NewGame, Notice, Remember
from pi_app.i18n import N_, Translator
from pi_app.rules.contract import RuleError
from pi_app.rules.registry import games
from pi_app.table.players import Player, assign_colours

_ = Translator("display")

COLOUR_NAMES: tuple[str, ...] = (
    N_("Orange"),
    N_("Blue"),
    N_("Green"),
    N_("Yellow"),
    N_("Grey"),
    N_("Brown"),
    N_("Lavender"),
    N_("White"),
)
"""A new seat's name: its colour's (`palette.SEAT_COLOURS`, in the same order)."""

TABLE_COUNTS: tuple[int, ...] = (2, 3, 4, 5, 6, 8, 10)
"""A tournament across boxes: how many tables (one box each) the players are split into."""
TABLES = Choice(
    "tables",
    N_("Tables (boxes)"),
    TABLE_COUNTS,
    tuple(map(str, TABLE_COUNTS)),
    plain=True,
    rules=False,
)
"""The option a tournament across boxes adds to its game's: the box's own, not a rule."""

NAME_LIMIT = 40
"""The longest kept seat name taken again (a seat's name is typed on the box)."""
SETTINGS_PREFIX = "home."
"""The kept choices of a game: `home.<game>` holds its seats and options."""


class HomeChoices:
    """The game chosen, its seats (the selected one too) and its options' picks."""

    def __init__(
        self,
        config: Mapping[str, Any],
        players: Sequence[Player] = (),
        remembered: Mapping[str, object] | None = None,
    ) -> None:
        self.config = config
        self.players = tuple(players)
        """The remembered players, in the order shown for as long as the home is up."""
        self.remembered: Mapping[str, object] = remembered or {}
        self.game = ""
        self.seats: list[str] = []
        self.selected = 0
        self.picks: dict[str, int] = {}
        self.tournament = False
        """Setting up a tournament across boxes (one box per table), not a game here."""

    # ---- the game ------------------------------------------------------------------------

    def available(self) -> list[tuple[str, str]]:
        """(record name, title) of every game whose rules are installed, in menu order
        (`games.menu`: no game is imported for it)."""
        return [(entry.name, entry.title) for entry in menu()]

    def across_boxes(self, listed: Sequence[tuple[str, str]] | None = None) -> str | None:
        """The game the home offers as a tournament across boxes, if one is installed
        (among `listed`, the games `available` gave, when the caller has them)."""
        offered = {name for name, _title in (self.available() if listed is None else listed)}
        return next((e.name for e in menu() if e.across_boxes and e.name in offered), None)

    def limits(self) -> tuple[int, int]:
        """The fewest and most seats of the chosen game (a game played here may seat
        fewer than its rules allow)."""
        known = games()
        if self.game not in known:
            return (2, 8)
        game = known[self.game]
        high = int(game.max_seats)
        here = self.declaration().seats_here
        if here is not None and not self.tournament:  # played here, not a table per box
            high = min(high, here)
        return (int(game.min_seats), high)

    def choose_game(self, name: str) -> None:
        """`name` chosen, with the seats and options chosen for it last time."""
        self.tournament = False
        self.game = name
        low, high = self.limits()
        kept = self._kept()
        names = kept.get("seats")
        seats = names if isinstance(names, list) else [None] * 4
        count = max(low, min(high, len(seats)))
        self.seats = []
        for i in range(count):
            name = self._seat_name(i, seats[i] if i < len(seats) else None)
            taken = self.seated(name) and not self.is_default(name)
            self.seats.append(self._seat_name(i, None) if taken else name)
        self.selected = 0
        self.picks = {}
        options = kept.get("options")
        if isinstance(options, Mapping):
            self.picks = _picks_of(self.every_choice(), options)

    def _kept(self) -> Mapping[str, object]:
        """What was chosen for this game last time (empty the first time)."""
        kept = self.remembered.get(SETTINGS_PREFIX + self.game)
        return kept if isinstance(kept, Mapping) else {}

    def _seat_name(self, index: int, kept: object) -> str:
        """A kept typed name, else the colour of the seat's place (in today's language)."""
        if isinstance(kept, str) and kept.strip() and not self.is_default(kept):
            return kept.strip()[:NAME_LIMIT]
        return _(COLOUR_NAMES[index % len(COLOUR_NAMES)])

    def declaration(self) -> GameDeclaration:
        """What the box knows of the chosen game beyond its rules."""
        return declaration_of(self.game)

    def every_choice(self) -> tuple[Choice, ...]:
        """Every option of the game, offered now or not: a tournament across boxes also
        chooses its tables."""
        found = self.declaration().offered(self.config)
        if self.tournament:
            found = (*found, TABLES)
        return found

    def choices(self) -> tuple[Choice, ...]:
        """The options offered now: those that mean something with the others' values
        (an option left out leaves its rule to the game's default)."""
        every = self.every_choice()
        values = picked_values(every, self.picks)
        return tuple(choice for choice in every if choice.offered_with(values))

    # ---- the seats -----------------------------------------------------------------------

    def seat_colours(self) -> tuple[int, ...]:
        """The palette index of each seat: a remembered player's own where free."""
        known = {player.name: player.colour for player in self.players}
        return assign_colours([s.strip() for s in self.seats], known)

    def offered(self) -> list[str]:
        """Remembered players not seated yet, the latest first."""
        return [p.name for p in self.players if not self.seated(p.name)]

    def seated(self, name: str) -> bool:
        """Whether a seat has `name` already, whatever its case."""
        return any(s.strip().casefold() == name.casefold() for s in self.seats)

    def is_default(self, name: str) -> bool:
        """Whether `name` is one the home gave (a colour, maybe numbered), not a typed one."""
        base, _space, number = name.rpartition(" ")
        colours = {_(c) for c in COLOUR_NAMES}
        return name in colours or (number.isdigit() and base in colours)

    def add_seat(self) -> None:
        """One seat more, named by the first colour (maybe numbered) no seat has."""
        if len(self.seats) >= self.limits()[1]:
            return
        used = set(self.seats)
        for i in range(len(self.seats), len(self.seats) + len(COLOUR_NAMES) * 3):
            base = _(COLOUR_NAMES[i % len(COLOUR_NAMES)])
            name = base if i < len(COLOUR_NAMES) else f"{base} {i // len(COLOUR_NAMES) + 1}"
            if name not in used:
                self.seats.append(name)
                self.selected = len(self.seats) - 1
                return

    def remove_seat(self) -> None:
        """The selected seat goes, unless the game would have too few."""
        if len(self.seats) > self.limits()[0]:
            self.seats.pop(self.selected)
            self.selected = min(self.selected, len(self.seats) - 1)

    def seat_player(self, name: str) -> Sequence[Command]:
        """A remembered player into the selected seat; the next seat named by colour is next."""
        if self.seated(name):
            return (Notice(_("{name} already has a seat.").format(name=name), True),)
        self.seats[self.selected] = name
        free = [i for i, s in enumerate(self.seats) if self.is_default(s)]
        later = [i for i in free if i > self.selected] or free
        if later:
            self.selected = later[0]
        return ()

    def names_refused(self) -> Sequence[Command]:
        """The message when a seat has no name or the name of another; () when all is well."""
        names = [s.strip().casefold() for s in self.seats]
        if any(not n for n in names) or len(set(names)) != len(names):
            return (Notice(_("Every seat needs its own name."), error=True),)
        return ()

    # ---- the start -----------------------------------------------------------------------

    def setup(self) -> Setup:
        """What the game starts with: the seats, the options its rules read and the
        table's own data (the seats' colours), made the game's own by its declaration
        (`GameDeclaration.start`); a `RuleError` when the choices cannot be played."""
        choices = self.choices()
        values = picked_values(choices, self.picks)
        chosen = Setup(
            seats=tuple(s.strip() for s in self.seats),
            options=rules_options(choices, values),
            extras={"colours": list(self.seat_colours())},
        )
        return self.declaration().start(chosen, values)

    def kept_choices(self, setup: Setup) -> Remember:
        """The seats (typed names only) and options of this game, to offer next time.

        A seat the box plays (Gambo's engine) is not a name typed: its label, in the
        language of that game ("Ordinateur (difficile)"), offered again as a seat's
        name, showed French on a German page; the option says who plays it."""
        values = picked_values(self.every_choice(), self.picks)  # a pick hidden now too
        seats = [
            None if self.is_default(seat) or index in setup.box_seats else seat
            for index, seat in enumerate(setup.seats)
        ]
        options = {key: list(v) if isinstance(v, tuple) else v for key, v in values.items()}
        return Remember(SETTINGS_PREFIX + self.game, {"seats": seats, "options": options})

    def typed_players(self, setup: Setup) -> tuple[tuple[str, int], ...]:
        """The seats named by hand (not a colour, not the engine), with their colours."""
        seated = zip(setup.seats, self.seat_colours(), strict=True)
        return tuple(
            (name, colour)
            for index, (name, colour) in enumerate(seated)
            if not self.is_default(name) and index not in setup.box_seats
        )

    def start(self) -> Sequence[Command]:
        """The game (or the tournament across boxes) as chosen, and the choices kept for
        next time; a message instead when the game's own setup refuses them."""
        try:  # a game's own setup may fail: a Gambit 7 mat file that cannot be read
            setup = self.setup()
        except RuleError as error:
            return (Notice(error.message(), error=True),)
        kept = self.kept_choices(setup)
        if self.tournament:
            tables = TABLE_COUNTS[self.picks.get(TABLES.key, 0) % len(TABLE_COUNTS)]
            return (kept, CreateTournament(setup.seats, setup.options, tables))
        players = self.typed_players(setup)
        return (kept, NewGame(self.game, setup.seats, setup.options, setup.extras, players))


def _picks_of(choices: Sequence[Choice], kept: Mapping[str, object]) -> dict[str, int]:
    """The place in each option's list of a value kept last time (JSON: lists as lists)."""
    picks: dict[str, int] = {}
    for choice in choices:
        value = kept.get(choice.key)
        wanted = tuple(value) if isinstance(value, list) else value
        if wanted in choice.values:
            picks[choice.key] = choice.values.index(wanted)
    return picks
