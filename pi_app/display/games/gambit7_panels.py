"""Gambit 7's panels beside the mat: the answers' keypad, the bets, the payout.

Each phase of a round shows the mat (`gambit7.mat`) on one side and a panel on the
other; the panels are drawn here, from the state and the scene's own choices (the
seat in focus, the digits typed, the seat betting), so that the scene keeps only what
it holds and which phase it shows. Nothing here changes the scene: a redraw shows the
same screen. What a tap on a panel names (`BetButton`, `MoveChip`) is defined here,
where it is drawn; the scene handles it (`gambit7`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

import pygame

from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, Hit, cols, grid, rows, split
from pi_app.display.questions_view import CardButton, answer_words
from pi_app.display.scene import Ctx, sand_timer, seat_label
from pi_app.display.targets import Button, SeatTap
from pi_app.display.widgets import (
    Hand,
    NumberEntry,
    RevealWords,
    by_need,
    keypad,
    reveal_panel,
    seat_cell,
    seat_columns,
    seat_row,
    timer_button,
)
from pi_app.i18n import Translator, current_language
from pi_app.rules.answers import format_answer, shown_answer
from pi_app.rules.gambit7 import game as g7
from pi_app.rules.gambit7.scoring import CHIPS, LESS, Bet, Payout, Target
from pi_app.rules.gambit7.state import ROUNDS, Gambit7State, bet_of
from pi_app.rules.question import RoundQuestion

_ = Translator("display")


class BetButton(StrEnum):
    """The bet panel's buttons."""

    TOKEN = "token"
    """The chosen seat's next tap on the mat plays its Gambit 7 token (a toggle; each
    seat starts with chips)."""
    CLEAR = "clear"
    """The seat bets nothing."""
    CLOSE = "close"
    """Rien ne va plus: the bets close."""
    KEEP = "keep"
    """A third chip's question: move no chip after all."""


@dataclass(frozen=True)
class MoveChip:
    """A third chip's answer: the seat's chip on case `source` (as `gambit7.Case.where`)
    moves."""

    source: str


@dataclass
class BetChoice:
    """The bets' screen state, apart from the game's: the seat betting, whether its next
    tap on the mat plays its token, and the case a third chip was tapped on (`moving`)
    while the panel asks which chip moves there."""

    seat: int = 0
    token_mode: bool = False
    moving: str | None = None


# ---- how the panels read the round ----------------------------------------------------


def bet_target(where: str) -> Target:
    """The bet target a case's `where` names (`gambit7.Case`)."""
    return LESS if where == LESS else Decimal(where)


def case_where(target: Target) -> str:
    """A bet target as a case names it (`gambit7.Case.where`)."""
    return LESS if target == LESS else str(target)


def answered(state: Gambit7State) -> list[bool]:
    """Whether each seat, in seat order, has written its answer this round."""
    written = dict(state.answers)
    return [seat in written for seat in state.seats]


def box_question(state: Gambit7State) -> RoundQuestion | None:
    """The question the box asked this round, if it asks them."""
    return state.current.question


def seat_hand(bet: Bet | None) -> Hand:
    """What a seat holds during the bets: chips not on the mat, its token if played."""
    if bet is None:
        return Hand(CHIPS, CHIPS)
    if bet.gambit7 is not None:
        return Hand(0, CHIPS, token=True, done=True)
    return Hand(CHIPS - len(bet.chips), CHIPS, done=True)


def chips_to_move(chips: Sequence[Target], to: Target) -> list[Target]:
    """The chips a third chip's question offers to move: each case once, not `to`."""
    found: list[Target] = []
    for chip in chips:
        if chip != to and chip not in found:
            found.append(chip)
    return found


def case_name(state: Gambit7State, target: Target) -> str:
    """A case as the mat names it: its answer as shown, or Moins que ça."""
    if target == LESS:
        return _("Less than that")
    for view in g7.board(state):
        if view.value is not None and view.value == target:
            return view.label(current_language())
    return format_answer(Decimal(target), current_language())


def payout_detail(pay: Payout) -> str:
    """How a seat's score moved: token x7 or 0, chips x value, slate bonus."""
    parts: list[str] = []
    if pay.token == "won":
        parts.append("G7 ×7")
    elif pay.token == "lost":
        parts.append("G7 ×0")
    if pay.chips:
        parts.append(f"+{pay.chips}×{pay.chip_value}")
    if pay.slate_bonus:
        parts.append(f"+{pay.slate_bonus}*")
    return " ".join(parts) or "+0"


def points(score: int) -> str:
    """A seat's score as its line says it."""
    return _("{n} pts").format(n=score)


# ---- the answers: every seat's status, the keypad or the reveal -----------------------


