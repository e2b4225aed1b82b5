"""Gambo screens: the board, the selected piece's legal moves, scores, whose move.

Pieces are drawn as shapes (elephant a disc, cat a triangle, mouse a diamond) with one
to three pips for the strength, in the player's colour: no letters, so the board reads
the same in every language and at 480x320. Which side the engine plays, and at which
level, is the table's own data (`Table.extras["opponent"]`, e.g. {"B": "hard"}), not
part of any seat's name; its seat is shown as "Computer (hard)" in the screen's
language. Its search runs on a worker thread so the screen stays responsive, and its
move is played through the table like any tap.

A move shows as it happens: the squares it touched are marked on the board,
a sentence says who did what, a strip below lists the latest moves, and the pairs each
side took in duels stand beside its score. All of it is read from the game's story
(`pi_app.rules.gambo.story`), re-told from the state's setup and history.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Hashable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

import pygame

from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, Hit, cols, rows, split
from pi_app.display.choice import Choice, OptionValue
from pi_app.display.declaration import GameDeclaration, Setup
from pi_app.display.driver import DemoDriver
from pi_app.display.intents import WAKE_EVENT, Intent, Press, post
from pi_app.display.memory import ScreenMemory
from pi_app.display.scene import (
    Command,
    Ctx,
    Notice,
    Play,
    RedoAction,
    Scene,
    ShowFinal,
    UndoAction,
    chrome,
    seat_label,
    state_as,
    table_of,
)
from pi_app.display.targets import Button
from pi_app.i18n import N_, Translator
from pi_app.rules.facts import Fact
from pi_app.rules.gambo import story
from pi_app.rules.gambo.board import A_START, B_START, CENTRAL, SQUARE_NAMES, front_of
from pi_app.rules.gambo.chart import BEST_DUEL
from pi_app.rules.gambo.game import ADV, DUEL, SWAP, GamboState, Piece
from pi_app.table.protocol import GameTable

_ = Translator("display")

ENGINE_LABELS: dict[str, str] = {
    "easy": N_("Engine (easy)"),
    "medium": N_("Engine (medium)"),
    "hard": N_("Engine (hard)"),
}
SIDES = "AB"
ANIMAL_NAMES = {"E": N_("elephant"), "C": N_("cat"), "M": N_("mouse")}
PIECE_NAMES = {"E": N_("elephant {n}"), "C": N_("cat {n}"), "M": N_("mouse {n}")}
"""A piece in a sentence; a translation may add the article its language needs."""
MOVETIME = 1.0
CENTRAL_FILL: th.RGB = (52, 58, 70)
LAST_MOVE_CHOICES = (6, 7, 5)
"""Palette indices that may mark the last move: reddish purple unless a side has it."""
LAST_MOVE_FILL: th.RGB = (78, 52, 76)


def scene_for(table: GameTable, memory: ScreenMemory) -> Scene:
    return GamboScene(_state(table.state).history, table.game_id)


def _state(state: object) -> GamboState:
    """The table's state as Gambo's: the one place this module narrows it."""
    return state_as(state, GamboState)


def opponent_extras(level: str) -> dict[str, Any]:
    """The table extras of a game against the engine at `level`, playing side B."""
    return {"opponent": {"B": level}}


def engine_label(level: str) -> str:
    """The engine's seat as shown, in the current language."""
    return _(ENGINE_LABELS[level])


def engine_level(table: GameTable, side: int) -> str | None:
    """The engine's level on `side` (0 for A, 1 for B), or None when a person plays it."""
    opponent = table.extras.get("opponent")
    if not isinstance(opponent, Mapping):
        return None
    level = opponent.get(SIDES[side])
    return level if isinstance(level, str) and level in ENGINE_LABELS else None


def engine_sides(table: GameTable) -> frozenset[int]:
    """The sides the engine plays at `table` (none when two people play)."""
    return frozenset(side for side in range(len(SIDES)) if engine_level(table, side))


