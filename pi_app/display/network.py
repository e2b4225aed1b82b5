"""The app's side of a Cambio tournament across boxes, and the screen to join one.

`BoxTournament` is what the app holds: the box's tournament store, Mosquitto when
this box created the tournament, and the table (`net.table.NetworkTable`) the app
plays like any other; its screens are the tournament's (`games.cambio_tournament`).
`JoinScene` lists the tournaments the broker shows and joins one as table N once its
key is typed.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

import pygame

from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, cols, rows, split
from pi_app.display.intents import WAKE_EVENT, Back, Char, Enter, Erase, Intent, Press, post
from pi_app.display.keyboard import Labels, NameEditor, draw_keyboard
from pi_app.display.scene import (
    Command,
    CreateTournament,
    Ctx,
    GoHome,
    JoinTournament,
    Redraw,
    Scene,
)
from pi_app.display.targets import Button, KbKey
from pi_app.i18n import Translator, current_language
from pi_app.net.box import TournamentBox, join_code
from pi_app.net.broker import DEFAULT_PORT, Broker
from pi_app.net.directory import Listing, list_tournaments
from pi_app.net.store import TournamentStore
from pi_app.net.table import NetworkTable
from pi_app.rules.cambio.tournament.game import default_seating
from pi_app.rules.contract import RuleError
from pi_app.table import Journal, JournalError

log = logging.getLogger(__name__)
_ = Translator("display")

STORE_NAME = "tournament.sqlite3"


@dataclass(frozen=True)
class News:
    """What the tournament's network brought since the last look."""

    changed: bool = False
    moved: bool = False
    """A seat move touches this box's table: the ring sweeps to announce it."""
    notices: list[str] = field(default_factory=list)


class BoxTournament:
    """This box's tournament across boxes: store, broker (on the creator) and table."""

    def __init__(self, config: Mapping[str, Any], folder: Path, wake: Callable[[], None]) -> None:
        self.folder = folder
        self.broker_host = str(config.get("tournament.broker", "")) or "127.0.0.1"
        self.port = int(config.get("tournament.port", DEFAULT_PORT))
        self.own_broker = not config.get("tournament.broker", "")
        self.wake = wake
        self.broker: Broker | None = None
        self.table: NetworkTable | None = None
        self.store: TournamentStore | None = None
        self._rounds = 0

    def _store(self) -> TournamentStore:
        if self.store is None:
            self.store = TournamentStore(self.folder / STORE_NAME)
        return self.store

    def resume(self) -> NetworkTable | None:
        """The tournament this box was part of before a restart, if any."""
        if not (self.folder / STORE_NAME).exists():
            return None
        store = self._store()
        membership = store.membership()
        if membership is None:
            return None
        if membership.creator and self.own_broker:
            self._start_broker(membership.tid, membership.password)
        return self._open(TournamentBox(store))

    def create(self, seats: Sequence[str], options: Mapping[str, Any], tables: int) -> NetworkTable:
        """A new tournament played at `tables` tables, this box at table 1."""
        seating = [list(row) for row in default_seating(list(seats), tables)]
        name = f"Cambio · {time.strftime('%H:%M')}"  # told apart from another table's
        box, code = TournamentBox.create(
            self._store(), name, seating, dict(options), self.broker_host, self.port
        )
        if self.own_broker:
            tid, _dash, password = code.partition("-")
            try:
                self._start_broker(tid, password)
            except Exception:
                box.leave()
                raise
        return self._open(box)

    def join(self, tid: str, key: str, table: int) -> NetworkTable:
        box = TournamentBox.join(
            self._store(), join_code(tid, key), table, self.broker_host, self.port
        )
        return self._open(box)

    def _start_broker(self, tid: str, password: str) -> None:
        broker = Broker(self.folder / "broker", self.port)
        broker.configure(tid, password)
        broker.start()
        self.broker = broker

    def _open(self, box: TournamentBox) -> NetworkTable:
        link = box.connect()
        link.wake = self.wake
        self.table = NetworkTable(box)
        self._rounds = len(box.ledger.rounds) if box.ledger else 0
        return self.table

    def poll(self, journal: Journal) -> News:
        """What arrived: whether anything changed, a seat move touching this table, what
        to say. A finished tournament is kept in `journal` (its history), once."""
        table = self.table
        if table is None:
            return News()
        changed = table.box.poll()
        ledger = table.box.ledger
        rounds = len(ledger.rounds) if ledger else 0
        moved = False
        if rounds != self._rounds:
            self._rounds = rounds
            table.refresh()
            mine = table.index
            moved = any(mine in (m.from_table, m.to_table) for m in table.box.moves)
        if table.archived is None and table.outcome() is not None:
            try:  # the finished tournament goes into this box's history, once
                table.archive(journal)
            except (RuleError, JournalError) as error:
                log.warning("the tournament could not be kept in the journal: %s", error)
        return News(changed, moved, table.take_notices())

    def start(self, command: CreateTournament | JoinTournament) -> NetworkTable | str:
        """Create or join a tournament: its table, or why it could not start."""
        from pi_app.net.broker import BrokerError
        from pi_app.net.protocol import ProtocolError

        self.close()
        try:
            if isinstance(command, CreateTournament):
                return self.create(command.seats, command.options, command.tables)
            return self.join(command.tid, command.key, command.table)
        except RuleError as error:
            return error.message()
        except (BrokerError, ProtocolError, OSError) as error:
            return _("The tournament could not start: {error}").format(error=error)

    def leave(self) -> None:
        """This box leaves its tournament (the table's `abandon` forgot it already)."""
        self.close()
        self.table = None

    def close(self) -> None:
        if self.table is not None:
            self.table.box.close()
        if self.broker is not None:
            self.broker.stop()
            self.broker = None


