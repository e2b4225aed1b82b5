"""The box as quizmaster: at a table playing "questions from the box", each round's
question is drawn and played as the round's first action (`question {...}`), so the
journal, the record and every phone have it, and a resumed game asks nothing again.

The quizmaster is a listener of the table (`Asking`): whatever moved a round on to its
start (a tap, a phone, the bell of a box without a screen, a redo, a game resumed),
it asks the question through the core's door, as the quizmaster, so the question is
told to every part like any other act.

A game's rules say when its round waits for a question (`AsksQuestions`); the table's
choice (`extras["questions"]`) says from where: the built-in bank, one of its
categories, or one of the host's packs. A question once shown is never drawn again on
this box (the journal remembers), nor one flagged as wrong.
"""

from __future__ import annotations

import json
import logging
import random
from collections.abc import Callable, Sequence
from typing import TypeVar, cast

from pi_app.box.actors import QUIZMASTER
from pi_app.box.acts import Act, Done, Play, Redo
from pi_app.box.changes import Change, Played, Redone, Seated
from pi_app.i18n import N_, Translator, current_language
from pi_app.questions.kept import pack_questions
from pi_app.questions.question import UNASKABLE, Question
from pi_app.rules.contract import Declares
from pi_app.rules.question import AsksQuestions, RoundQuestion
from pi_app.table import JournalError
from pi_app.table.journal import Journal
from pi_app.table.protocol import GameTable

_ = Translator("display")
log = logging.getLogger(__name__)
T = TypeVar("T")

CARDS = "cards"
"""The host reads the boxed game's cards: the box asks nothing."""
BOX = "box"
"""Every question of the built-in bank; `box:<category>` one category of it."""
PACK = "pack:"
"""`pack:<name>`: the questions of one of the host's packs."""
SETTING = "questions"
"""The key of the table's choice in its extras, and of the home's option."""


MAX_DRAWS = 20
"""The most questions drawn for one round when each fails to be asked: past them the
round waits for a card (a pack of nothing but broken questions must not hold the box
up drawing them all)."""

Probe = Callable[[RoundQuestion], None]
"""A check, from the part that shows the question, that it can show it: it raises
when it cannot (the display draws the question's cards off screen)."""


def round_question(question: Question) -> RoundQuestion:
    """A drawn question as the round keeps it."""
    return question.asked()


def notation(question: RoundQuestion) -> str:
    """The action that asks `question` (ASCII JSON: no line separator can break it)."""
    return "question " + json.dumps(question.to_json(), ensure_ascii=True)


