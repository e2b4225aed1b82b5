"""The host's packs as the journal keeps them, made `Question`s again.

The journal stores plain data (`journal.questions`, `pi_app.table.question_rows`): a
question as the JSON object of `Question.to_json`. Turning it into a `Question` and back
is done here, on the questions' side, so the table package never imports this one:
the questions use the journal, the journal knows nothing of questions.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from pi_app import bounded
from pi_app.questions.question import Question
from pi_app.table.question_rows import QuestionRows

log = logging.getLogger(__name__)


def replace_pack(rows: QuestionRows, name: str, questions: Sequence[Question]) -> int:
    """Put a host's pack in place of the pack of the same name (none: remove it), as
    `QuestionRows.replace_pack` queues it; the journal's ticket of the write."""
    return rows.replace_pack(name, [question.to_json() for question in questions])


def pack_questions(rows: QuestionRows, pack: str | None = None) -> list[Question]:
    """One pack's questions (every pack's when `pack` is None), each pack in its
    file's order; a question that cannot be read is left out."""
    found = rows.pack_rows(pack)
    return [question for row in found if (question := _pack_question(*row)) is not None]


def _pack_question(pack: str, text: str) -> Question | None:
    """A stored pack question, or None (logged) when it cannot be read."""
    try:
        return Question.from_json(bounded.loads(text), pack=str(pack))
    except (ValueError, TypeError, RecursionError) as error:
        log.warning("a question of the pack %s cannot be read (%s); it is left out", pack, error)
        return None