class JoinButton(StrEnum):
    """The join page's buttons."""

    TYPE_KEY = "type-key"
    NEXT_TABLE = "next-table"
    """The next table number (this box plays it)."""
    JOIN = "join"


@dataclass(frozen=True)
class Pick:
    """A tournament the broker lists, by its id."""

    tid: str


class JoinScene(Scene):
    """The tournaments the broker shows; the key typed; the table; Join."""

    name = "tournament-join"

    def __init__(self, broker_host: str, port: int) -> None:
        self.broker_host, self.port = broker_host, port
        self.listed: list[Listing] | None = None
        self.error: str | None = None
        self.chosen: Listing | None = None
        self.table = 1
        self.editor: NameEditor | None = None
        self.key_text = ""
        self._shown: object = None
        threading.Thread(target=self._fetch, daemon=True).start()

    def key(self) -> Hashable:
        return ("tournament-join",)

    def _fetch(self) -> None:
        try:
            self.listed = list_tournaments(self.broker_host, self.port)
        except OSError as error:
            self.error = _("No broker at {host}:{port}: {error}").format(
                host=self.broker_host, port=self.port, error=error
            )
            self.listed = []
        post(pygame.event.Event(WAKE_EVENT))

    def poll(self, ctx: Ctx) -> Sequence[Command]:
        shown = (self.listed is None, self.error)
        if shown != self._shown:
            self._shown = shown
            return (Redraw(),)
        return ()

    def draw(self, canvas: Canvas, ctx: Ctx) -> None:
        t = canvas.theme
        area = canvas.rect.inflate(-2 * t.pad, -2 * t.pad)
        if self.editor is not None:
            labels = Labels(space=_("Space"), done=_("Done"), cancel=_("Cancel"))
            draw_keyboard(canvas, area, self.editor, current_language(), labels)
            return
        head, rest = split(area, t.button_h, t.gap)
        body, foot = split(rest, rest.height - t.button_h - t.gap, t.gap)
        canvas.text(_("Join a tournament"), head, t.title, th.ACCENT, align="left")
        if self.chosen is None:
            self._draw_list(canvas, body)
        else:
            self._draw_choice(canvas, body, self.chosen)
        back, _gap, go = cols(foot, 3, t.gap)
        canvas.button(back, _("Back"), Button.BACK)
        ready = self.chosen is not None and len(self.key_text) >= 8
        canvas.button(go, _("Join"), JoinButton.JOIN, colour=th.GOOD, enabled=ready)

    def _draw_list(self, canvas: Canvas, body: pygame.Rect) -> None:
        t = canvas.theme
        if self.listed is None:
            text = _("Looking for tournaments at {host}:{port}…").format(
                host=self.broker_host, port=self.port
            )
            canvas.text(text, body, t.body, th.MUTED)
            return
        if self.error or not self.listed:
            canvas.text(self.error or _("No tournament to join here."), body, t.body, th.MUTED)
            return
        for cell, listing in zip(rows(body, 4, t.gap // 2), self.listed, strict=False):
            label = _("{name} · {tables} tables").format(name=listing.name, tables=listing.tables)
            canvas.button(cell, label, Pick(listing.tid), colour=th.PANEL)

    def _draw_choice(self, canvas: Canvas, body: pygame.Rect, listing: Listing) -> None:
        t = canvas.theme
        lines = rows(body, 3, t.gap)
        canvas.text(listing.name, lines[0], t.body, th.TEXT, align="left")
        label, value = cols(lines[1], 2, t.gap)
        canvas.text(_("Key"), label, t.body, th.TEXT, align="left")
        canvas.button(value, self.key_text or "…", JoinButton.TYPE_KEY)
        label, value = cols(lines[2], 2, t.gap)
        canvas.text(_("Table"), label, t.body, th.TEXT, align="left")
        canvas.button(value, str(self.table), JoinButton.NEXT_TABLE)

    def handle(self, intent: Intent, ctx: Ctx) -> Sequence[Command]:
        if self.editor is not None:
            return self._typing(intent)
        match intent:
            case Back() | Press(target=Button.BACK):
                if self.chosen is None:
                    return (GoHome(),)
                self.chosen = None
            case Press(target=Pick(tid=tid)) if self.listed:
                self.chosen = next((x for x in self.listed if x.tid == tid), None)
            case Press(target=JoinButton.TYPE_KEY):
                self.editor = NameEditor.open(0, self.key_text)
                self.editor.flipped = True  # the key is in small letters
            case Press(target=JoinButton.NEXT_TABLE) if self.chosen is not None:
                self.table = self.table % self.chosen.tables + 1
            case Press(target=JoinButton.JOIN) if self.chosen is not None:
                return (JoinTournament(self.chosen.tid, self.key_text, self.table - 1),)
        return ()

    def _typing(self, intent: Intent) -> Sequence[Command]:
        editor = self.editor
        assert editor is not None
        match intent:
            case Char(char=char):
                editor.type(char.lower())
            case Erase():
                editor.erase()
            case Enter() | Press(target=KbKey(key="done")):
                self.key_text = editor.result().lower().replace(" ", "")
                self.editor = None
            case Back() | Press(target=KbKey(key="cancel")):
                self.editor = None
            case Press(target=KbKey(key=key)):
                editor.press(key)
        return ()
