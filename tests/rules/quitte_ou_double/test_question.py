"""Quitte ou Double's round question: the `question` action, its phase, undo, and the
record."""

from __future__ import annotations

import copy
import json
import random
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings

from pi_app.rules.contract import RuleError
from pi_app.rules.question import RoundQuestion
from pi_app.rules.quitte_ou_double.actions import (
    Action,
    Answer,
    Ask,
    Bet,
    CloseBets,
    NextRound,
    Reveal,
    Stake,
    Truth,
    format_action,
    parse_action,
)
from pi_app.rules.quitte_ou_double.game import GAME
from pi_app.rules.quitte_ou_double.record import export, play_record, replay
from pi_app.rules.quitte_ou_double.scoring import Place
from pi_app.rules.quitte_ou_double.state import ANSWERS, PAID, QodState
from pi_app.table.journal import Journal
from pi_app.table.table import Table
from tests.journals import reopen
from tests.rules.questions import questions, sample, sample_json

TEAMS = ("Jaune", "Rouge", "Bleu")
D = Decimal


def start(**options: object) -> QodState:
    state: QodState = GAME.new_game(list(TEAMS), options, random.Random(0))
    return state


def play(state: QodState, *actions: Action) -> QodState:
    for action in actions:
        state = GAME.apply(state, action)
    return state


def a_round(truth: int = 175, question: RoundQuestion | None = None) -> list[Action]:
    """One whole round (tiles 100, 125, 187), asked by the box when `question` is given."""
    asked: list[Action] = [] if question is None else [Ask(question)]
    tiles = [Answer(team, D(value)) for team, value in zip(TEAMS, (100, 125, 187), strict=True)]
    bets = [Bet("Jaune", Place(D(125), D(187))), Bet("Rouge", Place(None, D(100)))]
    return [*asked, *tiles, Reveal(), *bets, Truth(D(truth))]


def refused(state: QodState, action: Action, words: str) -> None:
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
    text = format_action(Ask(question))
    assert text.startswith("question {")
    assert len(text.splitlines()) == 1
    assert parse_action(text) == Ask(question)
    assert format_action(parse_action(text)) == text


def test_the_notation_is_the_question_s_json() -> None:
    text = format_action(Ask(sample()))
    assert json.loads(text.removeprefix("question ")) == sample().to_json()
    typed = (
        'question {"id": "q", "text": {"de": "Wie kalt?"}, "answer": "-39", '
        '"unit": "celsius", "source": "s", "as_of": "2026"}'
    )
    assert parse_action(typed) == Ask(
        RoundQuestion("q", {"de": "Wie kalt?"}, D(-39), "celsius", "s", as_of="2026")
    )


LONG_ANSWER = json.dumps({**sample_json(), "answer": 0}).replace(
    '"answer": 0', '"answer": ' + "7" * 5000
)
"""The sample question with a 5,000-digit answer written as a JSON number."""


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("question", "a question is written as one JSON object"),
        ('question {"id": "q"', "a question is written as one JSON object"),
        ('question {"id": "q"} 3', "a question is written as one JSON object"),
        ('question ["id"]', "must be a JSON object"),
        ('question {"id": "q"}', "has no “text”"),
        ("question " + LONG_ANSWER, "more than 30 digits"),
        ("ask {}", "expected question, answer, reveal"),
    ],
)
def test_bad_question_notation_is_refused(text: str, words: str) -> None:
    with pytest.raises(RuleError) as caught:
        parse_action(text)
    assert words in caught.value.message("en")
    assert caught.value.message("fr") != caught.value.message("en")


def test_the_round_keeps_its_question_and_pays_as_without_it() -> None:
    assert start().current.question is None
    asked = play(start(), Answer("Jaune", D(3)), Ask(sample()))  # after a tile too
    assert asked.current.question == sample() and asked.phase == ANSWERS
    played = play(start(), *a_round(question=sample()))
    plain = play(start(), *a_round())
    assert played.scores == plain.scores != (0, 0, 0)
    assert played.phase == PAID and played.current.question == sample()
    after = play(played, NextRound())
    assert after.current.question is None and after.rounds[0].question == sample()
    assert play(after, Ask(sample(2))).current.question == sample(2)


def test_the_question_comes_before_the_tiles_are_turned_up() -> None:
    laid = play(start(), *a_round()[:3])
    assert play(laid, Ask(sample())).current.question == sample()  # all laid, not turned up
    state = play(laid, Reveal())
    refused(state, Ask(sample()), "asked before the tiles are turned up")
    state = play(state, CloseBets())
    refused(state, Ask(sample()), "question of round 1 is asked before")
    state = play(state, Truth(D(175)))
    refused(state, Ask(sample()), "question of round 1 is asked before")


def test_a_round_has_one_question() -> None:
    state = play(start(), Ask(sample()))
    refused(state, Ask(sample(2)), "Round 1 already has its question")
    refused(state, Ask(sample()), "Round 1 already has its question")


def test_undo_takes_the_question_back(tmp_path: Path) -> None:
    table = Table.new(Journal(tmp_path / "j.sqlite3"), "quitte-ou-double", list(TEAMS), seed=1)
    table.play(Ask(sample()))
    assert table.state.current.question == sample()
    table.undo()
    assert table.state.current.question is None
    table.play(Ask(sample(2)))  # another question, now that the first is taken back
    with pytest.raises(RuleError):
        table.play(Ask(sample(3)))
    resumed = Table.resume(reopen(table))
    assert resumed is not None and resumed.state.current.question == sample(2)


def _game(asked: set[int], **options: object) -> QodState:
    """Three paid rounds (a stake in the last), the box asking the rounds in `asked`."""
    state = start(**options)
    for number in (1, 2, 3):
        if number > 1:
            state = GAME.apply(state, NextRound())
        question = sample(number, f"-{number}.25") if number in asked else None
        state = play(state, *a_round(150 + number, question)[:-1])
        if number == 3:
            state = GAME.apply(state, Stake("Jaune", Place(D(125), D(187)), 1))
        state = GAME.apply(state, Truth(D(150 + number)))
    return state


@pytest.mark.parametrize("asked", [set(), {2}, {1, 2, 3}])
@pytest.mark.parametrize("locale", ["fr", "en"])
def test_the_record_round_trips_with_and_without_questions(asked: set[int], locale: str) -> None:
    state = _game(asked, variants=["permanent"], locale=locale)
    record = export(state)
    rounds = record["rounds"]
    assert [number for number, r in enumerate(rounds, 1) if "question" in r] == sorted(asked)
    for number in asked:
        assert rounds[number - 1]["question"] == sample(number, f"-{number}.25").to_json()
    text = json.dumps(record, ensure_ascii=False)
    again = play_record(json.loads(text))[-1]
    assert export(again) == record
    assert [r.question for r in again.rounds] == [r.question for r in state.rounds]
    without = export(_game(set(), variants=["permanent"], locale=locale))
    assert replay(json.loads(text)) == replay(without)
    assert replay(without)["scores"] != {team: 0 for team in TEAMS}


def test_the_table_exports_the_questions(tmp_path: Path) -> None:
    table = Table.new(Journal(tmp_path / "j.sqlite3"), "quitte-ou-double", list(TEAMS), seed=1)
    for action in a_round(question=sample()):
        table.play(action)
    record = table.export()
    assert record["rounds"][0]["question"] == sample().to_json()
    assert replay(record)["scores"] == table.state.score_map()
