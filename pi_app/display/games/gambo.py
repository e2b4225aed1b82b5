"""Gambo screens: the board, the selected piece's legal moves, scores, whose move.

Pieces are drawn as shapes (elephant a disc, cat a triangle, mouse a diamond) with one
to three pips for the strength, in the player's colour: no letters, so the board reads
the same in every language and at 480x320. Which side the engine plays, and at which
level, is the table's own data (`Table.extras["opponent"]`, e.g. {"B": "hard"}), not
part of any seat's name; its seat is shown as "Computer (hard)" in the screen's
language. Its search runs on a worker thread so the screen stays responsive, and its
move is played through the table like any tap.

The board is drawn staggered, as the rulebook lays it out (R9): the central row in two
lines, each square half a square on from the one before, so every square is a
fingertip wide at 800x480; the central squares' numbers run between the lines and the
rows' letters stand at the ends, as the moves name them (`c9`). A line at the foot
says what comes next: whose pieces to tap, then where, or that the engine thinks.
Undo against the engine takes back its reply with the player's move (the core's
`Session.undo`, from `pi_app.ai.gambo.opponent.take_back`).

A move shows as it happens: the squares it touched are marked on the board,
a sentence says who did what, a strip below lists the latest moves (at 800x480, where
there is room for it), and the pairs each side took in duels stand beside its score.
All of it is read from the game's story (`pi_app.rules.gambo.story`), re-told from the
state's setup and history.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

import pygame

from pi_app.ai.gambo import opponent
from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, Hit, cols, split
from pi_app.display.choice import Choice, OptionValue
from pi_app.display.declaration import GameDeclaration, Setup
from pi_app.display.driver import DemoDriver
from pi_app.display.intents import Intent, Press
from pi_app.display.memory import ScreenMemory
from pi_app.display.scene import (
    Command,
    Ctx,
    Play,
    Scene,
    ShowFinal,
    chrome,
    seat_label,
    state_as,
    table_of,
)
from pi_app.display.targets import Button
from pi_app.display.titles import winners_line
from pi_app.i18n import N_, Translator
from pi_app.rules.facts import Fact
from pi_app.rules.gambo import story
from pi_app.rules.gambo.board import (
    A_START,
    B_START,
    CENTRAL,
    ROW_LENGTH,
    SQUARE_NAMES,
    front_of,
)
from pi_app.rules.gambo.chart import BEST_DUEL
from pi_app.rules.gambo.game import (
    ADV,
    DUEL,
    PASS,
    SWAP,
    GamboState,
    Piece,
    state_from_record,
)
from pi_app.table.protocol import GameTable

_ = Translator("display")

ENGINE_LABELS = opponent.LABELS
SIDES = "AB"
ANIMAL_NAMES = {"E": N_("elephant"), "C": N_("cat"), "M": N_("mouse")}
PIECE_NAMES = {"E": N_("elephant {n}"), "C": N_("cat {n}"), "M": N_("mouse {n}")}
"""A piece in a sentence; a translation may add the article its language needs."""
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
    return opponent.label(level)


def engine_level(table: GameTable, side: int) -> str | None:
    """The engine's level on `side` (0 for A, 1 for B), or None when a person plays it."""
    return opponent.level_of(table.extras, side)


def engine_sides(table: GameTable) -> frozenset[int]:
    """The sides the engine plays at `table` (none when two people play)."""
    return frozenset(side for side in range(len(SIDES)) if engine_level(table, side))


def seat_name(table: GameTable, side: int) -> str:
    """A side's name as shown: the engine's label in the current language, else the seat's."""
    level = engine_level(table, side)
    return engine_label(level) if level is not None else _state(table.state).seats[side]


def piece_name(code: str) -> str:
    """A piece in words (`"cat 2"`), in the current language."""
    return _(PIECE_NAMES[code[0]]).format(n=code[1])


def move_sentence(table: GameTable, step: story.Step, brief: bool = False) -> str:
    """The move `step` in words, naming who played it, in the current language; a
    `brief` duel leaves its pieces to the board (`move_words`)."""
    return move_words((seat_name(table, 0), seat_name(table, 1)), step, brief)


def move_words(names: Sequence[str], step: story.Step, brief: bool = False) -> str:
    """The move `step` in words, its sides named by `names` (A's, then B's): what the
    board says of it (`move_sentence`) and the history tells (`told_moves`)."""
    player = names[step.side]
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
        return _duel_words(names, step, brief)
    return _("{player} passed").format(player=player)


