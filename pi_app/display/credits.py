"""Where the box's questions come from: each data set, its licence, what it gives.

GeoNames' licence (CC BY 4.0) asks for attribution; the README says the same.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, cols, rows, split
from pi_app.display.intents import Back, Intent, Press
from pi_app.display.scene import Command, Ctx, GoHome, Parts, Scene
from pi_app.display.targets import Button
from pi_app.i18n import N_, Translator, verbatim

_ = Translator("display")

CREDITS: tuple[tuple[str, str], ...] = (
    (
        "GeoNames (geonames.org) · CC BY 4.0",
        N_("Countries' populations, areas and neighbours; cities' populations and places."),
    ),
    (
        "Unicode CLDR 47 · Unicode License v3",
        N_("Names in each language; currencies' dates; the languages people speak."),
    ),
    ("mendeleev · MIT", N_("The elements: discovery, melting and boiling points, density.")),
)
"""Each source as it is named (a proper name and its licence, the same in every
language), and what the questions take from it."""


class CreditsScene(Scene):
    """The sources of the box's questions, and Back."""

    name = "credits"

    def key(self) -> Hashable:
        return ("credits",)

    def draw(self, canvas: Canvas, ctx: Ctx) -> None:
        t = canvas.theme
        area = canvas.rect.inflate(-2 * t.pad, -2 * t.pad)
        head, rest = split(area, t.button_h, t.gap)
        body, foot = split(rest, rest.height - t.button_h - t.gap, t.gap)
        canvas.text(_("Sources of the questions"), head, t.title, th.ACCENT, align="left")
        for cell, (name, gives) in zip(rows(body, len(CREDITS), t.gap), CREDITS, strict=True):
            canvas.panel(cell, th.PANEL)
            inside = cell.inflate(-2 * t.gap, -4)
            line = canvas.fonts.font(t.min_font).get_linesize() + 2
            top, bottom = split(inside, max(line, inside.height // 3), 0)
            canvas.text(verbatim(name), top, t.small, th.TEXT, align="left")
            canvas.text(_(gives), bottom, t.small, th.MUTED, align="left")
        back, _gap, _gap2 = cols(foot, 3, t.gap)
        canvas.button(back, _("Back"), Button.BACK)

    def handle(self, intent: Intent, ctx: Ctx) -> Sequence[Command]:
        if isinstance(intent, Back) or intent == Press(Button.BACK):
            return (GoHome(),)
        return ()


def credits_page(parts: Parts) -> Scene:
    """Where the box's questions come from, as a page over the home (`scene.OpenPage`)."""
    return CreditsScene()
