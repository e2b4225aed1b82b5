"""Gambo screens: the board, the selected piece's legal moves, scores, whose move.

Pieces are drawn as shapes (elephant a disc, cat a triangle, mouse a diamond) with one
to three pips for the strength, in the side's colour: no letters, so the board reads
the same in every language and at 480x320. Which side the engine plays, and at which
level, is the table's own data (`Table.extras["opponent"]`, e.g. {"B": "hard"}), not
part of any seat's name; its seat is shown as "Computer (hard)" in the screen's
language. Its search runs on a worker thread so the screen stays responsive, and its
move is played through the table like any tap.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Hashable, Mapping, Sequence
from typing import Any

import pygame

from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, Hit, cols, rows, split
from pi_app.display.intents import WAKE_EVENT, Intent, Press, post
from pi_app.display.scene import Command, Ctx, GoHome, Play, Scene, chrome, seat_label
from pi_app.i18n import N_, Translator
from pi_app.rules.gambo.board import A_START, B_START, CENTRAL, front_of

_ = Translator("display")

ENGINE_LABELS: dict[str, str] = {
    "easy": N_("Engine (easy)"),
    "medium": N_("Engine (medium)"),
    "hard": N_("Engine (hard)"),
}
SIDES = "AB"
SIDE_COLOURS: tuple[th.RGB, th.RGB] = (th.OKABE_ITO[0], th.OKABE_ITO[1])
ANIMAL_NAMES = {"E": N_("elephant"), "C": N_("cat"), "M": N_("mouse")}
MOVETIME = 1.0


def scene_for(table: Any) -> Scene:
    return GamboScene(len(table.state.history), table.game_id)


def opponent_extras(level: str) -> dict[str, Any]:
    """The table extras of a game against the engine at `level`, playing side B."""
    return {"opponent": {"B": level}}


def engine_label(level: str) -> str:
    """The engine's seat as shown, in the current language."""
    return _(ENGINE_LABELS[level])


def engine_level(table: Any, side: int) -> str | None:
    """The engine's level on `side` (0 for A, 1 for B), or None when a person plays it."""
    extras = getattr(table, "extras", {})
    opponent = extras.get("opponent") if isinstance(extras, Mapping) else None
    if not isinstance(opponent, Mapping):
        return None
    level = opponent.get(SIDES[side])
    return level if isinstance(level, str) and level in ENGINE_LABELS else None


def seat_name(table: Any, side: int) -> str:
    """A side's name as shown: the engine's label in the current language, else the seat's."""
    level = engine_level(table, side)
    return engine_label(level) if level is not None else str(table.state.seats[side])


class EngineWorker:
    """One search on a thread; `result` is the move's notation once it is found."""

    def __init__(self, key: Hashable, state: Any, level: str) -> None:
        self.key = key
        self.result: str | None = None
        self.thread = threading.Thread(target=self._run, args=(state, level), daemon=True)
        self.thread.start()

    def _run(self, state: Any, level: str) -> None:
        from pi_app.ai.gambo.players import make_player
        from pi_app.rules.gambo.game import format_action

        player = make_player(
            level, movetime=MOVETIME, seed=len(state.history), clock=time.monotonic
        )
        self.result = format_action(player.choose(state))
        post(pygame.event.Event(WAKE_EVENT))


_worker: EngineWorker | None = None


