"""One question: its text in each language, its true answer with its unit, and where
that answer comes from (source, licence, the date it holds for, the subject's id there).

A question is the same whether it comes from the built-in bank or from a host's pack,
so the game, the phones and the record treat both alike; a pack's question carries
the pack's name in `pack`.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from functools import lru_cache
from typing import Any

__all__ = [
    "CATEGORIES",
    "MAX_DIGITS",
    "MAX_FIELD",
    "MAX_ID",
    "MAX_TEXT",
    "UNASKABLE",
    "Question",
    "QuestionError",
    "parse_answer",
    "unseen",
]

from pi_app.i18n import LANGUAGES, N_, Translator
from pi_app.rules.contract import RuleError
from pi_app.rules.question import (
    MAX_ANSWER_CHARS,
    MAX_DIGITS,
    MAX_FIELD,
    MAX_ID,
    MAX_TEXT,
    RoundQuestion,
    answer_spelling,
    written_answer,
)

DOMAIN = "questions"
"""The catalogue of the questions' texts, units and categories."""
_ = Translator(DOMAIN)

CATEGORIES: dict[str, str] = {
    "economy": N_("Economy and society"),
    "arts": N_("Arts and literature"),
    "geography": N_("Geography and nature"),
    "history": N_("History and politics"),
    "popular": N_("Popular culture"),
    "science": N_("Science"),
    "sports": N_("Sports and leisure"),
    "other": N_("Miscellaneous"),
}
"""The boxed game's eight categories (Gambit 7's rulebook, "Autres informations"), by
the key a question and a pack file use."""

# MAX_ID, MAX_TEXT, MAX_FIELD and MAX_DIGITS are the round's own limits
# (`pi_app.rules.question`): every question of the bank or a pack must fit the round
# that asks it, and `Question` refuses one that would not.

UNASKABLE = "box:unaskable"
"""Who flagged a question the box drew and could not ask (the round's rules or the
screen refused it): `tabletop questions flagged` says so."""
SHOWN = frozenset("LNPS")
"""The Unicode categories (by their first letter) of the characters the screen draws
with some width: letters, digits, punctuation, symbols. The others draw nothing or
nothing alone: format characters (U+200B, U+2060, U+FEFF, U+00AD...), combining marks,
spaces, controls."""
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
"""The controls (Cc) and the lone surrogates (Cs): no text holds one."""
_UNSEEN_SHOWN = frozenset("\u115f\u1160\u3164\uffa0\u2800")
"""Letters and symbols that show as blank: the Hangul fillers and the blank braille
pattern."""


class QuestionError(ValueError):
    """A question that cannot be kept: a field missing, an answer not a number..."""


@dataclass(frozen=True)
class Question:
    """A question with a numeric answer, in French, German and English."""

    id: str
    kind: str
    category: str
    text: Mapping[str, str]
    answer: Decimal
    unit: str
    as_of: str
    source: str
    licence: str
    subject: str
    pack: str = ""
    extra: Mapping[str, str] = field(default_factory=dict)
    """Nothing the box needs; kept so an imported line keeps whatever else it said."""

    def __post_init__(self) -> None:
        """Refuse (`QuestionError`) a question the round could not ask or the screen
        could not show, however it came (the bank, a pack, the journal): a field over
        the round's limits, an answer beyond its digits, a text that shows nothing."""
        for name, text in self.shown_fields():
            char = unseen(text)
            if char is not None:
                raise QuestionError(f"{name} holds a word that shows nothing (U+{ord(char):04X})")
        try:
            self.asked()
        except RuleError as error:
            raise QuestionError(error.message("en")) from None

    def shown_fields(self) -> list[tuple[str, str]]:
        """Every field the box or a phone shows, by name: the texts, unit, source,
        licence and date."""
        texts = [(f"text_{lang}", text) for lang, text in self.text.items()]
        named = ("unit", "source", "licence", "as_of")
        return texts + [(name, getattr(self, name)) for name in named]

    def asked(self) -> RoundQuestion:
        """The question as a round keeps it (`RuleError` past the round's limits)."""
        return RoundQuestion(
            id=self.id,
            text=dict(self.text),
            answer=self.answer,
            unit=self.unit,
            source=self.source,
            licence=self.licence,
            as_of=self.as_of,
        )

    def text_in(self, lang: str) -> str:
        """The text in `lang`, or in the first language the question has."""
        if self.text.get(lang):
            return self.text[lang]
        return next(self.text[other] for other in LANGUAGES if self.text.get(other))

    def to_json(self) -> dict[str, Any]:
        """The fields of `tabletop questions list --json` (RECORDS.md's `question`)."""
        data: dict[str, Any] = {
            "id": self.id,
            "kind": self.kind,
            "category": self.category,
            "text": {lang: self.text[lang] for lang in LANGUAGES if lang in self.text},
            "answer": answer_spelling(self.answer),
            "unit": self.unit,
            "as_of": self.as_of,
            "source": self.source,
            "licence": self.licence,
            "subject": self.subject,
        }
        if self.pack:
            data["pack"] = self.pack
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any], pack: str = "") -> Question:
        """A question from `to_json`'s fields; QuestionError says what is wrong."""
        try:
            text = data["text"]
            if not isinstance(text, Mapping):
                raise QuestionError(_("text must map languages to texts"))
            return cls(
                id=str(data["id"]),
                kind=str(data.get("kind", "")),
                category=str(data.get("category", "other")),
                text={str(k): str(v) for k, v in text.items() if v},
                answer=parse_answer(data["answer"]),
                unit=str(data.get("unit", "")),
                as_of=str(data.get("as_of", "")),
                source=str(data.get("source", "")),
                licence=str(data.get("licence", "")),
                subject=str(data.get("subject", "")),
                pack=pack or str(data.get("pack", "")),
            )
        except KeyError as missing:
            raise QuestionError(f"missing field {missing}") from None


def parse_answer(value: object) -> Decimal:
    """An answer as a number: an int, or a text in the notation's spelling (`-12.5`);
    a float is refused (its binary digits are not the source's), so is a number of more
    than MAX_DIGITS digits."""
    if isinstance(value, (bool, float)):
        raise QuestionError(f'answer {value!r}: write it as a text, such as "12.5"')
    text = str(value).strip()
    if len(text) > MAX_ANSWER_CHARS:
        raise QuestionError(f"answer of {len(text)} characters: at most {MAX_DIGITS} digits")
    try:
        return written_answer(text)  # its exponent bounded before it is converted
    except RuleError:
        raise QuestionError(f"answer {text[:40]!r} is not a number of the round") from None


def unseen(text: str) -> str | None:
    """The first character of a word of `text` that shows nothing (None: every word
    shows), or its first control or lone surrogate.

    A word is what the screen wraps as one (between spaces): a word of only format
    characters, marks or blanks draws nothing, and the font refuses to draw a line
    that is only that word ("Text has zero width"). A line break is a control here:
    a question's texts are single lines.
    """
    control = _CONTROL.search(text)
    if control is not None:
        return control.group()
    for word in text.split(" "):
        if word and not any(map(_shows, word)):
            return word[0]
    return None


@lru_cache(maxsize=4096)  # bounded: a hostile pack may hold every character there is
def _shows(char: str) -> bool:
    """Whether the screen draws `char` with some width of ink."""
    return unicodedata.category(char)[0] in SHOWN and char not in _UNSEEN_SHOWN
