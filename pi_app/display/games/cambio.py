"""Cambio screens: the deal, the study timer, trading, STOP, the hand shown, the scores.

Every screen is drawn from the engine's round phase (deal, study, trading, stopped,
rung). The bell opens trading during the study time and stops trading after: that
press plays `bell`, journaled before the STOP screen shows (and the ring flashes), so
a restart while the table finds out who rang comes back to STOP. Choosing the ringer
plays `ring`; "not a ring" takes the bell back with an undo, journaled like any other.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

import pygame

from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, Hit, cols, grid, rows, split, wrapped_lines
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
    Notice,
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
from pi_app.display.titles import bar_title, fits_line
from pi_app.i18n import N_, Translator
from pi_app.rules.cambio import actions as cambio_actions
from pi_app.rules.cambio.actions import CambioAction, Deal, FalseRing, Open, Ring, Show
from pi_app.rules.cambio.facts import STREAK
from pi_app.rules.cambio.game import GAME, CambioState
from pi_app.rules.cambio.scoring import (
    CAMBIO,
    CARD_PART,
    CARDS,
    HAND_PART,
    HANDS,
    MINUS,
    NINE,
    PLUS,
    ScorePart,
    card_places,
    false_ring_fines,
    score_parts,
)
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

CARD_NAMES: dict[str, str] = {PLUS: N_("CAMBIO-plus"), MINUS: N_("CAMBIO-minus")}
"""Each CAMBIO card by its name in the language's rulebook (CAMBIO-moins in French)."""


def scene_for(table: GameTable, memory: ScreenMemory) -> Scene:
    state = _state(table.state)
    return CambioScene(
        state.phase, state.round_number, state.round.rung_by, len(state.round.false_rings)
    )


def _state(state: object) -> CambioState:
    """The table's state as Cambio's (a tournament's table screen is given its table's
    view as one): the one place this module narrows it."""
    return state_as(state, CambioState)


def part_text(part: ScorePart) -> str:
    """One part of a score in words: the hand shown, a CAMBIO card kept, a false ring."""
    if part.kind == HAND_PART:
        return _("{hand} in {currency}").format(
            hand=HAND_NAMES.get(part.hand, part.hand), currency=part.currency
        )
    if part.kind == CARD_PART:
        return _(CARD_NAMES[part.card]) if part.card in CARD_NAMES else part.card
    return _("false ring")


def seat_sheet(seat: str, parts: Sequence[ScorePart]) -> str:
    """A seat's line of the score sheet: its change, then what made it (each part's
    points said when there are several)."""
    total = sum(part.points for part in parts)
    if len(parts) == 1:
        made = part_text(parts[0])
    else:
        made = ", ".join(f"{part_text(part)}\u00a0{part.points:+d}" for part in parts)
    return _("{seat} {change}: {parts}").format(seat=seat, change=f"{total:+d}", parts=made)


def score_sheet(state: CambioState) -> list[str]:
    """The last scored round, seat by seat: each score change and how it is made, as
    the rules count it (`score_parts`); empty before the first round."""
    if not state.history:
        return []
    try:
        parts = score_parts(state.history[-1], state.seats, state.settings)
    except RuleError:  # the winner has since moved to another table (tournament)
        return []
    return [seat_sheet(seat, found) for seat, found in parts.items() if found]


def false_ring_lines(state: CambioState) -> list[str]:
    """This round's false rings so far, said when they happen: who, and the fine (R6)."""
    lines = []
    for seat, fine in false_ring_fines(state.round.false_rings, state.settings).items():
        if fine:
            text = _("False ring: {seat} ({fine} when the round is scored)")
            lines.append(text.format(seat=seat, fine=f"{-fine:+d}"))
        else:
            lines.append(_("False ring: {seat} (no fine)").format(seat=seat))
    return lines


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
    """A CAMBIO card: each tap moves it to the next place the hand shown allows."""

    card: str


@dataclass(frozen=True)
class HandForm:
    """The ringer's hand as entered so far: the currency (its place in the list), the
    hand, and the place last chosen for each CAMBIO card (None: the winning hand)."""

    currency: int = 0
    hand: str = NINE
    chosen: tuple[tuple[str, str | None], ...] = ()

    def place(self, card: str, places: Sequence[str | None]) -> str | None:
        """Where `card` is: the place last chosen for it while the hand allows it, else
        the first the hand allows, so that the form is always one the rules accept."""
        chosen = dict(self.chosen)
        if card in chosen and chosen[card] in places:
            return chosen[card]
        return places[0]

    def choose(self, card: str, place: str | None) -> HandForm:
        """The form with `card` at `place`."""
        chosen = {**dict(self.chosen), card: place}
        return replace(self, chosen=tuple(sorted(chosen.items())))