def draw_answers(
    canvas: Canvas,
    ctx: Ctx,
    state: Gambit7State,
    boxes: tuple[pygame.Rect, pygame.Rect],
    entry: NumberEntry,
    chosen: int | None,
) -> None:
    """Every seat with its status and score (`boxes[0]`); the keypad for the seat in
    focus (`chosen`), or, once every answer is in, the question whether to reveal them."""
    left, right = boxes
    t = canvas.theme
    written = answered(state)
    listing, foot = split(left, left.height - t.button_h - t.gap, t.gap)
    cells = rows(listing, len(state.seats), t.gap // 2)
    marks = not _statuses_fit(canvas, cells[0].inflate(-t.gap, 0), state)
    for index, (cell, seat, score) in enumerate(zip(cells, state.seats, state.scores, strict=True)):
        if index == chosen:
            canvas.panel(cell, th.PANEL_HI, th.WARN, 2)
        row = cell.inflate(-t.gap, 0)
        _answer_row(canvas, row, seat, index, written[index], score, marks)
        canvas.hits.append(Hit(cell, SeatTap(index)))
    _answers_foot(canvas, ctx, foot, box_question(state) is not None)
    if chosen is None:
        reveal_panel(canvas, right, _reveal_words())
        return
    seat = state.seats[chosen]
    if written[chosen]:
        prompt = _("Correct {seat}'s answer").format(seat=seat)
    else:
        prompt = _("Answer of {seat}").format(seat=seat)
    if not canvas.fits_whole(prompt, pygame.Rect(0, 0, right.width, t.button_h), t.small):
        prompt = seat  # the name alone, whole, rather than a sentence that cuts it
    keypad(canvas, right, entry, prompt, _("OK"))


def _answers_foot(canvas: Canvas, ctx: Ctx, foot: pygame.Rect, question: bool) -> None:
    """Under the seats: the sand timer and its button, and with the box's question the
    button that shows its card again."""
    t = canvas.theme
    timer_box, button = split(foot, foot.width * 3 // 5, t.gap, vertical=False)
    if question:
        timer_box, card = split(timer_box, timer_box.width // 2, t.gap, vertical=False)
        canvas.button(card, _("Question"), CardButton.QUESTION)
    sand_timer(canvas, ctx, timer_box, "answers", "answers")
    canvas.button(button, _("Turn it"), Button.TIMER)


def _reveal_words() -> RevealWords:
    return RevealWords(
        _("Every answer is in."),
        _("Reveal the answers?"),
        _("To correct an answer first, tap its seat."),
        _("Reveal"),
    )


def _statuses_fit(canvas: Canvas, box: pygame.Rect, state: Gambit7State) -> bool:
    """Whether every seat's line has room for its name, the word "written" and its
    score, all whole; else the list shows check marks (the same for every line)."""
    font = canvas.fonts.font(canvas.theme.min_font)
    patch = max(10, box.height // 3) + canvas.theme.gap
    status = font.size(_("written"))[0] + 8
    for seat, score in zip(state.seats, state.scores, strict=True):
        need = patch + status + sum(font.size(text)[0] + 8 for text in (seat, points(score)))
        if need + 2 * canvas.theme.gap > box.width:
            return False
    return True


def _answer_row(
    canvas: Canvas,
    box: pygame.Rect,
    seat: str,
    index: int,
    written: bool,
    score: int,
    marks: bool,
) -> None:
    """A seat's line while answers are written: its name, whether it has written, its
    score. With `marks` (the word "written" would cut a name), a check mark says it."""
    if not marks:
        seat_row(canvas, box, seat, index, _("written") if written else "…", points(score))
        return
    mark = pygame.Rect(box.x, box.y, 14, box.height)
    rest = pygame.Rect(mark.right + 4, box.y, box.width - mark.width - 4, box.height)
    if written:
        y = mark.centery
        check = [(mark.x + 1, y), (mark.x + 5, y + 5), (mark.right - 1, y - 6)]
        pygame.draw.lines(canvas.surface, th.GOOD, False, check, 3)
    seat_row(canvas, rest, seat, index, "", points(score))


# ---- the bets: the seats, how the chosen one bets, Rien ne va plus ----------------------


def draw_bet_panel(
    canvas: Canvas,
    ctx: Ctx,
    state: Gambit7State,
    boxes: tuple[pygame.Rect, pygame.Rect | None],
    choice: BetChoice,
) -> None:
    """The seats (score, chips in hand, a mark once bet), how the chosen seat bets,
    the sand timer and Rien ne va plus; or, while a third chip waits, the question
    which chip moves. On the small screen the timer and Rien ne va plus go in the
    foot (`boxes[1]`), under the mat, so that a seat's name and score fit on two lines."""
    box, foot = boxes
    t = canvas.theme
    lines = 1 if foot is not None else 3
    panel, rest = split(box, box.height - lines * (t.button_h + t.gap), t.gap)
    places = rows(rest, lines, t.gap)
    if foot is None:
        timer_box, turn = cols(places[1], 2, t.gap)
        sand_timer(canvas, ctx, timer_box, "bets", "bets")
        canvas.button(turn, _("Turn it"), Button.TIMER)
        close = places[2]
    else:
        need = canvas.fonts.font(t.min_font).size(_("Close bets"))[0] + 16
        timer_box, close = split(foot, max(50, foot.width - need - t.gap), t.gap, False)
        timer_button(canvas, ctx, timer_box, "bets", "bets")
    canvas.button(close, _("Close bets"), BetButton.CLOSE, colour=th.GOOD)
    if choice.moving is not None:
        question = box if foot is not None else panel.union(places[0])
        _draw_move(canvas, state, question, choice.seat, choice.moving)
        return
    _draw_seats(canvas, state, panel, choice.seat)
    token_b, clear_b = by_need(canvas, places[0], (_("Gambit 7"), _("No bet")))
    token_colour = th.WARN if choice.token_mode else th.PANEL_HI
    canvas.button(
        token_b, _("Gambit 7"), BetButton.TOKEN, colour=token_colour, selected=choice.token_mode
    )
    canvas.button(clear_b, _("No bet"), BetButton.CLEAR)


def _draw_seats(canvas: Canvas, state: Gambit7State, box: pygame.Rect, chosen: int) -> None:
    """A cell per seat: its name, score, chips in hand and a mark once it has bet."""
    bets = dict(state.bets)
    columns = seat_columns(canvas, box, state.seats)
    cells = grid(box, len(state.seats), columns, canvas.theme.gap // 2)
    for index, (cell, seat, score) in enumerate(zip(cells, state.seats, state.scores, strict=True)):
        hand = seat_hand(bets.get(seat))
        selected = index == chosen
        seat_cell(canvas, cell, seat, index, str(score), hand, SeatTap(index), selected)


def _draw_move(
    canvas: Canvas, state: Gambit7State, box: pygame.Rect, index: int, moving: str
) -> None:
    """A third chip for a seat with both chips down: which one moves to `moving`?"""
    t = canvas.theme
    seat = state.seats[index]
    question_box, rest = split(box, box.height - 2 * (t.button_h + t.gap), t.gap)
    choices, keep = rows(rest, 2, t.gap)
    to = case_name(state, bet_target(moving))
    question = _("Move which chip of {seat} to {case}?").format(seat=seat, case=to)
    canvas.panel(question_box, th.PANEL, canvas.seat_colour(index), 3)
    canvas.text(question, question_box.inflate(-2 * t.gap, -t.gap), t.body, th.TEXT)
    sources = chips_to_move(bet_of(state, seat).chips, bet_target(moving))
    for cell, source in zip(cols(choices, len(sources), t.gap), sources, strict=True):
        label = _("The one on {case}").format(case=case_name(state, source))
        canvas.button(cell, label, MoveChip(case_where(source)), colour=th.WARN)
    canvas.button(keep, _("Keep both"), BetButton.KEEP)


# ---- the payout: the true answer, what each seat won, the next round -------------------


def draw_payout(canvas: Canvas, state: Gambit7State, box: pygame.Rect) -> None:
    """The true answer, then a line per seat: what its bets paid and its new score;
    the button to the next round (or the final ranking)."""
    t = canvas.theme
    result = state.history[-1]
    head, rest = split(box, t.button_h, t.gap)
    listing, foot = split(rest, rest.height - t.button_h - t.gap, t.gap)
    question = box_question(state)
    if question is not None:  # the box's question: its answer with its unit
        shown = answer_words(question)
    else:
        shown = shown_answer(result.truth.value, result.truth.typed, current_language())
    truth = _("True answer: {value}").format(value=shown)
    canvas.text(truth, head, t.body, th.WARN, align="left")
    pays = g7.payouts(state)
    cells = rows(listing, len(state.seats), t.gap // 2)
    name_w, total_w = _payout_columns(canvas, cells[0], pays)
    for index, (cell, pay) in enumerate(zip(cells, pays, strict=True)):
        name_box, rest_box = split(cell, name_w, t.gap, vertical=False)
        detail_box, total_box = split(
            rest_box, rest_box.width - total_w - 2 * t.gap, 2 * t.gap, vertical=False
        )
        seat_label(canvas, name_box, pay.seat, index)
        if canvas.fits_whole(payout_detail(pay), detail_box, t.small):  # else the names stay whole
            canvas.text(payout_detail(pay), detail_box, t.small, th.MUTED, align="right")
        canvas.text(str(pay.after), total_box, t.body, th.TEXT, align="right")
    last = state.round == ROUNDS
    canvas.button(
        foot, _("Final ranking") if last else _("Next round"), Button.NEXT, colour=th.GOOD
    )


def _payout_columns(canvas: Canvas, cell: pygame.Rect, pays: Sequence[Payout]) -> tuple[int, int]:
    """The payout list's name and total widths, the same on every line: the names
    take what the longest whole name needs (its colour patch included) and the totals
    what the widest needs; the detail between them takes what is left."""
    t = canvas.theme
    font = canvas.fonts.font(t.min_font)
    total = max(canvas.fonts.font(t.body).size(str(pay.after))[0] for pay in pays) + 4
    need = max(font.size(pay.seat)[0] for pay in pays) + max(10, cell.height // 3) + t.gap + 4
    return max(cell.width * 2 // 5, min(need, cell.width - total - t.gap)), total
