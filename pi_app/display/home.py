"""Home: choose the game, the seats (or teams), the options and the language.

Three pages, so that everything stays large enough on the 3.5-inch screen: the game
(with the language and, when there is one, the game to resume), the seats, then the
game's options. Seat names start as the names of their colours; a tap on a seat opens
the on-screen keyboard (keyboard.py) for its name, and a physical keyboard types into the
same editor. A seat's colour is always shown beside its name.

What the home knows of each game (its place in the menu, its options, how they make
its setup, whether it is played across boxes) is the game's own declaration
(`display.games.declaration_of`): the home names no game.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

import pygame

from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, Hit, cols, grid, rows, split
from pi_app.display.choice import Choice, picked_values, rules_options
from pi_app.display.declaration import GameDeclaration, Setup
from pi_app.display.games import declaration_of, menu_order
from pi_app.display.intents import Back, Bell, Char, Enter, Erase, Intent, Move, Press
from pi_app.display.keyboard import Labels, NameEditor, draw_keyboard
from pi_app.display.scene import (
    Abandon,
    Command,
    CreateTournament,
    Ctx,
    NewGame,
    Notice,
    Resume,
    Scene,
    SetLanguage,
    ShowHistory,
    ShowJoin,
    seat_label,
)
from pi_app.display.targets import Button, KbKey, SeatTap
from pi_app.i18n import LANGUAGES, N_, Translator, current_language
from pi_app.rules.contract import RuleError
from pi_app.rules.registry import games
from pi_app.table.journal import Player
from pi_app.table.players import assign_colours

_ = Translator("display")

COLOUR_NAMES: tuple[str, ...] = (
    N_("Orange"),
    N_("Sky"),
    N_("Green"),
    N_("Yellow"),
    N_("Blue"),
    N_("Vermilion"),
    N_("Purple"),
    N_("White"),
)

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


class HomeButton(StrEnum):
    """The home's own buttons."""

    RESUME = "resume"
    ABANDON = "abandon"
    HISTORY = "history"
    NETWORK = "network"
    """The page of the tournament across boxes."""
    NETWORK_CREATE = "network-create"
    NETWORK_JOIN = "network-join"
    MORE_PLAYERS = "more-players"
    ADD = "add"
    """One seat more."""
    REMOVE = "remove"
    """The selected seat goes."""


@dataclass(frozen=True)
class Language:
    """The language of every screen, by its code (`fr`, `de`, `en`)."""

    code: str


@dataclass(frozen=True)
class GameTap:
    """A game of the menu, by its record name."""

    name: str


@dataclass(frozen=True)
class Cycle:
    """An option of the game: each tap shows its next value."""

    key: str


@dataclass(frozen=True)
class Remembered:
    """A remembered player, into the selected seat."""

    name: str


