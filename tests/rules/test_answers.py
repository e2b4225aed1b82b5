"""The answer parser shared by typed answers and records."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pi_app.rules import RuleError
from pi_app.rules.answers import (
    DURATION,
    NUMBER,
    PERCENTAGE,
    YEAR,
    answer_kind,
    format_answer,
    parse_answer,
    shown_among,
    shown_answer,
    typed_form,
)

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


KINDS = [
    ("1h30", "fr", DURATION),
    ("1:30", "de", DURATION),
    ("90 min", "en", DURATION),
    ("1,5 h", "fr", DURATION),
    ("45 %", "fr", PERCENTAGE),
    ("12.5%", "en", PERCENTAGE),
    ("500 av. J.-C.", "fr", YEAR),
    ("1066 ap. J.-C.", "fr", YEAR),
    ("1 234,5", "fr", NUMBER),
    ("-12", "en", NUMBER),
]


@pytest.mark.parametrize(("typed", "locale", "kind"), KINDS)
def test_answer_kind_says_how_an_answer_was_written(typed: str, locale: str, kind: str) -> None:
    assert answer_kind(typed, locale) == kind


def test_answer_kind_refuses_what_parse_answer_refuses() -> None:
    with pytest.raises(RuleError):
        answer_kind("1.5", "fr")


SHOWN = [
    (Decimal(90), "1h30", "fr", "1h30"),
    (Decimal(90), " 1 h\u00a030 ", "fr", "1 h 30"),
    (Decimal(90), "1:30", "en", "1:30"),
    (Decimal(45), "45\u202f%", "fr", "45 %"),
    (Decimal("12.5"), "12,5 %", "de", "12,5 %"),
    (Decimal("45.5"), "45.5 %", "fr", "45.5 %"),  # an English phone at a French table
    (Decimal(12345), "12345", "fr", "12 345"),
    (Decimal("1234.5"), "1234,5", "en", "1234.5"),
    (Decimal(-500), "500 av. J.-C.", "fr", "-500"),
    (Decimal(90), "1h", "fr", "90"),  # not the value it stands beside
    (Decimal(90), "nonsense", "fr", "90"),
    (Decimal(90), None, "fr", "90"),
]


@pytest.mark.parametrize(("value", "typed", "locale", "shown"), SHOWN)
def test_shown_answer_keeps_durations_and_percentages_as_typed(
    value: Decimal, typed: str | None, locale: str, shown: str
) -> None:
    assert shown_answer(value, typed, locale) == shown


def test_typed_form_is_kept_only_for_durations_and_percentages() -> None:
    assert typed_form(Decimal(90), "1h30", "fr") == "1h30"
    assert typed_form(Decimal(45), "45 %", "en") == "45 %"
    assert typed_form(Decimal(90), "90", "fr") is None
    assert typed_form(Decimal(-44), "44 v. Chr.", "de") is None
    assert typed_form(Decimal(91), "1h30", "fr") is None


def test_equal_values_typed_differently_show_the_first_typed_form() -> None:
    assert shown_among(Decimal(90), ["90", "1h30", "1:30"], "fr") == "1h30"
    assert shown_among(Decimal(90), [None, "1:30", "1h30"], "fr") == "1:30"
    assert shown_among(Decimal(90), ["90", None], "fr") == "90"
    assert shown_among(Decimal(12345), [], "de") == "12.345"


@settings(max_examples=200, deadline=None)
@given(
    st.integers(min_value=0, max_value=99),
    st.integers(min_value=0, max_value=59),
    st.sampled_from(["fr", "de", "en"]),
)
def test_a_typed_duration_reads_as_its_minutes_and_shows_as_typed(
    hours: int, minutes: int, locale: str
) -> None:
    typed = f"{hours}h{minutes:02d}"
    value = parse_answer(typed, locale)
    assert value == hours * 60 + minutes
    assert answer_kind(typed, locale) == DURATION
    assert shown_answer(value, typed, locale) == typed


# Numbers too large to write out ----------------------------------------------------


@pytest.mark.parametrize(
    "typed",
    ["1" * 5000, "1" * 41, "0," + "0" * 40 + "1", "9" * 50 + "h30", "1" * 60 + " %"],
)
def test_a_number_with_too_many_digits_is_refused_quoting_its_start(typed: str) -> None:
    with pytest.raises(RuleError) as caught:
        parse_answer(typed, "fr")
    said = caught.value.message("en")
    assert "too many digits" in said and len(said) < 80


@pytest.mark.parametrize(
    "value", [Decimal("1e5000"), Decimal("-1e1000000000"), Decimal("1e-5000"), 10**4000]
)
def test_numbers_already_read_are_bounded_too(value: Decimal | int) -> None:
    with pytest.raises(RuleError):
        parse_answer(value)


def test_the_largest_numbers_that_fit_still_read() -> None:
    assert parse_answer("9" * 40, "fr") == Decimal("9" * 40)
    assert parse_answer("0," + "0" * 39 + "1", "fr") == Decimal("1e-40")
    assert parse_answer(Decimal("-1E+39")) == Decimal("-1E+39")


@settings(max_examples=300)
@given(st.decimals(allow_nan=False, allow_infinity=False))
def test_no_finite_number_fails_to_be_written(value: Decimal) -> None:
    for locale in ("fr", "de", "en"):
        assert format_answer(value, locale)  # however large: never raises, never huge
        assert len(format_answer(value, locale)) < 200
