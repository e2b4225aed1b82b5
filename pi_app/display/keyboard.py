"""The on-screen keyboard for seat and team names.

The box usually has a touch screen and no keyboard, so a name is typed here: the letters
in the layout of the screen's language (AZERTY in French, QWERTZ in German, QWERTY in
English), a second page with digits, the common accented letters and the marks found in
names (Jean-Luc, O'Neil), a space, an erase key and Done. Letters start a word in
capitals on their own; the "Aa" key flips the case of the next letter. A physical
keyboard types into the same editor, so both are checked the same way when Done.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, rows, split
from pi_app.display.targets import KbKey
from pi_app.i18n import verbatim

MAX_NAME = 16
"""Long enough for a first name and an initial, short enough to fit beside a score."""

LAYOUTS: dict[str, tuple[str, str, str]] = {
    "fr": ("azertyuiop", "qsdfghjklm", "wxcvbn"),
    "de": ("qwertzuiop", "asdfghjkl", "yxcvbnm"),
    "en": ("qwertyuiop", "asdfghjkl", "zxcvbnm"),
}
ACCENTS: tuple[str, str, str] = ("1234567890", "éèêëàâçùûô", "îïüöäß-'.")
WORD_START = " -'"
"""After these (and at the start) a letter is a capital unless the case is flipped."""


def layout(lang: str) -> tuple[str, str, str]:
    """The letter rows of `lang` (QWERTY for a language without its own)."""
    return LAYOUTS.get(lang, LAYOUTS["en"])


def capital(char: str) -> str:
    """`char` as a capital; a letter with no single-letter capital (ß) stays as it is."""
    upper = char.upper()
    return upper if len(upper) == 1 else char


@dataclass
class NameEditor:
    """The name being typed for one seat, and the keyboard's page and case.

    `fresh` is true while the name is the one the seat came with: the first key typed
    replaces it (and erase clears it), so a default colour name needs no erasing.
    """

    seat: int
    original: str
    text: str = ""
    fresh: bool = True
    accents: bool = False
    flipped: bool = False

    @classmethod
    def open(cls, seat: int, name: str) -> NameEditor:
        return cls(seat, name, name)

    @property
    def capitals(self) -> bool:
        """Whether a letter typed now is a capital."""
        start = self.fresh or not self.text or self.text[-1] in WORD_START
        return start != self.flipped

    def shown(self, char: str) -> str:
        """A key's character as it would be typed now."""
        return capital(char) if self.capitals else char

    def full(self) -> bool:
        return not self.fresh and len(self.text) >= MAX_NAME

    def type(self, char: str) -> None:
        """Add one character (a key's, cased as shown, or a physical key's as typed)."""
        if not char or not char.isprintable() or self.full():
            return
        base = "" if self.fresh else self.text
        if char == " " and (not base or base.endswith(" ")):
            return  # no leading or doubled spaces
        self.text = (base + char)[:MAX_NAME]
        self.fresh = False
        self.flipped = False

    def erase(self) -> None:
        self.text = "" if self.fresh else self.text[:-1]
        self.fresh = False

    def result(self) -> str:
        """The name as it will be kept (spaces around it dropped)."""
        return self.text.strip()

    def press(self, key: str) -> None:
        """One key of the on-screen keyboard (not Done nor Cancel: the scene checks those)."""
        if key == "erase":
            self.erase()
        elif key == "space":
            self.type(" ")
        elif key == "page":
            self.accents = not self.accents
        elif key == "case":
            self.flipped = not self.flipped
        elif len(key) == 1:
            self.type(self.shown(key))


@dataclass(frozen=True)
class Labels:
    """The words on the keyboard, translated by the scene that shows it."""

    space: str
    done: str
    cancel: str


