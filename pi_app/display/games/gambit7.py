"""Gambit 7 screens: answers, bets on the mat, the true answer, the payout, the ranking.

Everything shown comes from the engine's own views (`gambit7.board`, `payouts`,
`ranking`), so the screen and the score can never disagree. Answers stay hidden until
every seat has written one; each answer, bet and truth is played (and journaled) as
soon as it is confirmed. The bell turns the sand timer in the answer and bet phases.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from enum import StrEnum

import pygame

from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, Hit, cols, grid, rows, split
from pi_app.display.choice import Choice, OptionValue
from pi_app.display.declaration import GameDeclaration, Setup
from pi_app.display.driver import DemoDriver
from pi_app.display.facts import best_round
from pi_app.display.intents import Bell, Enter, Intent, Move, Press
from pi_app.display.memory import ScreenMemory
from pi_app.display.questions_view import (
    CardButton,
    answer_words,
    card_tap,
    configured_with_questions,
    draw_answer_card,
    draw_question_card,
    question_undo,
    with_questions,
)
from pi_app.display.scene import (
    Command,
    Ctx,
    GoHome,
    Notice,
    Play,
    Scene,
    ShowFinal,
    StartTimer,
    chrome,
    sand_timer,
    seat_label,
    state_as,
)
from pi_app.display.targets import Button, KbKey, SeatTap
from pi_app.display.widgets import (
    AnswerButton,
    Hand,
    NumberEntry,
    RevealWords,
    SeatFocus,
    by_need,
    keypad,
    reveal_panel,
    seat_cell,
    seat_columns,
    seat_row,
    timer_button,
    token_mark,
    typing_key,
)
from pi_app.i18n import N_, Translator, current_language
from pi_app.rules.answers import format_answer, shown_answer
from pi_app.rules.facts import BEST_ROUND, Fact
from pi_app.rules.gambit7 import game as g7
from pi_app.rules.gambit7.actions import (
    Action,
    Answer,
    CloseBets,
    NextRound,
    PlaceBet,
    Reveal,
    Truth,
)
from pi_app.rules.gambit7.board import CaseView
from pi_app.rules.gambit7.facts import TOKEN_LOST, TOKEN_WON
from pi_app.rules.gambit7.scoring import CHIPS, LESS, Bet, Payout, Target
from pi_app.rules.gambit7.state import ROUNDS, Gambit7State, Phase, bet_of
from pi_app.rules.question import RoundQuestion
from pi_app.table.protocol import GameTable

_ = Translator("display")


def scene_for(table: GameTable, memory: ScreenMemory) -> Scene:
    state = _state(table.state)
    return Gambit7Scene(str(state.phase), state.round)


def _state(state: object) -> Gambit7State:
    """The table's state as Gambit 7's: the one place this module narrows it."""
    return state_as(state, Gambit7State)


def _notation(action: Action) -> str:
    return g7.GAME.format_action(action)


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
class Case:
    """A case of the mat: its answer's value as written in the notation, `"less"` for
    Moins que ça, or None for a case no answer faces."""

    where: str | None


@dataclass(frozen=True)
class MoveChip:
    """A third chip's answer: the seat's chip on case `source` (as `Case.where`) moves."""

    source: str


def _target(where: str) -> Target:
    """The bet target a case's `where` names."""
    return LESS if where == LESS else Decimal(where)


def _where(target: Target) -> str:
    """A bet target as a case names it (`Case.where`)."""
    return LESS if target == LESS else str(target)


def _answered(state: Gambit7State) -> list[bool]:
    """Whether each seat, in seat order, has written its answer this round."""
    written = dict(state.answers)
    return [seat in written for seat in state.seats]


