"""Pieces several game screens share: the number keypad, which seat it types for, and
the seat cells of the bet panels."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from enum import StrEnum

import pygame

from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, Hit, grid, rows, split
from pi_app.display.intents import Char, Erase, Intent, Press
from pi_app.display.scene import Ctx, sand_timer, seat_label
from pi_app.display.targets import Button, KeyTap
from pi_app.display.theme import RGB
from pi_app.i18n import Translator, current_language

_ = Translator("display")

SIGN = "sign"
"""The key that turns the typed number negative, or back: answers can be below zero
(a temperature, a year before the common era), and a minus typed after the digits
would not read as a number."""
KEYS: tuple[str, ...] = ("7", "8", "9", "4", "5", "6", "1", "2", "3", SIGN, "0", ",")
MAX_TYPED = 18


def decimal_mark() -> str:
    """The decimal mark of the current language (the answer parser reads the same)."""
    return "." if current_language() == "en" else ","


class NumberEntry:
    """Digits being typed on the keypad or a keyboard, before they are confirmed."""

    def __init__(self) -> None:
        self.text = ""

    def handle(self, intent: Intent) -> bool:
        """Apply a key; returns True when the intent was a typing key."""
        if isinstance(intent, Char) and len(self.text) < MAX_TYPED:
            self.text += intent.char
            return True
        if isinstance(intent, Erase):
            self.text = self.text[:-1]
            return True
        match intent:
            case Press(target=KeyTap(key="erase")):
                self.text = self.text[:-1]
            case Press(target=KeyTap(key="sign")):
                self.toggle_sign()
            case Press(target=KeyTap(key=key)):
                if len(self.text) < MAX_TYPED:
                    self.text += decimal_mark() if key == "," else key
            case _:
                return False
        return True

    def toggle_sign(self) -> None:
        """Put a minus in front of the number typed so far, or take it away."""
        if self.text.startswith("-"):
            self.text = self.text[1:]
        elif len(self.text) < MAX_TYPED:
            self.text = "-" + self.text


def keypad(
    canvas: Canvas,
    box: pygame.Rect,
    entry: NumberEntry,
    prompt: str,
    ok_label: str,
    ok_target: Hashable = Button.OK,
) -> None:
    """A prompt, the typed value, and a keypad whose last row erases, types `:` and confirms."""
    t = canvas.theme
    head, pad = split(box, t.button_h * 2 + t.gap, t.gap)
    prompt_box, shown = rows(head, 2, t.gap)
    canvas.text(prompt, prompt_box, t.small, th.MUTED, align="left")
    canvas.panel(shown, th.PANEL, th.ACCENT, 2)
    canvas.text(entry.text or " ", shown.inflate(-2 * t.gap, -4), t.title, th.TEXT, align="right")
    keys_area, bottom = split(pad, pad.height - (pad.height - 3 * t.gap) // 5 - t.gap, t.gap)
    for cell, key in zip(grid(keys_area, len(KEYS), 3, t.gap), KEYS, strict=True):
        canvas.button(cell, _key_label(key), KeyTap(key), size=t.body)
    erase, ok = split(bottom, bottom.width // 3, t.gap, vertical=False)
    erase, colon = split(erase, (erase.width - t.gap) // 2, t.gap, vertical=False)
    canvas.button(erase, "«", KeyTap("erase"), size=t.body)
    # Durations (`1:30`) are answers too: a box without a keyboard must be able to type one.
    canvas.button(colon, ":", KeyTap(":"), size=t.body)
    typed = bool(entry.text.strip())
    canvas.button(ok, ok_label, ok_target, colour=th.GOOD, enabled=typed)
    if not typed:  # drawn as not ready, yet a tap says what is missing (the scene's notice)
        canvas.hits.append(Hit(ok, ok_target))


def _key_label(key: str) -> str:
    """What a key shows: the language's decimal mark, ± for the sign, else the digit."""
    if key == ",":
        return decimal_mark()
    return "±" if key == SIGN else key


class SeatFocus:
    """Which seat the keypad types an answer for.

    The next seat without an answer, in seat order from the last one chosen; a seat
    that has answered is typed for only once the host taps it (to fix its slate), so
    typing never overwrites an answer by chance: not after an undo, a restart, nor an
    answer that came from the seat's phone meanwhile.
    """

    def __init__(self) -> None:
        self.picked: int | None = None
        self.fixing = False

    def pick(self, index: int, answered: Sequence[bool]) -> None:
        """The host tapped seat `index`; tapping again the seat being fixed lets it be."""
        if self.fixing and self.picked == index:
            self.fixing = False
            return
        self.picked = index
        self.fixing = 0 <= index < len(answered) and answered[index]

    def taken(self) -> None:
        """The focused seat's answer was taken: the focus moves on to the next open seat."""
        self.fixing = False

    def seat(self, answered: Sequence[bool]) -> int | None:
        """The seat typed for now, or None when every seat has answered (time to reveal)."""
        count = len(answered)
        picked = self.picked if self.picked is not None and self.picked < count else None
        if picked is not None and (self.fixing or not answered[picked]):
            return picked
        start = 0 if picked is None else picked
        for step in range(count):
            index = (start + step) % count
            if not answered[index]:
                return index
        return None


