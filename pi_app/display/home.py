"""Home: choose the game, the seats (or teams), the options and the language.

Three pages, so that everything stays large enough on the 3.5-inch screen: the game
(with the language and the unfinished games to resume), the seats, then the game's
options (each picked from the list of its values). Nothing on the games page moves
whether a game waits or not: the row of the game to resume is always kept. The
unfinished games have their own page, where one can be abandoned, after a
confirmation. The remembered players keep their places while seats are filled, so a
tap never lands on a name that slid under the finger. The options and seats chosen
for a game are kept (`Remember`) and offered again, after a restart too.

Seat names start as the names of their colours; a tap on a seat opens
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
    Remember,
    Resume,
    Scene,
    SetLanguage,
    ShowCredits,
    ShowHistory,
    ShowJoin,
    ShowWifi,
    seat_label,
)
from pi_app.display.targets import Button, KbKey, SeatTap
from pi_app.display.unfinished import PausedGame
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
    """The latest played unfinished game."""
    UNFINISHED = "unfinished"
    """The page of every unfinished game."""
    UNFINISHED_MORE = "unfinished-more"
    KEEP = "keep"
    """The confirmation: do not abandon."""
    CONFIRM_ABANDON = "confirm-abandon"
    HISTORY = "history"
    CREDITS = "credits"
    """The sources of the box's questions."""
    WIFI = "wifi"
    """The box's own Wi-Fi."""
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
    """An option of the game: a tap opens the list of its values."""

    key: str


@dataclass(frozen=True)
class Remembered:
    """A remembered player, into the selected seat."""

    name: str


@dataclass(frozen=True)
class Pick:
    """A value of the option being picked, by its place in the option's list."""

    key: str
    index: int


@dataclass(frozen=True)
class ResumeGame:
    """An unfinished game of the list, back at the table."""

    game_id: int


@dataclass(frozen=True)
class AskAbandon:
    """An unfinished game of the list, to abandon once confirmed."""

    game_id: int


NAME_LIMIT = 40
"""The longest kept seat name taken again (a seat's name is typed on the box)."""
SETTINGS_PREFIX = "home."
"""The kept choices of a game: `home.<game>` holds its seats and options."""


