"""Sound cues: synthesised in code, silent (and harmless) without a device or when muted."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from pi_app.effects.sound import CUES, Sounds, synthesise


def test_cues_are_synthesised_as_16_bit_samples() -> None:
    samples = synthesise(CUES["bell"], 8000)
    assert samples.typecode == "h"
    assert 0.3 * 8000 < len(samples) < 0.5 * 8000
    peak = max(abs(v) for v in samples)
    assert 0.5 * 32767 < peak <= 32767
    assert abs(samples[-1]) < peak // 10  # the note has died away at its end


def test_muted_box_plays_nothing_and_never_fails() -> None:
    sounds = Sounds({"sound.mute": True, "sound.volume": 0.7})
    assert not sounds.available
    sounds.play("bell")


def test_no_sound_device_runs_silently(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_args: object, **_kwargs: object) -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", refuse)
    sounds = Sounds({"sound.mute": False, "sound.volume": 0.5})
    assert not sounds.available
    sounds.play("time-up")


def test_volume_comes_from_the_configuration() -> None:
    sounds = Sounds({"sound.mute": False, "sound.volume": 0.25})
    if sounds.available:  # the dummy audio driver opens a mixer on most machines
        assert all(abs(s.get_volume() - 0.25) < 0.01 for s in sounds._sounds.values())
    sounds.play("payout")
    pygame.mixer.quit()


def test_no_sound_device_is_found_before_opening_the_mixer(tmp_path: Path) -> None:
    from pi_app.effects.sound import sound_device_present

    cards = tmp_path / "cards"
    assert not sound_device_present({}, cards, "linux")
    cards.write_text("--- no soundcards ---\n")
    assert not sound_device_present({}, cards, "linux")
    cards.write_text(" 0 [Headphones     ]: bcm2835_headphon - bcm2835 Headphones\n")
    assert sound_device_present({}, cards, "linux")
    assert sound_device_present({"SDL_AUDIODRIVER": "dummy"}, tmp_path / "absent", "linux")
    (tmp_path / "pulse").mkdir()
    (tmp_path / "pulse" / "native").touch()
    assert sound_device_present({"XDG_RUNTIME_DIR": str(tmp_path)}, tmp_path / "absent", "linux")
    assert sound_device_present({}, tmp_path / "absent", "darwin")
