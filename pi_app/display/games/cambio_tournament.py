"""Cambio tournament screens: one Cambio table at a time, chosen by a tab per table.

Each table plays the ordinary Cambio screens (`games.cambio`), seen through a small
view that makes the chosen table look like a one-table game and prefixes its actions
with `table N`. After a round whose winner moves (rulings R8), the moves are announced
by name and table above the table's screen. A table whose bell has rung fills the
screen with its STOP until its ringer is named, so that is the table shown, after a
restart too.

In a tournament across boxes (`net.table.TournamentTable`) this box plays one table: no
tabs, and a line above its screen says whether the box is online, what it still has
to send and, on the creator's box, the join code. Until the tournament's settings
arrive, a wait says where the box looks for them.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, cast

import pygame

from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, cols, split
from pi_app.display.declaration import GameDeclaration
from pi_app.display.driver import DemoDriver
from pi_app.display.games.cambio import CHOICES, FACTS, STOP_PHASES, CambioScene, chosen
from pi_app.display.intents import Intent, Press
from pi_app.display.memory import ScreenMemory
from pi_app.display.scene import Command, Ctx, Scene, chrome, state_as, table_of
from pi_app.i18n import Translator
from pi_app.rules.cambio.game import CambioState
from pi_app.rules.cambio.scoring import MAX_SEATS
from pi_app.rules.cambio.tournament.state import TournamentState
from pi_app.table.protocol import GameTable

if TYPE_CHECKING:  # the network code loads only when a tournament across boxes plays
    from pi_app.net.table import TournamentTable

_ = Translator("display")


@dataclass(frozen=True)
class TableTab:
    """The tab of a table (from 0): its screen is shown."""

    index: int


@dataclass
class TableChoice:
    """The table on screen: the screen's own choice, kept across rounds."""

    index: int = 0


def _state(state: object) -> TournamentState:
    """The table's state as the tournament's: the one place this module narrows it."""
    return state_as(state, TournamentState)


def shown_table(state: TournamentState, selected: int) -> int:
    """The table on screen: one stopped by its bell first, else the one chosen by tab."""
    chosen = min(selected, len(state.tables) - 1)
    if state.tables[chosen].round.phase in STOP_PHASES:
        return chosen
    for index, table in enumerate(state.tables):
        if table.round.phase in STOP_PHASES:
            return index
    return chosen


def scene_for(table: GameTable, memory: ScreenMemory) -> Scene:
    if getattr(table, "across_boxes", False):  # a tournament across boxes: one table here
        return network_scene(cast("TournamentTable", table))
    state = _state(table.state)
    chosen = memory.of(TableChoice)
    index = chosen.index = shown_table(state, chosen.index)  # a stopped table stays chosen
    return TournamentScene(index, state)


def table_view(state: TournamentState, index: int) -> CambioState:
    """Table `index` of a tournament as a one-table Cambio state (what its screens read)."""
    table = state.tables[index]
    scores = state.score_map
    played = tuple(item.result for item in state.history if item.table == index)
    # The Cambio screens read the round number from len(history) and the last round
    # from history[-1]: the table's count of rounds, ending with its last result.
    return CambioState(
        seats=table.seats,
        settings=state.settings,
        scores=tuple(scores[seat] for seat in table.seats),
        round=table.round,
        history=played[-1:] * table.played if played else (),
        termination=state.termination,
    )


def announcements(state: TournamentState | None) -> list[str]:
    """The seat moves of the last round: who goes to which table and seat (from 1)."""
    if state is None or not state.history:
        return []
    return [
        _("{player}: go to table {table}, seat {seat}").format(
            player=move.player, table=move.to_table + 1, seat=move.to_seat + 1
        )
        for move in state.history[-1].moves
    ]


class TournamentScene(Scene):
    """Tabs for the tables, the seat moves, and the chosen table's Cambio screen."""

    def __init__(self, index: int, state: TournamentState) -> None:
        self.index = index
        self.rounds = len(state.history)
        self.inner = self._table(index, state)

    @staticmethod
    def _table(index: int, state: TournamentState) -> CambioScene:
        """Table `index`'s Cambio screen; quiet about the last round when seat moves,
        which say more, are announced above it."""
        view = table_view(state, index)
        inner = CambioScene(
            view.phase, view.round_number, view.round.rung_by, len(view.round.false_rings)
        )
        inner.at_table = index
        inner.quiet_summary = bool(announcements(state))
        return inner

    @property
    def name(self) -> str:  # type: ignore[override]
        return "tournament-" + self.inner.name.removeprefix("cambio-")

    def key(self) -> Hashable:
        return ("tournament", self.index, self.rounds, self.inner.key())

    def _ctx(self, ctx: Ctx) -> Ctx:
        """What the chosen table's Cambio screen reads: its table as a one-table game."""
        return replace(ctx, state=table_view(_state(ctx.state), self.index))

    def wants_bell(self, ctx: Ctx) -> bool:
        return self.inner.wants_bell(self._ctx(ctx))

    def draw(self, canvas: Canvas, ctx: Ctx) -> None:
        inner = self._ctx(ctx)
        if self.inner.full_stop:
            self.inner.draw(canvas, inner)
            return
        t = canvas.theme
        title = _("Tournament · table {n}").format(n=self.index + 1)
        rest = self.draw_head(canvas, ctx, chrome(canvas, ctx, title))
        moves = announcements(_state(ctx.state))
        if moves:
            height = max(t.button_h, len(moves) * (t.min_px + 6) + t.gap)
            note, rest = split(rest, height, t.gap)
            canvas.panel(note, th.WARN)
            canvas.text("\n".join(moves), note.inflate(-t.gap, -2), t.small, (0, 0, 0))
        self.inner.draw_body(canvas, inner, pygame.Rect(rest))

    def draw_head(self, canvas: Canvas, ctx: Ctx, body: pygame.Rect) -> pygame.Rect:
        """A tab per table above the chosen table's screen; returns the room below."""
        t = canvas.theme
        tabs, rest = split(body, t.button_h, t.gap)
        for number, cell in enumerate(cols(tabs, len(_state(ctx.state).tables), t.gap)):
            chosen(canvas, cell, str(number + 1), TableTab(number), number == self.index, th.ACCENT)
        return rest

    def handle(self, intent: Intent, ctx: Ctx) -> Sequence[Command]:
        match intent:
            case Press(target=TableTab(index=index)):
                ctx.memory.of(TableChoice).index = self.index = index
                self.inner = self._table(index, _state(ctx.state))
                return ()
        return self.inner.handle(intent, self._ctx(ctx))


