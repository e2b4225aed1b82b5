"""Read the numbers people write on their slates: one parser for typed answers and records.

Answers are integers, decimals, negative numbers, years, durations and percentages,
written in the convention of a locale (`RECORDS.md`):

- `fr`: decimal comma, spaces as thousands separators (`1 234,5`);
- `de`: decimal comma, dots or spaces as thousands separators (`1.234,5`);
- `en`: decimal point, commas (or spaces) as thousands separators (`1,234.5`).

Durations read as minutes (`1h30`, `1:30`, `90 min`), percentages as their number
(`45 %`), years before the common era as negative (`500 av. J.-C.`). Whatever cannot
be read one way only is refused with a message that repeats what was typed: a
scorekeeper never guesses (`1.5` in French could be a decimal or a thousands group).

Scores need only the number, but a table reads `1h30` and `45 %` better than `90` and
`45`: `shown_answer` gives back such answers as typed, every other one as its number.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from decimal import Decimal, InvalidOperation

from pi_app.rules.contract import RuleError

LOCALES: tuple[str, ...] = ("fr", "de", "en")

MAX_DIGITS = 40
"""Digits a number may have before its decimal mark, and after it. No slate holds a
longer answer, and the bound keeps every later step cheap and safe: `1e5000` is finite,
but writing it out fails (Python's 4,300-digit limit) and `1e1000000000` takes gigabytes.
Every number from outside (a phone, the keypad, a record, the journal) is checked here."""

DURATION = "duration"
PERCENTAGE = "percentage"
YEAR = "year"
NUMBER = "number"
SHOWN_AS_TYPED = frozenset({DURATION, PERCENTAGE})
"""Kinds whose number alone would hide what was meant: `90` does not say `1h30`."""

_SPACES = dict.fromkeys(map(ord, "\u00a0\u202f\u2009\u2007\t"), " ")
_MINUS = dict.fromkeys(map(ord, "\u2212\u2012\u2013"), "-")

# Per locale: the decimal mark and the characters allowed between thousands groups.
_CONVENTIONS: dict[str, tuple[str, str]] = {
    "fr": (",", " "),
    "de": (",", ". "),
    "en": (".", ", "),
}

_HOURS = r"(?:h|heures?|hrs?|hours?|std\.?|stunden?)"
_MINUTES = r"(?:min|mn|minutes?|minuten?|m)"
_DURATION_HM = re.compile(rf"^(\d+)\s*{_HOURS}\s*(?:(\d{{1,2}})\s*(?:{_MINUTES})?)?$")
_DURATION_COLON = re.compile(r"^(\d+):(\d{2})$")
_UNIT_MINUTES = re.compile(rf"^(.+?)\s*{_MINUTES}$")
_UNIT_HOURS = re.compile(rf"^(.+?)\s*{_HOURS}$")
_BEFORE_ERA = re.compile(
    r"^(.+?)\s*(?:av\.?\s*j\.?-?\s*c\.?|avant\s+j\.?-?\s*c\.?|v\.?\s*chr\.?|bce|b\.?c\.?)$"
)
_AFTER_ERA = re.compile(r"^(.+?)\s*(?:ap\.?\s*j\.?-?\s*c\.?|n\.?\s*chr\.?|ce|a\.?d\.?)$")


def fits(value: Decimal) -> bool:
    """Whether `value` is finite with at most `MAX_DIGITS` digits each side of the mark."""
    if not value.is_finite():
        return False
    lowest = value.as_tuple().exponent  # the place of the last digit written
    assert isinstance(lowest, int)  # a finite value's exponent
    return lowest >= -MAX_DIGITS and value.adjusted() < MAX_DIGITS


def too_many_digits(typed: object) -> RuleError:
    """The refusal of a number that does not fit, quoting the start of what was typed."""
    text = f"{typed:.6E}" if isinstance(typed, Decimal) else str(typed)
    shown = text if len(text) <= 24 else text[:20] + "…"
    return _answer_error("“{typed}” has too many digits to be read.", shown)


def bounded(value: Decimal, typed: object) -> Decimal:
    """`value` if it `fits`, else the `too_many_digits` refusal."""
    if fits(value):
        return value
    raise too_many_digits(typed)


def _clean(value: Decimal) -> Decimal:
    """A value without trailing zeros or exponent noise (`90.0` reads as `90`)."""
    if value == value.to_integral_value():
        return Decimal(int(value))
    return value.normalize()


def _answer_error(message: str, typed: str, **params: str) -> RuleError:
    return RuleError(message, typed=typed, **params)


def _plain_number(text: str, locale: str, typed: str) -> Decimal:
    """A signed number with the locale's decimal mark and thousands separators."""
    decimal_mark, separators = _CONVENTIONS[locale]
    body = text.replace(" ", " ").strip()
    sign = ""
    if body[:1] in "+-":
        sign, body = body[:1], body[1:].strip()
    if not body:
        raise _answer_error("Cannot read “{typed}” as a number.", typed)
    foreign = {".", ","} - {decimal_mark} - set(separators)
    if any(ch in body for ch in foreign):
        raise _answer_error(
            "“{typed}” is ambiguous: write decimals with “{mark}”.", typed, mark=decimal_mark
        )
    whole, _, fraction = body.partition(decimal_mark) if decimal_mark in body else (body, "", "")
    if decimal_mark in body and (not fraction.isdigit() or decimal_mark in fraction):
        raise _answer_error("Cannot read “{typed}” as a number.", typed)
    digits = _whole_digits(whole, separators, typed)
    try:
        value = Decimal(f"{sign}{digits or '0'}.{fraction or '0'}")
    except InvalidOperation:
        raise _answer_error("Cannot read “{typed}” as a number.", typed) from None
    return _clean(bounded(value, typed))


def _whole_digits(whole: str, separators: str, typed: str) -> str:
    """The digits of the whole part, checking that thousands groups have 3 digits."""
    if whole == "":
        return ""
    used = {ch for ch in whole if not ch.isdigit()}
    if not used:
        return whole
    if len(used) > 1 or not used <= set(separators):
        raise _answer_error("Cannot read “{typed}” as a number.", typed)
    groups = whole.split(used.pop())
    if not (1 <= len(groups[0]) <= 3) or any(len(g) != 3 for g in groups[1:]):
        raise _answer_error("“{typed}” is ambiguous: thousands are grouped by three digits.", typed)
    if not all(g.isdigit() for g in groups):
        raise _answer_error("Cannot read “{typed}” as a number.", typed)
    return "".join(groups)


def _duration(text: str, locale: str, typed: str) -> Decimal | None:
    """Minutes for `1h30`, `1:30`, `2 h`, `90 min`; None when it is not a duration."""
    for pattern in (_DURATION_HM, _DURATION_COLON):
        match = pattern.match(text)
        if match:
            if len(match.group(1)) > MAX_DIGITS:
                raise too_many_digits(typed)
            hours, minutes = int(match.group(1)), int(match.group(2) or 0)
            if minutes >= 60:
                raise _answer_error("“{typed}”: minutes must be under 60.", typed)
            return Decimal(hours * 60 + minutes)
    match = _UNIT_MINUTES.match(text)
    if match:
        return _plain_number(match.group(1), locale, typed)
    match = _UNIT_HOURS.match(text)
    if match:
        return _clean(_plain_number(match.group(1), locale, typed) * 60)
    return None


def parse_answer(typed: str | int | float | Decimal, locale: str = "fr") -> Decimal:
    """The value of an answer as written, or `RuleError` quoting what was typed.

    JSON numbers (int, float) are taken as they are; strings go through the locale's
    convention. Durations are minutes; percentages their number.
    """
    if isinstance(typed, bool):
        raise _answer_error("Cannot read “{typed}” as a number.", str(typed))
    if isinstance(typed, int | Decimal):
        return bounded(Decimal(typed), typed)
    if isinstance(typed, float):
        if typed != typed or typed in (float("inf"), float("-inf")):
            raise _answer_error("Cannot read “{typed}” as a number.", str(typed))
        return _clean(bounded(Decimal(repr(typed)), typed))
    return _read_text(typed, locale)[0]


def answer_kind(typed: str, locale: str = "fr") -> str:
    """`DURATION`, `PERCENTAGE`, `YEAR` or `NUMBER`: how an answer was written.

    Read by the very steps of `parse_answer`, so the kind never disagrees with the
    value; `RuleError` for what cannot be read.
    """
    return _read_text(typed, locale)[1]


def _read_text(typed: str, locale: str) -> tuple[Decimal, str]:
    """The value of a typed answer and its kind, from one reading."""
    if locale not in _CONVENTIONS:
        raise RuleError("Unknown locale {locale!r}: use fr, de or en.", locale=locale)
    text = typed.translate(_SPACES).translate(_MINUS).strip().lower()
    text = re.sub(r" +", " ", text)
    if not text:
        raise RuleError("Nothing was written.")
    if text.endswith("%"):
        return _plain_number(text[:-1].strip(), locale, typed), PERCENTAGE
    era = _BEFORE_ERA.match(text)
    if era:
        year = _plain_number(era.group(1), locale, typed)
        if year <= 0 or year != year.to_integral_value():
            raise _answer_error("Cannot read “{typed}” as a year.", typed)
        return -year, YEAR
    era = _AFTER_ERA.match(text)
    if era:
        text = era.group(1)
    duration = _duration(text, locale, typed)
    if duration is not None:
        return duration, (YEAR if era else DURATION)
    return _plain_number(text, locale, typed), (YEAR if era else NUMBER)


def typed_form(value: Decimal, typed: str, locale: str = "fr") -> str | None:
    """What was typed, worth keeping for display: a duration or percentage reading as `value`.

    The text comes back with its spaces normalised (`45\u00a0%` gives `45 %`); None for
    any other kind, or text that does not read as `value`. It is read in `locale`
    first, then in the others: a phone set to English may write `45.5 %` at a French
    table, and the notation reads everything in one convention.
    """
    for convention in (locale, *(other for other in LOCALES if other != locale)):
        try:
            read, kind = _read_text(typed, convention)
        except RuleError:
            continue
        if read == value:
            return " ".join(typed.translate(_SPACES).split()) if kind in SHOWN_AS_TYPED else None
    return None


def shown_answer(value: Decimal, typed: str | None, locale: str = "fr") -> str:
    """An answer as the table shows it: `1h30` or `45 %` as typed, else the number.

    A duration read as minutes (`90`) or a percentage without its sign would no longer
    say what the seat wrote; any other answer is written in `locale`'s convention.
    """
    return shown_among(value, () if typed is None else (typed,), locale)


def shown_among(value: Decimal, typed: Iterable[str | None], locale: str = "fr") -> str:
    """The value several seats wrote, as shown: the first duration or percentage form.

    Equal answers typed differently (`90` and `1h30`) share one tile or case; the first
    form worth keeping names it, else the number in `locale`'s convention.
    """
    for text in typed:
        form = None if text is None else typed_form(value, text, locale)
        if form is not None:
            return form
    return format_answer(value, locale)


def format_answer(value: Decimal, locale: str = "fr") -> str:
    """Write a value back in the locale's convention (`1 234,5` in French).

    `parse_answer(format_answer(v, loc), loc) == v` for every value.
    """
    if not fits(value):  # never from outside (see `bounded`): shown, never written out
        return f"{value:.6E}"
    sign = "-" if value < 0 else ""
    quantum = abs(value).normalize()
    whole_part, _, fraction = f"{quantum:f}".partition(".")
    decimal_mark, separators = _CONVENTIONS[locale]
    thousands = separators[0]
    grouped = f"{int(whole_part):,}".replace(",", thousands) if len(whole_part) > 4 else whole_part
    return f"{sign}{grouped}{decimal_mark + fraction if fraction else ''}"
