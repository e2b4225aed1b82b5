"""Numbers and units as each language writes them: `82 927 922 habitants`,
`82.927.922 Einwohner`, `82,927,922 inhabitants`; years without grouping (`1969`); and
where an answer comes from, its date said for what it is.

The separators are CLDR's for fr, de and en (French groups with a narrow no-break
space); the unit words are messages of the `questions` catalogue, with plurals.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from decimal import Decimal

from pi_app.i18n import Translator
from pi_app.rules.question import RoundQuestion, answer_spelling

_ = Translator("questions")

SEPARATORS: dict[str, tuple[str, str]] = {
    "fr": ("\u202f", ","),
    "de": (".", ","),
    "en": (",", "."),
}
"""Each language's (group, decimal) separators, CLDR's standard decimal pattern."""

YEAR = "year"
UNITS: dict[str, tuple[str, str]] = {
    "people": ("{n} inhabitant", "{n} inhabitants"),
    "people/km2": ("{n} inhabitant per km²", "{n} inhabitants per km²"),
    "countries": ("{n} country", "{n} countries"),
    "km": ("{n} km", "{n} km"),
    "km2": ("{n} km²", "{n} km²"),
    "celsius": ("{n} °C", "{n} °C"),
    "g/cm3": ("{n} g/cm³", "{n} g/cm³"),
    "percent": ("{n} %", "{n} %"),
    "hours": ("{n} hour", "{n} hours"),
}
"""The built-in bank's units, each with its English singular and plural; a unit not
listed here (a pack's own) is written after the number as it is."""


def number(value: Decimal, lang: str, grouped: bool = True) -> str:
    """`value` with `lang`'s separators (grouped by thousands unless `grouped` is off)."""
    group, decimal = SEPARATORS.get(lang, SEPARATORS["en"])
    text = answer_spelling(value)
    sign = "-" if text.startswith("-") else ""
    whole, _dot, fraction = text.lstrip("-").partition(".")
    if grouped:
        chunks: list[str] = []
        while len(whole) > 3:
            chunks.insert(0, whole[-3:])
            whole = whole[:-3]
        whole = group.join([whole, *chunks])
    minus = "\u2212" if sign else ""
    return minus + whole + (decimal + fraction if fraction else "")


Spelling = Callable[[Decimal, str, bool], str]
"""How a number is written in a language (`number`, or the voice's spoken numbers)."""


def with_unit(
    value: Decimal,
    unit: str,
    lang: str,
    units: Mapping[str, tuple[str, str]] = UNITS,
    spelling: Spelling = number,
    catalogue: Translator = _,
) -> str:
    """The answer as the box shows it: number and unit in `lang`. The voice says it
    with its own `units`, `spelling` and `catalogue` (`effects.voice.words`)."""
    if unit == YEAR:
        return spelling(value, lang, False)
    shown = spelling(value, lang, True)
    forms = units.get(unit)
    if forms is None:
        return f"{shown} {unit}".strip()
    whole = value == value.to_integral_value()
    count = int(abs(value)) if whole and abs(value) < 10**9 else 2  # 1,5 is plural
    return catalogue.plural(forms[0], forms[1], count, lang=lang).format(n=shown)


def number_apart(value: Decimal, unit: str, lang: str) -> tuple[str, str, str]:
    """`with_unit`'s answer in its three parts: the words before the number (none in
    the bank's languages), the number, the unit after it; each without the spaces that
    join them. The big screen draws the number large and its unit at the size of its
    words, beside it or under it (`web.tv.truth_json`)."""
    spelt: list[str] = []

    def marked(shown: Decimal, language: str, grouped: bool) -> str:
        spelt.append(number(shown, language, grouped))
        return _MARK

    before, _mark, after = with_unit(value, unit, lang, spelling=marked).partition(_MARK)
    return before.strip(), spelt[0], after.strip()


_MARK = "\x00"
"""Where `number_apart` finds the number in the unit's words (no catalogue holds it)."""


PACK_PREFIX = "pack:"
"""A pack's question ids begin so (`packs.question_id`); every other is the bank's."""


def citation(question: RoundQuestion, lang: str) -> str:
    """Where the answer comes from, in `lang`: the source, its licence and its date.

    The date means what its question's origin says it means. A pack's `as_of` is the
    date its answer holds for (docs/QUESTIONS.md), written as the host gave it. The
    bank's is the month the data set's version it was built from came out (the
    generator's `Source.released`): not the date the number holds for (a population
    may come from an older census), so it is said as the version's date.
    """
    date = question.as_of
    if date and not question.id.startswith(PACK_PREFIX):
        date = _("version of {date}", lang=lang).format(date=date)
    return " · ".join(part for part in (question.source, question.licence, date) if part)
