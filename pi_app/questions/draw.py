"""The draw of a round's question: one the table has not heard, never one flagged as
wrong, from the categories the host chose, in the table's language when possible, each
kind of question as often as another.

The draw takes the random source as a parameter, so a seeded game draws the same
questions again (a replay, a test), and takes what was asked and flagged as plain
sets, so it needs neither the journal nor the bank.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from pi_app.questions.question import Question


def draw(
    questions: Sequence[Question],
    asked: set[str],
    flagged: set[str],
    categories: set[str] | None,
    rng: random.Random,
    lang: str | None = None,
) -> Question | None:
    """A question from `questions`: not flagged, in `categories` (None: any), not in
    `asked` while one such is left, with a text in `lang` (when given) while one such
    is left; None only when no question is left once the flagged and other categories
    are set aside.

    The language comes before novelty: a table reading German rather hears a question
    again in German than a new one it cannot read. Once every eligible question has
    been asked, asked ones come back (a box that has played its whole bank keeps
    playing). The choice among the rest is `rng`'s, in the order of `questions`: first
    a kind of question (`Question.kind`, the generator that made it: city distances,
    country areas...) among the kinds the rest holds, each alike, then a question of
    that kind; so a category whose bank is mostly one kind (900 of geography's 1,361
    are city distances) still asks each of its kinds as often.
    """
    eligible = [
        question
        for question in questions
        if question.id not in flagged and (categories is None or question.category in categories)
    ]
    if lang is not None:
        eligible = _preferring(eligible, lambda question: bool(question.text.get(lang)))
    pool = _preferring(eligible, lambda question: question.id not in asked)
    if not pool:
        return None
    kinds: dict[str, list[Question]] = {}
    for question in pool:
        kinds.setdefault(question.kind, []).append(question)
    return rng.choice(rng.choice(list(kinds.values())))


def _preferring(questions: list[Question], wanted: Callable[[Question], bool]) -> list[Question]:
    """The questions that are `wanted`, or all of them when none is."""
    return [question for question in questions if wanted(question)] or questions
