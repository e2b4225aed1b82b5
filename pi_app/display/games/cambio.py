"""Cambio screens: the deal, the study timer, trading, STOP, the hand shown, the scores.

Every screen is drawn from the engine's round phase (deal, study, trading, stopped,
rung). The bell opens trading during the study time and stops trading after: that
press plays `bell`, journaled before the STOP screen shows (and the ring flashes), so
a restart while the table finds out who rang comes back to STOP. Choosing the ringer
plays `ring`; "not a ring" takes the bell back with an undo, journaled like any other.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from enum import StrEnum

import pygame

from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, Hit, cols, grid, rows, split
from pi_app.display.choice import Choice
from pi_app.display.declaration import GameDeclaration
from pi_app.display.driver import DemoDriver
from pi_app.display.facts import FactWords, best_round
from pi_app.display.intents import Bell, Enter, Intent, Press
from pi_app.display.memory import ScreenMemory
from pi_app.display.scene import (
    Command,
    Ctx,
    GoHome,
    Play,
    RingFlash,
    Scene,
    ShowFinal,
    StartTimer,
    UndoAction,
    chrome,
    sand_timer,
    seat_label,
    state_as,
    table_of,
)
from pi_app.display.targets import Button
from pi_app.i18n import N_, Translator
from pi_app.rules.cambio import actions as cambio_actions
from pi_app.rules.cambio.actions import CambioAction, Deal, FalseRing, Open, Ring, Show
from pi_app.rules.cambio.facts import STREAK
from pi_app.rules.cambio.game import GAME, CambioState
from pi_app.rules.cambio.scoring import CAMBIO, CARDS, HANDS, NINE, score_changes
from pi_app.rules.cambio.tournament.game import GAME as TOURNAMENT
from pi_app.rules.cambio.tournament.game import TableAction
from pi_app.rules.contract import RuleError
from pi_app.rules.facts import BEST_ROUND, Fact
from pi_app.table.protocol import GameTable

_ = Translator("display")

STOP_PHASES = ("stopped", "rung")
"""The phases drawn on the full red STOP screen: everything at the table stops."""

HAND_NAMES: dict[str, str] = {
    "9": "9",
    "8+plus": "8 + CAMBIO+",
    "9+plus": "9 + CAMBIO+ (×2)",
    "9+odd": "9 + 1",
}


def scene_for(table: GameTable, memory: ScreenMemory) -> Scene:
    state = _state(table.state)
    return CambioScene(
        state.phase, state.round_number, state.round.rung_by, len(state.round.false_rings)
    )


def _state(state: object) -> CambioState:
    """The table's state as Cambio's (a tournament's table screen is given its table's
    view as one): the one place this module narrows it."""
    return state_as(state, CambioState)


def round_summary(state: CambioState) -> str:
    """What the last scored round did: who showed what, and every score change."""
    if not state.history:
        return ""
    result = state.history[-1]
    try:
        changes = score_changes(result, state.seats, state.settings)
    except RuleError:  # the winner has since moved to another table (tournament)
        changes = {}
    moved = ", ".join(f"{seat} {change:+d}" for seat, change in changes.items() if change)
    return _("Round {n}: {winner} showed {hand} {currency}. {changes}").format(
        n=len(state.history),
        winner=result.winner,
        hand=HAND_NAMES.get(result.hand, result.hand),
        currency=result.currency,
        changes=moved,
    )


def target_board(
    canvas: Canvas,
    box: pygame.Rect,
    seats: Sequence[str],
    scores: Sequence[int],
    target: int | None,
) -> None:
    """Scores with a bar toward the target (the bar is the score's share of it)."""
    t = canvas.theme
    for index, cell in enumerate(rows(box, len(seats), t.gap // 2)):
        if target:
            share = max(0.0, min(1.0, scores[index] / target))
            bar = pygame.Rect(cell.x, cell.bottom - 4, int(cell.width * share), 4)
            pygame.draw.rect(canvas.surface, canvas.seat_colour(index), bar)
        seat_label(canvas, cell.inflate(-t.gap, -6), seats[index], index, str(scores[index]))


class RoundButton(StrEnum):
    """The round's buttons, in the order a round meets them."""

    DEAL = "deal"
    OPEN = "open"
    """Open trading (the chair's bell)."""
    BELL = "bell"
    """Stop trading: what the bell does, on screen."""
    RESUME = "resume"
    """Nobody rang after all: trading goes on."""
    FALSE = "false"
    """The ringer's hand was not complete."""
    SHOW = "show"
    """The ringer's hand is complete: score it."""


@dataclass(frozen=True)
class Ringer:
    """Who rang, by seat place."""

    index: int


@dataclass(frozen=True)
class Currency:
    """The currency of the hand shown, by its place in the round's list."""

    index: int


@dataclass(frozen=True)
class Hand:
    """The kind of hand shown (`NINE`, ...)."""

    name: str


@dataclass(frozen=True)
class Holder:
    """A CAMBIO card: each tap gives it to the next seat that may hold it."""

    card: str


class CambioScene(Scene):
    """One phase of one round; phase `stopped` is the STOP screen before the ringer is named.

    The scene keeps only the hand being entered (currency, hand, CAMBIO holders): a
    screen choice, thrown away when the phase moves on.
    """

    def __init__(self, phase: str, round_number: int, rung_by: str | None, false: int) -> None:
        self.phase = phase
        self.round = round_number
        self.rung_by = rung_by
        self.false_rings = false
        self.quiet_summary = False
        self.currency = 0
        self.hand = NINE
        self.holders: dict[str, int] = {}
        self.at_table: int | None = None
        """In a tournament: the table this screen plays, whose actions it names."""

    @property
    def name(self) -> str:  # type: ignore[override]
        return "cambio-stop" if self.phase == "stopped" else f"cambio-{self.phase}"

    def key(self) -> Hashable:
        return ("cambio", self.phase, self.round, self.rung_by, self.false_rings)

    def wants_bell(self, ctx: Ctx) -> bool:
        return self.phase in ("study", "trading")

    @property
    def full_stop(self) -> bool:
        """Whether the whole screen is the red STOP (no tabs, no scores around it)."""
        return self.phase in STOP_PHASES

    # ---- drawing --------------------------------------------------------------------

    def draw(self, canvas: Canvas, ctx: Ctx) -> None:
        state = _state(ctx.state)
        if self.full_stop:
            self._draw_stop(canvas, ctx)
            return
        title = _("Round {n} · dealer {dealer}").format(n=self.round, dealer=state.dealer)
        if self.phase == "over":
            title = _("Cambio: final scores")
        self.draw_body(canvas, ctx, chrome(canvas, ctx, title))

    def draw_body(self, canvas: Canvas, ctx: Ctx, body: pygame.Rect) -> None:
        """Everything under the top bar (the tournament screen draws it under its tabs)."""
        state = _state(ctx.state)
        t = canvas.theme
        left, right = split(body, body.width // 2 - t.gap, t.gap, vertical=False)
        target_board(canvas, right, state.seats, state.scores, state.settings.target)
        if self.phase == "over":
            self._draw_over(canvas, ctx, left)
        elif self.phase == "deal":
            self._draw_deal(canvas, ctx, left)
        elif self.phase == "study":
            head, rest = split(left, t.button_h * 2, t.gap)
            canvas.text(_("Study your hand"), head, t.title, th.TEXT)
            timer_box, rest = split(rest, t.button_h, t.gap)
            sand_timer(canvas, ctx, timer_box, "study", "cambio_study")
            currencies(
                canvas,
                rest.inflate(0, -t.button_h - t.gap).move(0, -(t.button_h + t.gap) // 2),
                state.currencies,
            )
            foot = pygame.Rect(rest.x, rest.bottom - t.button_h, rest.width, t.button_h)
            canvas.button(foot, _("Open trading"), RoundButton.OPEN, colour=th.GOOD)
        else:
            head, rest = split(left, t.button_h * 2, t.gap)
            canvas.panel(head, th.GOOD)
            canvas.text(_("Trading open!"), head, t.title, th.ink_for(th.GOOD))
            listing, foot = split(rest, rest.height - t.button_h - t.gap, t.gap)
            currencies(canvas, listing, state.currencies)
            canvas.button(foot, _("Bell: STOP"), RoundButton.BELL, colour=th.STOP_RED)

    def _draw_deal(self, canvas: Canvas, ctx: Ctx, box: pygame.Rect) -> None:
        t = canvas.theme
        state = _state(ctx.state)
        summary = "" if self.quiet_summary else round_summary(state)
        info_h = t.button_h * 2 if summary else 0
        info, rest = split(box, info_h, t.gap if summary else 0)
        if summary:
            canvas.text(summary, info, t.small, th.WARN, align="left")
        listing, foot = split(rest, rest.height - t.button_h - t.gap, t.gap)
        extra = ""
        if state.settings.variant == CAMBIO:
            extra = _("10 cards: {seats}").format(seats=", ".join(state.ten_cards))
        if extra:
            note, listing = split(listing, t.button_h, t.gap)
            canvas.text(extra, note, t.small, th.MUTED, align="left")
        currencies(canvas, listing, state.currencies)
        canvas.button(foot, _("Deal: start the study"), RoundButton.DEAL, colour=th.GOOD)

    def _draw_over(self, canvas: Canvas, ctx: Ctx, box: pygame.Rect) -> None:
        t = canvas.theme
        outcome = table_of(ctx).outcome()
        head, foot = split(box, box.height - t.button_h - t.gap, t.gap)
        names = ", ".join(outcome.winners) if outcome is not None else ""
        canvas.text(_("Winners: {names}").format(names=names), head, t.title, th.WARN)
        canvas.button(foot, _("Final ranking"), Button.FINAL, colour=th.GOOD)

    def _draw_stop(self, canvas: Canvas, ctx: Ctx) -> None:
        t = canvas.theme
        state = _state(ctx.state)
        canvas.fill(th.STOP_RED)
        area = canvas.rect.inflate(-2 * t.pad, -2 * t.pad)
        head_h = area.height * (2 if self.phase == "rung" else 4) // 9
        head, rest = split(area, head_h, t.gap)
        if self.phase == "rung":
            undo_w = min(150 if t.width >= 800 else 100, head.width // 4)
            label, undo = split(head, head.width - undo_w - t.gap, t.gap, vertical=False)
            undo = undo.inflate(0, -max(0, undo.height - t.button_h))
            canvas.text(
                _("STOP: {seat} rang").format(seat=self.rung_by),
                label,
                t.title,
                th.TEXT,
                align="left",
            )
            canvas.button(undo, _("Undo"), Button.UNDO)
            self._draw_hand_form(canvas, ctx, rest)
            return
        canvas.text(_("STOP"), head, t.huge, th.TEXT)
        prompt, buttons = split(rest, t.button_h, t.gap)
        canvas.text(_("Who rang?"), prompt, t.body, th.TEXT)
        seat_area, foot = split(buttons, buttons.height - t.button_h - t.gap, t.gap)
        columns = 4 if len(state.seats) > 4 else len(state.seats)
        for index, cell in enumerate(grid(seat_area, len(state.seats), columns, t.gap)):
            canvas.button(cell, state.seats[index], Ringer(index), colour=canvas.seat_colour(index))
        canvas.button(foot.inflate(-foot.width // 2, 0), _("Not a ring: go on"), RoundButton.RESUME)

    def _draw_hand_form(self, canvas: Canvas, ctx: Ctx, box: pygame.Rect) -> None:
        t = canvas.theme
        state = _state(ctx.state)
        cambio = state.settings.variant == CAMBIO
        parts = 4 if cambio else 2
        areas = rows(box, parts, t.gap)
        names = [name for name, _v in state.currencies]
        for index, cell in enumerate(grid(areas[0], len(names), min(4, len(names)), t.gap)):
            canvas.button(cell, names[index], Currency(index), selected=index == self.currency)
        if cambio:
            for cell, hand in zip(cols(areas[1], len(HANDS), t.gap), HANDS, strict=True):
                canvas.button(cell, HAND_NAMES[hand], Hand(hand), selected=hand == self.hand)
            for cell, card in zip(cols(areas[2], len(CARDS), t.gap), CARDS, strict=True):
                holder = self.holder(card, state.seats)
                label = _("CAMBIO-{card}: {holder}").format(
                    card=card, holder=holder if holder else _("in the hand")
                )
                canvas.button(cell, label, Holder(card))
        false_b, show_b = cols(areas[-1], 2, t.gap)
        canvas.button(false_b, _("Incomplete: trading resumes"), RoundButton.FALSE)
        canvas.button(show_b, _("Complete hand: score"), RoundButton.SHOW, colour=th.GOOD)

    def holder(self, card: str, seats: Sequence[str]) -> str | None:
        """Who kept `card` (None: it is in the winner's hand or is the odd tenth card)."""
        others = [seat for seat in seats if seat != self.rung_by]
        pick = self.holders.get(card, 0)
        return None if pick == 0 else others[(pick - 1) % len(others)]

    # ---- inputs ---------------------------------------------------------------------

    def _fmt(self, action: CambioAction) -> str:
        """The notation of `action` here: at this screen's table in a tournament."""
        if self.at_table is None:
            return GAME.format_action(action)
        return TOURNAMENT.format_action(TableAction(self.at_table, action))

    def handle(self, intent: Intent, ctx: Ctx) -> Sequence[Command]:
        state = _state(ctx.state)
        if isinstance(intent, Enter) and self.phase in ("deal", "study"):
            intent = Press(RoundButton.DEAL if self.phase == "deal" else RoundButton.OPEN)
        match intent:
            case Bell() | Press(target=RoundButton.BELL):
                return self._bell()
            case Press(target=Button.HOME):
                return (GoHome(),)
            case Press(target=Button.FINAL):
                return (ShowFinal(),)
            case Press(target=RoundButton.DEAL):
                seconds = ctx.timer_seconds("cambio_study")
                return (Play(self._fmt(Deal())), StartTimer("study", seconds))
            case Press(target=RoundButton.OPEN):
                return (Play(self._fmt(Open())),)
            case Press(target=RoundButton.RESUME) if self.phase == "stopped":
                return (UndoAction(),)  # nobody rang after all: take the bell back
            case Press(target=Ringer(index=index)):
                return (Play(self._fmt(Ring(state.seats[index]))),)
            case Press(target=Currency(index=index)):
                self.currency = index
            case Press(target=Hand(name=name)):
                self.hand = name
            case Press(target=Holder(card=card)):
                self.holders[card] = (self.holders.get(card, 0) + 1) % len(state.seats)
            case Press(target=RoundButton.FALSE):
                return (Play(self._fmt(FalseRing())),)
            case Press(target=RoundButton.SHOW):
                return (self._show(ctx),)
        return ()

    def _bell(self) -> Sequence[Command]:
        """The bell opens trading in the study time and stops it after."""
        if self.phase == "study":
            return (Play(self._fmt(Open())),)
        if self.phase == "trading":  # journaled first; the flash and sound follow
            return (Play(self._fmt(cambio_actions.BellRang()), "bell"), RingFlash(th.STOP_RED))
        return ()

    def _show(self, ctx: Ctx) -> Command:
        state = _state(ctx.state)
        currency = state.currencies[self.currency][0]
        hand = self.hand if state.settings.variant == CAMBIO else NINE
        holding: list[tuple[str, str]] = []
        if state.settings.variant == CAMBIO:
            for card in CARDS:
                seat = self.holder(card, state.seats)
                if seat is not None:
                    holding.append((seat, card))
        return Play(self._fmt(Show(currency, hand, tuple(holding))), "payout")

    def timeout(self, kind: str, ctx: Ctx) -> Sequence[Command]:
        if kind == "study" and self.phase == "study":
            return (Play(self._fmt(Open())),)
        return ()


def currencies(canvas: Canvas, box: pygame.Rect, listed: Sequence[tuple[str, int]]) -> None:
    """The currencies in play with their values."""
    t = canvas.theme
    line = canvas.fonts.font(t.min_font).size("Ag")[1] + 2
    columns = 1
    while columns < 3 and -(-len(listed) // columns) * (line + t.gap // 2) > box.height:
        columns += 1
    for cell, (name, value) in zip(
        grid(box, len(listed), columns, t.gap // 2), listed, strict=False
    ):
        canvas.panel(cell, th.PANEL)
        inner = cell.inflate(-t.gap, 0)
        need = canvas.fonts.font(t.min_font).size(str(value))[0] + 2
        name_box, value_box = split(inner, inner.width - need - 2, 2, vertical=False)
        canvas.text(name, name_box, t.small, th.TEXT, align="left")
        canvas.text(str(value), value_box, t.small, th.WARN, align="right")


# ---- the game, as the home, the end screen and the demo know it ----------------------

CHOICES = (
    Choice(
        "variant",
        N_("Variant"),
        ("simple", "cambio"),
        (N_("simple"), N_("with CAMBIO cards")),
    ),
    Choice(
        "target",
        N_("Target"),
        (5000, 1000, 2000, 3000),
        ("5000", "1000", "2000", "3000"),
        plain=True,
    ),
    Choice(
        "false_ring_fine",
        N_("False ring fine"),
        (0, 10, 20, 50),
        ("0", "10", "20", "50"),
        plain=True,
    ),
)
"""Cambio's options, the tournament's too."""


def streak(fact: Fact) -> str:
    return _("{seat} won {count} rounds in a row").format(seat=fact.seat, count=fact.value)


FACTS: tuple[tuple[str, FactWords], ...] = ((STREAK, streak), (BEST_ROUND, best_round))
"""Cambio's facts, the tournament's too: a streak is the rarer feat."""


def demo_script(d: DemoDriver) -> None:
    """`tabletop demo cambio`: the options page, then a round from the deal to the scores."""
    from pi_app.display.home import Cycle, GameTap, Pick
    from pi_app.display.scene import NewGame

    d.press(GameTap("cambio"))
    d.press("next")
    d.press(Cycle("variant"))
    d.shot("home-option-list")
    d.press(Pick("variant", 1))
    d.shot("home-options")
    d.press("back")
    d.press("back")
    d.run(NewGame("cambio", ("Ana", "Ben", "Cléo", "Dan"), {"variant": "cambio", "target": 5000}))
    d.shot("cambio-deal")
    d.press(RoundButton.DEAL)
    d.wait(10)
    d.shot("cambio-study")
    d.wait(25)
    d.shot("cambio-trading")
    d.bell()
    d.shot("cambio-stop")
    d.press(Ringer(1))
    d.press(Currency(2))
    d.press(Hand("9+plus"))
    d.press(Holder("minus"))
    d.press(Holder("minus"))
    d.shot("cambio-rung")
    d.press(RoundButton.SHOW)
    d.shot("cambio-scores")


DECLARATION = GameDeclaration(menu=30, choices=CHOICES, facts=FACTS, demo=demo_script)

__all__ = ["CambioScene", "Hit", "scene_for"]