class Quizmaster:
    """Draws and asks the questions of the tables playing with the box's questions."""

    def __init__(
        self,
        journal: Journal,
        bank: Callable[[], Sequence[Question]],
        probe: Probe | None = None,
    ) -> None:
        self.journal = journal
        self.bank = bank
        self.probe = probe
        """The display's check that it can show a question (None: nothing shows it)."""
        self.asked: set[str] = journal_or(journal.questions.asked_ids, set())
        """The questions asked on this box, read once: a round's draw never waits on
        the journal (its reads wait for its queued writes), the journal is written."""
        self.flagged: set[str] = {
            row[0] for row in journal_or(journal.questions.flagged, list[tuple[str, float, str]]())
        }
        self._packs: dict[str, Sequence[Question]] = {}
        """Each pack's questions, read at its first round (forgotten when the packs
        change: `box.packs`)."""

    def forget_packs(self) -> None:
        """The packs changed: each is read again at its next round."""
        self._packs.clear()

    def mode(self, table: GameTable) -> str:
        return str(table.extras.get(SETTING, CARDS))

    def pool(self, mode: str) -> tuple[Sequence[Question], set[str] | None]:
        """The questions a mode draws from, and the categories it keeps (None: all)."""
        if mode.startswith(PACK):
            name = mode.removeprefix(PACK)
            if name not in self._packs:
                self._packs[name] = journal_or(
                    lambda: pack_questions(self.journal.questions, name), list[Question]()
                )
            return self._packs[name], None
        category = mode.partition(":")[2]
        return self.bank(), ({category} if category else None)

    def draw(self, table: GameTable) -> Question | None:
        """The question for the table's round: not flagged, not asked on this box."""
        from pi_app.questions.draw import draw

        questions, categories = self.pool(self.mode(table))
        seed = f"{table.game_id}:{table.moves_played}:{len(self.asked)}"
        return draw(
            questions, self.asked, self.flagged, categories, random.Random(seed), current_language()
        )

    def flag(self, question_id: str, by: str) -> None:
        """A question found wrong (by the box or a phone): kept, and never drawn again."""
        self.journal.questions.flag(question_id, by)
        self.flagged.add(question_id)

    def next_question(self, table: GameTable) -> RoundQuestion | None:
        """The question for the round at `table`: drawn until one can be asked (at most
        `MAX_DRAWS`); None when none is left."""
        for _draw in range(MAX_DRAWS):
            question = self.draw(table)
            if question is None:
                return None
            asked = self._askable(question)
            if asked is not None:
                return asked
        return None

    def mark_asked(self, question_id: str, game_id: int) -> None:
        """A question was asked at a table: never drawn again on this box."""
        self.journal.questions.mark_asked(question_id, game_id)
        self.asked.add(question_id)

    def _askable(self, question: Question) -> RoundQuestion | None:
        """The question as the round keeps it, or None when it cannot be asked (the
        round's rules or the screen refuse it): then it counts as flagged, so the round
        draws another and no round asks it again, and the host can read why with
        `tabletop questions flagged`."""
        try:
            asked = round_question(question)
            if self.probe is not None:
                self.probe(asked)
        except Exception:  # any fault of a question is the question's, never the round's
            log.exception("the question %s cannot be asked; it is flagged", question.id)
            self.flag(question.id, UNASKABLE)
            return None
        return asked


def awaited(table: GameTable) -> bool:
    """Whether the round at `table` waits for the box's question, as its game's rules
    say (`rules.question.AsksQuestions`); a game without questions never waits."""
    return awaits(table.game, table.state)


_ASKS = Declares(AsksQuestions)


def awaits(game: object, state: object) -> bool:
    """Whether `state`'s round waits for a question, as `game`'s rules say."""
    return _ASKS(game) and cast(AsksQuestions, game).awaits_question(state)


def journal_or(read: Callable[[], T], otherwise: T) -> T:
    """What the journal says, or `otherwise` when it cannot say (the box plays on with
    its bank; the fault is logged)."""
    try:
        return read()
    except (JournalError, OSError, RuntimeError):
        log.exception("the journal cannot say what the questions need")
        return otherwise


NO_QUESTION_LEFT = N_("No question left to ask: read one from the cards, or import a pack.")


class Asking:
    """Asks the round's question at the table when the round waits for one."""

    def __init__(
        self,
        quizmaster: Quizmaster,
        at_table: Callable[[], GameTable | None],
        act: Callable[[Act], Done],
        say: Callable[[str, bool], None],
    ) -> None:
        self.quizmaster, self.at_table, self.act, self.say = quizmaster, at_table, act, say

    def changed(self, change: Change) -> None:
        """After an action, a redo or a game seated: its round may wait for a question
        (an undo never asks: it would only put back what was taken away)."""
        if isinstance(change, Played | Redone | Seated) and change.table is self.at_table():
            self.ask()

    def ask(self) -> None:
        """The round's question, where the table plays with the box's questions and the
        round waits for one. A question an Undo took away comes back with the Redo of
        the step before it (a round's question is always its first action), never
        another one."""
        table = self.at_table()
        if table is None or not awaited(table) or self.quizmaster.mode(table) == CARDS:
            return
        if table.can_redo:
            self.act(Redo(by=QUIZMASTER))
            return
        question = self.quizmaster.next_question(table)
        if question is None:
            self.say(_(NO_QUESTION_LEFT), True)
            return
        if self.act(Play(notation(question), by=QUIZMASTER)).ok:
            self.quizmaster.mark_asked(question.id, table.game_id)
