"""Cambio screens: the deal, the study timer, trading, STOP, the hand shown, the scores.

Every screen is drawn from the engine's round phase (deal, study, trading, stopped,
rung). The study time's end opens trading by itself (the box plays it, as the rules
declare: `box.time_up`), and the bell opens it early and stops trading after: that
press plays `bell`, journaled before the STOP screen shows (and the ring flashes), so
a restart while the table finds out who rang comes back to STOP. Choosing the ringer
plays `ring`; "not a ring" takes the bell back with an undo, journaled like any other.

The STOP screen and the hand entered on it are in `cambio_hand`, what the taps name in
`cambio_targets`: the scene here draws the round's other screens and routes the taps.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

import pygame

from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, Hit, grid, rows, split, wrapped_lines
from pi_app.display.choice import Choice
from pi_app.display.declaration import GameDeclaration
from pi_app.display.driver import DemoDriver
from pi_app.display.facts import FactWords, best_round
from pi_app.display.games.cambio_hand import CARD_NAMES, HAND_NAMES, RingersHand, draw_stop
from pi_app.display.games.cambio_hand import chosen as chosen
from pi_app.display.games.cambio_targets import Currency as Currency
from pi_app.display.games.cambio_targets import Hand as Hand
from pi_app.display.games.cambio_targets import Holder as Holder
from pi_app.display.games.cambio_targets import Ringer as Ringer
from pi_app.display.games.cambio_targets import RoundButton as RoundButton
from pi_app.display.intents import Bell, Enter, Intent, Press
from pi_app.display.memory import ScreenMemory
from pi_app.display.scene import (
    Command,
    Ctx,
    GoHome,
    Play,
    Scene,
    ShowFinal,
    Undo,
    chrome,
    sand_timer,
    seat_label,
    state_as,
    table_of,
)
from pi_app.display.targets import Button
from pi_app.display.titles import bar_title, winners_line
from pi_app.i18n import N_, Translator
from pi_app.rules.cambio.actions import CambioAction, Deal, FalseRing, Open, Ring
from pi_app.rules.cambio.facts import STREAK
from pi_app.rules.cambio.game import GAME, CambioState
from pi_app.rules.cambio.round import bell_step
from pi_app.rules.cambio.scoring import (
    CAMBIO,
    CARD_PART,
    HAND_PART,
    ScorePart,
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


class CambioScene(Scene):
    """One phase of one round; phase `stopped` is the STOP screen before the ringer is named.

    The hand being entered (currency, hand, CAMBIO holders) is a screen choice kept in
    the screen memory, so an undo does not wipe it: `RingersHand` (`cambio_hand`) reads
    and changes it, and draws the STOP screen with it.
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
        """The red STOP screen, or the round's screen under the top bar."""
        state = _state(ctx.state)
        full = _("Round {n} · dealer {dealer}").format(n=self.round, dealer=state.dealer)
        title = bar_title(canvas, ctx, full, _("Round {n}").format(n=self.round))
        if self.full_stop:
            draw_stop(canvas, ctx, state, self.phase, self._hand(), title)
            return
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
        winners = outcome.winners if outcome is not None else ()
        canvas.text(winners_line(winners), head, t.title, th.WARN)
        canvas.button(foot, _("Final ranking"), Button.FINAL, colour=th.GOOD)

    def _hand(self) -> RingersHand:
        """The hand being entered for this round's ringer, at this screen's table."""
        return RingersHand(self.round, self.rung_by, self.at_table)

    # ---- inputs ---------------------------------------------------------------------

    def _fmt(self, action: CambioAction) -> str:
        """The notation of `action` here: at this screen's table in a tournament."""
        if self.at_table is None:
            return GAME.format_action(action)
        return TOURNAMENT.format_action(TableAction(self.at_table, action))

    def handle(self, intent: Intent, ctx: Ctx) -> Sequence[Command]:
        """Enter deals or opens trading; the hand form's taps are the form's
        (`RingersHand`); every other tap plays the round's next step."""
        state = _state(ctx.state)
        if isinstance(intent, Enter) and self.phase in ("deal", "study"):
            intent = Press(RoundButton.DEAL if self.phase == "deal" else RoundButton.OPEN)
        entered = self._hand().handle(intent, ctx, state)
        if entered is not None:
            return entered
        match intent:
            case Bell() | Press(target=RoundButton.BELL):
                return self._bell()
            case Press(target=Button.HOME):
                return (GoHome(),)
            case Press(target=Button.FINAL):
                return (ShowFinal(),)
            case Press(target=RoundButton.DEAL):  # its study time follows (`timers_follow`)
                return (Play(self._fmt(Deal())),)
            case Press(target=RoundButton.OPEN):
                return (Play(self._fmt(Open())),)
            case Press(target=RoundButton.RESUME) if self.phase == "stopped":
                return (Undo(),)  # nobody rang after all: take the bell back
            case Press(target=Ringer(index=index)):
                return (Play(self._fmt(Ring(state.seats[index]))),)
            case Press(target=RoundButton.FALSE):  # said at once, in words, on trading
                return (Play(self._fmt(FalseRing())),)
            case Press(target=RoundButton.SHOW):
                return (Play(self._fmt(self._hand().shown(ctx, state))),)
        return ()

    def _bell(self) -> Sequence[Command]:
        """The bell opens trading in the study time and stops it after (`bell_step`, as
        on a box with no screen); a stop is journaled first, the flash and sound follow."""
        action = bell_step(self.phase)
        return () if action is None else (Play(self._fmt(action)),)


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
    from pi_app.display.home.targets import Cycle, GameTap, Pick
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


DECLARATION = GameDeclaration(
    scenes=scene_for, menu=30, choices=CHOICES, facts=FACTS, demo=demo_script
)

__all__ = ["CambioScene", "Hit", "scene_for"]
