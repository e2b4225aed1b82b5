"""Gambit 7 properties over random legal games and random actions (hypothesis)."""

from __future__ import annotations

import json
import random
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from pi_app.rules.answers import LOCALES, parse_answer
from pi_app.rules.gambit7.actions import (
    Action,
    Answer,
    CloseBets,
    NextRound,
    PlaceBet,
    Reveal,
    Truth,
)
from pi_app.rules.gambit7.game import GAME, Gambit7State, board
from pi_app.rules.gambit7.scoring import LESS, TOKEN_FACTOR, Target, placement
from pi_app.rules.gambit7.state import ROUNDS

numbers = st.decimals(
    min_value=-(10**7), max_value=10**7, allow_nan=False, allow_infinity=False, places=3
)
targets: st.SearchStrategy[Target] = st.one_of(st.just(LESS), numbers)
names = st.text(min_size=1, max_size=12)
typed = st.one_of(st.text(max_size=12), numbers)
locales = st.sampled_from(LOCALES)

actions: st.SearchStrategy[Action] = st.one_of(
    st.builds(Answer, names, typed, locales),
    st.builds(
        PlaceBet, names, st.lists(targets, max_size=3).map(tuple), st.one_of(st.none(), targets)
    ),
    st.builds(Truth, typed, locales),
    st.sampled_from([Reveal(), CloseBets(), NextRound()]),
)


@settings(max_examples=300, deadline=None)
@given(actions)
def test_notation_round_trips_on_one_line(action: Action) -> None:
    text = GAME.format_action(action)
    assert len(text.splitlines()) == 1
    assert GAME.parse_action(text) == action
    assert GAME.format_action(GAME.parse_action(text)) == text


SEAT_NAMES = ["Rouge", "Jaune vif", 'Vert "pomme"', "Bleu", "Équipe Ö", "Noir", "Rose"]


@st.composite
def games(draw: st.DrawFn) -> tuple[Gambit7State, list[list[Action]]]:
    """A random legal game: its start and each round's actions, applied through notation."""
    count = draw(st.integers(3, 7))
    seats = tuple(SEAT_NAMES[:count])
    mat = draw(
        st.sampled_from(
            [
                "default",
                {"alone": [9, 8, 7, 6, 7, 8, 9], "shared": [5, 5, 4, 3, 4, 5, 5], "less": 20},
            ]
        )
    )
    state = GAME.new_game(seats, {"mat": mat}, random.Random(0))
    rounds = []
    for _number in range(draw(st.integers(1, ROUNDS))):
        values = {
            seat: Decimal(draw(st.integers(0, 12))) / draw(st.sampled_from([1, 2]))
            for seat in seats
        }
        played: list[Action] = [*(Answer(seat, v) for seat, v in values.items()), Reveal()]
        choices: list[Target] = [LESS, *(value for _case, value in placement(values.values()))]
        for seat in seats:
            kind = draw(st.sampled_from(["none", "chips", "token"]))
            if kind == "chips":
                chips = draw(st.lists(st.sampled_from(choices), max_size=2))
                played.append(PlaceBet(seat, tuple(chips)))
            elif kind == "token":
                played.append(PlaceBet(seat, (), draw(st.sampled_from(choices))))
        played += [CloseBets(), Truth(Decimal(draw(st.integers(-1, 14))))]
        rounds.append(played)
    return state, rounds


@settings(max_examples=100, deadline=None)
@given(games())
def test_random_legal_games_keep_the_invariants(
    game: tuple[Gambit7State, list[list[Action]]],
) -> None:
    state, rounds = game
    for number, played in enumerate(rounds, start=1):
        if number > 1:
            state = GAME.apply(state, NextRound())
        for action in played:
            state = GAME.apply(state, GAME.parse_action(GAME.format_action(action)))
        result = state.history[-1]
        mat = state.mat
        winners = [view for view in board(state) if view.winning]
        assert len(winners) <= 1
        assert len(winners) == 1 and winners[0].target == result.winning
        case = winners[0]
        chips = sum(payout.chips for payout in result.payouts)
        best = mat.less if case.case == LESS else case.alone
        assert sum(payout.chip_gain for payout in result.payouts) <= chips * best
        for payout in result.payouts:
            assert payout.after >= 0
            if payout.token == "won":
                assert payout.after_token == payout.before * TOKEN_FACTOR
            elif payout.token == "lost":
                assert payout.after_token == 0
            else:
                assert payout.after_token == payout.before
            if payout.chips:
                assert payout.chip_value in {case.alone, case.shared, mat.less}
            assert payout.after == payout.after_token + payout.chip_gain + payout.slate_bonus
    record = json.loads(json.dumps(GAME.export(state)))
    output = GAME.replay(record)
    assert output["scores"] == dict(zip(state.seats, state.scores, strict=True))
    assert [r["scores"] for r in output["rounds"]] == [
        dict(zip(state.seats, r.scores, strict=True)) for r in state.history
    ]
    assert (GAME.outcome(state) is not None) == (len(rounds) == ROUNDS)
    assert bool(output["winners"]) == (len(rounds) == ROUNDS)


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.decimals(
            min_value=-(10**9), max_value=10**9, allow_nan=False, allow_infinity=False, places=4
        ),
        min_size=3,
        max_size=7,
    )
)
def test_export_writes_values_that_read_back_exactly(values: list[Decimal]) -> None:
    seats = [f"S{i}" for i in range(len(values))]
    state = GAME.new_game(seats, {}, random.Random(0))
    for seat, value in zip(seats, values, strict=True):
        state = GAME.apply(state, Answer(seat, value))
    state = GAME.apply(state, PlaceBet("S0", (values[0],)))
    state = GAME.apply(GAME.apply(state, CloseBets()), Truth(values[1]))
    record = json.loads(json.dumps(GAME.export(state)))
    output = GAME.replay(record)
    assert output["scores"] == dict(zip(seats, state.scores, strict=True))
    winning = output["rounds"][0]["winning_case"]
    expected = state.history[0].winning
    if expected == LESS:
        assert winning == LESS
    else:
        assert isinstance(winning, int | float)
        assert Decimal(repr(winning)) == expected or float(expected) == winning
    for round_record in record["rounds"]:
        for value in round_record["answers"].values():
            assert isinstance(value, int | float) or parse_answer(value, "fr") in values
