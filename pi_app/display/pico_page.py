"""The Pico on the box's screen: whether it is found, the firmware it runs and the
box's, and a button that installs the box's firmware on it (`display.pico_firmware`).

The page draws what the last look or install found and never changes it: a tap on
Install is the screen's command `InstallFirmware`, carried out off the loop; "Look
again" asks for a new look. While a job runs the page says so and offers neither.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from enum import StrEnum

from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, cols, rows, split
from pi_app.display.intents import Back, Intent, Press
from pi_app.display.pico_firmware import INSTALL, PicoFirmware
from pi_app.display.scene import Command, Ctx, GoHome, InstallFirmware, Parts, Scene
from pi_app.display.targets import Button
from pi_app.firmware import Outcome, Verdict
from pi_app.i18n import Translator, verbatim

_ = Translator("display")


class PicoButton(StrEnum):
    """The page's own buttons."""

    LOOK = "pico-look"
    INSTALL = "pico-install"


NOTHING_TO_INSTALL_ON = (Verdict.NO_PICO, Verdict.NO_MPREMOTE)


def seen_line(outcome: Outcome) -> tuple[str, th.RGB]:
    """What the look or the install found, in the box's words and colour."""
    from pi_app.devices.ring import release

    port = verbatim(outcome.port or "")
    match outcome.verdict:
        case Verdict.NO_PICO:
            return _("No Pico found: plug it into a USB port of the box."), th.WARN
        case Verdict.NO_MPREMOTE:
            return _("mpremote is missing: the box cannot install firmware."), th.WARN
        case Verdict.COPY_FAILED:
            text = _("Copying failed (mpremote, exit {code}): is MicroPython on the Pico?")
            return text.format(code=outcome.code), th.WARN
        case Verdict.SILENT:
            return _("The Pico on {port} does not answer.").format(port=port), th.WARN
        case Verdict.REFUSED:
            return _("The Pico on {port} speaks another protocol.").format(port=port), th.WARN
    pico = release(outcome.version or ())
    if outcome.verdict is Verdict.SAME:
        text = _("The Pico on {port} runs firmware {pico}, the box's own.")
        return text.format(port=port, pico=pico), th.GOOD
    return _("The Pico on {port} runs firmware {pico}.").format(port=port, pico=pico), th.WARN


def installed_text(outcome: Outcome) -> tuple[str, bool]:
    """The message once an install ended, and whether it is an error."""
    if outcome.verdict is Verdict.SAME:
        return _("The box's firmware is on the Pico."), False
    return _("The firmware was not installed."), True  # why: on the page, whole


class PicoScene(Scene):
    """The Pico: found or not, its firmware and the box's, Look again and Install."""

    name = "pico"

    def __init__(self, pico: PicoFirmware) -> None:
        self.pico = pico

    def key(self) -> Hashable:
        return ("pico",)

    def draw(self, canvas: Canvas, ctx: Ctx) -> None:
        t = canvas.theme
        area = canvas.rect.inflate(-2 * t.pad, -2 * t.pad)
        head, rest = split(area, t.button_h, t.gap)
        body, foot = split(rest, rest.height - t.button_h - t.gap, t.gap)
        canvas.text(_("Pico"), head, t.title, th.ACCENT, align="left")
        for cell, (text, colour) in zip(rows(body, 3, t.gap // 2), self._lines(), strict=False):
            canvas.text(text, cell, t.body, colour, align="left")
        back, look, install = cols(foot, 3, t.gap)
        idle = self.pico.busy is None
        seen = self.pico.seen
        canvas.button(back, _("Back"), Button.BACK)
        canvas.button(look, _("Look again"), PicoButton.LOOK, enabled=idle)
        wanted = seen is not None and seen.verdict is not Verdict.SAME
        can = idle and seen is not None and seen.verdict not in NOTHING_TO_INSTALL_ON
        colour = th.GOOD if wanted else th.PANEL_HI
        canvas.button(install, _("Install"), PicoButton.INSTALL, colour=colour, enabled=can)

    def _lines(self) -> list[tuple[str, th.RGB]]:
        """What the box is doing or found, and the firmware it carries."""
        from pi_app.devices.link import EXPECTED
        from pi_app.devices.ring import release

        ours = (_("The box carries firmware {ours}.").format(ours=release(EXPECTED)), th.TEXT)
        if self.pico.busy == INSTALL:
            return [(_("Installing the box's firmware on the Pico…"), th.ACCENT), ours]
        if self.pico.busy is not None or self.pico.seen is None:
            return [(_("Looking for the Pico…"), th.MUTED), ours]
        return [seen_line(self.pico.seen), ours]

    def handle(self, intent: Intent, ctx: Ctx) -> Sequence[Command]:
        if isinstance(intent, Back) or intent == Press(Button.BACK):
            return (GoHome(),)
        if self.pico.busy is not None:
            return ()
        if intent == Press(PicoButton.LOOK):
            self.pico.look()
        elif intent == Press(PicoButton.INSTALL):
            return (InstallFirmware(),)
        return ()


def pico_page(parts: Parts) -> Scene:
    """The Pico, as a page over the home (`scene.OpenPage`): a look starts as it opens."""
    parts.pico.look()
    return PicoScene(parts.pico)
