"""What the box lets be heard, on its screen: the voice and the sounds, and the volume.

Three modes, one row of buttons: the voice and the sounds, the sounds only, or
silence; then the volume, a step at a time. Each tap is a host's choice kept in the
journal (`acts.Remember`, the keys of `effects.hearing`), heard at once by the cues and
the voice, which read it as they play; the page draws the choices as they are kept.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass

import pygame

from pi_app.box.acts import Remember
from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, cols, rows, split
from pi_app.display.intents import Back, Intent, Press
from pi_app.display.scene import Command, Ctx, GoHome, Parts, Scene
from pi_app.display.targets import Button
from pi_app.display.titles import label_for
from pi_app.effects.hearing import MODES, SOUNDS, VOICE, VOLUME, Mode, mode_of, volume_of
from pi_app.i18n import Translator, verbatim

_ = Translator("display")

STEP = 0.1
"""One tap of the volume's − or +."""


@dataclass(frozen=True)
class Volume:
    """The volume's − (`step` -1) or + (`step` 1)."""

    step: int


class SoundScene(Scene):
    """The voice and the sounds, the volume, and Back."""

    name = "sound"

    def __init__(self, settings: Mapping[str, object], volume: float) -> None:
        self.settings = settings
        """The host's kept choices (the session's, updated in place)."""
        self.volume = volume
        """The configuration's volume, when the host chose none."""

    def key(self) -> Hashable:
        return ("sound", mode_of(self.settings), self.level())

    def level(self) -> int:
        """The volume now, in percent."""
        return round(100 * volume_of(self.settings, self.volume))

    def draw(self, canvas: Canvas, ctx: Ctx) -> None:
        t = canvas.theme
        area = canvas.rect.inflate(-2 * t.pad, -2 * t.pad)
        head, rest = split(area, t.button_h, t.gap)
        body, foot = split(rest, rest.height - t.button_h - t.gap, t.gap)
        canvas.text(_("Sound"), head, t.title, th.ACCENT, align="left")
        said, modes, volume_label, volume = rows(body, 4, t.gap)
        canvas.text(_("What the box lets be heard"), said, t.body, th.MUTED, align="left")
        self._modes(canvas, modes)
        canvas.text(_("Volume"), volume_label, t.body, th.MUTED, align="left")
        self._volume(canvas, volume)
        back, _gap, _gap2 = cols(foot, 3, t.gap)
        canvas.button(back, _("Back"), Button.BACK)

    def _modes(self, canvas: Canvas, row: pygame.Rect) -> None:
        wordings = {
            Mode.ALL: (_("Voice and sounds"), _("Voice")),
            Mode.SOUNDS: (_("Sounds only"), _("Sounds")),
            Mode.SILENT: (_("Silent"),),
        }
        current = mode_of(self.settings)
        for box, mode in zip(cols(row, len(MODES), canvas.theme.gap), MODES, strict=True):
            label = label_for(canvas, box, *wordings[mode], size=canvas.theme.body)
            canvas.button(box, label, mode, selected=mode is current, size=canvas.theme.body)

    def _volume(self, canvas: Canvas, row: pygame.Rect) -> None:
        lower, shown, higher = cols(row, 3, canvas.theme.gap)
        level = self.level()
        canvas.button(lower, verbatim("−"), Volume(-1), enabled=level > 0)
        canvas.text(_("{n} %").format(n=level), shown, canvas.theme.body, th.TEXT)
        canvas.button(higher, verbatim("+"), Volume(1), enabled=level < 100)

    def handle(self, intent: Intent, ctx: Ctx) -> Sequence[Command]:
        if isinstance(intent, Back) or intent == Press(Button.BACK):
            return (GoHome(),)
        if not isinstance(intent, Press):
            return ()
        match intent.target:
            case Mode() as mode:
                voice, sounds = MODES[mode]
                return (Remember(VOICE, voice), Remember(SOUNDS, sounds))
            case Volume(step=step):
                level = min(100, max(0, self.level() + round(step * STEP * 100)))
                return (Remember(VOLUME, level / 100),)
        return ()


def sound_page(parts: Parts) -> Scene:
    """The voice, the sounds and the volume, as a page over the home (`scene.OpenPage`)."""
    volume = float(parts.session.config.get("sound.volume", 0.7))
    return SoundScene(parts.session.settings, volume)
