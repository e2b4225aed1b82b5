"""Packs of any text and numbers: whatever the import keeps can be asked, drawn on
both screens in every language, and answered (issue 37). The import's checks are what
make this hold: without them the generated packs soon give a question whose card
cannot be drawn ("Text has zero width") or that a round refuses."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from pi_app.display.questions_view import question_probe
from pi_app.display.theme import theme_for
from pi_app.i18n import LANGUAGES, set_language
from pi_app.questions.packs import read_pack
from pi_app.rules.gambit7.game import Gambit7
from pi_app.rules.question import RoundQuestion, answer_spelling

SIZES = ("480x320", "800x480")
SEATS = ("Ana", "Ben", "Cléo")
HIDDEN = "\u200b\u2060\ufeff\u00ad\u0301\u034f\u200d\u3164\u2800\u202e\u00a0\u3000"
"""Characters that show nothing, or nothing alone, or flip the text."""

_PLAIN = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=["Cc"]), min_size=1, max_size=30
)
_HIDING = st.text(
    alphabet=st.one_of(st.characters(codec="utf-8"), st.sampled_from(HIDDEN + " ")),
    max_size=12,
)
_TEXT = st.one_of(
    _PLAIN,
    _PLAIN,
    _PLAIN,
    _HIDING,
    st.text(alphabet=st.sampled_from(HIDDEN), min_size=1, max_size=3),
    st.builds(lambda word, count: word * count, _PLAIN, st.integers(1, 60)),
)
"""Any text: mostly what a host writes in some script, often with characters that show
nothing, now and then a long one (past the round's 200 or 400 characters)."""
_ANSWER = st.one_of(
    st.integers(-(10**9), 10**9).map(str),
    st.decimals(places=3, allow_nan=False, allow_infinity=False).map(str),
    st.from_regex(r"[+-]?[0-9]{1,35}(\.[0-9]{0,6})?([eE][+-]?[0-9]{1,12})?", fullmatch=True),
    st.sampled_from(["0e-999999999", "0e-9999999999", "0.000e-9999999999999999999999"]),
    st.decimals(allow_nan=False, allow_infinity=False).map(str),
    _HIDING,
)
_ITEM = st.fixed_dictionaries(
    {
        "text": st.dictionaries(st.sampled_from(LANGUAGES), _TEXT, min_size=1),
        "answer": _ANSWER,
        "source": _TEXT,
    },
    optional={"unit": _TEXT, "licence": _TEXT, "as_of": _TEXT, "id": _TEXT},
)


@pytest.fixture(scope="module")
def pack_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    yield tmp_path_factory.mktemp("packs")


@pytest.fixture(scope="module")
def probes() -> dict[str, Callable[[RoundQuestion], None]]:
    """Each screen size's drawing of a question's two cards (the box's own probe)."""
    return {size: question_probe(theme_for(size)) for size in SIZES}


def _answered(question: RoundQuestion) -> None:
    """A Gambit 7 round asking `question`, answered with its true answer, scored."""
    game = Gambit7()
    spelled = answer_spelling(question.answer)
    state = game.new_game(SEATS, {}, None)  # type: ignore[arg-type]
    moves = [
        "question " + json.dumps(question.to_json()),
        *(f'answer "{seat}" {spelled} en' for seat in SEATS),
        "reveal",
        *(f'bet "{seat}" ["less"]' for seat in SEATS),
        "close-bets",
        f"truth {spelled} en",
    ]
    for move in moves:
        state = game.apply(state, game.parse_action(move))
    assert state.history[-1].truth.value == question.answer
    assert state.history[-1].question == question


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(items=st.lists(_ITEM, min_size=1, max_size=4))
def test_every_kept_question_can_be_asked_drawn_and_answered(
    pack_dir: Path, probes: dict[str, Callable[[RoundQuestion], None]], items: list[object]
) -> None:
    path = pack_dir / "fuzz.json"
    path.write_text(json.dumps(items), encoding="utf-8")
    reading = read_pack(path, "fuzz")
    event(f"kept {min(len(reading.questions), 2)}+")
    assert len(reading.questions) + len(reading.refused) == len(items)
    try:
        for kept in reading.questions:
            asked = kept.asked()
            assert asked.answer == Decimal(answer_spelling(kept.answer))
            for lang in LANGUAGES:
                set_language(lang)
                for probe in probes.values():
                    probe(asked)
            _answered(asked)
    finally:
        set_language("fr")
