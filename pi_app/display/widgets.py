"""Pieces several game screens share: the number keypad and seat buttons."""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, grid, rows, split
from pi_app.display.intents import Char, Erase, Intent, Press
from pi_app.display.targets import Button, KeyTap
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
    canvas.button(ok, ok_label, ok_target, colour=th.GOOD, enabled=bool(entry.text.strip()))


def _key_label(key: str) -> str:
    """What a key shows: the language's decimal mark, ± for the sign, else the digit."""
    if key == ",":
        return decimal_mark()
    return "±" if key == SIGN else key
