"""The question a round asks, as the rules and the game record keep it.

The box can ask each round's question itself (from its built-in bank or a host's
pack) instead of the host reading a card. The round keeps what was asked so a record
says which question each round played, in the texts the players saw, with the true
answer, its unit and its source: the score still comes from the `truth` read at the
table, so a record with or without its questions scores the same.

`RoundQuestion` is a frozen value: it goes into actions and states, which compare and
hash. Everything from outside (the journal, a record, a phone) comes in through
`RoundQuestion.from_json`, and every value is bounded, so no field can make the
journal line, the record or the screen unreasonably large.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any, Protocol, runtime_checkable

from pi_app.i18n import LANGUAGES
from pi_app.rules.contract import RuleError


@runtime_checkable
class AsksQuestions(Protocol):
    """A game whose rounds may start with the box's question: the box's quizmaster asks
    one when `awaits_question(state)` (every other game is never asked one)."""

    def awaits_question(self, state: object) -> bool: ...


MAX_ID = 200
"""The longest id, in characters."""
MAX_TEXT = 400
"""The longest text of the question in one language (what fits the box's screen)."""
MAX_FIELD = 200
"""The longest unit, source, licence or as-of date."""
MAX_DIGITS = 30
"""The most digits an answer may have, written out without an exponent."""
MAX_ANSWER_CHARS = MAX_DIGITS + 2
"""The longest answer string worth reading: the digits, a sign and a decimal point.
Longer strings are refused before any conversion, so a 5,000-digit answer costs
nothing."""

MAX_EXPONENT = MAX_DIGITS + MAX_ANSWER_CHARS
"""The largest exponent, either sign, of an answer written with one (`1.5e3`, a pack's
spelling): beyond it no mantissa short enough to read leaves at most MAX_DIGITS digits.
It is read from the text before any conversion: `0e-999999999` costs nothing."""

MAX_WRITTEN = MAX_ANSWER_CHARS + len(str(MAX_EXPONENT)) + 2
"""The longest answer written with an exponent worth reading: the digits, a sign, a
point, then `e`, the exponent's sign and its digits."""

REQUIRED = ("id", "text", "answer", "unit", "source")
OPTIONAL = ("licence", "as_of")
_NUMBER = re.compile(r"-?[0-9]+(?:\.[0-9]+)?")
"""The notation's spelling of an answer: digits, an optional point, no exponent."""


class Texts(Mapping[str, str]):
    """The question's text by language code, frozen and hashable, in the order of
    `LANGUAGES`, so two questions with the same texts compare and hash alike."""

    __slots__ = ("_pairs",)

    def __init__(self, texts: Mapping[str, str]) -> None:
        self._pairs = tuple((lang, texts[lang]) for lang in LANGUAGES if lang in texts)

    def __getitem__(self, lang: str) -> str:
        for key, text in self._pairs:
            if key == lang:
                return text
        raise KeyError(lang)

    def __iter__(self) -> Iterator[str]:
        return (lang for lang, _text in self._pairs)

    def __len__(self) -> int:
        return len(self._pairs)

    def __hash__(self) -> int:
        return hash(self._pairs)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Texts):
            return self._pairs == other._pairs
        if isinstance(other, Mapping):
            return dict(self._pairs) == dict(other.items())
        return NotImplemented

    def __repr__(self) -> str:
        return f"Texts({dict(self._pairs)!r})"


@dataclass(frozen=True)
class RoundQuestion:
    """The question a round asked: its id, its text as shown in each language, the true
    answer with its unit, and where that answer comes from.

    The constructor checks every value (a `RuleError` otherwise), so any question that
    exists can be written to the journal and read back equal.
    """

    id: str
    text: Mapping[str, str]
    answer: Decimal
    unit: str
    source: str
    licence: str = ""
    as_of: str = ""

    def __post_init__(self) -> None:
        _check_text("id", self.id, MAX_ID)
        if not self.id:
            raise RuleError("The question needs an id.")
        for name in ("unit", "source", "licence", "as_of"):
            _check_text(name, getattr(self, name), MAX_FIELD)
        object.__setattr__(self, "text", _texts(self.text))
        object.__setattr__(self, "answer", bounded_answer(self.answer))

    @property
    def citation(self) -> str:
        """Where the answer comes from, as the box and the phones write it: the source,
        its licence, the date it holds for (those given)."""
        return " · ".join(part for part in (self.source, self.licence, self.as_of) if part)

    def shown_in(self, lang: str) -> str:
        """The language the question is shown in to a reader of `lang`: that one when
        the question has it, else its first (the texts keep LANGUAGES' order)."""
        return lang if lang in self.text else next(iter(self.text))

    def to_json(self) -> dict[str, Any]:
        """The question as a record's round and the journal keep it; licence and as-of
        only when known."""
        data: dict[str, Any] = {
            "id": self.id,
            "text": dict(self.text),
            "answer": answer_spelling(self.answer),
            "unit": self.unit,
            "source": self.source,
        }
        if self.licence:
            data["licence"] = self.licence
        if self.as_of:
            data["as_of"] = self.as_of
        return data

    @classmethod
    def from_json(cls, data: object) -> RoundQuestion:
        """A question from `to_json`'s fields, or `RuleError` saying what is wrong."""
        fields = _fields(data)
        return cls(
            id=fields["id"],
            text=fields["text"],
            answer=read_answer(fields["answer"]),
            unit=fields["unit"],
            source=fields["source"],
            licence=fields.get("licence", ""),
            as_of=fields.get("as_of", ""),
        )


