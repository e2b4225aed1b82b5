"""`tabletop sound check --to x.wav` writes a sample sentence and the cues (issue 50)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from pi_app.effects.voice.check import sample
from tests.effects.test_voice_render import measured


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_the_check_writes_a_sentence_and_the_cues(tmp_path: Path, lang: str) -> None:
    target = tmp_path / "x.wav"
    done = subprocess.run(
        [sys.executable, "-m", "pi_app", "sound", "check", "--lang", lang, "--to", str(target)],
        capture_output=True,
        text=True,
        env={**os.environ, "SDL_AUDIODRIVER": "dummy", "XDG_DATA_HOME": str(tmp_path)},
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert str(target) in done.stdout and "pygame" not in done.stdout
    figures = measured(target)
    assert figures["RMS     amplitude"] > 0.02 and figures["Maximum amplitude"] > 0.5
    assert 4.0 < figures["Length (seconds)"] < 30.0  # the sentence, then six cues


def test_the_sample_says_a_grouped_number_and_a_decimal() -> None:
    assert sample("fr") == "La boîte parle. 82 927 922 habitants, 12,5 pour cent."
    assert sample("de") == "Die Box spricht. 82.927.922 Einwohner, 12,5 Prozent."
    assert sample("en") == "The box speaks. 82,927,922 inhabitants, 12.5 percent."