class Gambit7Scene(Scene):
    """One phase of one round; the screen's own state: which seat the keypad types for
    (`focus`), the typed digits, the seat betting and how its next tap bets."""

    def __init__(self, phase: str, round_number: int) -> None:
        self.phase = phase
        self.round = round_number
        self.entry = NumberEntry()
        self.focus = SeatFocus()
        self.seat = 0
        self.token_mode = False
        self.moving: str | None = None
        """The case a third chip was tapped on, while the panel asks which chip moves."""
        self.card = True
        """With the box's question: its card is up (the question, or once scored the
        true answer) over the answers or the payout."""

    def key(self) -> Hashable:
        return ("gambit7", self.phase, self.round)

    @property
    def name(self) -> str:  # type: ignore[override]
        return f"gambit7-{self.phase}"

    def wants_bell(self, ctx: Ctx) -> bool:
        """The bell turns the sand timer while answers or bets are open."""
        timer = ctx.timer
        idle = timer is None or timer.done(ctx.now)
        return self.phase in (Phase.ANSWERS, Phase.BETS) and idle

    # ---- drawing --------------------------------------------------------------------

    def title(self, asked: bool = False) -> str:
        """The round; with the cards, which question of the card to read (the box's
        own question needs no number)."""
        if asked:
            return _("Round {round}/{rounds}").format(round=self.round, rounds=ROUNDS)
        return _("Round {round}/{rounds} · question {n}").format(
            round=self.round, rounds=ROUNDS, n=self.round
        )

    def draw(self, canvas: Canvas, ctx: Ctx) -> None:
        state = _state(ctx.state)
        asked = _asked(state)
        body = chrome(canvas, ctx, self.title(asked is not None))
        if asked is not None and self.card and self.phase == Phase.ANSWERS:
            draw_question_card(canvas, ctx, body, asked)
            return
        if asked is not None and self.card and self.phase == Phase.SCORED:
            draw_answer_card(canvas, body, asked)
            return
        t = canvas.theme
        small = t.width < 800
        share = 58 if not small else 50 if self.phase == Phase.BETS else 55
        left, right = split(body, body.width * share // 100, t.gap, vertical=False)
        if self.phase == Phase.ANSWERS:
            self._draw_answers(canvas, ctx, left, right)
        elif self.phase == Phase.BETS:
            close = None
            if small:  # the timer and Rien ne va plus under the mat: two lines a seat
                left, close = split(left, left.height - t.button_h - t.gap, t.gap)
            mat(canvas, left, g7.board(state), state.seats, pick=True)
            self._draw_bet_panel(canvas, ctx, right, close)
        elif self.phase == Phase.TRUTH:
            mat(canvas, left, g7.board(state), state.seats, pick=True)
            keypad(canvas, right, self.entry, _("The true answer"), _("Score"))
        else:
            mat(canvas, left, g7.board(state), state.seats, True, g7.payouts(state))
            self._draw_payout(canvas, ctx, right)

    def _draw_answers(
        self, canvas: Canvas, ctx: Ctx, left: pygame.Rect, right: pygame.Rect
    ) -> None:
        """Every seat with its status and score; the keypad for the seat in focus, or,
        once every answer is in, the question whether to reveal them."""
        t = canvas.theme
        state = _state(ctx.state)
        answered = _answered(state)
        listing, foot = split(left, left.height - t.button_h - t.gap, t.gap)
        chosen = self.focus.seat(answered)
        cells = rows(listing, len(state.seats), t.gap // 2)
        marks = not _statuses_fit(canvas, cells[0].inflate(-t.gap, 0), state)
        for index, (cell, seat, score) in enumerate(
            zip(cells, state.seats, state.scores, strict=True)
        ):
            if index == chosen:
                canvas.panel(cell, th.PANEL_HI, th.WARN, 2)
            row = cell.inflate(-t.gap, 0)
            _answer_row(canvas, row, seat, index, answered[index], score, marks)
            canvas.hits.append(Hit(cell, SeatTap(index)))
        timer_box, button = split(foot, foot.width * 3 // 5, t.gap, vertical=False)
        if _asked(state) is not None:
            timer_box, question = split(timer_box, timer_box.width // 2, t.gap, vertical=False)
            canvas.button(question, _("Question"), CardButton.QUESTION)
        sand_timer(canvas, ctx, timer_box, "answers", "answers")
        canvas.button(button, _("Turn it"), Button.TIMER)
        if chosen is None:
            reveal_panel(canvas, right, _reveal_words())
            return
        seat = state.seats[chosen]
        if answered[chosen]:
            prompt = _("Correct {seat}'s answer").format(seat=seat)
        else:
            prompt = _("Answer of {seat}").format(seat=seat)
        if not canvas.fits_whole(prompt, pygame.Rect(0, 0, right.width, t.button_h), t.small):
            prompt = seat  # the name alone, whole, rather than a sentence that cuts it
        keypad(canvas, right, self.entry, prompt, _("OK"))

    def _draw_bet_panel(
        self, canvas: Canvas, ctx: Ctx, box: pygame.Rect, foot: pygame.Rect | None
    ) -> None:
        """The seats (score, chips in hand, a mark once bet), how the chosen seat bets,
        the sand timer and Rien ne va plus; or, while a third chip waits, the question
        which chip moves. On the small screen the timer and Rien ne va plus go in
        `foot`, under the mat, so that a seat's name and score fit on two lines."""
        t = canvas.theme
        state = _state(ctx.state)
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
        if self.moving is not None:
            self._draw_move(canvas, state, box if foot is not None else panel.union(places[0]))
            return
        self._draw_seats(canvas, state, panel)
        token_b, clear_b = by_need(canvas, places[0], (_("Gambit 7"), _("No bet")))
        token_colour = th.WARN if self.token_mode else th.PANEL_HI
        canvas.button(
            token_b, _("Gambit 7"), BetButton.TOKEN, colour=token_colour, selected=self.token_mode
        )
        canvas.button(clear_b, _("No bet"), BetButton.CLEAR)

    def _draw_seats(self, canvas: Canvas, state: Gambit7State, box: pygame.Rect) -> None:
        """A cell per seat: its name, score, chips in hand and a mark once it has bet."""
        bets = dict(state.bets)
        columns = seat_columns(canvas, box, state.seats)
        cells = grid(box, len(state.seats), columns, canvas.theme.gap // 2)
        for index, (cell, seat, score) in enumerate(
            zip(cells, state.seats, state.scores, strict=True)
        ):
            hand = _hand(bets.get(seat))
            selected = index == self.seat
            seat_cell(canvas, cell, seat, index, str(score), hand, SeatTap(index), selected)

    def _draw_move(self, canvas: Canvas, state: Gambit7State, box: pygame.Rect) -> None:
        """A third chip for a seat with both chips down: which one moves there?"""
        t = canvas.theme
        seat = state.seats[self.seat]
        assert self.moving is not None
        question_box, rest = split(box, box.height - 2 * (t.button_h + t.gap), t.gap)
        choices, keep = rows(rest, 2, t.gap)
        to = _case_name(state, _target(self.moving))
        question = _("Move which chip of {seat} to {case}?").format(seat=seat, case=to)
        canvas.panel(question_box, th.PANEL, canvas.seat_colour(self.seat), 3)
        canvas.text(question, question_box.inflate(-2 * t.gap, -t.gap), t.body, th.TEXT)
        sources = _sources(bet_of(state, seat).chips, _target(self.moving))
        for cell, source in zip(cols(choices, len(sources), t.gap), sources, strict=True):
            label = _("The one on {case}").format(case=_case_name(state, source))
            canvas.button(cell, label, MoveChip(_where(source)), colour=th.WARN)
        canvas.button(keep, _("Keep both"), BetButton.KEEP)

    def _draw_payout(self, canvas: Canvas, ctx: Ctx, box: pygame.Rect) -> None:
        t = canvas.theme
        state = _state(ctx.state)
        result = state.history[-1]
        head, rest = split(box, t.button_h, t.gap)
        listing, foot = split(rest, rest.height - t.button_h - t.gap, t.gap)
        asked = _asked(state)
        if asked is not None:  # the box's question: its answer with its unit
            shown = answer_words(asked)
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
            if canvas.fits_whole(
                payout_detail(pay), detail_box, t.small
            ):  # else the names stay whole
                canvas.text(payout_detail(pay), detail_box, t.small, th.MUTED, align="right")
            canvas.text(str(pay.after), total_box, t.body, th.TEXT, align="right")
        last = state.round == ROUNDS
        canvas.button(
            foot, _("Final ranking") if last else _("Next round"), Button.NEXT, colour=th.GOOD
        )

    # ---- inputs ---------------------------------------------------------------------

    def handle(self, intent: Intent, ctx: Ctx) -> Sequence[Command]:
        state = _state(ctx.state)
        match intent:
            case Press(target=Button.HOME):
                return (GoHome(),)
            case Bell() | Press(target=Button.TIMER):
                return self._timer(ctx)
            case Press(target=SeatTap(index=index)):
                self._pick(index, state)
                return ()
            case Move(step=step):
                self._pick((self._current(state) + step) % len(state.seats), state)
                return ()
        asked = _asked(state)
        shown = None if asked is None else self._cards(intent, asked)
        if shown is not None:
            return shown
        if self.phase == Phase.ANSWERS:
            return self._answers(intent, ctx)
        if self.phase == Phase.TRUTH and self.entry.handle(intent):
            return ()
        confirm = intent == Press(Button.OK) or isinstance(intent, Enter)
        match self.phase:
            case Phase.TRUTH if confirm:
                return self._truth()
            case Phase.BETS:
                return self._bets(intent, ctx)
            case Phase.SCORED if intent == Press(Button.NEXT) or isinstance(intent, Enter):
                return (Play(_notation(NextRound())),) if state.round < ROUNDS else (ShowFinal(),)
        return self._closed(intent)

    def _cards(self, intent: Intent, asked: RoundQuestion) -> Sequence[Command] | None:
        """The question's and the answer's cards: None when the intent is not theirs."""
        up = self.card and self.phase in (Phase.ANSWERS, Phase.SCORED)
        tapped = card_tap(intent, asked, up)
        if tapped is None:
            return None
        commands, self.card = tapped
        return commands

    def answering(self, state: Gambit7State) -> int | None:
        """The seat the keypad types an answer for; None once every answer is in."""
        return self.focus.seat(_answered(state))

    def _current(self, state: Gambit7State) -> int:
        """The seat chosen now: the keypad's while answering, else the betting one."""
        if self.phase == Phase.ANSWERS:
            chosen = self.focus.seat(_answered(state))
            return (self.focus.picked or 0) if chosen is None else chosen
        return self.seat

    def _pick(self, index: int, state: Gambit7State) -> None:
        """A seat chosen: the keypad's seat while answering (tapping a seat that has
        answered is how its answer is corrected), else the seat that bets, whose next
        taps place chips until it asks for its token."""
        if self.phase == Phase.ANSWERS:
            self.focus.pick(index, _answered(state))
            return
        if index != self.seat:
            self.token_mode = False
        self.seat = index
        self.moving = None

    def _answers(self, intent: Intent, ctx: Ctx) -> Sequence[Command]:
        """Typing for the seat in focus; once every answer is in, the reveal."""
        state = _state(ctx.state)
        confirm = intent == Press(Button.OK) or isinstance(intent, Enter)
        if self.focus.seat(_answered(state)) is None:
            if intent == Press(AnswerButton.REVEAL):  # a tap, never a stray Enter
                return (Play(_notation(Reveal())),)
            if typing_key(intent) or confirm:
                return (
                    Notice(
                        _("Every answer is in: reveal them, or tap a seat to correct its answer.")
                    ),
                )
            return ()
        if self.entry.handle(intent):
            return ()
        if confirm:
            return self._answer(ctx)
        return ()

    def _closed(self, intent: Intent) -> Sequence[Command]:
        """A tap on the mat once the bets are closed: say why nothing moves."""
        if not isinstance(intent, Press) or not isinstance(intent.target, Case):
            return ()
        if self.phase == Phase.TRUTH:
            return (Notice(_("The bets are closed: type the true answer read on the card.")),)
        return (Notice(_("The bets of this round are closed.")),)

    def _truth(self) -> Sequence[Command]:
        typed = self.entry.text.strip()
        if not typed:
            return (Notice(_("Type the true answer read on the card first.")),)
        return (Play(_notation(Truth(typed, current_language())), "payout"),)

    def timeout(self, kind: str, ctx: Ctx) -> Sequence[Command]:
        """The bets' sand timer ran out: "rien ne va plus", the bets close (rulebook).

        The answers' timer only ends the writing on the slates; they are typed in after.
        """
        if kind == "bets" and self.phase == Phase.BETS:
            return _close_bets(_state(ctx.state))
        return ()

    def _timer(self, ctx: Ctx) -> Sequence[Command]:
        if self.phase == Phase.ANSWERS:
            return (StartTimer("answers", ctx.timer_seconds("answers")),)
        if self.phase == Phase.BETS:
            return (StartTimer("bets", ctx.timer_seconds("bets")),)
        return ()

    def _answer(self, ctx: Ctx) -> Sequence[Command]:
        state = _state(ctx.state)
        chosen = self.focus.seat(_answered(state))
        if chosen is None:
            return ()
        seat = state.seats[chosen]
        typed = self.entry.text.strip()
        if not typed:
            return (Notice(_("Type {seat}'s answer on the keypad first.").format(seat=seat)),)
        self.focus.picked = chosen
        return (Play(_notation(Answer(seat, typed, current_language()))),)

    def accepted(self, command: Play, ctx: Ctx) -> None:
        """An answer or the truth was taken: clear the entry; the keypad's focus moves on
        to the next seat without an answer."""
        self.entry.text = ""
        self.focus.taken()

    def _bets(self, intent: Intent, ctx: Ctx) -> Sequence[Command]:
        seat = _state(ctx.state).seats[self.seat]
        match intent:
            case Enter() | Press(target=BetButton.CLOSE):
                self.moving = None
                return _close_bets(_state(ctx.state))
            case Press(target=BetButton.TOKEN):
                self.token_mode = not self.token_mode
                self.moving = None
            case Press(target=BetButton.CLEAR):
                self.moving = None
                said = _("{seat} bets nothing this round.").format(seat=seat)
                return (Play(_notation(PlaceBet(seat))), Notice(said))
            case Press(target=BetButton.KEEP):
                self.moving = None
            case Press(target=MoveChip(source=source)):
                return self._move(ctx, seat, source)
            case Press(target=Case(where=where)):
                return self._place(ctx, seat, where)
        return ()

    def _place(self, ctx: Ctx, seat: str, where: str | None) -> Sequence[Command]:
        """A tap on a case: the token there (instead of chips), or a chip; a third chip
        asks which one moves (each seat has 2 chips, rulings digest). Any case facing an
        answer takes them, the seat's own answer included (rulings R4)."""
        if where is None:
            return (Notice(_("No answer faces this case: a chip cannot go there."), True),)
        chosen = _target(where)
        current = bet_of(_state(ctx.state), seat)
        self.moving = None
        if self.token_mode:
            bet = _notation(PlaceBet(seat, (), chosen))
            if not current.chips:
                return (Play(bet),)
            back = _("{seat} plays the Gambit 7 token instead of chips: the chips come back.")
            return (Play(bet), Notice(back.format(seat=seat)))
        if current.gambit7 is not None:
            back = _("{seat} takes the Gambit 7 token back and bets a chip.")
            return (Play(_notation(PlaceBet(seat, (chosen,)))), Notice(back.format(seat=seat)))
        if len(current.chips) < CHIPS:
            return (Play(_notation(PlaceBet(seat, (*current.chips, chosen)))),)
        if all(chip == chosen for chip in current.chips):
            return (Notice(_("Both chips of {seat} are already on this case.").format(seat=seat)),)
        self.moving = where
        return ()

    def _move(self, ctx: Ctx, seat: str, source: str) -> Sequence[Command]:
        """The answer to a third chip's question: that chip goes to the tapped case."""
        if self.moving is None:
            return ()
        chips = list(bet_of(_state(ctx.state), seat).chips)
        moved = _target(source)
        if moved in chips:
            chips[chips.index(moved)] = _target(self.moving)
        self.moving = None
        return (Play(_notation(PlaceBet(seat, tuple(chips)))),)


def _asked(state: Gambit7State) -> RoundQuestion | None:
    """The question the box asked this round, if it asks them."""
    return state.current.question


def _close_bets(state: Gambit7State) -> Sequence[Command]:
    """Rien ne va plus; with the box's question, the box gives the true answer at once
    (nobody at the table has read it)."""
    closing: list[Command] = [Play(_notation(CloseBets()))]
    asked = _asked(state)
    if asked is not None:
        closing.append(Play(_notation(Truth(asked.answer)), "payout"))
    return closing


def take_back(table: GameTable) -> Sequence[Command]:
    """Undo: at a round's start, the box's question goes with the step that opened it."""
    state = _state(table.state)
    return question_undo(table, state.round, _asked(state), bool(state.answers))


def asks(state: object) -> bool:
    """A round waits for the box's question: answers open, none asked yet."""
    game = _state(state)
    return game.phase == Phase.ANSWERS and _asked(game) is None


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
        need = patch + status + sum(font.size(text)[0] + 8 for text in (seat, _points(score)))
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
        seat_row(canvas, box, seat, index, _("written") if written else "…", _points(score))
        return
    mark = pygame.Rect(box.x, box.y, 14, box.height)
    rest = pygame.Rect(mark.right + 4, box.y, box.width - mark.width - 4, box.height)
    if written:
        y = mark.centery
        points = [(mark.x + 1, y), (mark.x + 5, y + 5), (mark.right - 1, y - 6)]
        pygame.draw.lines(canvas.surface, th.GOOD, False, points, 3)
    seat_row(canvas, rest, seat, index, "", _points(score))


def _payout_columns(canvas: Canvas, cell: pygame.Rect, pays: Sequence[Payout]) -> tuple[int, int]:
    """The payout list's name and total widths, the same on every line: the names
    take what the longest whole name needs (its colour patch included) and the totals
    what the widest needs; the detail between them takes what is left."""
    t = canvas.theme
    font = canvas.fonts.font(t.min_font)
    total = max(canvas.fonts.font(t.body).size(str(pay.after))[0] for pay in pays) + 4
    need = max(font.size(pay.seat)[0] for pay in pays) + max(10, cell.height // 3) + t.gap + 4
    return max(cell.width * 2 // 5, min(need, cell.width - total - t.gap)), total


def _points(score: int) -> str:
    return _("{n} pts").format(n=score)


def _hand(bet: Bet | None) -> Hand:
    """What a seat holds during the bets: chips not on the mat, its token if played."""
    if bet is None:
        return Hand(CHIPS, CHIPS)
    if bet.gambit7 is not None:
        return Hand(0, CHIPS, token=True, done=True)
    return Hand(CHIPS - len(bet.chips), CHIPS, done=True)


def _sources(chips: Sequence[Target], to: Target) -> list[Target]:
    """The chips a third chip's question offers to move: each case once, not `to`."""
    found: list[Target] = []
    for chip in chips:
        if chip != to and chip not in found:
            found.append(chip)
    return found


def _case_name(state: Gambit7State, target: Target) -> str:
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


def mat(
    canvas: Canvas,
    box: pygame.Rect,
    cases: Sequence[CaseView],
    seats: Sequence[str],
    pick: bool,
    paid: Sequence[Payout] = (),
) -> None:
    """The mat: the 7 answer cases, highest on top, and Moins que ça at the bottom.

    Each row shows the case's values (alone, shared, and the starred slate bonus), the
    answer facing it with who wrote it, and, in a lane of their own, the chips and
    tokens on it; once the round is scored (`paid`, the engine's payouts), what each
    chip and token there paid. `pick`: a tap on a case is the scene's to handle.
    """
    by_seat = {pay.seat: pay for pay in paid}
    t = canvas.theme
    order = [*reversed(cases[1:]), cases[0]]
    small = t.width < 800
    less = _("Less than that")
    for cell, case in zip(rows(box, len(order), 2), order, strict=True):
        colour = th.CENTRE if case.case == 3 else th.PANEL
        if case.case == LESS:
            colour = (70, 50, 60)
        border = WINNING_BORDER if not small else WINNING_BORDER - 2
        canvas.panel(cell, colour, th.WARN if case.winning else None, border)
        if pick:
            target = "less" if case.case == LESS else case.value
            canvas.hits.append(Hit(cell, Case(None if target is None else str(target))))
        if case.winning:  # what the case holds keeps clear of its outline
            cell = cell.inflate(-2 * border - 2, -2 * border - 2)
        if case.case == LESS:
            values, rest = split(cell, 44 if small else 60, 2, vertical=False)
            need = canvas.fonts.font(t.min_font).size(less)[0] + 6
            slate, chips = split(
                rest, min(rest.width - 40, max(need, rest.width // 2)), 2, vertical=False
            )
        else:
            widths = (0.27, 0.36) if not small else (0.34, 0.24)
            values, rest = split(cell, int(cell.width * widths[0]), 2, vertical=False)
            slate_w = int(cell.width * widths[1])
            if not small:  # the writers' names whole: the lane of bets gives way, to a third
                slate_w = max(slate_w, min(_slate_need(canvas, case), rest.width * 2 // 3))
            slate, chips = split(rest, slate_w, 2, vertical=False)
        _case_values(canvas, values, case)
        if case.case == LESS:
            canvas.text(less, slate, t.small, th.TEXT, align="left")
        elif case.value is not None:
            _answer_text(canvas, slate, case, small)
        _chips(canvas, chips, case, seats, by_seat)


def _slate_need(canvas: Canvas, case: CaseView) -> int:
    """The width an answer and its longest writer's name take at the smallest size (the
    writers wrap a name a line, so each must fit whole)."""
    if case.value is None or not case.seats:
        return 0
    font = canvas.fonts.font(canvas.theme.min_font)
    longest = max(font.size(f"{seat},")[0] for seat in case.seats)
    return font.size(f"{case.label(current_language())} ")[0] + longest + canvas.theme.gap + 8


def _answer_text(canvas: Canvas, box: pygame.Rect, case: CaseView, small: bool) -> None:
    """The answer facing a case, then who wrote it (on the large screen), in its own
    box: the names never run into the bets beside them."""
    t = canvas.theme
    value = case.label(current_language())
    drawn = canvas.text(value, box, t.small, th.TEXT, align="left")
    if small or not case.seats:
        return
    gap = t.gap // 2
    writers = pygame.Rect(drawn.right + gap, box.y, box.right - drawn.right - gap, box.height)
    if writers.width > 20:
        canvas.text(", ".join(case.seats), writers, t.small, th.MUTED, align="left")


WINNING_BORDER = 4
"""The outline of the winning case, in pixels (two less on the small screen, where
its rows are low)."""
LANE = (24, 28, 36)
"""The background of a case's bets: a lane apart from the answer and its writers."""


def _case_values(canvas: Canvas, box: pygame.Rect, case: CaseView) -> None:
    t = canvas.theme
    if case.case == LESS:
        canvas.text(str(case.alone), box, t.small, th.TEXT)
        return
    alone, shared, star = cols(box, 3, 1)
    pygame.draw.rect(canvas.surface, (250, 250, 250), alone.inflate(-2, -4), border_radius=3)
    canvas.text(str(case.alone), alone, t.small, (0, 0, 0))
    canvas.text(str(case.shared), shared, t.small, th.TEXT)
    if case.star is not None:
        canvas.star(star.center, min(star.width, star.height) // 2 - 1, th.WARN)
        canvas.text(str(case.star), star, t.small, (0, 0, 0))


def _chips(
    canvas: Canvas,
    box: pygame.Rect,
    case: CaseView,
    seats: Sequence[str],
    paid: Mapping[str, Payout],
) -> None:
    """The bets on a case, in their lane: a disc per chip and a diamond per Gambit 7
    token, in the seats' colours, then who they are (and once paid, what they won)."""
    t = canvas.theme
    names: list[str] = []
    if not case.chips and not case.tokens:
        return
    lane = box.inflate(-2, -2)
    canvas.panel(lane, LANE)
    x = lane.x + 4
    for seat, count in case.chips:
        for _n in range(count):
            if x + 10 <= lane.right:
                pygame.draw.circle(
                    canvas.surface, canvas.seat_colour(seats.index(seat)), (x + 5, lane.centery), 5
                )
            x += 12
        name = seat if count == 1 else f"{seat}×{count}"
        if case.winning and seat in paid:
            name = f"{seat} +{paid[seat].chip_gain}"
        names.append(name)
    for seat in case.tokens:
        if x + 12 <= lane.right:
            token_mark(canvas, (x + 6, lane.centery), canvas.seat_colour(seats.index(seat)), 7)
        x += 14
        if seat in paid:
            names.append(f"{seat} G7 ×7" if case.winning else f"{seat} G7 ×0")
        else:
            names.append(f"{seat} G7")
    left = min(x + 2, lane.right - 10)
    text_box = pygame.Rect(left, lane.y, lane.right - 2 - left, lane.height)
    text = ", ".join(names)
    if canvas.fits_whole(text, text_box, t.small):
        canvas.text(text, text_box, t.small, th.TEXT, align="left")
    # else the marks alone, in the seats' colours: the seat cells beside the mat and
    # the payout list say whose they are, where a cut name would only mislead


# ---- the game, as the home, the end screen and the demo know it ----------------------


def mat_choice(config: Mapping[str, object]) -> tuple[Choice, ...]:
    """The mat the box's configuration names: the default one, or a profile file."""
    mat = str(config.get("gambit7.mat", "default"))
    if mat == "default":
        return (Choice("mat", N_("Mat"), (mat,), (N_("default"),)),)
    return (Choice("mat", N_("Mat"), (mat,), (mat,), plain=True),)


def own_mat(setup: Setup, values: Mapping[str, OptionValue]) -> Setup:
    """A table's own mat (rulings R1): the profile file's values go in the record;
    a file that cannot be read is the `RuleError` the home shows."""
    mat = setup.options.get("mat", "default")
    if mat == "default":
        return setup
    from pi_app.mats import load_mat_profile

    profile = load_mat_profile(str(mat)).to_object()
    return replace(setup, options={**setup.options, "mat": profile})


def token_won(fact: Fact) -> str:
    return _("{seat} won with the Gambit 7 token (round {step})").format(
        seat=fact.seat, step=fact.step
    )


def token_lost(fact: Fact) -> str:
    return _("{seat} lost with the Gambit 7 token (round {step})").format(
        seat=fact.seat, step=fact.step
    )


DEMO_SEATS = ("Alice", "Bruno", "Chloé", "Dimitri")
DEMO_ROUNDS: tuple[tuple[tuple[int, int, int, int], int], ...] = (
    ((28, 25, 24, 30), 26),
    ((120, 95, 101, 99), 100),
    ((3, 4, 5, 6), 4),
    ((1789, 1815, 1804, 1830), 1805),
    ((12, 15, 11, 18), 14),
    ((40, 45, 50, 55), 47),
)
"""Rounds 2 to 7 of the demo: every seat's answer, then the truth."""


def demo_script(d: DemoDriver) -> None:
    """`tabletop demo gambit7`: the home's pages and keyboard, then a whole game."""
    from pi_app.display.home import GameTap
    from pi_app.display.scene import NewGame

    d.shot("home")
    d.press(GameTap("gambit7"))
    d.shot("home-seats")
    d.press(SeatTap(1))  # the on-screen keyboard, its letters then its accents
    d.shot("home-keyboard")
    for key in ("z", "o", "page", "é"):
        d.press(KbKey(key))
    d.shot("home-keyboard-accents")
    d.press(KbKey("done"))
    d.run(NewGame("gambit7", DEMO_SEATS))
    _demo_first_round(d)
    for values, truth in DEMO_ROUNDS:
        d.run(Play("next"))
        for seat, value in zip(DEMO_SEATS, values, strict=True):
            d.run(Play(f'answer "{seat}" {value} fr'))
        d.run(Play("reveal"))
        d.run(Play(f'bet "Alice" [{values[1]}]'))
        d.run(Play(f'bet "Bruno" [{values[2]}, {values[2]}]'))
        d.run(Play("close-bets"))
        d.run(Play(f"truth {truth} fr"))
    d.press("next")
    d.shot("gambit7-final")


def _demo_first_round(d: DemoDriver) -> None:
    """The first round on the screens: answers, bets on the mat, the truth, the payout."""
    d.bell()
    d.type("28")
    d.type("25")
    d.wait(12)
    d.shot("gambit7-answers")
    d.type("25")
    d.type("23")
    d.shot("gambit7-reveal")
    d.press(AnswerButton.REVEAL)
    for seat, case in ((0, "25"), (0, "25"), (1, "25")):
        d.press(SeatTap(seat))
        d.press(Case(case))
    d.press(SeatTap(2))
    d.press(BetButton.TOKEN)
    d.press(Case("28"))
    d.press(SeatTap(3))
    d.press(Case("less"))
    d.shot("gambit7-bets")
    d.press(BetButton.CLOSE)
    d.type("27", enter=False)
    d.shot("gambit7-truth")
    d.type("", enter=True)
    d.shot("gambit7-payout")


DECLARATION = GameDeclaration(
    menu=10,
    configured=configured_with_questions(mat_choice),
    start=with_questions(own_mat),
    asks=asks,
    undo=take_back,
    facts=((TOKEN_WON, token_won), (BEST_ROUND, best_round), (TOKEN_LOST, token_lost)),
    demo=demo_script,
)
