"""What the quiz games (Gambit 7, Quitte ou Double) say alike: the box's question, all
answers in, the true answer with its source, and who won the round."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from pi_app.box.changes import TableChange
from pi_app.effects.voice.words import ALL_IN, Line, question_line, round_line, said, truth_line
from pi_app.rules.moments import QUESTION, SCORED
from pi_app.rules.question import RoundQuestion


@dataclass(frozen=True)
class Scored:
    """A round paid: its true answer, the box's question (None: a card was read), and
    each seat's gain."""

    truth: Decimal
    question: RoundQuestion | None
    gains: Sequence[tuple[str, int]]


def quiz_lines(
    change: TableChange,
    lang: str,
    asked: RoundQuestion | None,
    all_in: bool,
    scored: Scored | None,
) -> list[Line]:
    """The lines of a quiz game's change: `asked` is the round's question after it,
    `all_in` whether the change laid the last answer, `scored` the round it paid."""
    found: list[Line] = []
    if QUESTION in change.moments and asked is not None:
        found.append(question_line(asked, lang))
    if all_in:
        found.append(said("all-in", ALL_IN, lang))
    if SCORED in change.moments and scored is not None:
        found.append(truth_line(scored.truth, scored.question, lang))
        won = round_line(scored.gains, lang)
        found += [] if won is None else [won]
    return found


def truth_ahead(change: TableChange, lang: str, asked: RoundQuestion | None) -> list[Line]:
    """When the box asks its question, the true answer it will say at the payout."""
    if QUESTION not in change.moments or asked is None:
        return []
    return [truth_line(asked.answer, asked, lang)]
