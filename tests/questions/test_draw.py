"""The draw of a round's question: never a flagged one, only the chosen categories, a
question not asked on this box while one is left, the table's language first, and the
same draw again for the same seed."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pi_app.questions.bank import builtin
from pi_app.questions.draw import draw
from pi_app.questions.question import CATEGORIES, Question
from tests.questions.samples import question

BANK = [question(f"q{n}", category=list(CATEGORIES)[n % len(CATEGORIES)]) for n in range(40)]


def _draws(
    questions: list[Question],
    asked: set[str] | None = None,
    flagged: set[str] | None = None,
    categories: set[str] | None = None,
    lang: str | None = None,
    times: int = 200,
) -> set[str]:
    rng = random.Random(7)
    found: set[str] = set()
    for _ in range(times):
        drawn = draw(questions, asked or set(), flagged or set(), categories, rng, lang)
        assert drawn is not None
        found.add(drawn.id)
    return found


def test_a_flagged_question_is_never_drawn() -> None:
    flagged = {f"q{n}" for n in range(39)}
    assert _draws(BANK, flagged=flagged) == {"q39"}
    assert draw(BANK, set(), {q.id for q in BANK}, None, random.Random(1)) is None


def test_only_the_chosen_categories_are_drawn() -> None:
    found = _draws(BANK, categories={"science", "sports"})
    assert {q.category for q in BANK if q.id in found} == {"science", "sports"}
    assert draw(BANK, set(), set(), set(), random.Random(1)) is None
    assert draw(BANK, set(), set(), {"nothing"}, random.Random(1)) is None


def test_a_question_not_asked_before_comes_first() -> None:
    asked = {q.id for q in BANK} - {"q3", "q17"}
    assert _draws(BANK, asked=asked) == {"q3", "q17"}


def test_when_every_question_was_asked_asked_ones_come_back() -> None:
    asked = {q.id for q in BANK}
    science = {q.id for q in BANK if q.category == "science"}
    assert _draws(BANK, asked=asked, categories={"science"}) == science
    assert _draws(BANK, asked=asked, flagged=science - {"q5"}, categories={"science"}) == {"q5"}


def test_the_tables_language_is_preferred_while_one_is_left() -> None:
    german = question("de1", text={"de": "Wie viele?"})
    bank = [*BANK, german]
    assert _draws(bank, lang="de") == {"de1"}
    assert _draws(bank, asked={"de1"}, lang="de") == {"de1"}  # again, rather than unread
    assert _draws(bank, flagged={"de1"}, lang="de") == {q.id for q in BANK}
    assert "de1" not in _draws(bank, lang="en")


def test_the_same_seed_draws_the_same_questions() -> None:
    def sequence(seed: int) -> list[str]:
        rng = random.Random(seed)
        asked: set[str] = set()
        drawn = []
        for _ in range(60):
            found = draw(BANK, asked, {"q1"}, None, rng)
            assert found is not None
            asked.add(found.id)
            drawn.append(found.id)
        return drawn

    assert sequence(3) == sequence(3) != sequence(4)
    first = sequence(3)
    assert len(set(first[:39])) == 39 and "q1" not in first  # every one before a repeat


@settings(max_examples=100, deadline=None)
@given(
    asked=st.sets(st.sampled_from([q.id for q in BANK])),
    flagged=st.sets(st.sampled_from([q.id for q in BANK])),
    categories=st.none() | st.sets(st.sampled_from(list(CATEGORIES))),
    seed=st.integers(0, 1000),
)
def test_a_draw_obeys_every_rule(
    asked: set[str], flagged: set[str], categories: set[str] | None, seed: int
) -> None:
    drawn = draw(BANK, asked, flagged, categories, random.Random(seed))
    eligible = [
        q for q in BANK if q.id not in flagged and (categories is None or q.category in categories)
    ]
    if not eligible:
        assert drawn is None
        return
    assert drawn in eligible
    if any(q.id not in asked for q in eligible):
        assert drawn.id not in asked


GEOGRAPHY = [q for q in builtin() if q.category == "geography"]
GEOGRAPHY_IDS = [q.id for q in GEOGRAPHY]


@settings(max_examples=15, deadline=None)
@given(
    asked=st.sets(st.sampled_from(GEOGRAPHY_IDS), max_size=150),
    flagged=st.sets(st.sampled_from(GEOGRAPHY_IDS), max_size=150),
    seed=st.integers(0, 10**6),
)
def test_a_category_draw_asks_each_kind_as_often(
    asked: set[str], flagged: set[str], seed: int
) -> None:
    """900 of geography's 1,361 questions are city distances: drawn kind first, they
    come no more often than any other kind, and nothing asked or flagged comes."""
    kinds = {q.kind for q in GEOGRAPHY if q.id not in asked | flagged}
    assert "city-distance" in kinds and len(kinds) > 1
    rng = random.Random(seed)
    asked = set(asked)
    before = set(asked)
    drawn = []
    for _ in range(300):
        question = draw(builtin(), asked, flagged, {"geography"}, rng)
        assert question is not None and question.category == "geography"
        assert question.id not in flagged and question.id not in asked
        asked.add(question.id)
        drawn.append(question)
    assert not before & {q.id for q in drawn}
    share = sum(q.kind == "city-distance" for q in drawn) / len(drawn)
    assert share <= 1 / len(kinds) + 0.1  # a fair share (4 sd above it), not 900/1,361
