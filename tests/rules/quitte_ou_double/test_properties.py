"""Quitte ou Double properties over random games (hypothesis).

The payout check recomputes every round from the rulebook's wording, independently
of the engine: a zone pays when the true answer lies in it or on a tile bordering it
(the exact case), and the earning tiles are the exact ones or else the nearest tile
below and the nearest tile above the true answer.
"""

from __future__ import annotations

import random
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from pi_app.rules.answers import format_answer
from pi_app.rules.quitte_ou_double.actions import (
    Action,
    Answer,
    Bet,
    CloseBets,
    NextRound,
    Stake,
    Truth,
    format_action,
    parse_action,
)
from pi_app.rules.quitte_ou_double.game import GAME
from pi_app.rules.quitte_ou_double.scoring import Place, zones
from pi_app.rules.quitte_ou_double.state import PAID, QodState

NAMES = ("Jaune", "Rouge vif", 'Les "Bleus"', "Équipe verte", "Noir", "Rose")
SETTINGS = settings(max_examples=60, deadline=None)

values = st.decimals(
    min_value=Decimal(-(10**6)),
    max_value=Decimal(10**6),
    places=2,
    allow_nan=False,
    allow_infinity=False,
)
small_answers = st.integers(min_value=0, max_value=12).map(Decimal) | st.sampled_from(
    [Decimal("2.5"), Decimal("7.25"), Decimal("-1")]
)


def _game(data: st.DataObject, stakes: bool) -> list[tuple[QodState, QodState]]:
    """Play a random game; the (before truth, after truth) states of every round."""
    count = data.draw(st.integers(min_value=3, max_value=6))
    variants = data.draw(st.sets(st.sampled_from(["grosses-tetes", "permanent"])))
    locale = data.draw(st.sampled_from(["fr", "de", "en"]))
    options = {"variants": sorted(variants), "locale": locale}
    state: QodState = GAME.new_game(NAMES[:count], options, random.Random(0))
    rounds = []
    for _ in range(data.draw(st.integers(min_value=1, max_value=7))):
        if state.phase == PAID:
            state = GAME.apply(state, NextRound())
        for team in state.setup.teams:
            state = GAME.apply(state, Answer(team, data.draw(small_answers)))
        places = zones(state.current.values)
        for team in state.setup.teams:
            for _ in range(data.draw(st.integers(min_value=0, max_value=2))):
                state = GAME.apply(state, Bet(team, data.draw(st.sampled_from(places))))
            state = _stake(data, state, team) if stakes and state.may_stake() else state
        before = state
        state = GAME.apply(state, Truth(data.draw(small_answers)))
        rounds.append((before, state))
    return rounds


def _stake(data: st.DataObject, state: QodState, team: str) -> QodState:
    mine = state.current.tokens_of(team)
    if not mine or not state.owned(team):
        return state
    count = data.draw(st.integers(min_value=0, max_value=state.owned(team)))
    if count:
        state = GAME.apply(state, Stake(team, data.draw(st.sampled_from(mine)).place, count))
    return state


def _expected_gains(before: QodState, truth: Decimal) -> dict[str, int]:
    """The round's payout read straight from the rulebook, without stakes."""
    answers = before.current.answer_map
    gains = dict.fromkeys(answers, 0)
    for token in before.current.tokens:
        low, high = token.place.low, token.place.high
        if (low is None or low <= truth) and (high is None or truth <= high):
            gains[token.team] += 1
    if truth in answers.values():
        bonus = 3 if before.setup.grosses_tetes else 0
        earning = {truth}
    else:
        bonus = 0
        below = [v for v in answers.values() if v < truth]
        above = [v for v in answers.values() if v > truth]
        earning = {max(below)} if below else set()
        earning |= {min(above)} if above else set()
    for team, value in answers.items():
        if value in earning:
            gains[team] += 1 + bonus
    return gains


@SETTINGS
@given(st.data())
def test_gain_tokens_are_never_negative(data: st.DataObject) -> None:
    for before, after in _game(data, stakes=True):
        assert all(score >= 0 for score in after.scores)
        staked = {t.team: 0 for t in before.current.tokens}
        for token in before.current.tokens:
            staked[token.team] += token.stake
        assert all(staked[team] <= before.owned(team) for team in staked)


@SETTINGS
@given(st.data())
def test_without_stakes_a_round_pays_tokens_in_paying_zones_and_earning_tiles(
    data: st.DataObject,
) -> None:
    for before, after in _game(data, stakes=False):
        truth = after.current.truth
        assert truth is not None
        expected = _expected_gains(before, truth)
        assert dict(after.current.gains) == expected
        assert sum(after.scores) - sum(before.scores) == sum(expected.values())


@SETTINGS
@given(st.data())
def test_export_then_replay_gives_the_same_scores(data: st.DataObject) -> None:
    rounds = _game(data, stakes=True)
    for _, state in rounds[-1:]:
        output = GAME.replay(GAME.export(state))
        assert output["scores"] == state.score_map()
        assert len(output["rounds"]) == len(rounds)
        assert output["finished"] == state.finished


teams = st.text(min_size=1, max_size=12)
places = st.one_of(
    st.builds(Place, st.none(), values),
    st.builds(Place, values, st.none()),
    st.builds(Place, values, values),
)
durations = st.builds(
    lambda hours, minutes, colon: (
        Decimal(hours * 60 + minutes),
        f"{hours}:{minutes:02d}" if colon else f"{hours}h{minutes:02d}",
    ),
    st.integers(min_value=0, max_value=99),
    st.integers(min_value=0, max_value=59),
    st.booleans(),
)
percentages = st.builds(
    lambda value, locale: (value.normalize(), f"{format_answer(value, locale)} %"),
    values,
    st.sampled_from(["fr", "de", "en"]),
)
typed_values = durations | percentages
"""(value, how it was typed): the answers whose typed form the notation keeps."""

actions: st.SearchStrategy[Action] = st.one_of(
    st.builds(Answer, teams, values),
    st.builds(lambda team, typed: Answer(team, *typed), teams, typed_values),
    st.builds(Bet, teams, places),
    st.builds(Stake, teams, places, st.integers(min_value=1, max_value=200)),
    st.builds(Truth, values),
    st.builds(lambda typed: Truth(*typed), typed_values),
    st.just(CloseBets()),
    st.just(NextRound()),
)


@settings(max_examples=200, deadline=None)
@given(actions)
def test_notation_round_trips(action: Action) -> None:
    text = format_action(action)
    assert len(text.splitlines()) == 1
    assert parse_action(text) == action
    assert GAME.format_action(GAME.parse_action(text)) == text
