"""What the box lets be heard, from the host's phone: the same kept choices as the box's
Sound page, through the door, heard at once by the voice and the cues."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pi_app.box.session import Session
from pi_app.effects.hearing import SOUNDS, VOICE, VOLUME, volume_of, wanted
from tests.web.host_owner import ask, opened, panel


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    yield from opened(tmp_path)


def test_the_view_says_what_is_heard_and_how_loud(session: Session) -> None:
    view = panel("sound").view(session, "fr")
    assert view == {
        "mode": "voice-and-sounds",
        "modes": ["voice-and-sounds", "sounds-only", "silent"],
        "volume": 70,
    }


@pytest.mark.parametrize(
    ("mode", "voice", "sounds"),
    [("sounds-only", False, True), ("silent", False, False), ("voice-and-sounds", True, True)],
)
def test_a_mode_keeps_the_voice_and_the_sounds(
    session: Session, mode: str, voice: bool, sounds: bool
) -> None:
    assert ask(session, "heard", mode=mode).ok
    assert (wanted(session.settings, VOICE), wanted(session.settings, SOUNDS)) == (voice, sounds)
    assert panel("sound").view(session, "en")["mode"] == mode


def test_the_volume_is_kept_in_tens_and_bad_values_change_nothing(session: Session) -> None:
    assert ask(session, "volume", volume=40).ok
    assert volume_of(session.settings, 0.7) == 0.4 and session.settings[VOLUME] == 0.4
    for bad in (101, -10, "50", True, 1e9, None):
        reply = ask(session, "volume", volume=bad)
        assert not reply.ok and reply.message  # said, and nothing kept
    assert ask(session, "heard", mode="loud").ok is False
    assert session.settings[VOLUME] == 0.4 and panel("sound").view(session, "en")["volume"] == 40