def draw_keyboard(
    canvas: Canvas,
    area: pygame.Rect,
    editor: NameEditor,
    lang: str,
    labels: Labels,
) -> None:
    """The whole screen while a name is typed: the name with its seat's colour, then keys.

    Key targets are `KbKey(key)`; `key` is a character, or one of erase, space, page,
    case, done and cancel.
    """
    t = canvas.theme
    head, pad = split(area, t.button_h, t.gap)
    _draw_field(canvas, head, editor, labels)
    letter_rows = ACCENTS if editor.accents else layout(lang)
    *key_rows, bottom = rows(pad, 4, t.gap)
    widest = max(len(line) for page in (*LAYOUTS.values(), ACCENTS) for line in page)
    key_w = (pad.width - (widest - 1) * t.gap) // widest
    for box, line in zip(key_rows, letter_rows, strict=True):
        used = len(line) * key_w + (len(line) - 1) * t.gap
        x = box.x + (box.width - used) // 2
        for char in line:
            key = pygame.Rect(x, box.y, key_w, box.height)
            canvas.button(
                key, editor.shown(char), KbKey(char), enabled=not editor.full(), size=t.title
            )
            x += key_w + t.gap
    _draw_bottom(canvas, bottom, editor, labels)


def _draw_field(canvas: Canvas, box: pygame.Rect, editor: NameEditor, labels: Labels) -> None:
    """The name typed so far, framed in its seat's colour, with a caret; then Cancel.

    The frame is the seat's colour (the name it frames is always beside it), which
    leaves room for sixteen of the widest capitals at 480x320.
    """
    t = canvas.theme
    cancel_w = 150 if t.width >= 800 else 112
    entry, cancel = split(box, box.width - cancel_w - t.gap, t.gap, vertical=False)
    canvas.panel(entry, th.BACKGROUND, canvas.seat_colour(editor.seat), 3)
    canvas.message_place = entry  # a message (a refused name) shows in the field's place
    inner = entry.inflate(-10, -4)
    count_w = canvas.fonts.font(t.min_font).size(f"{MAX_NAME}/{MAX_NAME}")[0] + 2
    text_box, count_box = split(inner, inner.width - count_w - 2, 2, vertical=False)
    if editor.fresh and editor.text:
        # the name the seat came with, marked: the first key replaces it
        size, lines = canvas.fit(editor.text, text_box, t.title)
        width, height = canvas.fonts.font(size).size(lines[0])
        mark = pygame.Rect(text_box.x, text_box.centery - height // 2, width, height)
        pygame.draw.rect(canvas.surface, th.ACCENT, mark.inflate(2, 2).clip(entry.inflate(-6, -6)))
        canvas.text(verbatim(editor.text), text_box, t.title, th.BACKGROUND, align="left")
    else:
        drawn = canvas.text(verbatim(editor.text), text_box, t.title, th.TEXT, align="left")
        caret_x = min(drawn.right + 2, text_box.right) if editor.text else text_box.x + 2
        pygame.draw.line(
            canvas.surface, th.WARN, (caret_x, text_box.y + 6), (caret_x, text_box.bottom - 6), 2
        )
    count = 0 if editor.fresh else len(editor.text)
    colour = th.WARN if count >= MAX_NAME else th.MUTED
    canvas.text(f"{count}/{MAX_NAME}", count_box, t.min_font, colour, align="right")
    canvas.button(cancel, labels.cancel, KbKey("cancel"))


def _draw_bottom(canvas: Canvas, box: pygame.Rect, editor: NameEditor, labels: Labels) -> None:
    """Case, page, space, erase and Done, in proportion to what they are used for.

    The letter keys already show the case they type; "Aa" flips it for one letter.
    """
    t = canvas.theme
    keys: Sequence[tuple[str, str, float]] = (
        ("case", verbatim("Aa"), 1.4),
        ("page", verbatim("abc" if editor.accents else "123 éß"), 2.0),
        ("space", labels.space, 3.2),
        ("erase", "«", 1.4),
        ("done", labels.done, 2.0),
    )
    units = sum(weight for _key, _label, weight in keys)
    room = box.width - (len(keys) - 1) * t.gap
    x = box.x
    for index, (key, label, weight) in enumerate(keys):
        width = box.right - x if index == len(keys) - 1 else int(room * weight / units)
        rect = pygame.Rect(x, box.y, width, box.height)
        target = KbKey(key)
        if key == "done":
            canvas.button(rect, label, target, colour=th.GOOD)
        elif key == "space":
            canvas.button(rect, label, target, enabled=not editor.full())
        else:
            size = t.small if key == "page" else t.body
            canvas.button(rect, label, target, selected=key == "case" and editor.flipped, size=size)
        x += width + t.gap