def undo_steps(table: GameTable) -> int:
    """How many moves one Undo takes back: the engine's replies since the player's last
    move, and that move; 0 when the engine alone has moved (nothing of the player's).

    After a duel the lower score moves next, so the engine may have replied with more
    than one move; all of them go, and the player is to move again.
    """
    sides = [step.side for step in story.story(_state(table.state))]
    engines = engine_sides(table)
    replies = 0
    while replies < len(sides) and sides[-1 - replies] in engines:
        replies += 1
    return replies + 1 if replies < len(sides) else 0


def take_back(table: GameTable) -> Sequence[Command]:
    """Undo at a Gambo table (`GameDeclaration.undo`): against the engine, the player's
    own move goes with the engine's reply, so the player is to move again and the
    engine, which plays only on its turn, waits for them."""
    if not engine_sides(table) or not table.can_undo:
        return (UndoAction(),)
    steps = undo_steps(table)
    if steps == 0:
        return (Notice(_("Only the engine has moved: no move of yours to undo."), True),)
    return (UndoAction(steps),)


def seat_name(table: GameTable, side: int) -> str:
    """A side's name as shown: the engine's label in the current language, else the seat's."""
    level = engine_level(table, side)
    return engine_label(level) if level is not None else _state(table.state).seats[side]


def piece_name(code: str) -> str:
    """A piece in words (`"cat 2"`), in the current language."""
    return _(PIECE_NAMES[code[0]]).format(n=code[1])


def move_sentence(table: GameTable, step: story.Step) -> str:
    """The move `step` in words, naming who played it, in the current language."""
    player = seat_name(table, step.side)
    if step.kind == ADV:
        return _("{player} advanced {piece} to {square}").format(
            player=player,
            piece=piece_name(step.pieces[0].code),
            square=SQUARE_NAMES[step.squares[1]],
        )
    if step.kind == SWAP:
        first, second = step.pieces
        return _("{player} swapped {first} and {second}").format(
            player=player, first=piece_name(first.code), second=piece_name(second.code)
        )
    if step.kind == DUEL:
        return _duel_sentence(table, step)
    return _("{player} passed").format(player=player)


def _duel_sentence(table: GameTable, step: story.Step) -> str:
    """A duel from the attacker's side: what it took, or that it lost and who scored.

    The points of the ninth duel include its bonus, said after them.
    """
    attacker, defender = step.pieces
    winner = step.side if step.winner is None else step.winner
    values = {
        "player": seat_name(table, step.side),
        "piece": piece_name(attacker.code),
        "other": piece_name(defender.code),
        "points": step.points,
        "winner": seat_name(table, winner),
    }
    if winner == step.side:
        text = _("{player} took {other} with {piece}: +{points}").format(**values)
    else:
        text = _("{player} attacked {other} with {piece} and lost: +{points} for {winner}")
        text = text.format(**values)
    if step.bonus:
        text += " " + _("(last duel: +{bonus})").format(bonus=step.bonus)
    return text


def marked_squares(state: GamboState) -> frozenset[int]:
    """The squares the last move touched, marked on the board."""
    return story.touched(story.story(state))


def ghosts(state: GamboState) -> dict[int, Piece]:
    """The pair a duel just took, drawn faintly on the squares it was fought from."""
    last = story.last_step(story.story(state))
    if last is None or last.kind != DUEL:
        return {}
    return dict(zip(last.squares, last.pieces, strict=True))


class EngineWorker:
    """One search on a thread; `result` is the move's notation once it is found.

    `key` names the position searched (the game and its moves): a result is played only
    in that very position, so a search still running when its position was undone is
    dropped.
    """

    def __init__(self, key: Hashable, state: GamboState, level: str) -> None:
        self.key = key
        self.result: str | None = None
        self.thread = threading.Thread(target=self._run, args=(state, level), daemon=True)
        self.thread.start()

    def _run(self, state: GamboState, level: str) -> None:
        from pi_app.ai.gambo.players import make_player
        from pi_app.rules.gambo.game import format_action

        player = make_player(
            level, movetime=MOVETIME, seed=len(state.history), clock=time.monotonic
        )
        self.result = format_action(player.choose(state))
        post(pygame.event.Event(WAKE_EVENT))


@dataclass
class EngineMemory:
    """The engine's search, kept across scenes (one per position), and whether the
    engine is paused."""

    worker: EngineWorker | None = None
    paused: bool = False