class HomeScene(Scene):
    """The home screen's three pages."""

    name = "home"

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
        self.player_page = 0
        self.page = "games"
        self.game = ""
        self.seats: list[str] = []
        self.selected = 0
        self.picks: dict[str, int] = {}
        self.picking: str | None = None
        """The option whose list of values is open."""
        self.editor: NameEditor | None = None
        self.network = False
        """Setting up a tournament across boxes (one box per table), not a game here."""
        self.unfinished_page = 0
        self.confirm: PausedGame | None = None
        """The unfinished game the host asked to abandon, waiting for the confirmation."""

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
        high = int(game.max_seats)
        here = self.declaration().seats_here
        if here is not None and not self.network:  # played here, not a table per box
            high = min(high, here)
        return (int(game.min_seats), high)

    def choose_game(self, name: str) -> None:
        """The seats page of `name`, with the seats and options chosen for it last time."""
        self.network = False
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
        self.picking = None
        self.editor = None
        self.player_page = 0
        self.page = "seats"
        options = kept.get("options")
        if isinstance(options, Mapping):
            self.picks = _picks_of(self.choices(), options)

    def _kept(self) -> Mapping[str, object]:
        """What was chosen for this game last time (empty the first time)."""
        kept = self.remembered.get(SETTINGS_PREFIX + self.game)
        return kept if isinstance(kept, Mapping) else {}

    def _seat_name(self, index: int, kept: object) -> str:
        """A kept typed name, else the colour of the seat's place (in today's language)."""
        if isinstance(kept, str) and kept.strip() and not self.is_default(kept):
            return kept.strip()[:NAME_LIMIT]
        return _(COLOUR_NAMES[index % len(COLOUR_NAMES)])

    def kept_choices(self, setup: Setup) -> Remember:
        """The seats (typed names only) and options of this game, to offer next time."""
        values = picked_values(self.choices(), self.picks)
        seats = [None if self.is_default(seat) else seat for seat in setup.seats]
        options = {key: list(v) if isinstance(v, tuple) else v for key, v in values.items()}
        return Remember(SETTINGS_PREFIX + self.game, {"seats": seats, "options": options})

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
        return [p.name for p in self.players if not self.seated(p.name)]

    def seated(self, name: str) -> bool:
        return any(s.strip().casefold() == name.casefold() for s in self.seats)

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
            "pick": self._draw_pick,
            "network": self._draw_network,
            "unfinished": self._draw_unfinished,
            "confirm": self._draw_confirm,
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
        buttons.append((HomeButton.WIFI, _("Wi-Fi"), th.PANEL))
        buttons.append((HomeButton.CREDITS, _("Sources"), th.PANEL))
        # the row of the game to resume is kept even when none waits: nothing moves
        body_games, bottom = split(body, body.height - t.button_h - t.gap, t.gap)
        columns = 2 if len(buttons) > 2 else 1
        for box, (target, label, colour) in zip(
            grid(body_games, len(buttons), columns, t.gap), buttons, strict=True
        ):
            canvas.button(box, label, target, colour=colour, size=t.body)
        if not listed:
            canvas.text(_("No game rules are installed."), body_games, t.body, th.WARN)
        self._draw_resume_row(canvas, bottom, ctx.paused)

    def _draw_resume_row(
        self, canvas: Canvas, row: pygame.Rect, paused: Sequence[PausedGame]
    ) -> None:
        """The latest played unfinished game, and the page of all of them."""
        t = canvas.theme
        if not paused:
            canvas.text(_("No unfinished game."), row, t.small, th.MUTED)
            return
        left, right = cols(row, 2, t.gap)
        latest = _("Resume {game}").format(game=paused[0].title)
        canvas.button(left, latest, HomeButton.RESUME, colour=th.GOOD)
        listed = _("Unfinished games: {n}").format(n=len(paused))
        canvas.button(right, listed, HomeButton.UNFINISHED, colour=th.PANEL)

    def _draw_unfinished(self, canvas: Canvas, ctx: Ctx, area: pygame.Rect) -> None:
        """Every unfinished game, the latest played first: resume one, or abandon it."""
        t = canvas.theme
        head, rest = split(area, t.button_h, t.gap)
        middle, foot = split(rest, rest.height - t.button_h - t.gap, t.gap)
        canvas.text(_("Unfinished games"), head, t.title, th.ACCENT, align="left")
        wide = t.width >= 800  # a game on one line; on the small screen, its buttons below
        row_h = t.button_h if wide else 2 * t.button_h + t.gap
        room = max(1, (middle.height + t.gap) // (row_h + t.gap))
        pages = max(1, -(-len(ctx.paused) // room))
        page = self.unfinished_page % pages
        shown = ctx.paused[page * room : (page + 1) * room]
        for cell, game in zip(rows(middle, room, t.gap), shown, strict=False):
            cell.height = row_h
            if wide:
                label_box, buttons = split(cell, cell.width * 11 // 20, t.gap, vertical=False)
            else:
                label_box, buttons = split(cell, t.button_h, t.gap)
                buttons = buttons.inflate(-buttons.width // 3, 0).move(buttons.width // 6, 0)
            resume, abandon = cols(buttons, 2, t.gap)
            canvas.panel(label_box, th.PANEL)
            canvas.text(paused_line(game), label_box.inflate(-t.gap, -4), t.small, th.TEXT, "left")
            canvas.button(resume, _("Resume"), ResumeGame(game.game_id), colour=th.GOOD)
            canvas.button(abandon, _("Abandon"), AskAbandon(game.game_id), colour=th.BAD)
        if not shown:
            canvas.text(_("No unfinished game."), middle, t.body, th.MUTED)
        back, _gap, more = cols(foot, 3, t.gap)
        canvas.button(back, _("Back"), Button.BACK)
        if pages > 1:
            label = _("More ({page}/{pages})").format(page=page + 1, pages=pages)
            canvas.button(more, label, HomeButton.UNFINISHED_MORE, colour=th.PANEL)

    def _draw_confirm(self, canvas: Canvas, ctx: Ctx, area: pygame.Rect) -> None:
        """Abandoning is said twice: the game, what becomes of it, keep or abandon."""
        t = canvas.theme
        game = self.confirm
        head, rest = split(area, t.button_h, t.gap)
        middle, foot = split(rest, rest.height - t.button_h - t.gap, t.gap)
        canvas.text(_("Abandon this game?"), head, t.title, th.WARN, align="left")
        if game is not None:
            which, said = split(middle, middle.height // 2, t.gap)
            canvas.text(paused_line(game), which.inflate(-2 * t.pad, 0), t.body, th.TEXT)
            canvas.text(
                _("It will not be resumed; it stays in the history, where it can be deleted."),
                said.inflate(-2 * t.pad, 0),
                t.small,
                th.MUTED,
            )
        keep, _gap, confirm = cols(foot, 3, t.gap)
        canvas.button(keep, _("Keep it"), HomeButton.KEEP, colour=th.GOOD)
        canvas.button(confirm, _("Abandon it"), HomeButton.CONFIRM_ABANDON, colour=th.BAD)

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
        if self.players:
            width = middle.width * (2 if t.width >= 800 else 3) // 5
            middle, known = split(middle, middle.width - width - t.gap, t.gap, vertical=False)
            self._draw_players(canvas, known)
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
        columns = 2 if len(self.seats) > 4 or (t.width < 800 and not self.players) else 1
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

    def _draw_players(self, canvas: Canvas, box: pygame.Rect) -> None:
        """Remembered players, one tap each into the selected seat; paged when many.
        Each keeps its place: a seated one is dimmed, not taken out of the list."""
        t = canvas.theme
        head, rest = split(box, t.min_px + 8, t.gap // 2)
        canvas.text(_("Players"), head, t.small, th.MUTED, align="left")
        names = [player.name for player in self.players]
        room = max(1, (rest.height + t.gap) // (t.button_h + t.gap))
        pages = max(1, -(-len(names) // max(1, room - 1))) if len(names) > room else 1
        page = self.player_page % pages
        shown = names[page * (room - 1) : (page + 1) * (room - 1)] if pages > 1 else names
        cells = rows(rest, room, t.gap)
        for cell, name in zip(cells, shown, strict=False):
            seated = self.seated(name)
            canvas.button(cell, name, Remembered(name), colour=th.PANEL if seated else th.PANEL_HI)
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
            pick = self.picks.get(choice.key, 0)
            shown = choice.name(pick)
            canvas.button(
                value_box, shown if choice.is_plain(pick) else _(shown), Cycle(choice.key)
            )

    def _draw_pick(self, canvas: Canvas, ctx: Ctx, area: pygame.Rect) -> None:
        """Every value of one option, the chosen one outlined: a tap picks it."""
        t = canvas.theme
        choice = self._picking()
        head, rest = split(area, t.button_h, t.gap)
        middle, foot = split(rest, rest.height - t.button_h - t.gap, t.gap)
        if choice is None:
            return
        canvas.text(_(choice.label), head, t.title, th.ACCENT, align="left")
        count = len(choice.names)
        columns = 1 if count <= 3 else 2 if count <= 8 else 3
        current = self.picks.get(choice.key, 0) % count
        for index, (box, name) in enumerate(
            zip(grid(middle, count, columns, t.gap), choice.names, strict=True)
        ):
            label = name if choice.is_plain(index) else _(name)
            canvas.button(box, label, Pick(choice.key, index), selected=index == current)
        back, _gap, _gap2 = cols(foot, 3, t.gap)
        canvas.button(back, _("Back"), Button.BACK)

    def _picking(self) -> Choice | None:
        return next((c for c in self.choices() if c.key == self.picking), None)

    # ---- inputs ------------------------------------------------------------------------

    def handle(self, intent: Intent, ctx: Ctx) -> Sequence[Command]:
        if isinstance(intent, Press):
            return self._press(intent.target, ctx)
        if self.editor is not None:
            return self._typed(intent, self.editor)
        if self.page == "seats" and self.seats:
            return self._edit(intent)
        if isinstance(intent, Back) and self.page != "games":
            self._back()
        return ()

    def _back(self) -> None:
        """One page back: the options' list to the options, then the seats, the games."""
        self.page = {"pick": "options", "options": "seats", "confirm": "unfinished"}.get(
            self.page, "games"
        )
        self.picking = None
        self.confirm = None
        self.network = self.network and self.page != "games"

    def _ask_abandon(self, game_id: int, ctx: Ctx) -> Sequence[Command]:
        """The confirmation page for one unfinished game."""
        found = next((game for game in ctx.paused if game.game_id == game_id), None)
        if found is None:
            return (Notice(_("This game is not unfinished any more."), error=True),)
        self.confirm, self.page = found, "confirm"
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
                self.picking, self.page = key, "pick"
            case Pick(key=key, index=index):
                self.picks[key] = index
                self.picking, self.page = None, "options"
            case ResumeGame(game_id=game_id):
                return (Resume(game_id),)
            case AskAbandon(game_id=game_id):
                return self._ask_abandon(game_id, ctx)
            case Remembered(name=name):
                return self._seat_player(name)
            case Button.BACK:
                self._back()
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
            case HomeButton.CREDITS:
                return (ShowCredits(),)
            case HomeButton.WIFI:
                return (ShowWifi(),)
            case HomeButton.UNFINISHED:
                self.page, self.unfinished_page = "unfinished", 0
            case HomeButton.UNFINISHED_MORE:
                self.unfinished_page += 1
            case HomeButton.KEEP:
                self._back()
            case HomeButton.CONFIRM_ABANDON if self.confirm is not None:
                game_id = self.confirm.game_id
                self._back()
                return (Abandon(game_id),)
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
        kept = self.kept_choices(setup)
        if self.network:
            tables = TABLE_COUNTS[self.picks.get(TABLES.key, 0) % len(TABLE_COUNTS)]
            return (kept, CreateTournament(setup.seats, setup.options, tables))
        players = self.typed_players(setup)
        return (kept, NewGame(self.game, setup.seats, setup.options, setup.extras, players))

    # ---- names ---------------------------------------------------------------------------

    def _seat_player(self, name: str) -> Sequence[Command]:
        """A remembered player into the selected seat; the next seat named by colour is next."""
        if self.seated(name):
            return (Notice(_("{name} already has a seat.").format(name=name), True),)
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


def paused_line(game: PausedGame) -> str:
    """An unfinished game in a line: its title, its seats and how far it went."""
    seats = ", ".join(game.seats)
    return _("{game} · {seats} · moves: {moves}").format(
        game=game.title, seats=seats, moves=game.moves
    )


def _picks_of(choices: Sequence[Choice], kept: Mapping[str, object]) -> dict[str, int]:
    """The place in each option's list of a value kept last time (JSON: lists as lists)."""
    picks: dict[str, int] = {}
    for choice in choices:
        value = kept.get(choice.key)
        wanted = tuple(value) if isinstance(value, list) else value
        if wanted in choice.values:
            picks[choice.key] = choice.values.index(wanted)
    return picks
