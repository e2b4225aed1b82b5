"""Cambio's STOP screen: who rang, then the hand they show, entered as a form.

The hand being entered (currency, kind of hand, where each CAMBIO card is) is a screen
choice, kept in the screen memory (`HandForms`) rather than on the scene, so that an
undo, which makes a new scene, does not wipe it. `RingersHand` reads and changes that
form for one ringer; `draw_stop` draws the red screen from it. Apart from the round's
screens (`cambio`) because the STOP screen is a page of its own: the whole screen red,
no scores around it, under the top bar every game screen has (Undo and Redo where they
always stand; Undo takes a ring back).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field, replace

import pygame

from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, cols, grid, split
from pi_app.display.games import cambio_who_rang as who_rang
from pi_app.display.games.cambio_targets import Currency, Hand, Holder, RoundButton
from pi_app.display.games.cambio_who_rang import fitting_columns
from pi_app.display.intents import Intent, Press
from pi_app.display.scene import Command, Ctx, Notice, chrome, table_of
from pi_app.display.titles import bar_title
from pi_app.i18n import N_, Translator
from pi_app.rules.cambio.actions import Show
from pi_app.rules.cambio.game import CambioState
from pi_app.rules.cambio.scoring import CAMBIO, CARDS, HANDS, MINUS, NINE, PLUS, card_places

_ = Translator("display")

HAND_NAMES: dict[str, str] = {
    "9": "9",
    "8+plus": "8 + CAMBIO+",
    "9+plus": "9 + CAMBIO+ (×2)",
    "9+odd": "9 + 1",
}

CARD_NAMES: dict[str, str] = {PLUS: N_("CAMBIO-plus"), MINUS: N_("CAMBIO-minus")}
"""Each CAMBIO card by its name in the language's rulebook (CAMBIO-moins in French)."""


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


@dataclass(frozen=True)
class RingersHand:
    """The hand being entered for one ringer (`rung_by`) in one round, at one table
    (`at_table`, None: the game of one table): the form kept for it, the taps that
    change it, the hand it shows. It holds nothing itself: the form is in the screen
    memory, so the scene makes one whenever it needs it."""

    round: int
    rung_by: str | None
    at_table: int | None

    def _tag(self, ctx: Ctx) -> Hashable:
        """What a kept form is for: this game, this round, this ringer."""
        return (table_of(ctx).game_id, self.round, self.rung_by)

    def form(self, ctx: Ctx) -> HandForm:
        """The hand entered so far for this ringer (a fresh form for a new one)."""
        tag, form = ctx.memory.of(HandForms).kept.get(self.at_table, (None, HandForm()))
        return form if tag == self._tag(ctx) else HandForm()

    def keep(self, ctx: Ctx, form: HandForm) -> None:
        """`form` is now the hand entered for this ringer."""
        ctx.memory.of(HandForms).kept[self.at_table] = (self._tag(ctx), form)

    def places(self, state: CambioState, form: HandForm) -> Mapping[str, Sequence[str | None]]:
        """Where the rules let each CAMBIO card be with the hand chosen (`card_places`)."""
        return card_places(state.seats, self.rung_by or "", form.hand)

    def handle(self, intent: Intent, ctx: Ctx, state: CambioState) -> Sequence[Command] | None:
        """A tap on the form (a currency, a hand, a CAMBIO card); None when the tap is
        not the form's."""
        match intent:
            case Press(target=Currency(index=index)):
                self.keep(ctx, replace(self.form(ctx), currency=index))
                return ()
            case Press(target=Hand(name=name)):
                self.keep(ctx, replace(self.form(ctx), hand=name))
                return ()
            case Press(target=Holder(card=card)):
                return self._move_card(ctx, state, card)
        return None

    def _move_card(self, ctx: Ctx, state: CambioState, card: str) -> Sequence[Command]:
        """A tap on a CAMBIO card: its next allowed place, or why it cannot move."""
        form = self.form(ctx)
        places = self.places(state, form)[card]
        if len(places) == 1:
            text = _("With {hand}, the {card} is in the winning hand.").format(
                hand=HAND_NAMES[form.hand], card=_(CARD_NAMES[card])
            )
            return (Notice(text),)
        now = places.index(form.place(card, places))
        self.keep(ctx, form.choose(card, places[(now + 1) % len(places)]))
        return ()

    def shown(self, ctx: Ctx, state: CambioState) -> Show:
        """The hand the form says, as the action that scores it."""
        form = self.form(ctx)
        currency = state.currencies[form.currency][0]
        if state.settings.variant != CAMBIO:
            return Show(currency, NINE)
        places = self.places(state, form)
        holding: list[tuple[str, str]] = []
        for card in CARDS:
            seat = form.place(card, places[card])
            if seat is not None:
                holding.append((seat, card))
        return Show(currency, form.hand, tuple(holding))


