"""Facts of Unicode CLDR's supplemental data (through Babel): when a currency became,
or stopped being, legal tender in a country; what share of a country's people speak a
language. The currencies' and languages' names are CLDR's in each language.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from decimal import Decimal

from pi_app.i18n import LANGUAGES, N_
from pi_app.questions.generator.facts import Fact
from pi_app.questions.generator.places import countries, country_names
from pi_app.questions.generator.sources import CLDR

DOMAIN = "questions"
"""The catalogue of the questions' texts, units and categories."""

FIRST_YEAR = 1800
"""Currencies' dates from 1800 on (CLDR's earlier ones are sparse)."""
LAST_DAY = datetime.date(2026, 1, 1)
MIN_SHARE = 5.0
"""Languages spoken by at least 5 % of a country's people, and not by all of them."""


def _currency_names(code: str) -> dict[str, str] | None:
    """A currency's name in each language; None where a name gives its years away
    (`afghani (1927–2002)`)."""
    from babel.numbers import get_currency_name

    names = {lang: str(get_currency_name(code, locale=lang)) for lang in LANGUAGES}
    if any(name == code or any(ch.isdigit() for ch in name) for name in names.values()):
        return None
    return names


_STOPPED = N_("{country}: in what year did the currency “{currency}” stop being legal tender?")


def currency_facts() -> Iterator[Fact]:
    """The year each currency became legal tender in a country, and the year it stopped."""
    from babel.numbers import get_territory_currencies

    for code in countries():
        periods = get_territory_currencies(
            code,
            start_date=datetime.date(FIRST_YEAR, 1, 1),
            end_date=LAST_DAY,
            tender=True,
            include_details=True,
        )
        for period in periods:
            currency, start, end = str(period["currency"]), period["from"], period["to"]
            names = _currency_names(currency)
            if names is None or start is None or start.year < FIRST_YEAR:
                continue
            place = country_names(code) or {}
            said = {lang: {"country": place[lang], "currency": names[lang]} for lang in LANGUAGES}
            subject = f"cldr:{code}/{currency}"
            yield Fact(
                "currency-from",
                "history",
                f"{code}-{currency}",
                N_("{country}: in what year did the currency “{currency}” become legal tender?"),
                said,
                Decimal(start.year),
                "year",
                CLDR,
                subject,
            )
            if end is not None and end < LAST_DAY:
                yield Fact(
                    "currency-until",
                    "history",
                    f"{code}-{currency}",
                    _STOPPED,
                    said,
                    Decimal(end.year),
                    "year",
                    CLDR,
                    subject,
                )


def _official_somewhere(codes: list[str]) -> set[str]:
    """The languages official in at least one of the countries (CLDR): the others are
    not well known enough to ask about."""
    from babel.languages import get_territory_language_info

    return {
        lang
        for code in codes
        for lang, info in get_territory_language_info(code).items()
        if info.get("official_status") == "official"
    }


def language_facts() -> Iterator[Fact]:
    """What percentage of each country's people speak each of its main languages."""
    from babel import Locale
    from babel.languages import get_territory_language_info

    codes = list(countries())
    major = _official_somewhere(codes)
    locales = {lang: Locale.parse(lang) for lang in LANGUAGES}
    for code in codes:
        place = country_names(code) or {}
        for language, info in sorted(get_territory_language_info(code).items()):
            share = float(str(info["population_percent"]))
            if language not in major or not MIN_SHARE <= share < 100:
                continue
            names = {lang: locales[lang].languages.get(language) for lang in LANGUAGES}
            if not all(names.values()):
                continue
            said = {
                lang: {"country": place[lang], "language": str(names[lang])} for lang in LANGUAGES
            }
            yield Fact(
                "language-share",
                "economy",
                f"{code}-{language}",
                N_("{country}: what percentage of the population speaks {language}?"),
                said,
                Decimal(str(share)).normalize(),
                "percent",
                CLDR,
                f"cldr:{code}/{language}",
            )
