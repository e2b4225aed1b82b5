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
from pi_app.display.widgets import NumberEntry, keypad
from pi_app.i18n import N_, Translator, current_language
from pi_app.rules.answers import shown_answer
from pi_app.rules.facts import BEST_ROUND, Fact
from pi_app.rules.gambit7 import game as g7
from pi_app.rules.gambit7.actions import Action, Answer, CloseBets, NextRound, PlaceBet, Truth
from pi_app.rules.gambit7.board import CaseView
from pi_app.rules.gambit7.facts import TOKEN_LOST, TOKEN_WON
from pi_app.rules.gambit7.scoring import LESS, Payout
from pi_app.rules.gambit7.state import ROUNDS, Gambit7State, Phase, bet_of
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

    CHIPS = "chips"
    """The next taps on the mat place chips."""
    TOKEN = "token"
    """The next tap on the mat places the Gambit 7 token."""
    CLEAR = "clear"
    """The seat bets nothing."""
    CLOSE = "close"
    """Rien ne va plus: the bets close."""


@dataclass(frozen=True)
class Case:
    """A case of the mat: its answer's value as written in the notation, `"less"` for
    Moins que ça, or None for a case no answer faces."""

    where: str | None


class Gambit7Scene(Scene):
    """One phase of one round; the screen's own state is the seat and the typed digits."""

    def __init__(self, phase: str, round_number: int) -> None:
        self.phase = phase
        self.round = round_number
        self.entry = NumberEntry()
        self.seat = 0
        self.token_mode = False

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

    def title(self) -> str:
        return _("Round {round}/{rounds} · question {n}").format(
            round=self.round, rounds=ROUNDS, n=self.round
        )

    def draw(self, canvas: Canvas, ctx: Ctx) -> None:
        body = chrome(canvas, ctx, self.title())
        state = _state(ctx.state)
        t = canvas.theme
        left_w = body.width * (58 if t.width >= 800 else 55) // 100
        left, right = split(body, left_w, t.gap, vertical=False)
        if self.phase == Phase.ANSWERS:
            self._draw_answers(canvas, ctx, left, right)
        elif self.phase == Phase.BETS:
            mat(canvas, left, g7.board(state), state.seats, pick=True)
            self._draw_bet_panel(canvas, ctx, right)
        elif self.phase == Phase.TRUTH:
            mat(canvas, left, g7.board(state), state.seats, pick=False)
            keypad(canvas, right, self.entry, _("The true answer"), _("Score"))
        else:
            mat(canvas, left, g7.board(state), state.seats, False, g7.payouts(state))
            self._draw_payout(canvas, ctx, right)

    def _draw_answers(
        self, canvas: Canvas, ctx: Ctx, left: pygame.Rect, right: pygame.Rect
    ) -> None:
        t = canvas.theme
        state = _state(ctx.state)
        written = dict(state.answers)
        listing, foot = split(left, left.height - t.button_h - t.gap, t.gap)
        chosen = self._chosen(state)
        for index, (cell, seat) in enumerate(
            zip(rows(listing, len(state.seats), t.gap // 2), state.seats, strict=True)
        ):
            if index == chosen:
                canvas.panel(cell, th.PANEL_HI, th.WARN, 2)
            status = _("written") if seat in written else "…"
            seat_label(canvas, cell.inflate(-t.gap, 0), seat, index, status)
            canvas.hits.append(Hit(cell, SeatTap(index)))
        timer_box, button = split(foot, foot.width * 3 // 5, t.gap, vertical=False)
        sand_timer(canvas, ctx, timer_box, "answers", "answers")
        canvas.button(button, _("Turn it"), Button.TIMER)
        prompt = _("Answer of {seat}").format(seat=state.seats[chosen])
        keypad(canvas, right, self.entry, prompt, _("OK"))

    def _draw_bet_panel(self, canvas: Canvas, ctx: Ctx, box: pygame.Rect) -> None:
        t = canvas.theme
        state = _state(ctx.state)
        small = t.width < 800
        lines = 4 if small else 3
        seats_h = box.height - lines * (t.button_h + t.gap)
        seat_box, rest = split(box, seats_h, t.gap)
        columns = 2 if len(state.seats) > 3 else 1
        for index, cell in enumerate(grid(seat_box, len(state.seats), columns, t.gap // 2)):
            canvas.button(
                cell,
                state.seats[index],
                SeatTap(index),
                colour=canvas.seat_colour(index),
                selected=index == self.seat,
            )
        places = rows(rest, lines, t.gap)
        chips_b, token_b = cols(places[0], 2, t.gap)
        canvas.button(chips_b, _("Chips"), BetButton.CHIPS, selected=not self.token_mode)
        canvas.button(token_b, _("Gambit 7"), BetButton.TOKEN, selected=self.token_mode)
        timer_box, turn = cols(places[1], 2, t.gap)
        sand_timer(canvas, ctx, timer_box, "bets", "bets")
        canvas.button(turn, _("Turn it"), Button.TIMER)
        if small:
            clear, close = places[2], places[3]
        else:
            clear, close = cols(places[2], 2, t.gap)
        canvas.button(clear, _("No bet"), BetButton.CLEAR)
        canvas.button(close, _("Close bets"), BetButton.CLOSE, colour=th.GOOD)

    def _draw_payout(self, canvas: Canvas, ctx: Ctx, box: pygame.Rect) -> None:
        t = canvas.theme
        state = _state(ctx.state)
        result = state.history[-1]
        head, rest = split(box, t.button_h, t.gap)
        listing, foot = split(rest, rest.height - t.button_h - t.gap, t.gap)
        shown = shown_answer(result.truth.value, result.truth.typed, current_language())
        truth = _("True answer: {value}").format(value=shown)
        canvas.text(truth, head, t.body, th.WARN, align="left")
        for index, (cell, pay) in enumerate(
            zip(rows(listing, len(state.seats), t.gap // 2), g7.payouts(state), strict=True)
        ):
            name_box, rest_box = split(cell, cell.width * 2 // 5, t.gap, vertical=False)
            detail_box, total_box = split(rest_box, rest_box.width * 2 // 3, t.gap, vertical=False)
            seat_label(canvas, name_box, pay.seat, index)
            canvas.text(payout_detail(pay), detail_box, t.small, th.MUTED, align="right")
            canvas.text(str(pay.after), total_box, t.body, th.TEXT, align="right")
        last = state.round == ROUNDS
        canvas.button(
            foot, _("Final ranking") if last else _("Next round"), Button.NEXT, colour=th.GOOD
        )

    # ---- inputs ---------------------------------------------------------------------

    def _chosen(self, state: Gambit7State) -> int:
        """The seat chosen on screen (drawing reads it and never moves it)."""
        return self.seat if self.seat < len(state.seats) else self._first_open(state)

    def _first_open(self, state: Gambit7State) -> int:
        written = dict(state.answers)
        for index, seat in enumerate(state.seats):
            if seat not in written:
                return index
        return 0

    def handle(self, intent: Intent, ctx: Ctx) -> Sequence[Command]:
        state = _state(ctx.state)
        match intent:
            case Press(target=Button.HOME):
                return (GoHome(),)
            case Bell() | Press(target=Button.TIMER):
                return self._timer(ctx)
            case Press(target=SeatTap(index=index)):
                self.seat = index
                return ()
            case Move(step=step):
                self.seat = (self.seat + step) % len(state.seats)
                return ()
        if self.phase in (Phase.ANSWERS, Phase.TRUTH) and self.entry.handle(intent):
            return ()
        confirm = intent == Press(Button.OK) or isinstance(intent, Enter)
        match self.phase:
            case Phase.ANSWERS if confirm:
                return self._answer(ctx)
            case Phase.TRUTH if confirm:
                return self._truth()
            case Phase.BETS:
                return self._bets(intent, ctx)
            case Phase.SCORED if intent == Press(Button.NEXT) or isinstance(intent, Enter):
                return (Play(_notation(NextRound())),) if state.round < ROUNDS else (ShowFinal(),)
        return ()

    def _truth(self) -> Sequence[Command]:
        typed = self.entry.text.strip()
        if not typed:
            return ()
        return (Play(_notation(Truth(typed, current_language())), "payout"),)

    def timeout(self, kind: str, ctx: Ctx) -> Sequence[Command]:
        """The bets' sand timer ran out: "rien ne va plus", the bets close (rulebook).

        The answers' timer only ends the writing on the slates; they are typed in after.
        """
        if kind == "bets" and self.phase == Phase.BETS:
            return (Play(_notation(CloseBets())),)
        return ()

    def _timer(self, ctx: Ctx) -> Sequence[Command]:
        if self.phase == Phase.ANSWERS:
            return (StartTimer("answers", ctx.timer_seconds("answers")),)
        if self.phase == Phase.BETS:
            return (StartTimer("bets", ctx.timer_seconds("bets")),)
        return ()

    def _answer(self, ctx: Ctx) -> Sequence[Command]:
        typed = self.entry.text.strip()
        if not typed:
            return ()
        state = _state(ctx.state)
        seat = state.seats[self._chosen(state)]
        return (Play(_notation(Answer(seat, typed, current_language()))),)

    def accepted(self, command: Play, ctx: Ctx) -> None:
        """An answer or the truth was taken: clear the entry, go to the next silent seat."""
        self.entry.text = ""
        if self.phase != Phase.ANSWERS:
            return
        state = _state(ctx.state)
        written = dict(state.answers)
        later = [i for i, s in enumerate(state.seats) if s not in written]
        self.seat = later[0] if later else self.seat

    def _bets(self, intent: Intent, ctx: Ctx) -> Sequence[Command]:
        seat = _state(ctx.state).seats[self.seat]
        match intent:
            case Enter() | Press(target=BetButton.CLOSE):
                return (Play(_notation(CloseBets())),)
            case Press(target=BetButton.CHIPS):
                self.token_mode = False
            case Press(target=BetButton.TOKEN):
                self.token_mode = True
            case Press(target=BetButton.CLEAR):
                return (Play(_notation(PlaceBet(seat))),)
            case Press(target=Case(where=where)):
                return self._place(ctx, seat, where)
        return ()

    def _place(self, ctx: Ctx, seat: str, where: str | None) -> Sequence[Command]:
        if where is None:
            return (Notice(_("No answer faces this case: a chip cannot go there."), True),)
        chosen = LESS if where == LESS else Decimal(str(where))
        if self.token_mode:
            bet = PlaceBet(seat, (), chosen)
        else:
            current = bet_of(_state(ctx.state), seat)
            chips = current.chips if len(current.chips) < 2 else ()
            bet = PlaceBet(seat, (*chips, chosen))
        return (Play(_notation(bet)),)


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
    answer facing it with who wrote it, and the chips and tokens on it; once the round
    is scored (`paid`, the engine's payouts), what each chip and token there paid.
    """
    by_seat = {pay.seat: pay for pay in paid}
    t = canvas.theme
    order = [*reversed(cases[1:]), cases[0]]
    small = t.width < 800
    less = _("Less than that")  # as the phones name it (the mat's "Moins que ça")
    for cell, case in zip(rows(box, len(order), 2), order, strict=True):
        colour = th.CENTRE if case.case == 3 else th.PANEL
        if case.case == LESS:
            colour = (70, 50, 60)
        canvas.panel(cell, colour, th.WARN if case.winning else None, 4)
        if pick:
            target = "less" if case.case == LESS else case.value
            canvas.hits.append(Hit(cell, Case(None if target is None else str(target))))
        if case.case == LESS:
            values, rest = split(cell, 44 if small else 60, 2, vertical=False)
            need = canvas.fonts.font(t.min_font).size(less)[0] + 6
            slate, chips = split(
                rest, min(rest.width - 40, max(need, rest.width // 2)), 2, vertical=False
            )
        else:
            widths = (0.27, 0.36) if not small else (0.34, 0.24)
            values, rest = split(cell, int(cell.width * widths[0]), 2, vertical=False)
            slate, chips = split(rest, int(cell.width * widths[1]), 2, vertical=False)
        _case_values(canvas, values, case)
        if case.case == LESS:
            canvas.text(less, slate, t.small, th.TEXT, align="left")
        elif case.value is not None:
            writers = ", ".join(case.seats)
            value = case.label(current_language())
            label = value if small else f"{value} {writers}"
            canvas.text(label, slate, t.small, th.TEXT, align="left")
        _chips(canvas, chips, case, seats, by_seat)


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
    t = canvas.theme
    names: list[str] = []
    x = box.x
    for seat, count in case.chips:
        for _n in range(count):
            dot = pygame.Rect(x, box.centery - 5, 10, 10)
            if dot.right <= box.right:
                pygame.draw.circle(
                    canvas.surface, canvas.seat_colour(seats.index(seat)), dot.center, 5
                )
            x += 12
        name = seat if count == 1 else f"{seat}×{count}"
        if case.winning and seat in paid:
            name = f"{seat} +{paid[seat].chip_gain}"
        names.append(name)
    for seat in case.tokens:
        if seat in paid:
            names.append(f"{seat} G7 ×7" if case.winning else f"{seat} G7 ×0")
        else:
            names.append(f"{seat} G7")
    if names:
        text_box = pygame.Rect(
            min(x + 2, box.right - 10), box.y, box.right - min(x + 2, box.right - 10), box.height
        )
        canvas.text(", ".join(names), text_box, t.small, th.TEXT, align="left")


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
    for seat, case in ((0, "25"), (0, "25"), (1, "25")):
        d.press(SeatTap(seat))
        d.press(Case(case))
    d.press(SeatTap(2))
    d.press(BetButton.TOKEN)
    d.press(Case("28"))
    d.press(SeatTap(3))
    d.press(BetButton.CHIPS)
    d.press(Case("less"))
    d.shot("gambit7-bets")
    d.press(BetButton.CLOSE)
    d.type("27", enter=False)
    d.shot("gambit7-truth")
    d.type("", enter=True)
    d.shot("gambit7-payout")


DECLARATION = GameDeclaration(
    menu=10,
    configured=mat_choice,
    start=own_mat,
    facts=((TOKEN_WON, token_won), (BEST_ROUND, best_round), (TOKEN_LOST, token_lost)),
    demo=demo_script,
)
