"""`tabletop questions build`: the built-in bank, generated from the pinned data
packages (`pip install -e '.[questions]'`) and written as package data
(`pi_app/questions/bank.json.gz`), so the box needs none of those packages.

Every question's texts are the `questions` catalogue's messages in French, German and
English, filled with names from CLDR in that language; no two questions share an id
or a text. The same packages give the same file, byte for byte.
"""

from __future__ import annotations

import gzip
import io
import json
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

from pi_app.i18n import LANGUAGES, translate
from pi_app.questions.bank import BANK_FILE
from pi_app.questions.generator.facts import Fact
from pi_app.questions.question import Question


def facts() -> Iterator[Fact]:
    """Every fact of every kind, in a fixed order."""
    from pi_app.questions.generator import cldr, elements, places

    yield from places.country_facts()
    found = places.cities()
    yield from places.city_facts(found)
    yield from places.distance_facts(found)
    yield from elements.element_facts()
    yield from cldr.currency_facts()
    yield from cldr.language_facts()


def question(fact: Fact) -> Question:
    """A fact asked in the three languages."""
    text = {
        lang: translate(fact.template, "questions", lang).format(**fact.names[lang])
        for lang in LANGUAGES
    }
    return Question(
        id=f"{fact.kind}:{fact.key}",
        kind=fact.kind,
        category=fact.category,
        text=text,
        answer=fact.answer,
        unit=fact.unit,
        as_of=fact.source.released,
        source=fact.source.source,
        licence=fact.source.licence,
        subject=fact.subject,
    )


def distinct(questions: Iterable[Question]) -> list[Question]:
    """The questions less any whose id or whose text in some language an earlier one
    already has (two zones of one city, two names alike): no two questions alike."""
    kept, ids = [], set()
    texts: dict[str, set[str]] = {lang: set() for lang in LANGUAGES}
    for q in questions:
        said = {lang: q.text[lang].casefold() for lang in LANGUAGES}
        if q.id in ids or any(said[lang] in texts[lang] for lang in LANGUAGES):
            continue
        ids.add(q.id)
        for lang in LANGUAGES:
            texts[lang].add(said[lang])
        kept.append(q)
    return kept


def build() -> list[Question]:
    """The whole bank, from the installed (pinned) data packages."""
    from pi_app.questions.generator.sources import check_versions

    check_versions()
    return distinct(question(fact) for fact in facts())


def bank_bytes(questions: Iterable[Question]) -> bytes:
    """The bank file's bytes: gzip (no time stamp) of one JSON object a line."""
    lines = "".join(
        json.dumps(q.to_json(), ensure_ascii=False, separators=(",", ":")) + "\n" for q in questions
    )
    out = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=out, mtime=0) as packed:
        packed.write(lines.encode("utf-8"))
    return out.getvalue()


def run_build(output: Path | None) -> int:
    """Write the bank; print how many questions it holds."""
    from pi_app.questions.generator.sources import WrongVersion

    try:
        questions = build()
    except WrongVersion as error:
        print(error, file=sys.stderr)
        return 2
    target = output or BANK_FILE
    target.write_bytes(bank_bytes(questions))
    print(f"{len(questions)} questions -> {target}")
    return 0