def _duel_words(names: Sequence[str], step: story.Step, brief: bool = False) -> str:
    """A duel from the attacker's side: what it took, or that it lost and who scored.

    The points of the ninth duel include its bonus, said after them. A `brief` one
    names no piece: two long names and the bonus would not fit two lines at 480x320,
    and the board still shows the pair it took, faintly, where it was fought.
    """
    attacker, defender = step.pieces
    winner = step.side if step.winner is None else step.winner
    values = {
        "player": names[step.side],
        "piece": piece_name(attacker.code),
        "other": piece_name(defender.code),
        "points": step.points,
        "winner": names[winner],
    }
    if winner == step.side and brief:
        text = _("{player} won a duel: +{points}").format(**values)
    elif winner == step.side:
        text = _("{player} took {other} with {piece}: +{points}").format(**values)
    elif brief:
        text = _("{player} lost a duel: +{points} for {winner}").format(**values)
    else:
        text = _("{player} attacked {other} with {piece} and lost: +{points} for {winner}")
        text = text.format(**values)
    if step.bonus:
        text += " " + _("(last duel: +{bonus})").format(bonus=step.bonus)
    return text


def told_moves(seats: Sequence[str], record: Mapping[str, Any]) -> tuple[str, ...]:
    """Every move of a finished game's record, numbered and in the board's words, its
    sides named by the table's `seats` (`GameDeclaration.tell`: the history's rows)."""
    names = tuple(seats[:2]) if len(seats) >= 2 else tuple(SIDES)
    steps = story.story(state_from_record(record))
    return tuple(f"{step.number}. {move_words(names, step)}" for step in steps)


def marked_squares(state: GamboState) -> frozenset[int]:
    """The squares the last move touched, marked on the board."""
    return story.touched(story.story(state))


