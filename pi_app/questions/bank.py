"""The built-in bank: the questions the generator wrote into the package
(`bank.json.gz`, one JSON object a line, `Question.to_json`'s fields), read once.

The box needs none of the data packages the generator read: only this file.
"""

from __future__ import annotations

import gzip
import json
from functools import cache
from pathlib import Path

from pi_app.questions.question import Question

BANK_FILE = Path(__file__).with_name("bank.json.gz")


def read_bank(path: Path) -> tuple[Question, ...]:
    """Every question of a bank file, in the file's order."""
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        return tuple(Question.from_json(json.loads(line)) for line in lines if line.strip())


@cache
def builtin() -> tuple[Question, ...]:
    """The built-in bank (read on first use, kept)."""
    return read_bank(BANK_FILE)


@cache
def builtin_by_id() -> dict[str, Question]:
    """The built-in questions by their id."""
    return {question.id: question for question in builtin()}
