"""Gambit 7 screens: answers, bets on the mat, the true answer, the payout, the ranking.

Everything shown comes from the engine's own views (`gambit7.board`, `payouts`,
`ranking`), so the screen and the score can never disagree. Answers stay hidden until
every seat has written one; each answer, bet and truth is played (and journaled) as
soon as it is confirmed. The bell turns the sand timer in the answer and bet phases.

The scene says which phase is shown and routes each tap to it; the bets' taps have a
class of their own (`Betting`), and the panels beside the mat are drawn in
`gambit7_panels`, so that each part stays short enough to read at once.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, replace

import pygame

from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, Hit, cols, rows, split
from pi_app.display.choice import Choice, OptionValue
from pi_app.display.declaration import PLAYERS_OR_TEAMS, GameDeclaration, Setup
from pi_app.display.driver import DemoDriver
from pi_app.display.facts import best_round
from pi_app.display.games.gambit7_panels import BetButton as BetButton
from pi_app.display.games.gambit7_panels import (
    BetChoice,
    answered,
    bet_target,
    box_question,
    draw_answers,
    draw_bet_panel,
    draw_payout,
    seat_hand,
)
from pi_app.display.games.gambit7_panels import MoveChip as MoveChip
from pi_app.display.intents import Bell, Enter, Intent, Move, Press
from pi_app.display.memory import ScreenMemory
from pi_app.display.questions_view import (
    card_tap,
    configured_with_questions,
    draw_answer_card,
    draw_question_card,
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
    state_as,
)
from pi_app.display.seat_marks import draw_chip
from pi_app.display.targets import Button, KbKey, SeatTap
from pi_app.display.widgets import (
    AnswerButton,
    NumberEntry,
    SeatFocus,
    keypad,
    token_mark,
    typing_key,
)
from pi_app.i18n import N_, Translator, current_language
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
from pi_app.rules.gambit7.scoring import CHIPS, LESS, TOKEN_FACTOR, Payout
from pi_app.rules.gambit7.state import ROUNDS, Gambit7State, Phase, bet_of
from pi_app.rules.question import RoundQuestion
from pi_app.table.protocol import GameTable

_ = Translator("display")

_hand = seat_hand
"""What a seat holds during the bets (`gambit7_panels.seat_hand`), by its old name here."""


def scene_for(table: GameTable, memory: ScreenMemory) -> Scene:
    state = _state(table.state)
    return Gambit7Scene(str(state.phase), state.round)


def _state(state: object) -> Gambit7State:
    """The table's state as Gambit 7's: the one place this module narrows it."""
    return state_as(state, Gambit7State)


def _notation(action: Action) -> str:
    return g7.GAME.format_action(action)


@dataclass(frozen=True)
class Case:
    """A case of the mat: its answer's value as written in the notation, `"less"` for
    Moins que ça, or None for a case no answer faces."""

    where: str | None


class Gambit7Scene(Scene):
    """One phase of one round; the screen's own state: which seat the keypad types for
    (`focus`), the typed digits, and the bets' choices (`bets`: the seat betting and how
    its next tap bets)."""

    def __init__(self, phase: str, round_number: int) -> None:
        self.phase = phase
        self.round = round_number
        self.entry = NumberEntry()
        self.focus = SeatFocus()
        self.bets = Betting()
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
        """The box's question's card while it is up, else the mat and the phase's panel."""
        state = _state(ctx.state)
        question = box_question(state)
        body = chrome(canvas, ctx, self.title(question is not None))
        if question is not None and self.card and self.phase == Phase.ANSWERS:
            written = zip(state.seats, answered(state), strict=True)
            draw_question_card(canvas, ctx, body, question, tuple(written))
        elif question is not None and self.card and self.phase == Phase.SCORED:
            draw_answer_card(canvas, body, question)
        else:
            self._draw_phase(canvas, ctx, state, body)

    def _draw_phase(self, canvas: Canvas, ctx: Ctx, state: Gambit7State, body: pygame.Rect) -> None:
        """The mat on the left (but while answers are written), the phase's panel on
        the right; the bets' panel is wider on the small screen, its foot under the mat."""
        t = canvas.theme
        small = t.width < 800
        share = 58 if not small else 50 if self.phase == Phase.BETS else 55
        left, right = split(body, body.width * share // 100, t.gap, vertical=False)
        if self.phase == Phase.ANSWERS:
            chosen = self.focus.seat(answered(state))
            draw_answers(canvas, ctx, state, (left, right), self.entry, chosen)
        elif self.phase == Phase.BETS:
            close = None
            if small:  # the timer and Rien ne va plus under the mat: two lines a seat
                left, close = split(left, left.height - t.button_h - t.gap, t.gap)
            mat(canvas, left, g7.board(state), state.seats, pick=True)
            draw_bet_panel(canvas, ctx, state, (right, close), self.bets.choice)
        elif self.phase == Phase.TRUTH:
            mat(canvas, left, g7.board(state), state.seats, pick=True)
            keypad(canvas, right, self.entry, _("The true answer"), _("Score"))
        else:
            mat(canvas, left, g7.board(state), state.seats, True, g7.payouts(state))
            draw_payout(canvas, state, right)

    # ---- inputs ---------------------------------------------------------------------

    def handle(self, intent: Intent, ctx: Ctx) -> Sequence[Command]:
        """What every phase shares (home, the timer, choosing a seat, the question's
        cards) first, then the phase's own taps."""
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
        question = box_question(state)
        shown = None if question is None else self._cards(intent, question)
        if shown is not None:
            return shown
        return self._phase_input(intent, state)

    def _phase_input(self, intent: Intent, state: Gambit7State) -> Sequence[Command]:
        """A tap or key for the phase shown: an answer, a bet, the truth, the next round."""
        if self.phase == Phase.ANSWERS:
            return self._answers(intent, state)
        if self.phase == Phase.TRUTH and self.entry.handle(intent):
            return ()
        confirm = intent == Press(Button.OK) or isinstance(intent, Enter)
        match self.phase:
            case Phase.TRUTH if confirm:
                return self._truth()
            case Phase.BETS:
                return self.bets.handle(intent, state)
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
        return self.focus.seat(answered(state))

    def _current(self, state: Gambit7State) -> int:
        """The seat chosen now: the keypad's while answering, else the betting one."""
        if self.phase == Phase.ANSWERS:
            chosen = self.focus.seat(answered(state))
            return (self.focus.picked or 0) if chosen is None else chosen
        return self.bets.choice.seat

    def _pick(self, index: int, state: Gambit7State) -> None:
        """A seat chosen: the keypad's seat while answering (tapping a seat that has
        answered is how its answer is corrected), else the seat that bets."""
        if self.phase == Phase.ANSWERS:
            self.focus.pick(index, answered(state))
            return
        self.bets.pick(index)

    def _answers(self, intent: Intent, state: Gambit7State) -> Sequence[Command]:
        """Typing for the seat in focus; once every answer is in, the reveal."""
        confirm = intent == Press(Button.OK) or isinstance(intent, Enter)
        if self.focus.seat(answered(state)) is None:
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
            return self._answer(state)
        return ()

    def _answer(self, state: Gambit7State) -> Sequence[Command]:
        """The typed answer, for the seat in focus (who is kept, should it be refused)."""
        chosen = self.focus.seat(answered(state))
        if chosen is None:
            return ()
        seat = state.seats[chosen]
        typed = self.entry.text.strip()
        if not typed:
            return (Notice(_("Type {seat}'s answer on the keypad first.").format(seat=seat)),)
        self.focus.picked = chosen
        return (Play(_notation(Answer(seat, typed, current_language()))),)

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
        return (Play(_notation(Truth(typed, current_language()))),)

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

    def accepted(self, command: Play, ctx: Ctx) -> None:
        """An answer or the truth was taken: clear the entry; the keypad's focus moves on
        to the next seat without an answer."""
        self.entry.text = ""
        self.focus.taken()


class Betting:
    """The bets phase's taps: choosing the seat that bets, its token or its chips on
    the mat, a third chip's question, no bet, Rien ne va plus.

    Apart from the scene because the bets are the one phase with choices of their own
    (`BetChoice`, which the bet panel draws): the scene only routes a tap here.
    """

    def __init__(self) -> None:
        self.choice = BetChoice()

    def pick(self, index: int) -> None:
        """The seat that bets: its next taps place chips until it asks for its token
        (a token asked for by another seat does not carry over)."""
        if index != self.choice.seat:
            self.choice.token_mode = False
        self.choice.seat = index
        self.choice.moving = None

    def handle(self, intent: Intent, state: Gambit7State) -> Sequence[Command]:
        """A tap in the bets phase: the panel's buttons, a chip to move, a case."""
        choice = self.choice
        seat = state.seats[choice.seat]
        match intent:
            case Enter() | Press(target=BetButton.CLOSE):
                choice.moving = None
                return _close_bets(state)
            case Press(target=BetButton.TOKEN):
                choice.token_mode = not choice.token_mode
                choice.moving = None
            case Press(target=BetButton.CLEAR):
                choice.moving = None
                said = _("{seat} bets nothing this round.").format(seat=seat)
                return (Play(_notation(PlaceBet(seat))), Notice(said))
            case Press(target=BetButton.KEEP):
                choice.moving = None
            case Press(target=MoveChip(source=source)):
                return self._move(state, seat, source)
            case Press(target=Case(where=where)):
                return self._place(state, seat, where)
        return ()

    def _place(self, state: Gambit7State, seat: str, where: str | None) -> Sequence[Command]:
        """A tap on a case: the token there (instead of chips), or a chip; a third chip
        asks which one moves (each seat has 2 chips, rulings digest). Any case facing an
        answer takes them, the seat's own answer included (rulings R4)."""
        if where is None:
            return (Notice(_("No answer faces this case: a chip cannot go there."), True),)
        chosen = bet_target(where)
        current = bet_of(state, seat)
        self.choice.moving = None
        if self.choice.token_mode:
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
        self.choice.moving = where
        return ()

    def _move(self, state: Gambit7State, seat: str, source: str) -> Sequence[Command]:
        """The answer to a third chip's question: that chip goes to the tapped case."""
        if self.choice.moving is None:
            return ()
        chips = list(bet_of(state, seat).chips)
        moved = bet_target(source)
        if moved in chips:
            chips[chips.index(moved)] = bet_target(self.choice.moving)
        self.choice.moving = None
        return (Play(_notation(PlaceBet(seat, tuple(chips)))),)


def _close_bets(state: Gambit7State) -> Sequence[Command]:
    """Rien ne va plus; with the box's question, the box gives the true answer at once
    (nobody at the table has read it)."""
    closing: list[Command] = [Play(_notation(CloseBets()))]
    question = box_question(state)
    if question is not None:
        closing.append(Play(_notation(Truth(question.answer))))
    return closing


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
            if not small and not _writers_whole(canvas, slate, case):  # all on one line
                need = _slate_need(canvas, case, together=True)
                slate_w = max(slate_w, min(need, rest.width - _marks_need(case)))
                slate, chips = split(rest, slate_w, 2, vertical=False)
        _case_values(canvas, values, case)
        if case.case == LESS:
            canvas.text(less, slate, t.small, th.TEXT, align="left")
        elif case.value is not None:
            _answer_text(canvas, slate, case, small, seats)
        _chips(canvas, chips, case, seats, by_seat)


def _slate_need(canvas: Canvas, case: CaseView, together: bool = False) -> int:
    """The width an answer and its longest writer's name take at the smallest size (the
    writers wrap a name a line, so each must fit whole); `together`: all its writers'
    names on one line (the winning case's outline leaves no room for a second line)."""
    if case.value is None or not case.seats:
        return 0
    font = canvas.fonts.font(canvas.theme.min_font)
    if together:
        longest = font.size(_writers(case))[0]
    else:
        longest = max(font.size(f"{seat},")[0] for seat in case.seats)
    return font.size(f"{case.label(current_language())} ")[0] + longest + canvas.theme.gap + 8


def _marks_need(case: CaseView) -> int:
    """The width of a case's lane of bets with its marks alone (as `_chips` draws them)."""
    chips = sum(count for _seat, count in case.chips)
    return max(40, 8 + 12 * chips + 14 * len(case.tokens) + 12) if case.chips or case.tokens else 0


def _writers(case: CaseView) -> str:
    return ", ".join(case.seats)


def _writers_box(canvas: Canvas, box: pygame.Rect, value_right: int) -> pygame.Rect:
    """The writers' part of an answer's box, right of its answer drawn up to `value_right`."""
    gap = canvas.theme.gap // 2
    return pygame.Rect(value_right + gap, box.y, box.right - value_right - gap, box.height)


def _writers_whole(canvas: Canvas, box: pygame.Rect, case: CaseView) -> bool:
    """Whether the answer's writers, beside it in `box`, would be drawn whole."""
    if case.value is None or not case.seats:
        return True
    t = canvas.theme
    size, lines = canvas.fit(case.label(current_language()), box, t.small)
    value_w = max(canvas.fonts.font(size).size(line)[0] for line in lines)
    return canvas.fits_whole(_writers(case), _writers_box(canvas, box, box.x + value_w), t.small)


def _answer_text(
    canvas: Canvas, box: pygame.Rect, case: CaseView, small: bool, seats: Sequence[str]
) -> None:
    """The answer facing a case, then who wrote it (on the large screen), in its own
    box: the names never run into the bets beside them, and are never cut (where they
    cannot be whole, a patch in each writer's colour says who)."""
    t = canvas.theme
    value = case.label(current_language())
    drawn = canvas.text(value, box, t.small, th.TEXT, align="left")
    if small or not case.seats:
        return
    writers = _writers_box(canvas, box, drawn.right)
    if writers.width <= 20:
        return
    if canvas.fits_whole(_writers(case), writers, t.small):
        canvas.text(_writers(case), writers, t.small, th.MUTED, align="left")
        return
    high = writers.height * 2 // 3  # upright bars, as beside the seats' names: not chips
    x = writers.x
    for seat in case.seats:
        if x + 6 > writers.right:
            break
        patch = pygame.Rect(x, writers.centery - high // 2, 6, high)
        canvas.seat_swatch(patch, seats.index(seat))
        x += 6 + 4


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
    """The bets on a case, in their lane: a chip in its seat's shape (`palette.SeatCue`)
    and a diamond per Gambit 7 token, in the seats' colours, then who they are (and
    once paid, what they won)."""
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
                cue = th.seat_cue(seats.index(seat), canvas.colours)
                centre = (x + 5, lane.centery)
                draw_chip(canvas.surface, cue.shape, centre, 5, cue.colour, th.BACKGROUND)
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
    """A token won: with the score it multiplied, when it multiplied one (`rules.gambit7.facts`)."""
    if fact.value <= 0:
        return _("{seat} won with the Gambit 7 token (round {step})").format(
            seat=fact.seat, step=fact.step
        )
    return _("{seat}'s Gambit 7 token: {before} × 7 = {after} (round {step})").format(
        seat=fact.seat, before=fact.value, after=fact.value * TOKEN_FACTOR, step=fact.step
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
    from pi_app.display.home.targets import GameTap
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
    scenes=scene_for,
    menu=10,
    configured=configured_with_questions(mat_choice),
    start=with_questions(own_mat),
    facts=((TOKEN_WON, token_won), (BEST_ROUND, best_round), (TOKEN_LOST, token_lost)),
    demo=demo_script,
    seated_by=PLAYERS_OR_TEAMS,  # "Chaque joueur (ou équipe)" (the rulebook)
)
