"""Questions made for the tests, with only what a test cares about given."""

from __future__ import annotations

from decimal import Decimal

from pi_app.questions.question import Question


def question(
    qid: str,
    category: str = "other",
    text: dict[str, str] | None = None,
    pack: str = "",
    answer: str = "42",
) -> Question:
    """A question `qid` asking, in French and English unless `text` says otherwise."""
    return Question(
        id=qid,
        kind="pack" if pack else "test",
        category=category,
        text=text if text is not None else {"fr": f"Question {qid} ?", "en": f"Question {qid}?"},
        answer=Decimal(answer),
        unit="m",
        as_of="2024",
        source="a test",
        licence="CC0",
        subject="",
        pack=pack,
    )
