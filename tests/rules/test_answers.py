"""The answer parser shared by typed answers and records."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pi_app.rules import RuleError
from pi_app.rules.answers import format_answer, parse_answer

READABLE = [
    ("28", "fr", "28"),
    ("-12", "fr", "-12"),
    ("−12", "fr", "-12"),
    ("+7", "en", "7"),
    ("1 234,5", "fr", "1234.5"),
    ("1\u202f234,5", "fr", "1234.5"),
    ("12,5", "fr", "12.5"),
    ("0,25", "de", "0.25"),
    ("1.234,5", "de", "1234.5"),
    ("1 234,5", "de", "1234.5"),
    ("1,234.5", "en", "1234.5"),
    ("1,234,567", "en", "1234567"),
    ("1h30", "fr", "90"),
    ("1 h 30", "fr", "90"),
    ("2h", "fr", "120"),
    ("1:30", "fr", "90"),
    ("0:45", "de", "45"),
    ("90 min", "fr", "90"),
    ("1,5 h", "fr", "90"),
    ("45 %", "fr", "45"),
    ("12,5%", "de", "12.5"),
    ("500 av. J.-C.", "fr", "-500"),
    ("44 v. Chr.", "de", "-44"),
    ("1066", "en", "1066"),
]

REFUSED = [
    ("", "fr", "Nothing"),
    ("   ", "fr", "Nothing"),
    ("abc", "fr", "abc"),
    ("1.5", "fr", "1.5"),
    ("1,5", "en", "1,5"),
    ("1,2345", "en", "1,2345"),
    ("1.23", "de", "1.23"),
    ("12 34", "fr", "12 34"),
    ("1:75", "fr", "1:75"),
    ("5,", "fr", "5,"),
    ("1,2,3", "fr", "1,2,3"),
    ("--3", "fr", "--3"),
    ("1.234,5", "fr", "1.234,5"),
]


@pytest.mark.parametrize(("typed", "locale", "value"), READABLE)
def test_reads(typed: str, locale: str, value: str) -> None:
    assert parse_answer(typed, locale) == Decimal(value)


@pytest.mark.parametrize(("typed", "locale", "quoted"), REFUSED)
def test_refuses_and_quotes_what_was_typed(typed: str, locale: str, quoted: str) -> None:
    with pytest.raises(RuleError) as caught:
        parse_answer(typed, locale)
    assert quoted in caught.value.message("en")
    assert caught.value.message("fr") != ""


def test_json_numbers_pass_through() -> None:
    assert parse_answer(27) == 27
    assert parse_answer(2.5) == Decimal("2.5")
    with pytest.raises(RuleError):
        parse_answer(True)  # type: ignore[arg-type]
    with pytest.raises(RuleError):
        parse_answer(float("nan"))


@settings(max_examples=200, deadline=None)
@given(
    st.decimals(min_value=-(10**9), max_value=10**9, places=3, allow_nan=False),
    st.sampled_from(["fr", "de", "en"]),
)
def test_format_then_parse_is_identity(value: Decimal, locale: str) -> None:
    assert parse_answer(format_answer(value, locale), locale) == value
