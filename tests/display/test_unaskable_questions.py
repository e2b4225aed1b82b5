"""A question the box cannot ask never holds up a round (issue 37): one the round's
rules refuse (a pack stored before the import knew the round's limits), or one the
screen fails to draw, counts as flagged and the round draws another; a round never
starts without its question while one can be asked, and never gets one once answered."""

from __future__ import annotations

import json
import sqlite3
from typing import Any

import pygame
import pytest

from pi_app.display.scene import NewGame, Play
from pi_app.questions.question import UNASKABLE, Question
from pi_app.rules.question import RoundQuestion

SEATS = ("Alice", "Bruno", "Chloé")
PACK = {"questions": "pack:quiz"}


def _item(number: int, **fields: str) -> dict[str, Any]:
    return {
        "id": f"pack:quiz:{number}",
        "text": {"fr": f"Question {number} ?"},
        "answer": str(number),
        "unit": "",
        "source": "Le club",
        **fields,
    }


def _store(app: Any, *items: dict[str, Any]) -> None:
    """Write the pack's questions straight into the journal's table, as an older box's
    import did (without today's limits), and let the box read its packs again."""
    app.journal.flush()
    with sqlite3.connect(app.journal.path) as db:
        db.execute("DELETE FROM pack_questions WHERE pack='quiz'")
        db.executemany(
            "INSERT INTO pack_questions (pack, id, question) VALUES ('quiz', ?, ?)",
            [(item["id"], json.dumps(item)) for item in items],
        )
    app.session.quizmaster.forget_packs()


def _asked(app: Any) -> RoundQuestion | None:
    question: RoundQuestion | None = app.table.state.current.question
    return question


def test_a_stored_question_over_the_rounds_limits_is_never_drawn(app_factory: Any) -> None:
    app = app_factory()
    _store(app, _item(1, unit="m" * 400), _item(2, source="s" * 400), _item(3))
    for _game in range(3):  # it would come back every round, the round starting empty
        app.execute(NewGame("gambit7", SEATS, {}, extras=PACK))
        app.step([])
        asked = _asked(app)
        assert asked is not None and asked.id == "pack:quiz:3"


def test_a_question_the_screen_cannot_draw_is_flagged_and_another_drawn(
    app_factory: Any,
) -> None:
    app = app_factory()
    _store(app, _item(1), _item(2))
    probe = app.session.quizmaster.probe
    failed: list[str] = []

    def failing(question: RoundQuestion) -> None:
        if not failed:  # the first drawn fails as a font would ("Text has zero width")
            failed.append(question.id)
            raise pygame.error("Text has zero width")
        probe(question)

    app.session.quizmaster.probe = failing
    app.execute(NewGame("gambit7", SEATS, {}, extras=PACK))
    app.step([])
    asked = _asked(app)
    assert failed and asked is not None and asked.id != failed[0]
    app.journal.flush()
    assert (failed[0], UNASKABLE) in [(qid, by) for qid, _at, by in app.journal.questions.flagged()]
    assert failed[0] not in app.journal.questions.asked_ids()


def test_the_real_probe_draws_both_cards_of_every_size(app_factory: Any) -> None:
    question = Question.from_json(_item(7, unit="pattes", as_of="2024"), pack="quiz")
    for size in ("480x320", "800x480"):
        app = app_factory(size=size)
        app.session.quizmaster.probe(question.asked())  # draws, raises nothing


@pytest.mark.parametrize("game", ["gambit7", "quitte-ou-double"])
def test_a_round_answered_from_a_card_never_gets_a_question(app_factory: Any, game: str) -> None:
    """Nothing to ask when the round began (every question broken), then a good one
    arrives: the round already answered keeps its card, the next round asks."""
    app = app_factory()
    _store(app, _item(1, unit="m" * 400))
    app.execute(NewGame(game, SEATS, {}, extras=PACK))
    app.step([])
    assert _asked(app) is None
    locale = " fr" if game == "gambit7" else ""
    app.execute(Play(f'answer "Alice" 10{locale}'))
    _store(app, _item(2))  # a good question now: each action looks for one to ask
    app.execute(Play(f'answer "Bruno" 20{locale}'))
    app.step([])
    assert _asked(app) is None
