"""Gambit 7's mat shows durations and percentages as the seats typed them."""

from __future__ import annotations

import random
from decimal import Decimal

from pi_app.rules.gambit7.actions import Answer, CloseBets, Reveal, Truth
from pi_app.rules.gambit7.game import GAME, Gambit7State, board
from pi_app.rules.gambit7.scoring import LESS

SEATS = ("Rouge", "Jaune", "Vert", "Bleu")


def answered(*typed: str) -> Gambit7State:
    state: Gambit7State = GAME.new_game(SEATS, {}, random.Random(7))
    for seat, text in zip(SEATS, typed, strict=True):
        state = GAME.apply(state, GAME.parse_action(GAME.format_action(Answer(seat, text))))
    return GAME.apply(state, Reveal())


def labels(state: Gambit7State, locale: str = "fr") -> dict[Decimal | None, str]:
    return {case.value: case.label(locale) for case in board(state) if case.case != LESS}


def test_cases_show_durations_and_percentages_as_typed() -> None:
    state = answered("90", "1h30", "45 %", "12345")
    shown = labels(state)
    assert shown[Decimal(90)] == "1h30"
    assert shown[Decimal(45)] == "45 %"
    assert shown[Decimal(12345)] == "12 345"
    assert labels(state, "de")[Decimal(12345)] == "12.345"
    assert shown[None] == ""  # the empty cases
    assert board(state)[0].label() == ""  # Moins que ça


def test_equal_answers_typed_differently_show_the_first_typed_form() -> None:
    state = answered("90", "1:30", "1h30", "45")
    case = next(case for case in board(state) if case.value == 90)
    assert case.seats == ("Rouge", "Jaune", "Vert")
    assert case.typed == ("90", "1:30", "1h30")
    assert case.label("fr") == "1:30"


def test_a_scored_round_keeps_the_labels_and_scores_the_minutes() -> None:
    state = answered("1h30", "2h", "45 %", "100")
    state = GAME.apply(state, CloseBets())
    state = GAME.apply(state, Truth("1h40"))
    result = state.history[-1]
    assert result.truth.value == 100 and result.truth.typed == "1h40"
    assert result.winning == Decimal(100)
    assert labels(state)[Decimal(90)] == "1h30"
    record = GAME.export(state)
    assert record["rounds"][0]["answers"]["Rouge"] == 90
