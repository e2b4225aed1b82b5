"""The round's question: its JSON round trip, its frozen value, and every refusal."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings

from pi_app.rules.contract import RuleError
from pi_app.rules.question import RoundQuestion, answer_spelling, read_answer
from tests.rules.questions import questions, sample, sample_json


@settings(max_examples=200, deadline=None)
@given(questions)
def test_json_round_trips_to_an_equal_question(question: RoundQuestion) -> None:
    data = question.to_json()
    again = RoundQuestion.from_json(json.loads(json.dumps(data)))
    assert again == question
    assert hash(again) == hash(question)
    assert again.to_json() == data


def test_json_lists_licence_and_as_of_only_when_known() -> None:
    bare = RoundQuestion("q1", {"en": "How far?"}, Decimal(12), "km", "atlas")
    assert bare.to_json() == {
        "id": "q1",
        "text": {"en": "How far?"},
        "answer": "12",
        "unit": "km",
        "source": "atlas",
    }
    assert sample().to_json()["licence"] == "CC BY 4.0"
    assert sample().to_json()["as_of"] == "2026-07"


@pytest.mark.parametrize(
    ("answer", "spelling"),
    [
        ("82927922", "82927922"),
        ("7.870", "7.87"),
        ("-39", "-39"),
        ("1E+3", "1000"),
        ("-0.00", "0"),
        ("0.000001", "0.000001"),
        ("123456789012345678901234567890", "123456789012345678901234567890"),
    ],
)
def test_answers_are_written_without_exponent_or_trailing_zeros(answer: str, spelling: str) -> None:
    assert answer_spelling(Decimal(answer)) == spelling
    assert sample(answer=answer).to_json()["answer"] == spelling


def test_texts_compare_and_hash_whatever_their_order() -> None:
    one = RoundQuestion("q", {"fr": "Combien ?", "en": "How many?"}, Decimal(3), "", "")
    two = RoundQuestion("q", {"en": "How many?", "fr": "Combien ?"}, Decimal("3.0"), "", "")
    assert one == two and len({one, two}) == 1
    assert list(one.text) == ["fr", "en"]
    assert one.text == {"en": "How many?", "fr": "Combien ?"}
    assert one != RoundQuestion("q", {"fr": "Combien ?"}, Decimal(3), "", "")


def test_a_question_cannot_be_changed() -> None:
    question = sample()
    with pytest.raises(AttributeError):
        question.answer = Decimal(1)  # type: ignore[misc]
    with pytest.raises(TypeError):
        question.text["fr"] = "autre"  # type: ignore[index]


@pytest.mark.parametrize(
    ("answer", "read"),
    [(7.87, "7.87"), (12, "12"), (Decimal("-39"), "-39"), ("0.5", "0.5"), (1e-7, "0.0000001")],
)
def test_an_answer_is_a_number_or_a_numeric_string(answer: object, read: str) -> None:
    assert read_answer(answer) == Decimal(read)
    assert answer_spelling(read_answer(answer)) == read


def _with(**changes: Any) -> dict[str, Any]:
    """The sample question's JSON with fields changed (`None`: the field removed)."""
    data = sample_json()
    for name, value in changes.items():
        if value is None:
            del data[name]
        else:
            data[name] = value
    return data


MALFORMED: list[tuple[str, object, str]] = [
    ("a list", [sample_json()], "must be a JSON object"),
    ("a string", "question", "must be a JSON object"),
    ("no id", _with(id=None), "has no “id”"),
    ("no text", _with(text=None), "has no “text”"),
    ("no answer", _with(answer=None), "has no “answer”"),
    ("no unit", _with(unit=None), "has no “unit”"),
    ("no source", _with(source=None), "has no “source”"),
    ("unknown field", _with(subject="geonames:1"), "unknown field “subject”"),
    ("number id", _with(id=12), "“id” must be a text"),
    ("empty id", _with(id=""), "needs an id"),
    ("long id", _with(id="x" * 201), "“id” must be a text of at most 200"),
    ("list unit", _with(unit=["km"]), "“unit” must be a text"),
    ("boolean source", _with(source=False), "“source” must be a text"),
    ("long licence", _with(licence="x" * 201), "“licence” must be a text"),
    ("number as_of", _with(as_of=2026), "“as_of” must be a text"),
    ("text a string", _with(text="Combien ?"), "“text” must give the question"),
    ("no texts", _with(text={}), "“text” must give the question"),
    ("other language", _with(text={"it": "Quanti?"}), "“text” must give the question"),
    ("empty text", _with(text={"fr": ""}), "text in fr must have 1 to 400"),
    ("number text", _with(text={"de": 3}), "text in de must have 1 to 400"),
    ("long text", _with(text={"en": "x" * 401}), "text in en must have 1 to 400"),
    ("words", _with(answer="a lot"), "answer must be a number"),
    ("exponent", _with(answer="1e3"), "answer must be a number"),
    ("French comma", _with(answer="7,87"), "answer must be a number"),
    ("true", _with(answer=True), "answer must be a number"),
    ("list", _with(answer=[1]), "answer must be a number"),
    ("NaN", _with(answer=float("nan")), "answer must be a number"),
    ("infinity", _with(answer=float("inf")), "answer must be a number"),
    ("NaN text", _with(answer="NaN"), "answer must be a number"),
    ("5,000 digits", _with(answer="7" * 5000), "more than 30 digits"),
    ("5,000 digits read", _with(answer=Decimal("7" * 5000)), "more than 30 digits"),
    ("31 digits", _with(answer=10**30), "more than 30 digits"),
    ("tiny", _with(answer=Decimal("1E-31")), "more than 30 digits"),
    ("huge float", _with(answer=1e300), "more than 30 digits"),
]


@pytest.mark.parametrize(
    ("data", "words"), [m[1:] for m in MALFORMED], ids=[m[0] for m in MALFORMED]
)
def test_malformed_questions_are_refused_in_every_language(data: object, words: str) -> None:
    with pytest.raises(RuleError) as caught:
        RoundQuestion.from_json(data)
    assert words in caught.value.message("en")
    for lang in ("fr", "de"):
        translated = caught.value.message(lang)
        assert "{" not in translated and translated != caught.value.message("en")


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        (("", {"fr": "Combien ?"}, Decimal(1)), "needs an id"),
        (("q", {}, Decimal(1)), "“text” must give the question"),
        (("q", {"fr": "Combien ?"}, Decimal("NaN")), "answer must be a number"),
        (("q", {"fr": "Combien ?"}, Decimal("1E+40")), "more than 30 digits"),
    ],
)
def test_the_constructor_refuses_what_from_json_refuses(
    fields: tuple[str, dict[str, str], Decimal], words: str
) -> None:
    with pytest.raises(RuleError) as caught:
        RoundQuestion(*fields, unit="", source="")
    assert words in caught.value.message("en")


def test_the_citation_and_the_language_a_question_is_shown_in() -> None:
    asked = RoundQuestion(
        id="q", text={"de": "Wie viele?", "en": "How many?"}, answer=Decimal(3), unit="",
        source="GeoNames", licence="CC BY 4.0",
    )  # fmt: skip
    assert asked.citation == "GeoNames · CC BY 4.0"
    assert asked.shown_in("en") == "en" and asked.shown_in("fr") == "de"  # its first text
    assert RoundQuestion("q", {"en": "?"}, Decimal(1), "", "club").citation == "club"
