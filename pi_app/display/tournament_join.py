"""The screen to join a Cambio tournament across boxes.

`JoinScene` lists the tournaments the broker shows (asked through the jobs service,
so the loop never waits on the network) and joins one as table N once its key is
typed. The tournament itself is the session's (`pi_app.box.tournament`); its screens
are the tournament's game's (`games.cambio_tournament`).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from enum import StrEnum

import pygame

from pi_app.box.jobs import Jobs
from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, cols, rows, split
from pi_app.display.intents import Back, Char, Enter, Erase, Intent, Press
from pi_app.display.keyboard import Labels, NameEditor, draw_keyboard
from pi_app.display.scene import (
    Command,
    Ctx,
    GoHome,
    JoinTournament,
    Parts,
    Scene,
)
from pi_app.display.targets import Button, KbKey
from pi_app.i18n import Translator, current_language
from pi_app.net.directory import Listing, list_tournaments

_ = Translator("display")


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


CREATOR_TABLE = 1
"""The table the box that created the tournament plays (`Tournament.create`)."""


def first_free(listing: Listing | None) -> int:
    """The table a joining box offers first: the one after the creator's, which is
    taken (offering it made the second box join the creator's table); the directory
    says no more of who plays where."""
    if listing is None or listing.tables <= CREATOR_TABLE:
        return CREATOR_TABLE
    return CREATOR_TABLE + 1


class JoinScene(Scene):
    """The tournaments the broker shows; the key typed; the table; Join."""

    name = "tournament-join"

    def __init__(self, broker_host: str, port: int, jobs: Jobs) -> None:
        self.broker_host, self.port = broker_host, port
        self.listed: list[Listing] | None = None
        self.error: str | None = None
        self.chosen: Listing | None = None
        self.table = 1
        self.editor: NameEditor | None = None
        self.key_text = ""
        jobs.run(
            lambda: list_tournaments(broker_host, port), self._listed, self._failed, owner=self
        )

    def key(self) -> Hashable:
        return ("tournament-join",)

    def _listed(self, listed: list[Listing]) -> None:
        self.listed = listed

    def _failed(self, error: BaseException) -> None:
        self.error = _("No broker at {host}:{port}: {error}").format(
            host=self.broker_host, port=self.port, error=error
        )
        self.listed = []

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
                self.table = first_free(self.chosen)
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


def join_page(parts: Parts) -> Scene:
    """The tournaments to join, as a page over the home (`scene.OpenPage`)."""
    tournament = parts.session.tournament.box
    return JoinScene(tournament.broker_host, tournament.port, parts.session.jobs)