class GamboScene(Scene):
    """One position; the screen keeps the selected square."""

    def __init__(self, moves: int, game_id: int) -> None:
        self.moves = moves
        self.game_id = game_id
        self.selected: int | None = None
        self.final = False

    name = "gambo"

    def key(self) -> Hashable:
        return ("gambo", self.game_id, self.moves)

    def ring_colour(self, ctx: Ctx) -> th.RGB | None:
        side = ctx.state.to_move
        return None if side is None else SIDE_COLOURS[side]

    def targets(self, ctx: Ctx) -> dict[int, str]:
        """Legal destinations of the selected piece: square -> the move's notation."""
        if self.selected is None:
            return {}
        game = ctx.table.game
        found: dict[int, str] = {}
        for action in game.legal_actions(ctx.state):
            if self.selected in action.squares:
                other = [s for s in action.squares if s != self.selected]
                square = other[0] if other else front_of(self.selected)
                found[square] = game.format_action(action)
        return found

    # ---- drawing --------------------------------------------------------------------

    def draw(self, canvas: Canvas, ctx: Ctx) -> None:
        state = ctx.state
        t = canvas.theme
        mover = state.to_move
        if mover is None:
            title = _("Gambo: game over")
        else:
            title = _("Gambo · to move: {seat}").format(seat=seat_name(ctx.table, mover))
        body = chrome(canvas, ctx, title)
        head, rest = split(body, t.button_h, t.gap)
        for side, cell in enumerate(cols(head, 2, t.gap)):
            if side == mover:
                canvas.panel(cell, th.PANEL_HI, th.WARN, 2)
            label = f"{seat_name(ctx.table, side)} ({SIDES[side]})"
            seat_label(canvas, cell.inflate(-t.gap, 0), label, side, str(state.scores[side]))
        board_box, foot = split(rest, rest.height - t.button_h - t.gap, t.gap)
        self._draw_board(canvas, ctx, board_box)
        self._draw_foot(canvas, ctx, foot)

    def _draw_board(self, canvas: Canvas, ctx: Ctx, box: pygame.Rect) -> None:
        board = ctx.state.board
        targets = self.targets(ctx)
        width = box.width / 18
        top, middle, bottom = rows(box, 3, 4)
        cells: dict[int, pygame.Rect] = {}
        for i in range(18):
            x = round(box.x + i * width)
            w = round(box.x + (i + 1) * width) - x
            cells[CENTRAL.start + i] = pygame.Rect(x, middle.y, w, middle.height)
        for i in range(9):
            a, b = cells[front_of(A_START.start + i)], cells[front_of(B_START.start + i)]
            cells[A_START.start + i] = pygame.Rect(a.x, bottom.y, a.width, bottom.height)
            cells[B_START.start + i] = pygame.Rect(b.x, top.y, b.width, top.height)
        for square, cell in cells.items():
            colour = (52, 58, 70) if square in CENTRAL else th.PANEL
            border = None
            if square == self.selected:
                border = th.TEXT
            elif square in targets and targets[square].startswith("duel"):
                border = th.BAD  # a duel: the attacked piece
                colour = (100, 45, 20)
            elif square in targets:
                border = th.WARN
                colour = (90, 80, 30)
            canvas.panel(cell.inflate(-2, -2), colour, border, 3)
            piece = board[square]
            if piece is not None:
                draw_piece(canvas, cell.inflate(-6, -6), piece.code, SIDE_COLOURS[piece.side])
            canvas.hits.append(Hit(cell, ("square", square)))

    def _draw_foot(self, canvas: Canvas, ctx: Ctx, box: pygame.Rect) -> None:
        t = canvas.theme
        state = ctx.state
        legend, button = split(box, box.width * 2 // 3, t.gap, vertical=False)
        outcome = ctx.table.outcome()
        if outcome is not None:
            names = ", ".join(
                seat_name(ctx.table, state.seats.index(seat)) if seat in state.seats else seat
                for seat in outcome.winners
            )
            canvas.text(_("Winners: {names}").format(names=names), legend, t.body, th.WARN)
            canvas.button(button, _("New game"), "home", colour=th.GOOD)
            return
        engine = engine_level(ctx.table, state.to_move) is not None
        if engine:
            canvas.text(_("The engine is thinking…"), legend, t.small, th.MUTED, align="left")
        else:
            draw_legend(canvas, legend)
        legal = ctx.table.game.legal_actions(state)
        can_pass = len(legal) == 1 and legal[0].kind == "pass"
        canvas.button(button, _("Pass"), "pass", enabled=can_pass and not engine)

    # ---- inputs ---------------------------------------------------------------------

    def handle(self, intent: Intent, ctx: Ctx) -> Sequence[Command]:
        if not isinstance(intent, Press):
            return ()
        target = intent.target
        state = ctx.state
        if target == "home":
            return (GoHome(),)
        if state.to_move is None or engine_level(ctx.table, state.to_move):
            return ()
        if target == "pass":
            return (Play("pass"),)
        if not (isinstance(target, tuple) and target[0] == "square"):
            return ()
        square = int(target[1])
        moves = self.targets(ctx)
        if square in moves:
            self.selected = None
            return (Play(moves[square]),)
        piece = state.board[square]
        own = piece is not None and piece.side == state.to_move
        self.selected = square if own and square != self.selected else None
        return ()

    def poll(self, ctx: Ctx) -> Sequence[Command]:
        """Start the engine's search when it is to move; play its move when found."""
        global _worker
        state = ctx.state
        if state.to_move is None:
            return ()
        level = engine_level(ctx.table, state.to_move)
        if level is None:
            return ()
        key = self.key()
        if _worker is None or _worker.key != key:
            _worker = EngineWorker(key, state, level)
            return ()
        if _worker.result is not None:
            move, _worker = _worker.result, None
            return (Play(move),)
        return ()


def draw_piece(canvas: Canvas, box: pygame.Rect, code: str, colour: th.RGB) -> None:
    """An animal as a shape, its strength as pips below it."""
    surface = canvas.surface
    size = min(box.width, box.height)
    pip = max(2, size // 10)
    shape = pygame.Rect(0, 0, size * 3 // 4, size * 3 // 4)
    shape.midtop = (box.centerx, box.centery - (shape.height + 2 * pip + 2) // 2)
    animal, strength = code[0], int(code[1])
    if animal == "E":
        pygame.draw.circle(surface, colour, shape.center, shape.width // 2)
    elif animal == "C":
        pygame.draw.polygon(surface, colour, (shape.midtop, shape.bottomleft, shape.bottomright))
    else:
        pygame.draw.polygon(
            surface, colour, (shape.midtop, shape.midright, shape.midbottom, shape.midleft)
        )
    y = min(box.bottom - pip, shape.bottom + pip + 1)
    for k in range(strength):
        x = box.centerx + (k - (strength - 1) / 2) * (pip * 2 + 2)
        pygame.draw.circle(surface, th.TEXT, (int(x), y), pip)


def draw_legend(canvas: Canvas, box: pygame.Rect) -> None:
    """The three shapes with the animals' names."""
    t = canvas.theme
    for cell, animal in zip(cols(box, 3, t.gap), "ECM", strict=True):
        icon, name = split(cell, min(cell.height, cell.width // 3), 2, vertical=False)
        draw_piece(canvas, icon.inflate(-4, -4), f"{animal}1", th.MUTED)
        canvas.text(_(ANIMAL_NAMES[animal]), name, t.small, th.TEXT, align="left")


def demo_script(d: Any) -> None:
    """The `tabletop demo gambo` script: two humans, a few moves, a selection."""
    from pi_app.display.scene import NewGame

    setup = {
        "A": ["E1", "C2", "M3", "E2", "C3", "M1", "E3", "C1", "M2"],
        "B": ["M1", "E3", "C2", "M2", "E1", "C3", "M3", "E2", "C1"],
    }
    d.run(NewGame("gambo", ("Alice", "Bruno"), {"setup": setup}))
    d.shot("gambo-start")
    for move in ("adv b4", "adv a4", "adv b3", "adv a5"):
        d.run(Play(move))
    d.press(("square", CENTRAL.start + 9))
    d.shot("gambo-selected")
