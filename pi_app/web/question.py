"""The round's question on a phone: its text in the phone's language, and once the
round is scored its true answer, with its unit, and its source.

Before the scoring the answer never leaves the box: a phone's page is readable by
anyone at the table, and a question's answer is the one thing nobody may see early.
"""

from __future__ import annotations

from pi_app.questions.numbers import citation, with_unit
from pi_app.rules.question import RoundQuestion
from pi_app.web.views import Json


def question_json(question: RoundQuestion | None, locale: str, scored: bool) -> Json | None:
    """What a phone shows of the round's question (None: the host reads a card)."""
    if question is None:
        return None
    lang = question.shown_in(locale)
    shown: Json = {"id": question.id, "text": question.text[lang], "lang": lang}
    if scored:
        shown["answer"] = with_unit(question.answer, question.unit, locale)
        shown["source"] = citation(question, locale)
    return shown
