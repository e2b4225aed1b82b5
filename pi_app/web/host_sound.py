"""What the box lets be heard, on the host's phone: the voice and the sounds, and the
volume, as the box's Sound page sets them (`effects.hearing`: kept choices, heard at
once by the voice and the cues, whoever plays)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from pi_app.box import acts
from pi_app.box.actors import HOST
from pi_app.effects.hearing import MODES, SOUNDS, VOICE, VOLUME, Mode, mode_of, volume_of
from pi_app.i18n import N_
from pi_app.web.host_play import HostPanel, HostRequest, Json
from pi_app.web.phone_request import Reply

if TYPE_CHECKING:
    from pi_app.box.session import Session

DOMAIN = "host"
"""The catalogue of the panel's words."""
HEARD, LOUDNESS = "heard", "volume"
"""The panel's kinds: what is heard (a `Mode`); the volume (0 to 100, in tens)."""
DEFAULT_VOLUME = 0.7
"""The configuration's volume when it names none (`sound.volume`), as the box's own."""


def _volume(session: Session) -> int:
    default = float(session.config.get("sound.volume", DEFAULT_VOLUME))
    return round(volume_of(session.settings, default) * 100)


def view(session: Session, lang: str) -> Json:
    """What is heard now (None: a mix only a hand-edited journal holds), the volume."""
    mode = mode_of(session.settings)
    return {
        "mode": None if mode is None else str(mode),
        "modes": [str(mode) for mode in MODES],
        "volume": _volume(session),
    }


def act(session: Session, request: HostRequest) -> Sequence[acts.Act] | Reply:
    """The voice and the sounds as a mode sets them, or the volume (a multiple of 10)."""
    if request.kind == HEARD:
        chosen = request.fields.get("mode")
        if chosen not in {str(mode) for mode in MODES}:
            raise ValueError(HEARD)
        voice, sounds = MODES[Mode(chosen)]
        return [acts.Remember(VOICE, voice, by=HOST), acts.Remember(SOUNDS, sounds, by=HOST)]
    if request.kind == LOUDNESS:
        level = request.fields.get("volume")
        if isinstance(level, bool) or not isinstance(level, int) or not 0 <= level <= 100:
            raise ValueError(LOUDNESS)
        return [acts.Remember(VOLUME, round(level, -1) / 100, by=HOST)]
    raise ValueError(request.kind)


TEXTS: dict[str, str] = {
    "title": N_("Sound"),
    "heard": N_("What the box lets be heard"),
    "voice-and-sounds": N_("Voice and sounds"),
    "sounds-only": N_("Sounds only"),
    "silent": N_("Silent"),
    "volume": N_("Volume"),
    "percent": N_("{n} %"),
}
"""The words the sound panel's script shows (`static/host/sound.js`)."""

SOUND = HostPanel(name="sound", kinds=(HEARD, LOUDNESS), view=view, act=act, texts=TEXTS)
"""The sound panel of the host's page."""
