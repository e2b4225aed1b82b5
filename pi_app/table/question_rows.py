"""The journal's part that keeps the questions' rows: the host's packs, the questions
asked on this box (the draw skips them) and those flagged as wrong.

It is `journal.questions`, apart from the games (`Journal`), because only the questions
read it. It holds plain data: a pack's question goes in as the JSON object of
`Question.to_json` and comes out as that JSON text, with its pack's name; making it a
`Question` again is the questions package's (`pi_app.questions.kept`), so this
package never imports that one. It shares the journal's one connection and writer.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from pi_app.table.rows import Read, is_number
from pi_app.table.writer import Writer

PACK_NAMES = "SELECT DISTINCT pack FROM pack_questions ORDER BY pack"


class QuestionRows:
    """The packs', asked and flagged questions of one journal, as plain data."""

    def __init__(self, read: Read, writer: Writer, clock: Callable[[], float]) -> None:
        self._read = read
        self._writer = writer
        self._clock = clock

    def replace_pack(self, name: str, questions: Sequence[dict[str, Any]]) -> int:
        """Put a host's pack, each question as its JSON object, in place of the pack of
        the same name (none: remove it).

        Two queued statements, not one a question: a 20,000-question pack is two
        writes. The old questions go first, so a pulled plug between the two commits
        can leave the pack empty (import it again), never half old and half new.
        Returns the ticket of the second write (on disk: the whole pack is).
        """
        rows = json.dumps(list(questions))
        self._writer.submit("DELETE FROM pack_questions WHERE pack=?", (name,))
        return self._writer.submit(
            "INSERT INTO pack_questions (pack, id, question) "
            "SELECT ?, json_extract(value, '$.id'), value FROM json_each(?) WHERE true "
            "ON CONFLICT (pack, id) DO UPDATE SET question=excluded.question",
            (name, rows),
        )

    def pack_names(self) -> list[str]:
        """The imported packs' names, in alphabetical order."""
        return [str(row[0]) for row in self._read(PACK_NAMES)]

    def pack_rows(self, pack: str | None = None) -> list[tuple[Any, ...]]:
        """One pack's questions (every pack's when `pack` is None) as (pack, JSON text)
        rows, each pack in its file's order, as stored: a damaged row may hold any
        value, which the reader of the question refuses."""
        where = "" if pack is None else "WHERE pack=?"
        return self._read(
            f"SELECT pack, question FROM pack_questions {where} ORDER BY pack, rowid",
            () if pack is None else (pack,),
        )

    def mark_asked(self, question_id: str, game_id: int) -> None:
        """Remember that a question was asked in a game, so the draw skips it later."""
        self._writer.submit(
            "INSERT INTO asked_questions (id, game_id, at) VALUES (?, ?, ?)",
            (question_id, game_id, self._clock()),
        )

    def asked_ids(self) -> set[str]:
        """Every question ever asked on this box (what the draw avoids)."""
        return {str(row[0]) for row in self._read("SELECT DISTINCT id FROM asked_questions")}

    def flag(self, question_id: str, by: str) -> None:
        """Mark a question as wrong, by "box" or "phone:<name>"; a second flag of the
        same question keeps the first (its time and who)."""
        self._writer.submit(
            "INSERT INTO flagged_questions (id, at, by) VALUES (?, ?, ?) "
            "ON CONFLICT (id) DO NOTHING",
            (question_id, self._clock(), by),
        )

    def flagged(self) -> list[tuple[str, float, str]]:
        """The flagged questions as (id, when, by whom), the first flagged first."""
        rows = self._read("SELECT id, at, by FROM flagged_questions ORDER BY at, id")
        return [(str(qid), float(at), str(by)) for qid, at, by in rows if is_number(at)]