class HomeScene(Scene):
    """The home screen's three pages."""

    name = "home"

    def __init__(self, config: Mapping[str, Any], players: Sequence[Player] = ()) -> None:
        self.config = config
        self.players = tuple(players)
        self.player_page = 0
        self.page = "games"
        self.game = ""
        self.seats: list[str] = []
        self.selected = 0
        self.picks: dict[str, int] = {}
        self.editor: NameEditor | None = None
        self.network = False
        """Setting up a tournament across boxes (one box per table), not a game here."""

    # ---- what is chosen --------------------------------------------------------------

    def available(self) -> list[tuple[str, str]]:
        """(record name, title) of every game whose rules are installed, in menu order."""
        known = games()
        return [(name, known[name].title) for name in menu_order(known)]

    def across_boxes(self, listed: Sequence[tuple[str, str]] | None = None) -> str | None:
        """The game the home offers as a tournament across boxes, if one is installed
        (among `listed`, the games `available` gave, when the caller has them)."""
        offered = self.available() if listed is None else listed
        return next((name for name, _title in offered if declaration_of(name).across_boxes), None)

    def limits(self) -> tuple[int, int]:
        known = games()
        if self.game not in known:
            return (2, 8)
        game = known[self.game]
        return (int(game.min_seats), int(game.max_seats))

    def choose_game(self, name: str) -> None:
        self.network = False
        self.game = name
        low, high = self.limits()
        count = max(low, min(high, 4))
        self.seats = [_(COLOUR_NAMES[i % len(COLOUR_NAMES)]) for i in range(count)]
        self.selected = 0
        self.picks = {}
        self.editor = None
        self.player_page = 0
        self.page = "seats"

    def declaration(self) -> GameDeclaration:
        """What the box knows of the chosen game beyond its rules."""
        return declaration_of(self.game)

    def choices(self) -> tuple[Choice, ...]:
        """The options offered now: a tournament across boxes also chooses its tables."""
        found = self.declaration().offered(self.config)
        if self.network:
            found = (*found, TABLES)
        return found

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

    def seat_colours(self) -> tuple[int, ...]:
        """The palette index of each seat: a remembered player's own where free."""
        known = {player.name: player.colour for player in self.players}
        return assign_colours([s.strip() for s in self.seats], known)

    def colours(self, ctx: Ctx) -> tuple[int, ...]:
        return self.seat_colours() if self.page != "games" else ()

    def typed_players(self, setup: Setup) -> tuple[tuple[str, int], ...]:
        """The seats named by hand (not a colour, not the engine), with their colours."""
        seated = zip(setup.seats, self.seat_colours(), strict=True)
        return tuple(
            (name, colour)
            for index, (name, colour) in enumerate(seated)
            if not self.is_default(name) and index not in setup.box_seats
        )

    def offered(self) -> list[str]:
        """Remembered players not seated yet, the latest first."""
        seated = {s.strip().casefold() for s in self.seats}
        return [p.name for p in self.players if p.name.casefold() not in seated]

    def is_default(self, name: str) -> bool:
        """Whether `name` is one the home gave (a colour, maybe numbered), not a typed one."""
        base, _space, number = name.rpartition(" ")
        colours = {_(c) for c in COLOUR_NAMES}
        return name in colours or (number.isdigit() and base in colours)

    # ---- drawing -----------------------------------------------------------------------

    def draw(self, canvas: Canvas, ctx: Ctx) -> None:
        t = canvas.theme
        area = canvas.rect.inflate(-2 * t.pad, -2 * t.pad)
        if self.editor is not None and self.page == "seats":
            labels = Labels(space=_("Space"), done=_("Done"), cancel=_("Cancel"))
            draw_keyboard(canvas, area, self.editor, current_language(), labels)
            return
        {
            "games": self._draw_games,
            "seats": self._draw_seats,
            "options": self._draw_options,
            "network": self._draw_network,
        }[self.page](canvas, ctx, area)

    def _draw_network(self, canvas: Canvas, ctx: Ctx, area: pygame.Rect) -> None:
        """Create a tournament here (this box plays table 1) or join one as another table."""
        t = canvas.theme
        head, body = split(area, t.button_h, t.gap)
        canvas.text(_("Tournament across boxes"), head, t.title, th.ACCENT, align="left")
        middle, foot = split(body, body.height - t.button_h - t.gap, t.gap)
        create, join = rows(middle, 2, t.gap)
        canvas.button(
            create, _("Create a tournament: this box is table 1"), HomeButton.NETWORK_CREATE
        )
        canvas.button(join, _("Join a tournament as another table"), HomeButton.NETWORK_JOIN)
        back, _gap, _gap2 = cols(foot, 3, t.gap)
        canvas.button(back, _("Back"), Button.BACK)

    def _draw_games(self, canvas: Canvas, ctx: Ctx, area: pygame.Rect) -> None:
        t = canvas.theme
        head, body = split(area, t.button_h, t.gap)
        title, langs = split(head, head.width // 2 - t.gap, t.gap, vertical=False)
        canvas.text(_("Table Companion"), title, t.title, th.ACCENT, align="left")
        for box, lang in zip(cols(langs, len(LANGUAGES), t.gap), LANGUAGES, strict=True):
            canvas.button(box, lang.upper(), Language(lang), selected=lang == current_language())
        listed = self.available()
        buttons: list[tuple[Hashable, str, th.RGB]] = [
            (GameTap(name), label, th.PANEL_HI) for name, label in listed
        ]
        if self.across_boxes(listed) is not None:
            buttons.append((HomeButton.NETWORK, _("Tournament across boxes"), th.PANEL))
        buttons.append((HomeButton.HISTORY, _("History"), th.PANEL))
        resume = ctx.has_unfinished
        bottom_h = t.button_h if resume else 0
        body_games, bottom = split(body, body.height - bottom_h - (t.gap if resume else 0), t.gap)
        columns = 2 if len(buttons) > 2 else 1
        for box, (target, label, colour) in zip(
            grid(body_games, len(buttons), columns, t.gap), buttons, strict=True
        ):
            canvas.button(box, label, target, colour=colour, size=t.body)
        if not listed:
            canvas.text(_("No game rules are installed."), body_games, t.body, th.WARN)
        if resume and ctx.table is not None:
            left, right = cols(bottom, 2, t.gap)
            title_text = ctx.table.game.title
            canvas.button(
                left, _("Resume {game}").format(game=title_text), HomeButton.RESUME, colour=th.GOOD
            )
            canvas.button(right, _("Abandon it"), HomeButton.ABANDON, colour=th.BAD)

    def _footer(self, canvas: Canvas, area: pygame.Rect, title: str) -> pygame.Rect:
        """Title at the top, Back and Next at the bottom; returns the middle."""
        t = canvas.theme
        head, rest = split(area, t.button_h, t.gap)
        middle, foot = split(rest, rest.height - t.button_h - t.gap, t.gap)
        canvas.text(title, head, t.title, th.ACCENT, align="left")
        back, _gap, nxt = cols(foot, 3, t.gap)
        canvas.button(back, _("Back"), Button.BACK)
        last = self.page == "options" or not self.choices()
        canvas.button(nxt, _("Start") if last else _("Next"), Button.NEXT, colour=th.GOOD)
        return middle

    def _draw_seats(self, canvas: Canvas, ctx: Ctx, area: pygame.Rect) -> None:
        t = canvas.theme
        low, high = self.limits()
        if low == high:
            title = _.plural("{n} player", "{n} players", low).format(n=low)
        else:
            title = _("Seats or teams ({low} to {high})").format(low=low, high=high)
        middle = self._footer(canvas, area, title)
        offered = self.offered()
        if offered:
            width = middle.width * (2 if t.width >= 800 else 3) // 5
            middle, known = split(middle, middle.width - width - t.gap, t.gap, vertical=False)
            self._draw_players(canvas, known, offered)
        if low != high:
            side_w = t.button_h + t.gap
            listing, side = split(middle, middle.width - side_w, t.gap, vertical=False)
            plus, minus = rows(side, 2, t.gap)[:2]
            canvas.button(plus, "+", HomeButton.ADD, enabled=len(self.seats) < high, size=t.title)
            canvas.button(
                minus, "−", HomeButton.REMOVE, enabled=len(self.seats) > low, size=t.title
            )
        else:
            listing = middle
        columns = 2 if len(self.seats) > 4 or (t.width < 800 and not offered) else 1
        per_col = max(1, -(-len(self.seats) // columns))
        cells = grid(listing, per_col * columns, columns, t.gap)
        order = [r + c * per_col for r in range(per_col) for c in range(columns)]
        for cell, index in zip(cells, order, strict=False):
            if index >= len(self.seats):
                continue
            selected = index == self.selected
            canvas.panel(cell, th.PANEL, th.WARN if selected else None, 3)
            seat_label(canvas, cell.inflate(-2 * t.gap, -t.gap // 2), self.seats[index], index)
            canvas.hits.append(Hit(cell, SeatTap(index)))

    def _draw_players(self, canvas: Canvas, box: pygame.Rect, offered: Sequence[str]) -> None:
        """Remembered players, one tap each into the selected seat; paged when many."""
        t = canvas.theme
        head, rest = split(box, t.min_px + 8, t.gap // 2)
        canvas.text(_("Players"), head, t.small, th.MUTED, align="left")
        room = max(1, (rest.height + t.gap) // (t.button_h + t.gap))
        pages = max(1, -(-len(offered) // max(1, room - 1))) if len(offered) > room else 1
        page = self.player_page % pages
        shown = offered[page * (room - 1) : (page + 1) * (room - 1)] if pages > 1 else offered
        cells = rows(rest, room, t.gap)
        for cell, name in zip(cells, shown, strict=False):
            canvas.button(cell, name, Remembered(name))
        if pages > 1:
            label = _("More ({page}/{pages})").format(page=page + 1, pages=pages)
            canvas.button(cells[-1], label, HomeButton.MORE_PLAYERS, colour=th.PANEL)

    def _draw_options(self, canvas: Canvas, ctx: Ctx, area: pygame.Rect) -> None:
        t = canvas.theme
        middle = self._footer(canvas, area, _("Options"))
        choices = self.choices()
        for box, choice in zip(rows(middle, max(2, len(choices)), t.gap), choices, strict=False):
            label_box, value_box = cols(box, 2, t.gap)
            canvas.text(_(choice.label), label_box, t.body, th.TEXT, align="left")
            shown = choice.name(self.picks.get(choice.key, 0))
            canvas.button(value_box, shown if choice.plain else _(shown), Cycle(choice.key))

    # ---- inputs ------------------------------------------------------------------------

    def handle(self, intent: Intent, ctx: Ctx) -> Sequence[Command]:
        if isinstance(intent, Press):
            return self._press(intent.target, ctx)
        if self.editor is not None:
            return self._typed(intent, self.editor)
        if self.page == "seats" and self.seats:
            return self._edit(intent)
        if isinstance(intent, Back) and self.page != "games":
            self.page = "seats" if self.page == "options" else "games"
        return ()

    def _press(self, target: Hashable, ctx: Ctx) -> Sequence[Command]:
        match target:
            case Language(code=code):
                return (SetLanguage(code),)
            case GameTap(name=name):
                self.choose_game(name)
            case KbKey(key=key) if self.editor is not None:
                return self._key(key, self.editor)
            case SeatTap(index=index):
                self.selected = index
                self._open_editor()
            case Cycle(key=key):
                self.picks[key] = self.picks.get(key, 0) + 1
            case Remembered(name=name):
                return self._seat_player(name)
            case Button.BACK:
                self.page = "seats" if self.page == "options" else "games"
                self.network = self.network and self.page != "games"
            case Button.NEXT:
                return self._next()
            case _:
                return self._home_button(target)
        return ()

    def _home_button(self, target: Hashable) -> Sequence[Command]:
        """The home's own buttons (a target written as text is the same button)."""
        match target:
            case HomeButton.RESUME:
                return (Resume(),)
            case HomeButton.HISTORY:
                return (ShowHistory(),)
            case HomeButton.ABANDON:
                return (Abandon(),)
            case HomeButton.NETWORK:
                self.page = "network"
            case HomeButton.NETWORK_CREATE:
                game = self.across_boxes()
                if game is not None:
                    self.choose_game(game)
                    self.network = True
            case HomeButton.NETWORK_JOIN:
                return (ShowJoin(),)
            case HomeButton.MORE_PLAYERS:
                self.player_page += 1
            case HomeButton.ADD:
                self._add_seat()
            case HomeButton.REMOVE if len(self.seats) > self.limits()[0]:
                self.seats.pop(self.selected)
                self.selected = min(self.selected, len(self.seats) - 1)
        return ()

    def _add_seat(self) -> None:
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

    def _next(self) -> Sequence[Command]:
        if self.page == "seats":
            names = [s.strip().casefold() for s in self.seats]
            if any(not n for n in names) or len(set(names)) != len(names):
                return (Notice(_("Every seat needs its own name."), error=True),)
            if self.choices():
                self.page = "options"
                return ()
        try:  # a game's own setup may fail: a Gambit 7 mat file that cannot be read
            setup = self.setup()
        except RuleError as error:
            return (Notice(error.message(), error=True),)
        if self.network:
            tables = TABLE_COUNTS[self.picks.get(TABLES.key, 0) % len(TABLE_COUNTS)]
            return (CreateTournament(setup.seats, setup.options, tables),)
        players = self.typed_players(setup)
        return (NewGame(self.game, setup.seats, setup.options, setup.extras, players),)

    # ---- names ---------------------------------------------------------------------------

    def _seat_player(self, name: str) -> Sequence[Command]:
        """A remembered player into the selected seat; the next seat named by colour is next."""
        if any(s.strip().casefold() == name.casefold() for s in self.seats):
            return (Notice(_("Another seat is already called {name}.").format(name=name), True),)
        self.seats[self.selected] = name
        free = [i for i, s in enumerate(self.seats) if self.is_default(s)]
        later = [i for i in free if i > self.selected] or free
        if later:
            self.selected = later[0]
        return ()

    def _open_editor(self) -> NameEditor:
        """The keyboard for the selected seat; a name the home gave is replaced on typing."""
        name = self.seats[self.selected]
        self.editor = NameEditor.open(self.selected, name)
        self.editor.fresh = self.is_default(name)
        return self.editor

    def _edit(self, intent: Intent) -> Sequence[Command]:
        """A physical keyboard on the seats page: typing opens the selected seat's editor."""
        if isinstance(intent, Char | Erase):
            return self._typed(intent, self._open_editor())
        if isinstance(intent, Move):
            self.selected = (self.selected + intent.step) % len(self.seats)
        elif isinstance(intent, Enter):
            return self._next()
        elif isinstance(intent, Back):
            self.page = "games"
        return ()

    def _typed(self, intent: Intent, editor: NameEditor) -> Sequence[Command]:
        """A physical key while the keyboard is open (the space bar is the bell's key)."""
        if isinstance(intent, Char):
            editor.type(intent.char)
        elif isinstance(intent, Bell):
            editor.type(" ")
        elif isinstance(intent, Erase):
            editor.erase()
        elif isinstance(intent, Enter):
            return self._key("done", editor)
        elif isinstance(intent, Back):
            self.editor = None
        return ()

    def _key(self, key: str, editor: NameEditor) -> Sequence[Command]:
        """A key of the on-screen keyboard; Done keeps the name only if it can be kept."""
        if key == "cancel":
            self.editor = None
        elif key == "done":
            name = editor.result()
            if not name:
                return (Notice(_("A seat needs a name."), error=True),)
            others = [s.strip().casefold() for i, s in enumerate(self.seats) if i != editor.seat]
            if name.casefold() in others:
                return (
                    Notice(_("Another seat is already called {name}.").format(name=name), True),
                )
            self.seats[editor.seat] = name
            self.editor = None
        else:
            editor.press(key)
        return ()
