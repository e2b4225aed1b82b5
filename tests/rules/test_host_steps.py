"""The host's next step (`rules.host`): a Gambit 7 or Quitte ou Double game of the
box's questions goes from its first round to its end with the players' own actions
and, between them, the host's next step alone, as a box with no screen plays it. With
cards, the step after the bets is the host's typing, so there is none to take. The bell
of a box with no screen is that next step, except in a game whose bell is its own
(Cambio's opens trading, then stops it)."""

from __future__ import annotations

import random
from decimal import Decimal
from typing import Any

from pi_app.rules.gambit7 import actions as g7
from pi_app.rules.gambit7.game import GAME as GAMBIT7
from pi_app.rules.host import bell_notations, next_notations
from pi_app.rules.quitte_ou_double import actions as qod
from pi_app.rules.quitte_ou_double.game import GAME as QOD
from tests.rules.questions import sample

SEATS = ("Ana", "Ben", "Cléo")


def host(game: Any, state: Any) -> Any:
    """The host's next step played; it must be one."""
    steps = next_notations(game, state)
    assert steps, state
    for notation in steps:
        state = game.apply(state, game.parse_action(notation))
    assert next_notations(game, state) != steps or steps == ("next",)
    return state


def test_a_gambit7_game_of_the_box_questions_needs_the_host_next_step_alone() -> None:
    state = GAMBIT7.new_game(SEATS, {}, random.Random(0))
    for _round in range(7):
        state = GAMBIT7.apply(state, g7.Ask(sample()))
        assert next_notations(GAMBIT7, state) == ()  # the answers are the players'
        state = GAMBIT7.apply(state, g7.Answer("Ana", Decimal(10)))
        state = GAMBIT7.apply(state, g7.Answer("Ben", Decimal(20)))
        assert next_notations(GAMBIT7, state) == ()  # Cléo has not written
        state = GAMBIT7.apply(state, g7.Answer("Cléo", Decimal(30)))
        assert next_notations(GAMBIT7, state) == ("reveal",)
        state = host(GAMBIT7, state)
        state = GAMBIT7.apply(state, g7.PlaceBet("Ana", (Decimal(10),)))
        state = host(GAMBIT7, state)  # rien ne va plus, and the box's true answer
        assert state.phase.value == "scored"
        if state.round < 7:
            state = host(GAMBIT7, state)
    assert GAMBIT7.outcome(state) is not None
    assert next_notations(GAMBIT7, state) == ()


def test_with_cards_the_host_types_the_truth() -> None:
    state = GAMBIT7.new_game(SEATS, {}, random.Random(0))
    for seat, value in zip(SEATS, (10, 20, 30), strict=True):
        state = GAMBIT7.apply(state, g7.Answer(seat, Decimal(value)))
    state = host(GAMBIT7, state)
    assert next_notations(GAMBIT7, state) == ("close-bets",)
    state = host(GAMBIT7, state)
    assert state.phase.value == "truth"
    assert next_notations(GAMBIT7, state) == ()


def test_a_quitte_ou_double_game_of_the_box_questions_needs_the_host_next_step_alone() -> None:
    teams = ("Jaune", "Violet", "Vert")
    state = QOD.new_game(teams, {}, random.Random(0))
    for _round in range(7):
        state = QOD.apply(state, qod.Ask(sample()))
        assert next_notations(QOD, state) == ()
        for team, value in zip(teams, (100, 125, 187), strict=True):
            state = QOD.apply(state, qod.Answer(team, Decimal(value)))
        state = host(QOD, state)
        assert state.phase == "bets"
        state = host(QOD, state)
        assert state.phase == "paid"
        if state.current.number < 7:
            state = host(QOD, state)
    assert QOD.outcome(state) is not None
    assert next_notations(QOD, state) == ()


def test_games_their_players_move_on_have_no_host_step() -> None:
    from pi_app.rules.gambo.game import GAME as GAMBO

    state = GAMBO.new_game(("Ana", "Ben"), {}, random.Random(0))
    assert next_notations(GAMBO, state) == ()


def test_the_bell_is_cambios_own_where_its_rules_accept_it() -> None:
    """A Cambio round's bell opens trading in the study time and stops trading, each a
    legal action then; before the deal, once STOP rang and once the game is over it
    means nothing. Cambio has no host's next step."""
    from pi_app.rules.cambio.game import GAME as CAMBIO

    state = CAMBIO.new_game(SEATS, {"variant": "simple"}, random.Random(0))
    rang: list[tuple[str, ...]] = []
    round_ = ("deal", "open", "bell", 'ring "Ben"', "false-ring", "bell", 'ring "Ana"')
    for notation in (*round_, "show Dollar 9", "stop"):
        steps = bell_notations(CAMBIO, state)
        rang.append(steps)
        legal = {CAMBIO.format_action(action) for action in CAMBIO.legal_actions(state)}
        assert set(steps) <= legal, (steps, notation)
        assert next_notations(CAMBIO, state) == ()
        state = CAMBIO.apply(state, CAMBIO.parse_action(notation))
    assert rang == [(), ("open",), ("bell",), (), (), ("bell",), (), (), ()]
    assert CAMBIO.outcome(state) is not None and bell_notations(CAMBIO, state) == ()


def test_the_bell_of_a_quiz_game_is_the_host_next_step() -> None:
    from pi_app.rules.gambo.game import GAME as GAMBO

    state = GAMBIT7.new_game(SEATS, {}, random.Random(0))
    state = GAMBIT7.apply(state, g7.Ask(sample()))
    assert bell_notations(GAMBIT7, state) == ()  # the answers are the players'
    for seat, value in zip(SEATS, (10, 20, 30), strict=True):
        state = GAMBIT7.apply(state, g7.Answer(seat, Decimal(value)))
    assert bell_notations(GAMBIT7, state) == next_notations(GAMBIT7, state) == ("reveal",)
    gambo = GAMBO.new_game(("Ana", "Ben"), {}, random.Random(0))
    assert bell_notations(GAMBO, gambo) == ()