# ---- drawing ---------------------------------------------------------------------------


def draw_stop(
    canvas: Canvas, ctx: Ctx, state: CambioState, phase: str, hand: RingersHand, title: str
) -> None:
    """The red STOP screen under the top bar every game screen has (Menu, Undo, Redo
    where they always stand): before the ringer is named (`stopped`, under the round's
    `title`), who rang?; once named (`rung`), who rang and the hand they show, whose
    ring the bar's Undo takes back (`cambio_who_rang` lays out who rang?)."""
    t = canvas.theme
    canvas.fill(th.STOP_RED)
    if phase == "rung":
        said = _("STOP: {seat} rang").format(seat=hand.rung_by)
        title = bar_title(canvas, ctx, said, _("STOP: {seat}").format(seat=hand.rung_by))
        body = chrome(canvas, ctx, title)
        _draw_hand_form(canvas, ctx, state, body, hand)
        return
    under_bar = split(canvas.rect.inflate(-2 * t.pad, -2 * t.pad), t.button_h, t.gap)[1]
    chosen = who_rang.plan(canvas, state.seats, under_bar)  # STOP big, or in the bar
    body = chrome(canvas, ctx, title if chosen.big_stop else _("STOP"))
    who_rang.draw_who_rang(canvas, state.seats, body, chosen)


def _form_plan(
    canvas: Canvas, state: CambioState, width: int
) -> tuple[list[int], list[int], int, int]:
    """How the hand form is laid out in `width`: each part's rows of buttons and the
    lines of text its buttons need, and the columns of currencies and of hands (as
    many as keep every name on one line)."""
    names = [name for name, _v in state.currencies]
    money = fitting_columns(canvas, names, width, 4)
    cells = -(-len(names) // money)
    if state.settings.variant != CAMBIO:
        return [cells, 1], [1, lines_needed(canvas, _button_words(), width // 2)], money, 1
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
            lines_needed(canvas, _button_words(), width // 2),
        ],
        money,
        hands,
    )


def _button_words() -> list[str]:
    return [_("Incomplete: trading resumes"), _("Complete hand: score")]


def _draw_hand_form(
    canvas: Canvas, ctx: Ctx, state: CambioState, box: pygame.Rect, hand: RingersHand
) -> None:
    """The currencies, the hands (CAMBIO variant), where each CAMBIO card is, and
    whether the hand is complete, each choice's button filled once chosen."""
    t = canvas.theme
    counts, lines, money, hands = _form_plan(canvas, state, box.width)
    areas = stack(canvas, box, counts, lines)
    form = hand.form(ctx)
    names = [name for name, _v in state.currencies]
    for index, cell in enumerate(grid(areas[0], len(names), money, t.gap)):
        chosen(canvas, cell, names[index], Currency(index), index == form.currency)
    if state.settings.variant == CAMBIO:
        for cell, name in zip(grid(areas[1], len(HANDS), hands, t.gap), HANDS, strict=True):
            chosen(canvas, cell, HAND_NAMES[name], Hand(name), name == form.hand)
        places = hand.places(state, form)
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
