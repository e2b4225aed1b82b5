"""Home: choose the game, the seats (or teams), the options and the language.

Three pages, so that everything stays large enough on the 3.5-inch screen: the game
(with the language and, when there is one, the game to resume), the seats, then the
game's options. Seat names start as the names of their colours; a tap on a seat opens
the on-screen keyboard (keyboard.py) for its name, and a physical keyboard types into the
same editor. A seat's colour is always shown beside its name.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, Hit, cols, grid, rows, split
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
from pi_app.i18n import LANGUAGES, N_, Translator, current_language
from pi_app.rules.registry import games
from pi_app.table.journal import Player
from pi_app.table.players import assign_colours

_ = Translator("display")

GAME_ORDER: tuple[str, ...] = (
    "gambit7",
    "quitte-ou-double",
    "cambio",
    "cambio-tournament",
    "gambo",
)

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


@dataclass(frozen=True)
class Choice:
    """One option of a game: its record key, label and the values a tap cycles through."""

    key: str
    label: str
    values: tuple[Any, ...]
    names: tuple[str, ...]
    plain: bool = False
    """Names shown as they are (numbers, file names), not translated."""


def game_choices(game: str, config: Mapping[str, Any]) -> tuple[Choice, ...]:
    """The options a table chooses for `game`, first value the default."""
    if game == "gambit7":
        mat = str(config.get("gambit7.mat", "default"))
        if mat == "default":
            return (Choice("mat", N_("Mat"), (mat,), (N_("default"),)),)
        return (Choice("mat", N_("Mat"), (mat,), (mat,), plain=True),)
    if game == "quitte-ou-double":
        return (
            Choice("question", N_("Question"), (1, 2, 3), ("1", "2", "3"), plain=True),
            Choice(
                "variants",
                N_("Variants"),
                ((), ("grosses-tetes",), ("permanent",), ("grosses-tetes", "permanent")),
                (
                    N_("none"),
                    N_("big brains"),
                    N_("permanent double"),
                    N_("big brains + permanent"),
                ),
            ),
        )
    if game in ("cambio", "cambio-tournament"):
        return (
            Choice(
                "variant",
                N_("Variant"),
                ("simple", "cambio"),
                (N_("simple"), N_("with CAMBIO cards")),
            ),
            Choice(
                "target",
                N_("Target"),
                (5000, 1000, 2000, 3000),
                ("5000", "1000", "2000", "3000"),
                plain=True,
            ),
            Choice(
                "false_ring_fine",
                N_("False ring fine"),
                (0, 10, 20, 50),
                ("0", "10", "20", "50"),
                plain=True,
            ),
        )
    if game == "gambo":
        return (
            Choice(
                "opponent",
                N_("Opponent"),
                ("medium", "easy", "hard", "human"),
                (N_("engine, medium"), N_("engine, easy"), N_("engine, hard"), N_("two players")),
            ),
        )
    return ()


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
        names = [g for g in GAME_ORDER if g in known] + sorted(set(known) - set(GAME_ORDER))
        return [(name, known[name].title) for name in names]

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

    def choices(self) -> tuple[Choice, ...]:
        """The options offered now: a tournament across boxes also chooses its tables."""
        found = game_choices(self.game, self.config)
        if self.network:
            found = (
                *found,
                Choice(
                    "tables",
                    N_("Tables (boxes)"),
                    TABLE_COUNTS,
                    tuple(map(str, TABLE_COUNTS)),
                    plain=True,
                ),
            )
        return found

    def options(self) -> dict[str, Any]:
        """The options as the game's rules read them (the opponent is not one of them)."""
        chosen: dict[str, Any] = {}
        for choice in self.choices():
            value = choice.values[self.picks.get(choice.key, 0) % len(choice.values)]
            if choice.key == "variants":
                chosen[choice.key] = list(value)
            elif choice.key not in ("opponent", "tables"):
                chosen[choice.key] = value
        if self.game == "quitte-ou-double":
            chosen["locale"] = current_language()
        return chosen

    def engine(self) -> str | None:
        """The engine's level when Gambo is played against it, else None."""
        if self.game != "gambo":
            return None
        choice = game_choices("gambo", self.config)[0]
        level = str(choice.values[self.picks.get("opponent", 0) % len(choice.values)])
        return None if level == "human" else level

    def seat_names(self) -> tuple[str, ...]:
        """The seats to start with; the engine's seat bears its label in today's language."""
        names = [s.strip() for s in self.seats]
        level = self.engine()
        if level is not None:
            from pi_app.display.games.gambo import engine_label

            names[1] = engine_label(level)
        return tuple(names)

    def extras(self) -> dict[str, Any]:
        """The table's own data: who the engine plays, the seats' colours (not rules)."""
        extras: dict[str, Any] = {"colours": list(self.seat_colours())}
        level = self.engine()
        if level is not None:
            from pi_app.display.games.gambo import opponent_extras

            extras.update(opponent_extras(level))
        return extras

    def seat_colours(self) -> tuple[int, ...]:
        """The palette index of each seat: a remembered player's own where free."""
        known = {player.name: player.colour for player in self.players}
        return assign_colours([s.strip() for s in self.seats], known)

    def colours(self, ctx: Ctx) -> tuple[int, ...]:
        return self.seat_colours() if self.page != "games" else ()

    def typed_players(self) -> tuple[tuple[str, int], ...]:
        """The seats named by hand (not a colour, not the engine), with their colours."""
        names = self.seat_names()
        engine = self.engine() is not None
        return tuple(
            (name, colour)
            for index, (name, colour) in enumerate(zip(names, self.seat_colours(), strict=True))
            if not self.is_default(name) and not (engine and index == 1)
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
        canvas.button(create, _("Create a tournament: this box is table 1"), "network-create")
        canvas.button(join, _("Join a tournament as another table"), "network-join")
        back, _gap, _gap2 = cols(foot, 3, t.gap)
        canvas.button(back, _("Back"), "back")

    def _draw_games(self, canvas: Canvas, ctx: Ctx, area: pygame.Rect) -> None:
        t = canvas.theme
        head, body = split(area, t.button_h, t.gap)
        title, langs = split(head, head.width // 2 - t.gap, t.gap, vertical=False)
        canvas.text(_("Table Companion"), title, t.title, th.ACCENT, align="left")
        for box, lang in zip(cols(langs, len(LANGUAGES), t.gap), LANGUAGES, strict=True):
            canvas.button(box, lang.upper(), ("lang", lang), selected=lang == current_language())
        listed = self.available()
        buttons: list[tuple[Hashable, str, th.RGB]] = [
            (("game", name), label, th.PANEL_HI) for name, label in listed
        ]
        if "cambio-tournament" in dict(listed):
            buttons.append(("network", _("Tournament across boxes"), th.PANEL))
        buttons.append(("history", _("History"), th.PANEL))
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
                left, _("Resume {game}").format(game=title_text), "resume", colour=th.GOOD
            )
            canvas.button(right, _("Abandon it"), "abandon", colour=th.BAD)

    def _footer(self, canvas: Canvas, area: pygame.Rect, title: str) -> pygame.Rect:
        """Title at the top, Back and Next at the bottom; returns the middle."""
        t = canvas.theme
        head, rest = split(area, t.button_h, t.gap)
        middle, foot = split(rest, rest.height - t.button_h - t.gap, t.gap)
        canvas.text(title, head, t.title, th.ACCENT, align="left")
        back, _gap, nxt = cols(foot, 3, t.gap)
        canvas.button(back, _("Back"), "back")
        last = self.page == "options" or not self.choices()
        canvas.button(nxt, _("Start") if last else _("Next"), "next", colour=th.GOOD)
        return middle

    def _draw_seats(self, canvas: Canvas, ctx: Ctx, area: pygame.Rect) -> None:
        t = canvas.theme
        low, high = self.limits()
        if low == high:
            title = _("{n} players").format(n=low)
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
            canvas.button(plus, "+", "add", enabled=len(self.seats) < high, size=t.title)
            canvas.button(minus, "−", "remove", enabled=len(self.seats) > low, size=t.title)
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
            canvas.hits.append(Hit(cell, ("seat", index)))

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
            canvas.button(cell, name, ("player", name))
        if pages > 1:
            label = _("More ({page}/{pages})").format(page=page + 1, pages=pages)
            canvas.button(cells[-1], label, "more-players", colour=th.PANEL)

    def _draw_options(self, canvas: Canvas, ctx: Ctx, area: pygame.Rect) -> None:
        t = canvas.theme
        middle = self._footer(canvas, area, _("Options"))
        choices = self.choices()
        for box, choice in zip(rows(middle, max(2, len(choices)), t.gap), choices, strict=False):
            label_box, value_box = cols(box, 2, t.gap)
            canvas.text(_(choice.label), label_box, t.body, th.TEXT, align="left")
            shown = choice.names[self.picks.get(choice.key, 0) % len(choice.names)]
            canvas.button(value_box, shown if choice.plain else _(shown), ("cycle", choice.key))

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
        if isinstance(target, tuple) and target[0] == "lang":
            return (SetLanguage(str(target[1])),)
        if isinstance(target, tuple) and target[0] == "game":
            self.choose_game(str(target[1]))
        elif isinstance(target, tuple) and target[0] == "kb" and self.editor is not None:
            return self._key(str(target[1]), self.editor)
        elif isinstance(target, tuple) and target[0] == "seat":
            self.selected = int(target[1])
            self._open_editor()
        elif isinstance(target, tuple) and target[0] == "cycle":
            self.picks[str(target[1])] = self.picks.get(str(target[1]), 0) + 1
        elif target == "resume":
            return (Resume(),)
        elif target == "history":
            return (ShowHistory(),)
        elif target == "network":
            self.page = "network"
        elif target == "network-create":
            self.choose_game("cambio-tournament")
            self.network = True
        elif target == "network-join":
            return (ShowJoin(),)
        elif target == "abandon":
            return (Abandon(),)
        elif isinstance(target, tuple) and target[0] == "player":
            return self._seat_player(str(target[1]))
        elif target == "more-players":
            self.player_page += 1
        elif target == "add":
            self._add_seat()
        elif target == "remove" and len(self.seats) > self.limits()[0]:
            self.seats.pop(self.selected)
            self.selected = min(self.selected, len(self.seats) - 1)
        elif target == "back":
            self.page = "seats" if self.page == "options" else "games"
            self.network = self.network and self.page != "games"
        elif target == "next":
            return self._next()
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
        options = self.options()
        if self.game == "gambit7" and options.get("mat", "default") != "default":
            from pi_app.mats import load_mat_profile
            from pi_app.rules.contract import RuleError

            try:  # a table's own mat (rulings R1): the file's values go in the record
                options["mat"] = load_mat_profile(str(options["mat"])).to_object()
            except RuleError as error:
                return (Notice(error.message(), error=True),)
        if self.network:
            tables = int(self.picked("tables"))
            return (CreateTournament(self.seat_names(), options, tables),)
        return (
            NewGame(self.game, self.seat_names(), options, self.extras(), self.typed_players()),
        )

    def picked(self, key: str) -> Any:
        """The value chosen for option `key`."""
        choice = next(c for c in self.choices() if c.key == key)
        return choice.values[self.picks.get(key, 0) % len(choice.values)]

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