def _fields(data: object) -> Mapping[str, Any]:
    """`data` as an object with every required field and no other than the optional."""
    if not isinstance(data, Mapping):
        raise RuleError("The question must be a JSON object.")
    missing = [name for name in REQUIRED if name not in data]
    if missing:
        raise RuleError("The question has no “{field}”.", field=missing[0])
    unknown = sorted(str(name) for name in data if name not in REQUIRED + OPTIONAL)
    if unknown:
        raise RuleError("The question has an unknown field “{field}”.", field=unknown[0][:40])
    return data


def _check_text(name: str, value: object, limit: int) -> None:
    """Refuse a field that is not text of at most `limit` characters."""
    if not isinstance(value, str) or len(value) > limit:
        raise RuleError(
            "The question's “{field}” must be a text of at most {limit} characters.",
            field=name,
            limit=limit,
        )


def _texts(texts: object) -> Texts:
    """The texts by language: fr, de or en, at least one, each 1 to MAX_TEXT characters."""
    if not isinstance(texts, Mapping) or not texts or any(lang not in LANGUAGES for lang in texts):
        raise RuleError(
            "The question's “text” must give the question in fr, de or en, at least one."
        )
    for lang, text in texts.items():
        if not isinstance(text, str) or not 1 <= len(text) <= MAX_TEXT:
            raise RuleError(
                "The question's text in {lang} must have 1 to {limit} characters.",
                lang=lang,
                limit=MAX_TEXT,
            )
    return texts if isinstance(texts, Texts) else Texts(texts)


def read_answer(value: object) -> Decimal:
    """An answer from JSON: a number (a float read through its shortest spelling, so
    `7.87` stays 7.87) or a string in the notation's spelling (`"-39"`, `"7.87"`)."""
    if isinstance(value, str):
        if len(value) > MAX_ANSWER_CHARS:
            raise _too_many_digits()
        if _NUMBER.fullmatch(value) is None:
            raise _not_a_number()
        return bounded_answer(Decimal(value))
    if isinstance(value, bool) or not isinstance(value, int | float | Decimal):
        raise _not_a_number()
    if isinstance(value, int) and abs(value) >= 10**MAX_DIGITS:
        raise _too_many_digits()
    return bounded_answer(Decimal(repr(value)) if isinstance(value, float) else Decimal(value))


def written_answer(text: str) -> Decimal:
    """An answer a file wrote, with an exponent or not (`-12.5`, `1.5e3`), bounded as the
    round bounds it: its exponent is read and bounded as a short integer before the
    number is converted, so no spelling costs time or memory (`0e-999999999`) or breaks
    the conversion (`0.000e-9999999999999999999999`). The caller checks its spelling
    (this takes what `Decimal` takes, then refuses what is not finite)."""
    if len(text) > MAX_WRITTEN:
        raise _too_many_digits()
    _mantissa, mark, exponent = text.lower().partition("e")
    if mark and not exponent_fits(exponent):
        raise _too_many_digits()
    try:
        number = Decimal(text)
    except InvalidOperation:
        raise _not_a_number() from None
    return bounded_answer(number)


def exponent_fits(exponent: str) -> bool:
    """Whether an exponent's text is an integer of at most MAX_EXPONENT, either sign
    ("" fits: no exponent); read as a short integer, never converted when longer."""
    digits = exponent.removeprefix("+").removeprefix("-").lstrip("0")
    if digits and not (digits.isascii() and digits.isdigit()):
        return False
    return len(digits) <= len(str(MAX_EXPONENT)) and int(digits or "0") <= MAX_EXPONENT


def bounded_answer(value: object) -> Decimal:
    """A finite answer of at most MAX_DIGITS digits, in the form its spelling reads
    back to (`7.870` is kept as `7.87`), so a question read back is the same value."""
    if not isinstance(value, Decimal) or not value.is_finite():
        raise _not_a_number()
    if not -MAX_DIGITS <= value.adjusted() < MAX_DIGITS:
        raise _too_many_digits()
    spelling = answer_spelling(value)
    if sum(char.isdigit() for char in spelling) > MAX_DIGITS:
        raise _too_many_digits()
    return Decimal(spelling)


def answer_spelling(value: Decimal) -> str:
    """An answer in the notation's spelling: no exponent, no trailing zeros, no `-0`."""
    text = f"{value:f}"  # exact: `normalize` would round to the context's 28 digits
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _not_a_number() -> RuleError:
    return RuleError("The question's answer must be a number, such as 7.87 or -39.")


def _too_many_digits() -> RuleError:
    return RuleError("The question's answer has more than {limit} digits.", limit=MAX_DIGITS)


__all__ = [
    "RoundQuestion",
    "Texts",
    "answer_spelling",
    "bounded_answer",
    "exponent_fits",
    "read_answer",
    "written_answer",
]
