"""A fact before it is a question: what is asked (a message of the `questions`
catalogue), the names it is asked about in each language, the answer and where it
comes from. `generate` turns each into a `Question` with its three texts."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal

from pi_app.questions.generator.sources import Source


@dataclass(frozen=True)
class Fact:
    """One numeric fact about a subject, ready to be asked in each language."""

    kind: str
    category: str
    key: str
    """What makes the fact unique within its kind (`DE`, `Fe`, `IE-EUR`): the id's tail."""
    template: str
    """The question, an English message of the `questions` catalogue with {names}."""
    names: Mapping[str, Mapping[str, str]]
    """Per language, the values of the template's names (from a data source tagged with
    that language: CLDR's `Allemagne`, `Deutschland`, `Germany`)."""
    answer: Decimal
    unit: str
    source: Source
    subject: str
    """The subject's identifier in the source: `geonames:2921044`, `element:Fe`..."""
    computed: str = ""
    """How the answer was computed from the source, when it is not read from it."""
