"""Each spoken event, in each language, rendered to WAV by espeak-ng and measured with
sox (issue 50): not silent, and as long as a sentence of its length plausibly is."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from pi_app.effects.voice.games.cambio import RANG, lead_line, lost_line
from pi_app.effects.voice.render import VOICES, Renderer, SpeechUnavailable
from pi_app.effects.voice.words import (
    ALL_IN,
    STOP,
    TEN_SECONDS,
    Line,
    question_line,
    round_line,
    said,
    truth_line,
    winner_line,
)
from pi_app.i18n import LANGUAGES
from tests.effects.test_voice_words import QUESTION


def measured(wav: Path) -> dict[str, float]:
    """`sox FILE -n stat`'s figures (it prints them on its standard error)."""
    done = subprocess.run(["sox", str(wav), "-n", "stat"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    figures = {}
    for line in done.stderr.splitlines():
        name, colon, value = line.partition(":")
        if colon and re.fullmatch(r"\s*-?[0-9.]+\s*", value):
            figures[name.strip()] = float(value)
    return figures


def events(lang: str) -> list[Line]:
    """One line of every kind the voice says."""
    lines = [
        question_line(QUESTION, lang),
        said("all-in", ALL_IN, lang),
        truth_line(QUESTION.answer, QUESTION, lang),
        round_line([("Ana", 1250), ("Ben", 3)], lang),
        said("countdown", TEN_SECONDS, lang),
        Line("countdown", "7", lang),
        said("stop", STOP, lang),
        said("rang", RANG, lang, seat="Cléo"),
        lost_line(["Ben"], 40, lang),
        lost_line(["Ben", "Dan"], 20, lang),
        lead_line({"Ana": 1250, "Ben": -20}, lang),
        lead_line({"Ana": 2100, "Ben": 2100}, lang),
        lead_line(dict.fromkeys(("Ana", "Ben", "Cy", "Dan", "Eve"), 300), lang),
        winner_line(["Ana", "Ben"], lang),
        Line("move", computer_move(lang), lang),
    ]
    return [line for line in lines if line is not None]


def computer_move(lang: str) -> str:
    """The computer's Gambo duel, "the cat takes the mouse on c7", in `lang`."""
    from pi_app.ai.gambo.opponent import label
    from pi_app.effects.voice.games.gambo import move_line
    from pi_app.rules.gambo.board import SQUARE_INDEX
    from pi_app.rules.gambo.game import DUEL, Piece
    from pi_app.rules.gambo.story import Step

    squares = (SQUARE_INDEX["c6"], SQUARE_INDEX["c7"])
    step = Step(9, 1, DUEL, "duel", squares, (Piece(1, "C2"), Piece(0, "M1")), winner=1)
    return move_line(step, label("easy", lang), lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_event_renders_to_a_wav_that_says_it(lang: str, tmp_path: Path) -> None:
    renderer = Renderer(tmp_path)
    for line in events(lang):
        wav = renderer.render(line.text, line.lang)
        figures = measured(wav)
        seconds = figures["Length (seconds)"]
        assert figures["RMS     amplitude"] > 0.02, (line, figures)  # not silent
        assert figures["Maximum amplitude"] > 0.1, (line, figures)
        # about 165 words a minute: a number is a fraction of a second, a question some
        # seconds; never a cut rendering, never a stuck one
        assert 0.2 < seconds < 1.0 + 0.15 * len(line.text), (line, seconds)
        assert wav.name.startswith(VOICES[lang] + "-")


def test_a_sentence_said_once_is_ready_at_once_the_next_time(tmp_path: Path) -> None:
    renderer = Renderer(tmp_path)
    first = renderer.render("Toutes les réponses sont là.", "fr")
    stamp = first.stat().st_mtime_ns
    assert renderer.render("Toutes les réponses sont là.", "fr") == first
    assert first.stat().st_mtime_ns == stamp
    assert renderer.render("Toutes les réponses sont là.", "de") != first  # its own voice


def test_without_espeak_ng_the_box_says_nothing_and_says_why(tmp_path: Path) -> None:
    renderer = Renderer(tmp_path, program=str(tmp_path / "no-such-program"))
    with pytest.raises(SpeechUnavailable):
        renderer.render("Stop!", "en")
    assert not Renderer(tmp_path).cached("Stop!", "en").exists()