def seat_row(
    canvas: Canvas, box: pygame.Rect, name: str, index: int, status: str, score: str
) -> None:
    """A seat's line in a list: its colour and name, a status, and its score at the end.

    The score keeps its own column at the right, so it reads down the list like a
    scoreboard; the status (written, waiting) takes what it needs before it.
    """
    t = canvas.theme
    font = canvas.fonts.font(t.small)
    score_w = font.size(score)[0] + 4
    rest, score_box = split(box, box.width - score_w - t.gap, t.gap, vertical=False)
    status_w = min(rest.width * 2 // 5, font.size(status)[0] + 4) if status else 0
    if status_w:
        rest, status_box = split(rest, rest.width - status_w - t.gap, t.gap, vertical=False)
        canvas.text(status, status_box, t.small, th.MUTED, align="right")
    seat_label(canvas, rest, name, index)
    canvas.text(score, score_box, t.small, th.TEXT, align="right")


@dataclass(frozen=True)
class Hand:
    """What a seat holds while bets are open: `left` of its `total` chips (or bet
    tokens) still in hand, whether it played its special token, and whether it has bet."""

    left: int
    total: int
    token: bool = False
    done: bool = False


def seat_cell(
    canvas: Canvas,
    box: pygame.Rect,
    name: str,
    index: int,
    score: str,
    hand: Hand,
    target: Hashable,
    selected: bool = False,
) -> None:
    """A seat's button in a bet panel: its name and score, then its marks: a check once
    it has bet, and the chips it holds (filled discs; rings for those on the table) or
    the diamond of a played token.

    Name and score share a line when they fit, else the score goes under the name when
    the cell is tall enough; when neither, the name gives way (the score never does).
    """
    t = canvas.theme
    colour = canvas.seat_colour(index)
    ink = th.ink_for(colour)
    font = canvas.fonts.font(t.min_font)
    line = font.get_linesize() + 2  # an accented capital stands above the line
    two_lines = box.height - 2 >= 2 * line
    roomy = box.height >= 2 * line + 14  # room for the inner line of a selection
    canvas.panel(box, colour, th.TEXT if selected and roomy else None, 4)
    if selected and not roomy:  # a low cell: its selection rings it, clear of its words
        ring = max(2, min(3, t.gap // 2))
        radius = max(2, min(10, box.height // 5))
        pygame.draw.rect(
            canvas.surface, th.TEXT, box.inflate(2 * ring, 2 * ring), ring, border_radius=radius
        )
    if selected and roomy:
        radius = max(2, min(10, box.height // 5))
        pygame.draw.rect(canvas.surface, (0, 0, 0), box.inflate(-8, -8), 2, border_radius=radius)
    spare = box.height - 2 * line if two_lines else 8
    inner = box.inflate(-12 if selected and roomy else -8, -min(12 if roomy else 4, max(2, spare)))
    score_w = font.size(score)[0] + 2
    one_line_marks = _marks_width(max(6, min(16, inner.height // 3)), box.width < 140)
    fits = font.size(name)[0] + score_w + one_line_marks + 16 <= inner.width
    if two_lines and not fits:
        top, bottom = rows(inner, 2, 0)
        canvas.text(name, top, t.small, ink, align="left")
        disc, stacked = max(6, min(10, bottom.height - 10)), False
        score_box, marks = split(bottom, bottom.width - _marks_width(disc, False) - 8, 8, False)
        canvas.text(score, score_box, t.small, ink, align="left")
    else:
        disc = max(6, min(16, inner.height // 3))
        stacked = box.width < 140
        marks_w = _marks_width(disc, stacked)
        text_area, marks = split(inner, inner.width - marks_w - 8, 8, vertical=False)
        score_w = min(score_w, text_area.width // 2)
        name_box, score_box = split(text_area, text_area.width - score_w - 4, 4, vertical=False)
        canvas.text(name, name_box, t.small, ink, align="left")
        canvas.text(score, score_box, t.small, ink, align="right")
    _draw_hand(canvas, marks, hand, ink, disc, stacked)
    canvas.hits.append(Hit(box, target))


def seat_columns(canvas: Canvas, box: pygame.Rect, names: Sequence[str]) -> int:
    """How many columns a bet panel's seats take: two for more than four seats, unless
    a name would not fit whole in half the width while one column still gives every
    seat a line (a long name is never cut to save a column)."""
    if len(names) <= 4:
        return 1
    t = canvas.theme
    font = canvas.fonts.font(t.min_font)
    half = (box.width - t.gap // 2) // 2 - 16
    rows_one = (box.height - (len(names) - 1) * (t.gap // 2)) // len(names)
    if all(font.size(name)[0] <= half for name in names) or rows_one < font.get_linesize() + 4:
        return 2
    return 1


def _marks_width(disc: int, stacked: bool) -> int:
    """The width a seat's marks take: side by side, or the check above the chips."""
    return 2 * disc + 4 if stacked else 3 * disc + 8


def _draw_hand(
    canvas: Canvas, box: pygame.Rect, hand: Hand, ink: RGB, disc: int, stacked: bool
) -> None:
    """A seat's marks: the check once it has bet, then its chips (filled while in hand,
    a ring once on the table) or its played token; side by side, or `stacked`, the
    check above the chips, where the cell is narrow."""
    if stacked:
        check = pygame.Rect(box.x, box.centery - disc - 2, 2 * disc, disc)
        chips = pygame.Rect(box.x, box.centery + 2, 2 * disc + 4, disc)
    else:
        check = pygame.Rect(box.x, box.centery - disc // 2, disc, disc)
        chips = pygame.Rect(check.right + 4, check.y, 2 * disc + 4, disc)
    if hand.done:
        points = [
            (check.x + 1, check.centery),
            (check.x + check.width // 3, check.bottom - 1),
            (check.right - 1, check.y + 1),
        ]
        pygame.draw.lines(canvas.surface, ink, False, points, 2)
    if hand.token:
        token_mark(canvas, chips.center, ink, disc // 2 + 2)
        return
    for number in range(hand.total):
        centre = (chips.x + disc // 2 + number * (disc + 4), chips.centery)
        filled = number < hand.left
        pygame.draw.circle(canvas.surface, ink, centre, disc // 2, 0 if filled else 2)


def token_mark(canvas: Canvas, centre: tuple[int, int], colour: RGB, size: int) -> None:
    """A Gambit 7 token as the screens draw it: a diamond, so it never reads as a chip."""
    x, y = centre
    points = [(x, y - size), (x + size - 1, y), (x, y + size), (x - size + 1, y)]
    pygame.draw.polygon(canvas.surface, colour, points)
    pygame.draw.polygon(canvas.surface, th.BACKGROUND, points, 1)


def timer_button(canvas: Canvas, ctx: Ctx, box: pygame.Rect, kind: str, setting: str) -> None:
    """The sand timer as a button of its own, where a screen has no room for a second:
    it shows the seconds (set, or left) and a tap turns it, as the bell does."""
    canvas.panel(box, th.PANEL_HI)
    sand_timer(canvas, ctx, box.inflate(-8, -8), kind, setting)
    canvas.hits.append(Hit(box, Button.TIMER))


class AnswerButton(StrEnum):
    """The answers panel's button once every seat has answered."""

    REVEAL = "reveal"
    """Turn the answers up: they go on the mat (or the table) and the bets open."""


@dataclass(frozen=True)
class RevealWords:
    """What the reveal panel says, in the game's own words (slates or tiles)."""

    done: str
    """Every answer is in."""
    ask: str
    """Reveal them?"""
    hint: str
    """How to correct one first."""
    button: str


def reveal_panel(canvas: Canvas, box: pygame.Rect, words: RevealWords) -> None:
    """Every answer is in, still hidden: the host may correct one, unseen, or reveal
    them with a tap (never with a stray Enter: a typo would be public)."""
    t = canvas.theme
    said, button = split(box, box.height - t.button_h - t.gap, t.gap)
    two_lines = 2 * canvas.fonts.font(t.min_font).get_linesize() + 6
    done, rest = split(said, two_lines, t.gap // 2)
    ask, hint = split(rest, two_lines, t.gap // 2)
    canvas.text(words.done, done, t.body, th.TEXT, align="left")
    canvas.text(words.ask, ask, t.body, th.WARN, align="left")
    canvas.text(words.hint, hint, t.small, th.MUTED)
    canvas.button(button, words.button, AnswerButton.REVEAL, colour=th.GOOD)


def typing_key(intent: Intent) -> bool:
    """Whether `intent` is a key of the keypad or the keyboard (not a confirmation)."""
    return isinstance(intent, Char | Erase) or (
        isinstance(intent, Press) and isinstance(intent.target, KeyTap)
    )


def by_need(
    canvas: Canvas, box: pygame.Rect, labels: tuple[str, str]
) -> tuple[pygame.Rect, pygame.Rect]:
    """Two buttons side by side in `box`: halves, unless a label needs more, which it
    takes from the other while that one's label still fits."""
    font = canvas.fonts.font(canvas.theme.min_font)
    first, second = (font.size(label)[0] + 16 for label in labels)
    room = box.width - canvas.theme.gap
    width = max(min(first, room - second), min(room // 2, room - second))
    return split(box, width, canvas.theme.gap, vertical=False)