def ghosts(state: GamboState) -> dict[int, Piece]:
    """The pair a duel just took, drawn faintly on the squares it was fought from."""
    last = story.last_step(story.story(state))
    if last is None or last.kind != DUEL:
        return {}
    return dict(zip(last.squares, last.pieces, strict=True))


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
        """The board between the sides' scores and what was just played; whose move it
        is says itself on the sides' frame and in the line at the foot, so the title
        stays short enough for the top bar at 480x320."""
        state = _state(ctx.state)
        parts = layout(canvas, chrome(canvas, ctx, _("Gambo")))
        steps = story.story(state)
        self._draw_head(canvas, ctx, parts.head, steps)
        self._draw_board(canvas, ctx, parts.board)
        draw_last_move(canvas, table_of(ctx), parts.sentence, steps)
        if parts.moves.height > 0:
            draw_moves(canvas, parts.moves, steps)
        self._draw_foot(canvas, ctx, parts.foot)

    def _draw_head(
        self, canvas: Canvas, ctx: Ctx, box: pygame.Rect, steps: tuple[story.Step, ...]
    ) -> None:
        """Each side's name on a line of its own, then the pairs it took and its score.

        The name has the cell's whole width, so the engine's label stays whole at
        480x320; its side's letter (the row it starts on) follows when there is room.
        """
        t = canvas.theme
        state = _state(ctx.state)
        latest = story.last_capture(steps)
        last = story.last_step(steps)
        just_now = latest is not None and last is not None and last.number == latest.number
        font = canvas.fonts.font(t.min_font)
        for side, cell in enumerate(cols(box, 2, t.gap)):
            if side == state.to_move:
                canvas.panel(cell, th.PANEL_HI, th.WARN, 2)
            inner = cell.inflate(-max(t.gap, 8), -6)  # clear of the outline of the side to move
            name_row, lower = split(inner, inner.height // 2, 0)
            patch = max(10, name_row.height // 3)
            name = seat_name(table_of(ctx), side)
            label = f"{name} ({SIDES[side]})"
            if font.size(label)[0] > name_row.width - patch - t.gap:
                label = name
            seat_label(canvas, name_row, label, side)
            score = str(state.scores[side])
            score_w = font.size(score)[0] + t.gap
            indent = patch + t.gap
            taken_row = pygame.Rect(
                lower.x + indent, lower.y, lower.width - indent - score_w - t.gap, lower.height
            )
            score_box = pygame.Rect(lower.right - score_w, lower.y, score_w, lower.height)
            canvas.text(score, score_box, t.small, th.TEXT, align="right")
            draw_taken(canvas, taken_row, story.taken_by(steps, side), latest, just_now)

    def _draw_board(self, canvas: Canvas, ctx: Ctx, box: pygame.Rect) -> None:
        """The staggered board (`board_plan`): the central row's road, the squares with
        their pieces, the central squares' numbers and the rows' letters."""
        board = _state(ctx.state).board
        targets = self.targets(ctx)
        marked = marked_squares(_state(ctx.state))
        faint = ghosts(_state(ctx.state))
        mark = last_move_colour(canvas)
        plan = board_plan(box, board_strip(canvas))
        canvas.panel(plan.road, ROAD_FILL)
        for square, cell in plan.cells.items():
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
        draw_coordinates(canvas, plan)

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
        """What to do now: the winners, Pass when no move is legal, or the line that
        says what comes next (the engine thinking, the first tap's hint), with the
        shapes' legend beside it where there is room (800x480)."""
        t = canvas.theme
        table = table_of(ctx)
        state = _state(ctx.state)
        words, right = split(box, box.width // 2, t.gap, vertical=False)
        mover, outcome = state.to_move, table.outcome()
        if outcome is not None or mover is None:
            winners = () if outcome is None else outcome.winners
            names = [
                seat_name(table, state.seats.index(seat)) if seat in state.seats else seat
                for seat in winners
            ]
            canvas.text(winners_line(names), words, t.body, th.WARN)
            canvas.button(right, _("Final ranking"), Button.FINAL, colour=th.GOOD)
        elif self.must_pass(ctx):
            if t.width < 800:  # no legend: the words take what the button leaves
                words, right = split(box, box.width * 2 // 3, t.gap, vertical=False)
            text = _("{player}: no move is possible").format(player=seat_name(table, mover))
            text = (
                text
                if canvas.fits_whole(text, words, canvas.theme.small)
                else _("No move is possible")
            )
            canvas.text(text, words, t.small, th.WARN, align="left")
            canvas.button(right, _("Pass"), MoveButton.PASS, colour=th.WARN)
        elif t.width < 800:
            canvas.text(self.hint(ctx, canvas, box), box, t.small, self.hint_colour(ctx), "left")
        else:
            hint = self.hint(ctx, canvas, words)
            canvas.text(hint, words, t.small, self.hint_colour(ctx), align="left")
            draw_legend(canvas, right)

    def must_pass(self, ctx: Ctx) -> bool:
        """Whether a person is to move with no legal move but to pass (R10)."""
        legal = table_of(ctx).game.legal_actions(_state(ctx.state))
        only_pass = len(legal) == 1 and legal[0].kind == PASS
        return only_pass and not self.engine_to_move(ctx)

    def engine_to_move(self, ctx: Ctx) -> bool:
        """Whether the engine plays the side to move."""
        mover = _state(ctx.state).to_move
        return mover is not None and engine_level(table_of(ctx), mover) is not None

    def hint_colour(self, ctx: Ctx) -> th.RGB:
        """The hint in the text's colour, the engine's thinking muted."""
        return th.MUTED if self.engine_to_move(ctx) else th.TEXT

    def hint(self, ctx: Ctx, canvas: Canvas, box: pygame.Rect) -> str:
        """The line that says what happens next: the engine thinks, or the player to
        move taps one of their pieces, then one of the squares it can go to. The
        first hint names the player, unless a long name would not fit `box` (their
        side is framed above the board all the same)."""
        state = _state(ctx.state)
        if self.engine_to_move(ctx) or state.to_move is None:
            return _("The engine is thinking…")
        if self.selected is not None:
            return _("Tap a highlighted square")
        player = seat_name(table_of(ctx), state.to_move)
        named = _("{player}: tap one of your pieces").format(player=player)
        return (
            named
            if canvas.fits_whole(named, box, canvas.theme.small)
            else _("Tap one of your pieces")
        )

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


@dataclass(frozen=True)
class PieceLook:
    """Where a piece is drawn in its box: its animal's shape, and a pip per strength."""

    shape: pygame.Rect
    pips: tuple[tuple[int, int], ...]
    radius: int


def piece_look(box: pygame.Rect, strength: int) -> PieceLook:
    """A piece's shape and pips in `box`.

    On a board square, wider than high, the pips stand in a column beside the shape,
    as large as three fit in the square's height, so the strength reads across a
    table. In a square box (a chip, a taken pair, the legend) they sit in a row below
    the shape.
    """
    if box.width * 4 >= box.height * 5:
        gap = max(1, box.height // 12)
        radius = max(2, (box.height - 2 * gap) // 6)
        side = box.height
        left = box.centerx - (side + gap + 2 * radius) // 2
        shape = pygame.Rect(left, box.y, side, side)
        x, step = shape.right + gap + radius, 2 * radius + gap
        ys = [box.centery + round((k - (strength - 1) / 2) * step) for k in range(strength)]
        return PieceLook(shape, tuple((x, y) for y in ys), radius)
    size = min(box.width, box.height)
    radius = max(2, size // 9)
    shape = pygame.Rect(0, 0, size * 3 // 4, size * 3 // 4)
    shape.midtop = (box.centerx, box.centery - (shape.height + 2 * radius + 2) // 2)
    y = min(box.bottom - radius, shape.bottom + radius + 1)
    step = radius * 2 + 2
    xs = [box.centerx + round((k - (strength - 1) / 2) * step) for k in range(strength)]
    return PieceLook(shape, tuple((x, y) for x in xs), radius)


def draw_piece(canvas: Canvas, box: pygame.Rect, code: str, colour: th.RGB) -> None:
    """An animal as a shape (elephant a disc, cat a triangle, mouse a diamond), its
    strength as pips (`piece_look`)."""
    surface = canvas.surface
    look = piece_look(box, int(code[1]))
    shape = look.shape
    if code[0] == "E":
        pygame.draw.circle(surface, colour, shape.center, shape.width // 2)
    elif code[0] == "C":
        pygame.draw.polygon(surface, colour, (shape.midtop, shape.bottomleft, shape.bottomright))
    else:
        pygame.draw.polygon(
            surface, colour, (shape.midtop, shape.midright, shape.midbottom, shape.midleft)
        )
    for centre in look.pips:
        pygame.draw.circle(surface, th.TEXT, centre, look.radius)


def draw_legend(canvas: Canvas, box: pygame.Rect) -> None:
    """The three shapes with the animals' names."""
    t = canvas.theme
    for cell, animal in zip(cols(box, 3, t.gap), "ECM", strict=True):
        icon, name = split(cell, min(cell.height, cell.width // 4), 2, vertical=False)
        draw_piece(canvas, icon.inflate(-4, -4), f"{animal}1", th.MUTED)
        canvas.text(_(ANIMAL_NAMES[animal]), name, t.small, th.TEXT, align="left")


@dataclass(frozen=True)
class Layout:
    """Where each part of the Gambo screen goes, top to bottom."""

    head: pygame.Rect
    board: pygame.Rect
    sentence: pygame.Rect
    moves: pygame.Rect
    """Empty at 480x320, where the board needs the room (the sentence says the move)."""
    foot: pygame.Rect


def layout(canvas: Canvas, body: pygame.Rect) -> Layout:
    """The screen cut into rows; the board takes what the rows of text leave.

    The sentence has room for two lines of the smallest type, so it is never shrunk
    below the legible size. At 800x480 the strip of moves and a foot of two lines
    (the hint and the legend) leave the board squares of 48 px at least (9 mm, a
    fingertip, on the 7" display); at 480x320 the board gets all but the sides, the
    sentence and a one-line foot.
    """
    t = canvas.theme
    line = canvas.fonts.font(t.min_font).get_linesize()
    gap = max(3, t.gap // 2)
    roomy = t.height >= 480
    head_h = 2 * line + 8  # two lines clear of the outline of the side to move
    sentence_h = 2 * line + 2
    moves_h = line + 7 if roomy else 0
    foot_h = 2 * line + 2 if roomy else line + 8
    gaps = gap * (4 if moves_h else 3)
    board_h = body.height - head_h - sentence_h - moves_h - foot_h - gaps
    head, rest = split(body, head_h, gap)
    board, rest = split(rest, board_h, gap)
    sentence, rest = split(rest, sentence_h, gap)
    moves, foot = split(rest, moves_h, gap if moves_h else 0)
    return Layout(head, board, sentence, moves, foot)


ROAD_FILL: th.RGB = (30, 35, 44)
"""The central row's backdrop: its two lines and its numbers read as one road."""


@dataclass(frozen=True)
class BoardPlan:
    """Where the board's parts go: each square's cell (its touch target), each central
    square's number, the rows' letters, and the central row's road behind them."""

    cells: dict[int, pygame.Rect]
    numbers: dict[int, pygame.Rect]
    letters: tuple[tuple[str, pygame.Rect], ...]
    road: pygame.Rect


def board_strip(canvas: Canvas) -> int:
    """The height of the strip of numbers between the central row's two lines: one
    line; at 480x320, where neighbouring numbers nearly touch, a few pixels more, so
    each number can lean towards its own square (`draw_coordinates`)."""
    t = canvas.theme
    line = int(canvas.fonts.font(t.min_font).get_linesize())
    return line + 1 if t.width >= 800 else line + 6


def board_plan(box: pygame.Rect, strip: int) -> BoardPlan:
    """The board as the rulebook staggers it (R9): A's start square i under central
    square 2i, B's over 2i+1.

    A straight row of 18 squares would leave each one 43 px wide at 800x480; so the
    central row is drawn in two lines, its odd squares above, its even ones below,
    each half a square on from the one before, every square as wide as two of the
    straight row. Between the lines run the numbers 0..17, each beside its square;
    the row letters stand in the half squares the stagger leaves at the ends.
    """
    width = box.width / 9.5
    height = (box.height - strip) // 4
    top = box.y + (box.height - strip - 4 * height) // 2
    b_line, odd_line = top, top + height
    even_line = odd_line + height + strip
    a_line = even_line + height

    def cell(column: float, y: int) -> pygame.Rect:
        x = round(box.x + column * width)
        return pygame.Rect(x, y, round(box.x + (column + 1) * width) - x, height)

    cells: dict[int, pygame.Rect] = {}
    for i in range(ROW_LENGTH):
        cells[B_START.start + i] = cell(i + 0.5, b_line)
        cells[CENTRAL.start + 2 * i + 1] = cell(i + 0.5, odd_line)
        cells[CENTRAL.start + 2 * i] = cell(i, even_line)
        cells[A_START.start + i] = cell(i, a_line)
    half = round(width / 2)
    numbers = {
        square: pygame.Rect(cells[square].centerx - half // 2, odd_line + height, half, strip)
        for square in CENTRAL
    }
    letters = (
        ("b", pygame.Rect(box.x, b_line, half, height)),
        ("c", pygame.Rect(box.x, odd_line, half, height)),
        ("c", pygame.Rect(box.right - half, even_line, half, height)),
        ("a", pygame.Rect(box.right - half, a_line, half, height)),
    )
    road = pygame.Rect(box.x, odd_line, box.width, 2 * height + strip)
    return BoardPlan(cells, numbers, letters, road)


def draw_coordinates(canvas: Canvas, plan: BoardPlan) -> None:
    """The rows' letters and the central squares' numbers, as the moves name them
    (`c9`). Each number leans towards its square (an odd one up, an even one down)
    and neighbours alternate bright and muted, so they read apart even where they
    nearly touch."""
    t = canvas.theme
    for letter, box in plan.letters:
        canvas.text(letter, box, t.min_font, th.MUTED)
    height = canvas.fonts.font(t.min_font).get_linesize() + 1
    for square, box in plan.numbers.items():
        number = square - CENTRAL.start
        odd = number % 2 == 1
        place = pygame.Rect(box.x, box.y if odd else box.bottom - height, box.width, height)
        canvas.text(str(number), place, t.min_font, th.MUTED if odd else th.TEXT)


def last_move_colour(canvas: Canvas) -> th.RGB:
    """The colour marking the last move: one that neither side plays in."""
    sides = {canvas.seat_colour(0), canvas.seat_colour(1)}
    free = [th.SEAT_COLOURS[i] for i in LAST_MOVE_CHOICES if th.SEAT_COLOURS[i] not in sides]
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
    canvas.seat_swatch(patch.inflate(0, -box.height // 3), last.side)
    text = move_sentence(table, last)
    if not canvas.fits_whole(text, words, canvas.theme.small):
        text = move_sentence(table, last, brief=True)
    canvas.text(text, words, t.small, th.TEXT, align="left")


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


DEMO_SETUP: dict[str, list[str]] = {
    "A": ["E1", "C2", "M3", "E2", "C3", "M1", "E3", "C1", "M2"],
    "B": ["M1", "E3", "C2", "M2", "E1", "C3", "M3", "E2", "C1"],
}
"""The demos' start position (a drawn one would change the pictures on every run)."""


def demo_script(d: DemoDriver) -> None:
    """The `tabletop demo gambo` script: two humans, a few moves, a selection; then a
    game against the computer, just after its swap.

    The engine is paused in the second game and its moves are played by the script,
    so the pictures are the same on every run.
    """
    from pi_app.display.scene import NewGame

    setup = DEMO_SETUP
    d.run(NewGame("gambo", ("Alice", "Bruno"), {"setup": setup}))
    d.shot("gambo-start")
    for move in ("adv b4", "adv a4", "adv b3", "adv a5"):
        d.run(Play(move))
    d.press(Square(CENTRAL.start + 9))
    d.shot("gambo-selected")
    with d.computer.paused():
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
    scenes=scene_for,
    menu=50,
    choices=(OPPONENT,),
    start=against_engine,
    facts=((BEST_DUEL, best_duel),),
    demo=demo_script,
    tell=told_moves,
)
