"""Gambit 7's round question: the `question` action, its phase, undo, and the record."""

from __future__ import annotations

import copy
import json
import random
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings

from pi_app.rules.contract import RuleError
from pi_app.rules.gambit7.actions import (
    Action,
    Answer,
    Ask,
    CloseBets,
    NextRound,
    PlaceBet,
    Reveal,
    Truth,
)
from pi_app.rules.gambit7.game import GAME, Gambit7State
from pi_app.rules.gambit7.record import export, play_record, replay
from pi_app.rules.gambit7.state import Phase
from pi_app.rules.question import RoundQuestion
from pi_app.table.journal import Journal
from pi_app.table.table import Table
from tests.journals import reopen
from tests.rules.questions import questions, sample, sample_json

SEATS = ("Rouge", "Jaune", "Vert")
ANSWERS = {"Rouge": "28", "Jaune": "25", "Vert": "23"}


def play(state: Gambit7State, *actions: Action) -> Gambit7State:
    for action in actions:
        state = GAME.apply(state, action)
    return state


def start() -> Gambit7State:
    return GAME.new_game(SEATS, {}, random.Random(0))


def a_round(truth: str = "27", question: RoundQuestion | None = None) -> list[Action]:
    """One whole round, asked by the box when `question` is given."""
    asked: list[Action] = [] if question is None else [Ask(question)]
    answers = [Answer(seat, Decimal(value)) for seat, value in ANSWERS.items()]
    bets = [PlaceBet("Rouge", (Decimal(25), Decimal(25))), PlaceBet("Vert", (), Decimal(28))]
    return [*asked, *answers, Reveal(), *bets, CloseBets(), Truth(Decimal(truth))]


def refused(state: Gambit7State, action: Action, words: str) -> None:
    """`action` is refused in English with `words`, translated, and changes nothing."""
    before = copy.deepcopy(state)
    with pytest.raises(RuleError) as caught:
        GAME.apply(state, action)
    assert words in caught.value.message("en")
    assert caught.value.message("fr") != caught.value.message("en")
    assert state == before


@settings(max_examples=200, deadline=None)
@given(questions)
def test_the_question_notation_round_trips_on_one_line(question: RoundQuestion) -> None:
    text = GAME.format_action(Ask(question))
    assert text.startswith("question {")
    assert len(text.splitlines()) == 1
    assert GAME.parse_action(text) == Ask(question)
    assert GAME.format_action(GAME.parse_action(text)) == text


def test_the_notation_is_the_question_s_json() -> None:
    text = GAME.format_action(Ask(sample()))
    assert json.loads(text.removeprefix("question ")) == sample().to_json()
    typed = (
        'question {"id": "q", "text": {"en": "How hot?"}, "answer": -39.5, '
        '"unit": "celsius", "source": "s"}'
    )
    assert GAME.parse_action(typed) == Ask(
        RoundQuestion("q", {"en": "How hot?"}, Decimal("-39.5"), "celsius", "s")
    )


LONG_ANSWER = json.dumps({**sample_json(), "answer": 0}).replace(
    '"answer": 0', '"answer": ' + "7" * 5000
)
"""The sample question with a 5,000-digit answer written as a JSON number."""


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("question", "Cannot read the action"),
        ('question {"id": "q"', "Cannot read the action"),
        ('question {"id": "q"} 3', "Cannot read the action"),
        ('question {"id": "q"}', "has no “text”"),
        ("question " + LONG_ANSWER, "more than 30 digits"),
    ],
)
def test_bad_question_notation_is_refused(text: str, words: str) -> None:
    with pytest.raises(RuleError) as caught:
        GAME.parse_action(text)
    assert words in caught.value.message("en")


def test_the_round_keeps_its_question_and_scores_as_without_it() -> None:
    assert start().current.question is None
    asked = play(start(), Answer("Rouge", Decimal(3)), Ask(sample()))  # after an answer too
    assert asked.current.question == sample() and asked.current.number == 1
    played = play(start(), *a_round(question=sample()))
    plain = play(start(), *a_round())
    assert played.scores == plain.scores != (0, 0, 0)
    assert played.current.question == sample() and played.current.phase is Phase.SCORED
    assert played.history[0].question == sample() and plain.history[0].question is None
    after = play(played, NextRound())
    assert after.current.question is None and after.history[0].question == sample()
    assert play(after, Ask(sample(2))).current.question == sample(2)


def test_the_question_comes_before_the_reveal() -> None:
    state = start()
    for action in a_round():
        if isinstance(action, Reveal):
            break
        state = GAME.apply(state, action)
    state = GAME.apply(state, Reveal())
    refused(state, Ask(sample()), "asked before the answers are revealed")
    state = play(state, CloseBets())
    refused(state, Ask(sample()), "question of round 1 is asked before")
    state = play(state, Truth(Decimal(27)))
    refused(state, Ask(sample()), "question of round 1 is asked before")


def test_a_round_has_one_question() -> None:
    state = play(start(), Ask(sample()))
    refused(state, Ask(sample(2)), "Round 1 already has its question")
    refused(state, Ask(sample()), "Round 1 already has its question")


def test_undo_takes_the_question_back(tmp_path: Path) -> None:
    table = Table.new(Journal(tmp_path / "j.sqlite3"), "gambit7", SEATS, seed=1)
    table.play(Ask(sample()))
    assert table.state.current.question == sample()
    table.undo()
    assert table.state.current.question is None
    table.play(Ask(sample(2)))  # another question, now that the first is taken back
    with pytest.raises(RuleError):
        table.play(Ask(sample(3)))
    resumed = Table.resume(reopen(table))
    assert resumed is not None and resumed.state.current.question == sample(2)


def _game(asked: set[int]) -> Gambit7State:
    """Three scored rounds, the box asking the question of the rounds in `asked`."""
    state = start()
    for number in (1, 2, 3):
        if number > 1:
            state = GAME.apply(state, NextRound())
        question = sample(number, f"{number}.5") if number in asked else None
        state = play(state, *a_round(str(20 + number), question))
    return state


@pytest.mark.parametrize("asked", [set(), {2}, {1, 2, 3}])
def test_the_record_round_trips_with_and_without_questions(asked: set[int]) -> None:
    state = _game(asked)
    record = export(state)
    rounds = record["rounds"]
    assert [number for number, r in enumerate(rounds, 1) if "question" in r] == sorted(asked)
    for number in asked:
        assert rounds[number - 1]["question"] == sample(number, f"{number}.5").to_json()
    text = json.dumps(record, ensure_ascii=False)
    again = play_record(json.loads(text))
    assert export(again) == record
    assert [r.question for r in again.history] == [r.question for r in state.history]
    assert replay(json.loads(text)) == replay(export(_game(set())))


def test_the_table_exports_the_questions(tmp_path: Path) -> None:
    table = Table.new(Journal(tmp_path / "j.sqlite3"), "gambit7", SEATS, seed=1)
    for action in a_round(question=sample()):
        table.play(action)
    record = table.export()
    assert record["rounds"][0]["question"] == sample().to_json()
    assert replay(record)["scores"] == dict(zip(SEATS, table.state.scores, strict=True))
