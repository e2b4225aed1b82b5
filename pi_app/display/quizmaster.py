"""The box as quizmaster: at a table playing "questions from the box", each round's
question is drawn and played as the round's first action (`question {...}`), so the
journal, the record and every phone have it, and a resumed game asks nothing again.

A game says when its round waits for a question (`GameDeclaration.asks`); the table's
choice (`extras["questions"]`) says from where: the built-in bank, one of its
categories, or one of the host's packs. A question once shown is never drawn again on
this box (the journal remembers), nor one flagged as wrong.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence

from pi_app.i18n import Translator, current_language
from pi_app.questions.question import Question
from pi_app.rules.question import RoundQuestion
from pi_app.table.journal import Journal
from pi_app.table.protocol import GameTable

_ = Translator("display")

CARDS = "cards"
"""The host reads the boxed game's cards: the box asks nothing."""
BOX = "box"
"""Every question of the built-in bank; `box:<category>` one category of it."""
PACK = "pack:"
"""`pack:<name>`: the questions of one of the host's packs."""
SETTING = "questions"
"""The key of the table's choice in its extras, and of the home's option."""


def round_question(question: Question) -> RoundQuestion:
    """A drawn question as the round keeps it."""
    return RoundQuestion(
        id=question.id,
        text=dict(question.text),
        answer=question.answer,
        unit=question.unit,
        source=question.source,
        licence=question.licence,
        as_of=question.as_of,
    )


def notation(question: RoundQuestion) -> str:
    """The action that asks `question` (ASCII JSON: no line separator can break it)."""
    return "question " + json.dumps(question.to_json(), ensure_ascii=True)


class Quizmaster:
    """Draws and asks the questions of the tables playing with the box's questions."""

    def __init__(self, journal: Journal, bank: Callable[[], Sequence[Question]]) -> None:
        self.journal = journal
        self.bank = bank

    def mode(self, table: GameTable) -> str:
        return str(table.extras.get(SETTING, CARDS))

    def pool(self, mode: str) -> tuple[Sequence[Question], set[str] | None]:
        """The questions a mode draws from, and the categories it keeps (None: all)."""
        if mode.startswith(PACK):
            return self.journal.pack_questions(mode.removeprefix(PACK)), None
        category = mode.partition(":")[2]
        return self.bank(), ({category} if category else None)

    def draw(self, table: GameTable) -> Question | None:
        """The question for the table's round: not flagged, not asked on this box."""
        from pi_app.questions.draw import draw

        questions, categories = self.pool(self.mode(table))
        flagged = {flag[0] for flag in self.journal.flagged()}
        asked = self.journal.asked_ids()
        seed = f"{table.game_id}:{table.moves_played}:{len(asked)}"
        return draw(questions, asked, flagged, categories, random.Random(seed), current_language())

    def ask(self, table: GameTable, waits: bool) -> str | None:
        """Ask the round's question if the round `waits` for one; a message when none
        can be asked (an empty pack), None otherwise. A question an Undo took away
        comes back with the Redo of the step before it (a round's question is always
        its first action), never another one."""
        if not waits or self.mode(table) == CARDS:
            return None
        if table.can_redo:
            table.redo()
            return None
        question = self.draw(table)
        if question is None:
            return _("No question left to ask: read one from the cards, or import a pack.")
        table.play(notation(round_question(question)))
        self.journal.mark_asked(question.id, table.game_id)
        return None