def _across_boxes(ctx: Ctx) -> TournamentTable:
    """This box's table in a tournament across boxes: what its screens are shown with."""
    from pi_app.net.table import TournamentTable

    return state_as(table_of(ctx), TournamentTable)


def network_scene(table: TournamentTable) -> Scene:
    """The scene of this box's table, or a wait while the settings are on their way."""
    state = table.state
    if state is None:
        return WaitingScene()
    return TournamentTableScene(table.index, state)


class WaitingScene(Scene):
    """Joined, but the tournament's settings have not come yet (offline, or a wrong key)."""

    name = "tournament-waiting"

    def key(self) -> Hashable:
        return ("tournament-waiting",)

    def draw(self, canvas: Canvas, ctx: Ctx) -> None:
        t = canvas.theme
        body = chrome(canvas, ctx, _("Tournament"), undo=False)
        box = _across_boxes(ctx).box
        refusal = box.link.refusal if box.link is not None else None
        if refusal is not None:
            text = _("The broker refused this box: is the key right?")
        elif box.online:
            text = _("Waiting for the tournament's settings…")
        else:
            text = _("Looking for the tournament at {host}:{port}…").format(
                host=box.me.host, port=box.me.port
            )
        canvas.text(text, body, t.body, th.WARN if refusal else th.MUTED)


class TournamentTableScene(TournamentScene):
    """One table's Cambio screens, with the tournament's status above them."""

    def draw_head(self, canvas: Canvas, ctx: Ctx, body: pygame.Rect) -> pygame.Rect:
        """No tabs (this box plays one table): whether it is online, and what is pending."""
        t = canvas.theme
        table = _across_boxes(ctx)
        status, rest = split(body, t.min_px + 12, t.gap // 2)
        colour = th.GOOD if table.box.online else th.WARN
        canvas.text(status_text(table), status, t.small, colour, align="left")
        return rest

    def handle(self, intent: Intent, ctx: Ctx) -> Sequence[Command]:
        return self.inner.handle(intent, self._ctx(ctx))


def status_text(table: TournamentTable) -> str:
    """Online or not, rounds still to send, refused ones, and the join code (creator)."""
    box = table.box
    if box.join_refusal is not None:  # the English reason is in the log
        return _("The tournament refused this box at table {table}.").format(table=box.me.table + 1)
    if box.me.joining:
        return _("joining the tournament…")
    if box.rounds.finished:  # its end is kept: no box plays on, online or not
        return _("The tournament is over.")
    parts = [_("online") if box.online else _("offline: the table plays on")]
    others = sum(1 for s in box.statuses.values() if s.online and s.box != box.me.box)
    if box.online and others:
        parts.append(
            _.plural("{count} other box", "{count} other boxes", others).format(count=others)
        )
    waiting = len(box.pending())
    if waiting:
        parts.append(_("{count} to send").format(count=waiting))
    if box.refused():
        parts.append(
            _.plural("{count} refused", "{count} refused", len(box.refused())).format(
                count=len(box.refused())
            )
        )
    if box.admissions is not None and box.admissions.open_tables() > 0:  # then no more
        from pi_app.net.box import join_code

        parts.append(_("code {code}").format(code=join_code(box.me.tid, box.me.join)))
    return " · ".join(parts)


def demo_script(d: DemoDriver) -> None:
    """A tournament of ten on two tables: Ben wins twice at table 1 and moves."""
    from pi_app.display.scene import NewGame, Play

    players = ("Ana", "Ben", "Cléo", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")
    d.run(NewGame("cambio-tournament", players, {"tables": 2}))
    d.shot("tournament-deal")
    for action in ("deal", "open", 'ring "Ben"', "show Dollar 9"):
        d.run(Play(f"table 0 {action}"))
    for action in ("deal", "open", 'ring "Ivy"', "show Yen 9"):
        d.run(Play(f"table 1 {action}"))
    for action in ("deal", "open", 'ring "Ben"', "show Franc 9"):
        d.run(Play(f"table 0 {action}"))
    d.shot("tournament-moves")


SEATS_HERE = 2 * MAX_SEATS
"""A tournament on one box seats two full tables: the most names the home's seat list
shows legibly on the small screen (its rules allow up to a hundred tables)."""

DECLARATION = GameDeclaration(
    scenes=scene_for,
    menu=40,
    choices=CHOICES,
    across_boxes=True,
    facts=FACTS,
    demo=demo_script,
    seats_here=SEATS_HERE,
)
"""Cambio's options and facts; the home also offers it across boxes, a table per box."""