@contextmanager
def engine_paused(memory: ScreenMemory) -> Iterator[None]:
    """While inside, the engine of the app whose `memory` this is neither starts a
    search nor plays one.

    A scripted demo plays the engine's side itself: a search on a thread finishes at
    a different moment on every run, and its move could land before the script's.
    """
    kept = memory.of(EngineMemory)
    kept.paused, kept.worker = True, None
    try:
        yield
    finally:
        kept.paused = False


class MoveButton(StrEnum):
    """Gambo's own button."""

    PASS = "pass"
    """Pass: only when no move is legal."""


@dataclass(frozen=True)
class Square:
    """A square of the board, by its index (`rules.gambo.board`)."""

    index: int


class GamboScene(Scene):
    """One position; the screen keeps the selected square."""

    def __init__(self, history: tuple[str, ...], game_id: int) -> None:
        self.history = history
        self.game_id = game_id
        self.selected: int | None = None

    name = "gambo"

    def key(self) -> Hashable:
        """The position: an undo followed by another move is another screen."""
        return ("gambo", self.game_id, self.history)

    def ring_colour(self, ctx: Ctx) -> th.RGB | None:
        side = _state(ctx.state).to_move
        return None if side is None else th.seat_colour(side, self.colours(ctx))

    def targets(self, ctx: Ctx) -> dict[int, str]:
        """Legal destinations of the selected piece: square -> the move's notation."""
        if self.selected is None:
            return {}
        game = table_of(ctx).game
        found: dict[int, str] = {}
        for action in game.legal_actions(_state(ctx.state)):
            if self.selected in action.squares:
                other = [s for s in action.squares if s != self.selected]
                square = other[0] if other else front_of(self.selected)
                found[square] = game.format_action(action)
        return found

    # ---- drawing --------------------------------------------------------------------

    def draw(self, canvas: Canvas, ctx: Ctx) -> None:
        state = _state(ctx.state)
        mover = state.to_move
        if mover is None:
            title = _("Gambo: game over")
        else:
            title = _("Gambo · to move: {seat}").format(seat=seat_name(table_of(ctx), mover))
        parts = layout(canvas, chrome(canvas, ctx, title))
        steps = story.story(state)
        self._draw_head(canvas, ctx, parts.head, steps)
        self._draw_board(canvas, ctx, parts.board)
        draw_last_move(canvas, table_of(ctx), parts.sentence, steps)
        draw_moves(canvas, parts.moves, steps)
        self._draw_foot(canvas, ctx, parts.foot)

    def _draw_head(
        self, canvas: Canvas, ctx: Ctx, box: pygame.Rect, steps: tuple[story.Step, ...]
    ) -> None:
        """Each side's name and score, and below the score the pairs it took."""
        t = canvas.theme
        state = _state(ctx.state)
        line = canvas.fonts.font(t.small).get_linesize() + 1
        latest = story.last_capture(steps)
        last = story.last_step(steps)
        just_now = latest is not None and last is not None and last.number == latest.number
        for side, cell in enumerate(cols(box, 2, t.gap)):
            if side == state.to_move:
                canvas.panel(cell, th.PANEL_HI, th.WARN, 2)
            inner = cell.inflate(-t.gap, 0)
            name_row, taken_row = split(inner, max(line, inner.height // 2), 2)
            label = f"{seat_name(table_of(ctx), side)} ({SIDES[side]})"
            seat_label(canvas, name_row, label, side, str(state.scores[side]))
            indent = max(10, name_row.height // 3) + t.gap
            taken_row = pygame.Rect(
                taken_row.x + indent, taken_row.y, taken_row.width - indent, taken_row.height
            )
            draw_taken(canvas, taken_row, story.taken_by(steps, side), latest, just_now)

    def _draw_board(self, canvas: Canvas, ctx: Ctx, box: pygame.Rect) -> None:
        board = _state(ctx.state).board
        targets = self.targets(ctx)
        marked = marked_squares(_state(ctx.state))
        faint = ghosts(_state(ctx.state))
        mark = last_move_colour(canvas)
        for square, cell in board_cells(box).items():
            colour, border = self._square_look(square, targets, marked, mark)
            canvas.panel(cell.inflate(-2, -2), colour, border, 3)
            if square in marked and border != mark:
                canvas.panel(cell.inflate(-8, -8), colour, mark, 2)
            piece = board[square]
            if piece is not None:
                draw_piece(canvas, cell.inflate(-6, -6), piece.code, canvas.seat_colour(piece.side))
            elif square in faint:
                ghost = faint[square]
                draw_piece(canvas, cell.inflate(-6, -6), ghost.code, faded(canvas, ghost.side))
            canvas.hits.append(Hit(cell, Square(square)))

    def _square_look(
        self, square: int, targets: Mapping[int, str], marked: frozenset[int], mark: th.RGB
    ) -> tuple[th.RGB, th.RGB | None]:
        """A square's fill and outline: the selection, a target, the last move, or plain."""
        colour = CENTRAL_FILL if square in CENTRAL else th.PANEL
        if square == self.selected:
            return colour, th.TEXT
        if square in targets and targets[square].startswith(DUEL):
            return (100, 45, 20), th.BAD  # a duel: the attacked piece
        if square in targets:
            return (90, 80, 30), th.WARN
        if square in marked:
            return LAST_MOVE_FILL, mark
        return colour, None

    def _draw_foot(self, canvas: Canvas, ctx: Ctx, box: pygame.Rect) -> None:
        t = canvas.theme
        state = _state(ctx.state)
        legend, button = split(box, box.width * 2 // 3, t.gap, vertical=False)
        outcome = table_of(ctx).outcome()
        if outcome is not None:
            names = ", ".join(
                seat_name(table_of(ctx), state.seats.index(seat)) if seat in state.seats else seat
                for seat in outcome.winners
            )
            canvas.text(_("Winners: {names}").format(names=names), legend, t.body, th.WARN)
            canvas.button(button, _("Final ranking"), Button.FINAL, colour=th.GOOD)
            return
        mover = state.to_move
        engine = mover is not None and engine_level(table_of(ctx), mover) is not None
        if engine:
            canvas.text(_("The engine is thinking…"), legend, t.small, th.MUTED, align="left")
        else:
            draw_legend(canvas, legend)
        legal = table_of(ctx).game.legal_actions(state)
        can_pass = len(legal) == 1 and legal[0].kind == "pass"
        canvas.button(button, _("Pass"), MoveButton.PASS, enabled=can_pass and not engine)

    # ---- inputs ---------------------------------------------------------------------

    def handle(self, intent: Intent, ctx: Ctx) -> Sequence[Command]:
        state = _state(ctx.state)
        if intent == Press(Button.FINAL):
            return (ShowFinal(),)
        if state.to_move is None or engine_level(table_of(ctx), state.to_move):
            return ()  # the engine's turn: the board waits for its move
        match intent:
            case Press(target=MoveButton.PASS):
                return (Play("pass"),)
            case Press(target=Square(index=square)):
                return self._square(ctx, square)
        return ()

    def _square(self, ctx: Ctx, square: int) -> Sequence[Command]:
        """A move to a square shown as a target, else the piece there (de)selected."""
        state = _state(ctx.state)
        moves = self.targets(ctx)
        if square in moves:
            self.selected = None
            return (Play(moves[square]),)
        piece = state.board[square]
        own = piece is not None and piece.side == state.to_move
        self.selected = square if own and square != self.selected else None
        return ()

    def poll(self, ctx: Ctx) -> Sequence[Command]:
        """Start the engine's search when it is to move; play its move when found.

        When the player redoes a move the engine had answered, the answer is redone
        rather than searched again: Redo brings back both moves, and no third.
        """
        state = _state(ctx.state)
        kept = ctx.memory.of(EngineMemory)
        if state.to_move is None or kept.paused:
            return ()
        table = table_of(ctx)
        level = engine_level(table, state.to_move)
        if level is None:
            return ()
        if table.can_redo:  # the move undone here was the engine's own
            kept.worker = None
            return (RedoAction(),)
        key = self.key()
        if kept.worker is None or kept.worker.key != key:
            kept.worker = EngineWorker(key, state, level)
            return ()
        if kept.worker.result is not None:
            move, kept.worker = kept.worker.result, None
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


@dataclass(frozen=True)
class Layout:
    """Where each part of the Gambo screen goes, top to bottom."""

    head: pygame.Rect
    board: pygame.Rect
    sentence: pygame.Rect
    moves: pygame.Rect
    foot: pygame.Rect


def layout(canvas: Canvas, body: pygame.Rect) -> Layout:
    """The screen cut into rows; the board takes what the rows of text leave.

    The sentence has room for two lines of the smallest type, the strip of moves for
    one, so neither is ever shrunk below the legible size at 480x320.
    """
    t = canvas.theme
    line = canvas.fonts.font(t.min_font).get_linesize()
    head_h = t.button_h + t.gap
    sentence_h = 2 * line + 2
    moves_h = max(line + 5, t.button_h * 4 // 7)
    board_h = body.height - head_h - sentence_h - moves_h - t.button_h - 4 * t.gap
    head, rest = split(body, head_h, t.gap)
    board, rest = split(rest, board_h, t.gap)
    sentence, rest = split(rest, sentence_h, t.gap)
    moves, foot = split(rest, moves_h, t.gap)
    return Layout(head, board, sentence, moves, foot)


def board_cells(box: pygame.Rect) -> dict[int, pygame.Rect]:
    """Each square's cell: B's start row on top, the central row, A's start row below."""
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
    return cells


def last_move_colour(canvas: Canvas) -> th.RGB:
    """The colour marking the last move: one that neither side plays in."""
    sides = {canvas.seat_colour(0), canvas.seat_colour(1)}
    free = [th.OKABE_ITO[i] for i in LAST_MOVE_CHOICES if th.OKABE_ITO[i] not in sides]
    return free[0]


def faded(canvas: Canvas, side: int) -> th.RGB:
    """A side's colour mixed into the board's: a piece that is no longer there."""
    colour = canvas.seat_colour(side)
    return (
        (colour[0] + 2 * CENTRAL_FILL[0]) // 3,
        (colour[1] + 2 * CENTRAL_FILL[1]) // 3,
        (colour[2] + 2 * CENTRAL_FILL[2]) // 3,
    )


def draw_taken(
    canvas: Canvas,
    box: pygame.Rect,
    taken: Sequence[story.Capture],
    latest: story.Capture | None,
    just_now: bool,
) -> None:
    """The pairs a side took, right-aligned under its score, the latest duel's framed.

    Each pair is the winner's own piece then the loser's, in their sides' colours; the
    frame is the last move's colour when that duel was the move just played. When the
    pairs would shrink below two thirds of the row, the oldest give way to a count.
    """
    if not taken:
        return
    gap = max(3, box.height // 3)
    room = max(2, (box.width + gap) // (4 * box.height // 3 + gap))
    shown = list(taken)
    if len(taken) > room:
        hidden = len(taken) - room + 1
        box = _draw_hidden_count(canvas, box, hidden, gap)
        shown = shown[hidden:]
    count = len(shown)
    size = min(box.height, (box.width - gap * (count - 1)) // (2 * count))
    x = box.right - count * 2 * size - (count - 1) * gap
    for capture in shown:
        pair = pygame.Rect(x, box.centery - size // 2, 2 * size, size)
        for piece, cell in zip(capture.pieces, cols(pair, 2), strict=True):
            draw_piece(canvas, cell, piece.code, canvas.seat_colour(piece.side))
        if capture == latest:
            frame = last_move_colour(canvas) if just_now else th.MUTED
            pygame.draw.rect(canvas.surface, frame, pair.inflate(2, 2), 2, border_radius=3)
        x += 2 * size + gap


def _draw_hidden_count(canvas: Canvas, box: pygame.Rect, hidden: int, gap: int) -> pygame.Rect:
    """`+N` for the oldest pairs left out, at the row's left; returns the room left."""
    text = f"+{hidden}"
    font = canvas.fonts.font(canvas.theme.min_font)
    width, line = font.size(text)[0] + 2, font.get_linesize() + 1
    place = (box.x, box.centery - line // 2, width, line)
    canvas.text(text, place, canvas.theme.min_font, th.MUTED)
    return pygame.Rect(box.x + width + gap, box.y, box.width - width - gap, box.height)


def draw_last_move(
    canvas: Canvas, table: GameTable, box: pygame.Rect, steps: tuple[story.Step, ...]
) -> None:
    """The move just played in words, after a patch of its player's colour."""
    t = canvas.theme
    last = story.last_step(steps)
    if last is None:
        canvas.text(_("No move yet."), box, t.small, th.MUTED, align="left")
        return
    patch, words = split(box, max(8, box.height // 5), t.gap, vertical=False)
    canvas.swatch(patch.inflate(0, -box.height // 3), canvas.seat_colour(last.side))
    canvas.text(move_sentence(table, last), words, t.small, th.TEXT, align="left")


@dataclass(frozen=True)
class Fought:
    """A piece of a duel on a chip: its colour fades when its side lost the duel."""

    piece: Piece
    winner: int | None


ChipPart = Piece | Fought | str
"""A piece, a piece in a duel, or a word; a sign is named by `SIGNS`."""
SIGNS = ("arrow", "swap", "cross")


def _chip_parts(step: story.Step) -> list[ChipPart]:
    """What a move's chip shows, left to right: pieces, signs and a square or a word."""
    if step.kind == ADV:
        return [step.pieces[0], "arrow", SQUARE_NAMES[step.squares[1]]]
    if step.kind == SWAP:
        return [step.pieces[0], "swap", step.pieces[1]]
    if step.kind == DUEL:
        attacker, defender = step.pieces
        return [Fought(attacker, step.winner), "cross", Fought(defender, step.winner)]
    return [_("Pass")]


def _chip_width(canvas: Canvas, height: int) -> int:
    """The narrowest chip that holds any move: a number, two pieces and a sign."""
    font = canvas.fonts.font(canvas.theme.min_font)
    icon = height - 4
    number = font.size("88")[0] + 2
    body = max(icon * 5 // 2, icon * 3 // 2 + font.size("c17")[0] + 2)
    return 6 + 3 + number + 3 + body + 6


def draw_moves(canvas: Canvas, box: pygame.Rect, steps: tuple[story.Step, ...]) -> None:
    """The latest moves, numbered, oldest on the left, the last one framed."""
    if not steps:
        return
    gap = canvas.theme.gap
    count = max(1, (box.width + gap) // (_chip_width(canvas, box.height) + gap))
    shown = steps[-count:]
    for cell, step in zip(cols(box, count, gap), shown, strict=False):
        draw_chip(canvas, cell, step, step is steps[-1])


def draw_chip(canvas: Canvas, box: pygame.Rect, step: story.Step, last: bool) -> None:
    """One move: its mover's colour, its number, then what it did."""
    t = canvas.theme
    canvas.panel(box, th.PANEL, last_move_colour(canvas) if last else None, 2)
    bar = pygame.Rect(box.x + 2, box.y + 2, 6, box.height - 4)
    pygame.draw.rect(canvas.surface, canvas.seat_colour(step.side), bar, border_radius=2)
    inner = pygame.Rect(bar.right + 3, box.y + 2, box.right - bar.right - 6, box.height - 4)
    font = canvas.fonts.font(t.min_font)
    number_w = font.size(str(step.number))[0] + 2
    number, rest = split(inner, number_w, 3, vertical=False)
    canvas.text(str(step.number), number, t.min_font, th.MUTED)
    x, icon = rest.x, rest.height
    for part in _chip_parts(step):
        if isinstance(part, str) and part in SIGNS:
            width = icon // 2
            draw_sign(canvas, pygame.Rect(x, rest.y, width, icon), part)
        elif isinstance(part, str):
            width = min(rest.right - x, font.size(part)[0] + 2)
            canvas.text(part, pygame.Rect(x, rest.y, width, rest.height), t.min_font, th.TEXT)
        else:
            width = icon
            piece, colour = _chip_piece(canvas, part)
            draw_piece(canvas, pygame.Rect(x, rest.y, icon, icon), piece.code, colour)
        x += width + 1


def _chip_piece(canvas: Canvas, part: Piece | Fought) -> tuple[Piece, th.RGB]:
    """A piece of a chip and its colour: a duel's loser is drawn faded."""
    if isinstance(part, Piece):
        return part, canvas.seat_colour(part.side)
    piece = part.piece
    won = piece.side == part.winner
    return piece, canvas.seat_colour(piece.side) if won else faded(canvas, piece.side)


def draw_sign(canvas: Canvas, box: pygame.Rect, kind: str) -> None:
    """An arrow (advance), two opposed arrows (swap) or a cross (duel), as lines.

    Drawn rather than typed: the bundled font has no arrow glyphs.
    """
    surface, colour = canvas.surface, th.TEXT
    left, right = box.x + 1, box.right - 2
    head = max(3, box.width // 3)
    if kind == "cross":
        inset = box.inflate(-2, -(box.height - box.width) - 2)
        pygame.draw.line(surface, colour, inset.topleft, inset.bottomright, 2)
        pygame.draw.line(surface, colour, inset.bottomleft, inset.topright, 2)
        return
    ys = [box.centery] if kind == "arrow" else [box.centery - head, box.centery + head]
    for k, y in enumerate(ys):
        tip, tail = (right, left) if k == 0 else (left, right)
        pygame.draw.line(surface, colour, (tail, y), (tip, y), 2)
        back = tip - head if tip > tail else tip + head
        pygame.draw.polygon(surface, colour, ((tip, y), (back, y - head), (back, y + head)))


def demo_script(d: DemoDriver) -> None:
    """The `tabletop demo gambo` script: two humans, a few moves, a selection; then a
    game against the computer, just after its swap.

    The engine is paused in the second game and its moves are played by the script,
    so the pictures are the same on every run.
    """
    from pi_app.display.scene import NewGame

    setup = {
        "A": ["E1", "C2", "M3", "E2", "C3", "M1", "E3", "C1", "M2"],
        "B": ["M1", "E3", "C2", "M2", "E1", "C3", "M3", "E2", "C1"],
    }
    d.run(NewGame("gambo", ("Alice", "Bruno"), {"setup": setup}))
    d.shot("gambo-start")
    for move in ("adv b4", "adv a4", "adv b3", "adv a5"):
        d.run(Play(move))
    d.press(Square(CENTRAL.start + 9))
    d.shot("gambo-selected")
    with engine_paused(d.memory):
        d.run(
            NewGame(
                "gambo",
                ("Alice", engine_label("hard")),
                {"setup": setup},
                opponent_extras("hard"),
            )
        )
        for move in ("adv b4", "adv a4", "duel c9 c8", "adv a5", "swap b2 b6"):
            d.run(Play(move))
        d.shot("gambo-swapped")


# ---- the game, as the home and the end screen know it --------------------------------

OPPONENT = Choice(
    "opponent",
    N_("Opponent"),
    ("medium", "easy", "hard", "human"),
    (N_("engine, medium"), N_("engine, easy"), N_("engine, hard"), N_("two players")),
    rules=False,
)
"""Who plays side B: the engine at a level, or a second person (the table's own data)."""


def against_engine(setup: Setup, values: Mapping[str, OptionValue]) -> Setup:
    """A game against the engine: its seat bears its label in today's language, and who
    it plays is the table's own data (`opponent_extras`), not a rule nor a player."""
    level = values.get(OPPONENT.key)
    if not isinstance(level, str) or level not in ENGINE_LABELS:
        return setup
    seats = (setup.seats[0], engine_label(level), *setup.seats[2:])
    extras = {**setup.extras, **opponent_extras(level)}
    return replace(setup, seats=seats, extras=extras, box_seats=frozenset({1}))


def best_duel(fact: Fact) -> str:
    return _("Biggest duel: {seat} +{points} (move {step})").format(
        seat=fact.seat, points=fact.value, step=fact.step
    )


DECLARATION = GameDeclaration(
    menu=50,
    choices=(OPPONENT,),
    start=against_engine,
    facts=((BEST_DUEL, best_duel),),
    demo=demo_script,
    undo=take_back,
)
