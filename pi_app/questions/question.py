"""One question: its text in each language, its true answer with its unit, and where
that answer comes from (source, licence, the date it holds for, the subject's id there).

A question is the same whether it comes from the built-in bank or from a host's pack,
so the game, the phones and the record treat both alike; a pack's question carries
the pack's name in `pack`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

__all__ = ["CATEGORIES", "MAX_DIGITS", "MAX_TEXT", "Question", "QuestionError", "parse_answer"]

from pi_app.i18n import LANGUAGES, N_, Translator
from pi_app.rules.question import MAX_DIGITS, MAX_TEXT, answer_spelling

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

# MAX_TEXT and MAX_DIGITS are the round's own limits (`pi_app.rules.question`): every
# question of the bank or a pack must fit the round that asks it.


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
    if len(text) > MAX_DIGITS + 2:
        raise QuestionError(f"answer of {len(text)} characters: at most {MAX_DIGITS} digits")
    try:
        number = Decimal(text)
    except InvalidOperation:
        raise QuestionError(f"answer {text[:40]!r} is not a number") from None
    if not number.is_finite():
        raise QuestionError(f"answer {text!r} is not a number")
    return number