@dataclass
class HandForms:
    """The hand being entered at each table (None: the game of one table), tagged with
    its game, round and ringer: an undo that comes back to the same ringer finds the
    form as it was left, a new round starts afresh."""

    kept: dict[int | None, tuple[Hashable, HandForm]] = field(default_factory=dict)


class CambioScene(Scene):
    """One phase of one round; phase `stopped` is the STOP screen before the ringer is named.

    The hand being entered (currency, hand, CAMBIO holders) is a screen choice kept in
    the screen memory (`HandForms`), so an undo does not wipe it.
    """

    def __init__(self, phase: str, round_number: int, rung_by: str | None, false: int) -> None:
        self.phase = phase
        self.round = round_number
        self.rung_by = rung_by
        self.false_rings = false
        self.quiet_summary = False
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
        full = _("Round {n} · dealer {dealer}").format(n=self.round, dealer=state.dealer)
        title = bar_title(canvas, ctx, full, _("Round {n}").format(n=self.round))
        if self.phase == "over":
            title = _("Cambio: final scores")
        self.draw_body(canvas, ctx, chrome(canvas, ctx, title))

    def draw_body(self, canvas: Canvas, ctx: Ctx, body: pygame.Rect) -> None:
        """Everything under the top bar (the tournament screen draws it under its tabs)."""
        state = _state(ctx.state)
        t = canvas.theme
        left, right = split(body, body.width // 2 - t.gap, t.gap, vertical=False)
        if self.phase == "deal" and not self._deal_fits(canvas, state, left):
            self._draw_deal(canvas, ctx, body)  # the score sheet takes the whole width
            return
        target_board(canvas, right, state.seats, state.scores, state.settings.target)
        if self.phase == "over":
            self._draw_over(canvas, ctx, left)
        elif self.phase == "deal":
            self._draw_deal(canvas, ctx, left)
        elif self.phase == "study":
            head, rest = split(left, t.button_h * (2 if t.width >= 800 else 1), t.gap)
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
            self._draw_trading(canvas, state, left)

    def _draw_trading(self, canvas: Canvas, state: CambioState, box: pygame.Rect) -> None:
        """Trading: the currencies, the STOP button, and this round's false rings said
        in words from the moment they happen (who, and the fine)."""
        t = canvas.theme
        rings = false_ring_lines(state)
        head, rest = split(box, t.button_h * (1 if rings else 2), t.gap)
        canvas.panel(head, th.GOOD)
        canvas.text(_("Trading open!"), head, t.title, th.ink_for(th.GOOD))
        listing, foot = split(rest, rest.height - t.button_h - t.gap, t.gap)
        if rings:  # as tall as its words need: they come before the currencies
            text = "\n".join(rings)
            room = (0, 0, listing.width - 2 * t.gap, listing.height - 8)
            size, lines = canvas.fit(text, room, t.small)
            note_h = len(lines) * canvas.fonts.font(size).get_linesize() + 8
            note, listing = split(listing, note_h, t.gap)
            canvas.panel(note, th.BAD)
            canvas.text(text, note.inflate(-2 * t.gap, -4), t.small, th.ink_for(th.BAD), "left")
        if listing.height >= t.min_px + 8:
            currencies(canvas, listing, state.currencies)
        canvas.button(foot, _("Bell: STOP"), RoundButton.BELL, colour=th.STOP_RED)

    def _sheet(self, state: CambioState) -> list[str]:
        """The last round's score sheet, unless the screen is quiet about it."""
        return [] if self.quiet_summary else score_sheet(state)

    def _deal_boxes(
        self, canvas: Canvas, state: CambioState, box: pygame.Rect
    ) -> tuple[pygame.Rect, pygame.Rect | None, pygame.Rect]:
        """The deal screen's parts in `box`: the list (score sheet or currencies), the
        note of who gets ten cards (CAMBIO variant), as tall as its words need, and the
        button."""
        t = canvas.theme
        listing, foot = split(box, box.height - t.button_h - t.gap, t.gap)
        if state.settings.variant != CAMBIO:
            return listing, None, foot
        font = canvas.fonts.font(t.min_font)
        lines = max(1, wrapped_lines(font, ten_cards_text(state), listing.width))
        note_h = lines * font.get_linesize() + 6
        listing, note = split(listing, listing.height - note_h - t.gap // 2, t.gap // 2)
        return listing, note, foot

    def _deal_fits(self, canvas: Canvas, state: CambioState, box: pygame.Rect) -> bool:
        """Whether the deal screen's words all fit whole in `box` (half the screen)."""
        listing, _note, _foot = self._deal_boxes(canvas, state, box)
        font = canvas.fonts.font(canvas.theme.min_font)
        if wrapped_lines(font, ten_cards_text(state), listing.width) == 0:
            return False
        sheet = self._sheet(state)
        return not sheet or sheet_heights(canvas, listing, sheet) is not None

    def _draw_deal(self, canvas: Canvas, ctx: Ctx, box: pygame.Rect) -> None:
        """The deal: after a round, its score sheet (how each score moved) in place of
        the currencies, which the study and trading screens list again."""
        t = canvas.theme
        state = _state(ctx.state)
        sheet = self._sheet(state)
        listing, note, foot = self._deal_boxes(canvas, state, box)
        if note is not None:
            canvas.text(ten_cards_text(state), note, t.min_font, th.MUTED, align="left")
        if sheet:
            title = _("Round {n}: the scores").format(n=len(state.history))
            draw_sheet(canvas, listing, title, sheet)
        else:
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
        if self.phase == "rung" and sum(self._form_plan(canvas, state, area.width)[0]) > 4:
            head_h = t.button_h  # the form needs the room: its buttons stay whole
        head, rest = split(area, head_h, t.gap)
        if self.phase == "rung":
            undo_w = min(150 if t.width >= 800 else 100, head.width // 4)
            label, undo = split(head, head.width - undo_w - t.gap, t.gap, vertical=False)
            undo = undo.inflate(0, -max(0, undo.height - t.button_h))
            said = _("STOP: {seat} rang").format(seat=self.rung_by)
            if not fits_line(canvas, said, label.width):  # the red screen says STOP already
                said = _("{seat} rang").format(seat=self.rung_by)
            canvas.text(said, label, t.title, th.TEXT, align="left")
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
        go_on = _("Not a ring: go on")
        need = canvas.fonts.font(t.min_font).size(go_on)[0] + 4 * t.gap
        wide = min(foot.width, max(foot.width // 2, need))
        canvas.button(foot.inflate(wide - foot.width, 0), go_on, RoundButton.RESUME)

    def _form_plan(
        self, canvas: Canvas, state: CambioState, width: int
    ) -> tuple[list[int], list[int], int, int]:
        """How the hand form is laid out in `width`: each part's rows of buttons and the
        lines of text its buttons need, and the columns of currencies and of hands (as
        many as keep every name on one line)."""
        names = [name for name, _v in state.currencies]
        money = fitting_columns(canvas, names, width, 4)
        cells = -(-len(names) // money)
        if state.settings.variant != CAMBIO:
            return [cells, 1], [1, lines_needed(canvas, self._button_words(), width // 2)], money, 1
        hands = fitting_columns(canvas, list(HAND_NAMES.values()), width, len(HANDS))
        cards = [
            _("{card}: {holder}").format(card=_(name), holder=_("in the winning hand"))
            for name in CARD_NAMES.values()
        ]
        return (
            [cells, -(-len(HANDS) // hands), 1, 1],
            [
                1,
                1,
                lines_needed(canvas, cards, width // 2),
                lines_needed(canvas, self._button_words(), width // 2),
            ],
            money,
            hands,
        )

    @staticmethod
    def _button_words() -> list[str]:
        return [_("Incomplete: trading resumes"), _("Complete hand: score")]

    def _draw_hand_form(self, canvas: Canvas, ctx: Ctx, box: pygame.Rect) -> None:
        t = canvas.theme
        state = _state(ctx.state)
        cambio = state.settings.variant == CAMBIO
        counts, lines, money, hands = self._form_plan(canvas, state, box.width)
        areas = stack(canvas, box, counts, lines)
        form = self.form(ctx)
        names = [name for name, _v in state.currencies]
        for index, cell in enumerate(grid(areas[0], len(names), money, t.gap)):
            chosen(canvas, cell, names[index], Currency(index), index == form.currency)
        if cambio:
            for cell, hand in zip(grid(areas[1], len(HANDS), hands, t.gap), HANDS, strict=True):
                chosen(canvas, cell, HAND_NAMES[hand], Hand(hand), hand == form.hand)
            places = self.places(state, form)
            for cell, card in zip(cols(areas[2], len(CARDS), t.gap), CARDS, strict=True):
                holder = form.place(card, places[card])
                label = _("{card}: {holder}").format(
                    card=_(CARD_NAMES[card]), holder=holder or _("in the winning hand")
                )
                fixed = len(places[card]) == 1  # a tap only says why it stays
                canvas.button(cell, label, Holder(card), colour=th.PANEL if fixed else th.PANEL_HI)
        false_b, show_b = cols(areas[-1], 2, t.gap)
        canvas.button(false_b, _("Incomplete: trading resumes"), RoundButton.FALSE)
        canvas.button(show_b, _("Complete hand: score"), RoundButton.SHOW, colour=th.GOOD)

    # ---- the hand being entered -------------------------------------------------------

    def _form_tag(self, ctx: Ctx) -> Hashable:
        """What a kept form is for: this game, this round, this ringer."""
        return (table_of(ctx).game_id, self.round, self.rung_by)

    def form(self, ctx: Ctx) -> HandForm:
        """The hand entered so far for this ringer (a fresh form for a new one)."""
        tag, form = ctx.memory.of(HandForms).kept.get(self.at_table, (None, HandForm()))
        return form if tag == self._form_tag(ctx) else HandForm()

    def _keep(self, ctx: Ctx, form: HandForm) -> None:
        ctx.memory.of(HandForms).kept[self.at_table] = (self._form_tag(ctx), form)

    def places(self, state: CambioState, form: HandForm) -> Mapping[str, Sequence[str | None]]:
        """Where the rules let each CAMBIO card be with the hand chosen (`card_places`)."""
        return card_places(state.seats, self.rung_by or "", form.hand)

    def _move_card(self, ctx: Ctx, card: str) -> Sequence[Command]:
        """A tap on a CAMBIO card: its next allowed place, or why it cannot move."""
        state = _state(ctx.state)
        form = self.form(ctx)
        places = self.places(state, form)[card]
        if len(places) == 1:
            text = _("With {hand}, the {card} is in the winning hand.").format(
                hand=HAND_NAMES[form.hand], card=_(CARD_NAMES[card])
            )
            return (Notice(text),)
        now = places.index(form.place(card, places))
        self._keep(ctx, form.choose(card, places[(now + 1) % len(places)]))
        return ()

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
                self._keep(ctx, replace(self.form(ctx), currency=index))
            case Press(target=Hand(name=name)):
                self._keep(ctx, replace(self.form(ctx), hand=name))
            case Press(target=Holder(card=card)):
                return self._move_card(ctx, card)
            case Press(target=RoundButton.FALSE):  # said at once, in words, on trading
                return (Play(self._fmt(FalseRing())), RingFlash(th.BAD))
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
        form = self.form(ctx)
        currency = state.currencies[form.currency][0]
        if state.settings.variant != CAMBIO:
            return Play(self._fmt(Show(currency, NINE)), "payout")
        places = self.places(state, form)
        holding: list[tuple[str, str]] = []
        for card in CARDS:
            seat = form.place(card, places[card])
            if seat is not None:
                holding.append((seat, card))
        return Play(self._fmt(Show(currency, form.hand, tuple(holding))), "payout")

    def timeout(self, kind: str, ctx: Ctx) -> Sequence[Command]:
        if kind == "study" and self.phase == "study":
            return (Play(self._fmt(Open())),)
        return ()


def chosen(
    canvas: Canvas,
    cell: pygame.Rect,
    label: str,
    target: Hashable,
    on: bool,
    colour: th.RGB = th.WARN,
) -> None:
    """A button of a choice, the one chosen filled in `colour`: a fill, unlike an
    outline, never crosses the words of a low button."""
    canvas.button(cell, label, target, colour=colour if on else th.PANEL_HI)


def fitting_columns(canvas: Canvas, labels: Sequence[str], width: int, most: int) -> int:
    """The most columns of buttons, up to `most`, across `width` in which every label
    fits on one line: a name is never cut to keep a row."""
    t = canvas.theme
    font = canvas.fonts.font(t.min_font)
    widest = max((font.size(label)[0] for label in labels), default=0)
    for count in range(most, 1, -1):
        if widest <= (width - t.gap * (count - 1)) // count - 8:
            return count
    return 1


def lines_needed(canvas: Canvas, labels: Sequence[str], width: int) -> int:
    """The most lines any of `labels` takes on a button `width` wide."""
    t = canvas.theme
    room = (0, 0, width - 8, 20 * t.button_h)
    return max((len(canvas.fit(label, room, t.small)[1]) for label in labels), default=1)


def stack(
    canvas: Canvas, box: pygame.Rect, counts: Sequence[int], lines: Sequence[int]
) -> list[pygame.Rect]:
    """`box` cut into parts of `counts[i]` rows of buttons, each row tall enough for
    `lines[i]` lines of text; the room left is shared (or, short, everything shrinks)."""
    t = canvas.theme
    step = canvas.fonts.font(t.min_font).get_linesize()
    needs = [count * (need * step + 10) for count, need in zip(counts, lines, strict=True)]
    gaps = t.gap * (sum(counts) - 1)
    free = box.height - gaps - sum(needs)
    total_rows = max(1, sum(counts))
    heights = [
        need + free * count // total_rows
        if free >= 0
        else need * (box.height - gaps) // max(1, sum(needs))
        for need, count in zip(needs, counts, strict=True)
    ]
    areas: list[pygame.Rect] = []
    y = box.y
    for height, count in zip(heights, counts, strict=True):
        area = pygame.Rect(box.x, y, box.width, height + t.gap * (count - 1))
        areas.append(area)
        y = area.bottom + t.gap
    return areas


def ten_cards_text(state: CambioState) -> str:
    """Who is dealt ten cards this round (CAMBIO variant)."""
    return _("10 cards: {seats}").format(seats=", ".join(state.ten_cards))


def sheet_heights(canvas: Canvas, box: pygame.Rect, lines: Sequence[str]) -> list[int] | None:
    """The height of each line of a score sheet drawn in `box` under its title, each
    wrapped whole at the smallest legible size; None when they do not all fit."""
    t = canvas.theme
    font = canvas.fonts.font(t.min_font)
    step = font.get_linesize()
    counts = [wrapped_lines(font, line, box.width - t.gap) for line in lines]
    heights = [count * step + 2 for count in counts]
    if 0 in counts or sum(heights) + step + 4 + t.gap // 2 > box.height:
        return None
    return heights


def draw_sheet(canvas: Canvas, box: pygame.Rect, title: str, lines: Sequence[str]) -> None:
    """The score sheet of a round: its title, then a line per seat whose score moved,
    each given the room it needs (a long one wraps rather than being cut)."""
    t = canvas.theme
    step = canvas.fonts.font(t.min_font).get_linesize()
    head, rest = split(box, min(box.height, step + 4), t.gap // 2)
    canvas.text(title, head, t.min_font, th.WARN, align="left")
    heights = sheet_heights(canvas, box, lines) or [rest.height // max(1, len(lines))] * len(lines)
    y = rest.y
    for line, height in zip(lines, heights, strict=True):
        cell = pygame.Rect(rest.x, y, rest.width, min(height, rest.bottom - y))
        canvas.text(line, cell.inflate(-t.gap, 0), t.min_font, th.TEXT, align="left")
        y = cell.bottom


def currencies(canvas: Canvas, box: pygame.Rect, listed: Sequence[tuple[str, int]]) -> None:
    """The currencies in play with their values: a list, or, where the list's columns
    would cut a name, a paragraph that wraps between currencies."""
    t = canvas.theme
    font = canvas.fonts.font(t.min_font)
    line = font.size("Ag")[1] + 2
    columns = 1
    while columns < 3 and -(-len(listed) // columns) * (line + t.gap // 2) > box.height:
        columns += 1
    cell_w = (box.width - t.gap // 2 * (columns - 1)) // columns - t.gap - 4
    if any(font.size(f"{name} {value}")[0] > cell_w for name, value in listed):
        words = " · ".join(f"{name}\u00a0{value}" for name, value in listed)
        canvas.text(words, box, t.small, th.TEXT, align="left")
        return
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
    """`tabletop demo cambio`: the options page, then a round from the deal to the scores,
    with a false ring fined on the way."""
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
    options = {"variant": "cambio", "target": 5000, "false_ring_fine": 10}
    d.run(NewGame("cambio", ("Ana", "Ben", "Cléo", "Dan"), options))
    d.shot("cambio-deal")
    d.press(RoundButton.DEAL)
    d.wait(10)
    d.shot("cambio-study")
    d.wait(25)
    d.shot("cambio-trading")
    d.bell()
    d.press(Ringer(3))
    d.press(RoundButton.FALSE)
    d.shot("cambio-false-ring")
    d.bell()
    d.shot("cambio-stop")
    d.press(Ringer(1))
    d.press(Currency(2))
    d.press(Hand("9+plus"))
    d.press(Holder("minus"))
    d.shot("cambio-rung")
    d.press(RoundButton.SHOW)
    d.shot("cambio-scores")


DECLARATION = GameDeclaration(menu=30, choices=CHOICES, facts=FACTS, demo=demo_script)

__all__ = ["CambioScene", "Hit", "scene_for"]
