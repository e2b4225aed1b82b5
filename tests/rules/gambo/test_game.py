"""Gambo rules: board, moves, duels, turn order, swap limits, the end, records."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pi_app import gambo_engine
from pi_app.i18n import LOCALE_DIR, parse_po
from pi_app.rules.contract import RecordError, RuleError
from pi_app.rules.gambo import game as gambo
from pi_app.rules.gambo.board import (
    PIECES,
    SQUARE_NAMES,
    attacker_wins,
    duel_points,
    front_of,
)
from pi_app.rules.registry import find_game

G = {
    "A": ["C1", "M2", "C3", "C2", "M1", "E1", "E3", "M3", "E2"],
    "B": ["E1", "E2", "M1", "E3", "C2", "C3", "C1", "M2", "M3"],
}


ENDGAME = [
    "adv b0",
    "adv a0",
    "duel c1 c0",
    "adv a1",
    "adv b1",
    "duel c2 c3",
    "adv b2",
    "adv a2",
    "duel c5 c4",
    "adv b3",
    "adv a3",
    "duel c7 c6",
    "adv b4",
    "adv a4",
    "duel c9 c8",
    "adv a5",
    "adv b5",
    "duel c10 c11",
    "adv b6",
    "adv a6",
    "duel c13 c12",
]
"""Seven duels played: 13 to 9, B to move, two pieces each on the start rows."""


def start(setup: dict[str, list[str]] = G) -> gambo.GamboState:
    return gambo.start_state(("A", "B"), (tuple(setup["A"]), tuple(setup["B"])))


def play(*moves: str, state: gambo.GamboState | None = None) -> gambo.GamboState:
    state = start() if state is None else state
    for text in moves:
        state = gambo.apply(state, gambo.parse_action(text))
    return state


def refused(state: gambo.GamboState, text: str, words: str) -> None:
    """`text` is refused with an English message holding `words`, and nothing changes."""
    before = (state.board, state.scores, state.to_move, gambo.legal_actions(state))
    with pytest.raises(RuleError) as caught:
        gambo.apply(state, gambo.parse_action(text))
    assert words in caught.value.message("en")
    assert (state.board, state.scores, state.to_move, gambo.legal_actions(state)) == before


# ---------------------------------------------------------------- board and setup


def test_start_squares_face_the_central_row_as_ruling_r9_says() -> None:
    assert [SQUARE_NAMES[front_of(s)] for s in range(9)] == [f"c{2 * i}" for i in range(9)]
    assert [SQUARE_NAMES[front_of(s)] for s in range(9, 18)] == [f"c{2 * i + 1}" for i in range(9)]


def test_registered_under_its_record_name() -> None:
    assert find_game("gambo") is gambo.GAME


def test_random_setup_comes_from_the_seed_only() -> None:
    one = gambo.new_game(["Ana", "Ben"], {}, random.Random(7))
    two = gambo.new_game(["Ana", "Ben"], {}, random.Random(7))
    other = gambo.new_game(["Ana", "Ben"], {}, random.Random(8))
    assert one == two
    assert one.setup != other.setup
    for row in one.setup:
        assert sorted(row) == sorted(PIECES)
    assert one.to_move == 1  # B moves first
    assert one.seats == ("Ana", "Ben")


def test_fixed_setup_option_is_used() -> None:
    state = gambo.new_game(["A", "B"], {"setup": G}, random.Random(1))
    assert state.board[0] == gambo.Piece(0, "C1")
    assert state.board[9] == gambo.Piece(1, "E1")
    assert all(state.board[s] is None for s in range(18, 36))


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"setup": {"A": G["A"], "B": G["B"][:8]}}, "setup.B must list the nine pieces"),
        ({"setup": {"A": ["E1"] * 9, "B": G["B"]}}, "setup.A must list the nine pieces"),
        ({"setup": {"A": G["A"]}}, "missing field"),
        ({"setup": {"A": G["A"], "B": G["B"], "C": G["B"]}}, "unknown field"),
        ({"board": "big"}, "unknown field"),
    ],
)
def test_bad_setup_is_refused(options: dict[str, object], words: str) -> None:
    with pytest.raises(RuleError) as caught:
        gambo.new_game(["A", "B"], options, random.Random(1))
    assert words in caught.value.message("en")


def test_two_distinct_seats_are_needed() -> None:
    for seats in (["A"], ["A", "A"], ["A", "B", "C"]):
        with pytest.raises(RuleError):
            gambo.new_game(seats, {}, random.Random(1))


# ---------------------------------------------------------------- notation


def test_notation_reads_prefixes_and_spacing() -> None:
    assert gambo.parse_action("  adv   b4 ") == gambo.GamboAction("adv", (13,))
    assert gambo.parse_action("A: swap c3 a1") == gambo.GamboAction("swap", (1, 21), "A")
    assert gambo.parse_action("B:duel c9 c8") == gambo.GamboAction("duel", (27, 26), "B")
    assert gambo.format_action(gambo.parse_action("B:pass")) == "B: pass"
    assert gambo.format_action(gambo.parse_action("swap c3 a1")) == "swap a1 c3"


actions = st.one_of(
    st.builds(
        lambda s, side: gambo.GamboAction("adv", (s,), side),
        st.integers(0, 35),
        st.sampled_from([None, "A", "B"]),
    ),
    st.builds(
        lambda pair, side: gambo.GamboAction("swap", tuple(sorted(pair)), side),
        st.lists(st.integers(0, 35), min_size=2, max_size=2),
        st.sampled_from([None, "A", "B"]),
    ),
    st.builds(
        lambda pair, side: gambo.GamboAction("duel", tuple(pair), side),
        st.lists(st.integers(0, 35), min_size=2, max_size=2),
        st.sampled_from([None, "A", "B"]),
    ),
    st.builds(lambda side: gambo.GamboAction("pass", (), side), st.sampled_from([None, "A", "B"])),
)


@settings(max_examples=200, deadline=None)
@given(actions)
def test_notation_round_trip(action: gambo.GamboAction) -> None:
    text = gambo.format_action(action)
    assert gambo.parse_action(text) == action
    assert gambo.format_action(gambo.parse_action(text)) == text


# ---------------------------------------------------------------- duels


def test_duel_strengths() -> None:
    assert attacker_wins("E1", "C3") and not attacker_wins("C3", "E1")
    assert attacker_wins("C1", "M3") and not attacker_wins("M3", "C1")
    assert attacker_wins("M1", "E3") and not attacker_wins("E3", "M1")
    assert attacker_wins("C3", "C2") and not attacker_wins("C2", "C3")
    assert all(attacker_wins(p, p) for p in PIECES)  # exact tie: the attacker
    assert duel_points("M3", "E2") == 6


def test_winning_duel_scores_product_and_hands_the_move_to_the_lower_score() -> None:
    state = play("adv b0", "adv a0", "duel c1 c0")  # B's E1 beats A's C1
    assert state.scores == (0, 1)
    assert state.to_move == 0
    assert state.board[19] is None and state.board[18] is None
    assert state.duels == 1 and state.last_duel_winner == 1


def test_defender_can_win_and_the_sacrificing_attacker_keeps_the_move() -> None:
    state = play("adv b2", "adv a2", "duel c5 c4")  # B's M1 attacks A's C3
    assert state.scores == (3, 0)
    assert state.last_duel_winner == 0
    assert state.to_move == 1


def test_equal_scores_after_a_duel_keep_the_move() -> None:
    state = play("adv b0", "adv a0", "duel c1 c0", "adv a1", "adv b1", "duel c2 c3")
    assert state.scores == (4, 1) and state.to_move == 1
    state = play("adv b2", "adv a2", "duel c5 c4", "adv b3", "adv a3", state=state)
    assert state.scores == (7, 1) and state.to_move == 1
    state = play("duel c7 c6", state=state)  # B's E3 beats A's C2: B + 6, 7 all
    assert state.scores == (7, 7) and state.to_move == 1


def test_duel_may_go_either_way_along_the_row_over_empty_squares() -> None:
    state = play("adv b0", "adv a3")  # B's E1 on c1, A's C2 on c6
    assert gambo.GamboAction("duel", (19, 24)) in gambo.legal_actions(state)
    state = play("adv b4", state=state)  # B's C2 on c9
    duels = {a.squares for a in gambo.legal_actions(state) if a.kind == "duel"}
    assert duels == {(24, 19), (24, 27)}
    state = play("duel c6 c1", state=state)  # A's C2 attacks B's E1 to the left and loses
    assert state.scores == (0, 2) and state.to_move == 0


def test_broken_duels_are_refused_and_change_nothing() -> None:
    state = play("adv b1", "adv a0", "adv b0")  # c0 A, c1 B, c3 B; A to move
    refused(state, "duel c0 c3", "c1 is taken")
    refused(state, "duel c1 c0", "The piece on c1 is not yours")
    refused(state, "duel c0 c2", "must be an opponent's piece")
    refused(state, "duel a1 c1", "central row")
    refused(state, "duel c0 b2", "central row")


def test_broken_advances_and_swaps_are_refused_and_change_nothing() -> None:
    state = start()
    refused(state, "adv a0", "not one of your start squares")
    refused(state, "adv c1", "not one of your start squares")
    refused(state, "swap a0 b1", "The piece on a0 is not yours")
    refused(state, "swap b0 c1", "There is no piece on c1")
    refused(state, "A: adv b0", "It is B's turn")
    refused(play("adv b0"), "adv b0", "not one of your start squares")


# ---------------------------------------------------------------- swaps


def test_swap_exchanges_two_own_pieces_and_hands_over_the_move() -> None:
    state = play("adv b0", "adv a0", "duel c1 c0", "adv a1", "swap b1 b2")
    assert state.board[10] == gambo.Piece(1, "M1") and state.board[11] == gambo.Piece(1, "E2")
    assert state.to_move == 0
    state = play("adv a3", "adv b3", "swap a2 c2", state=state)  # a start and a central piece
    assert state.board[2] == gambo.Piece(0, "M2") and state.board[20] == gambo.Piece(0, "C3")


def test_swap_passes_the_move_even_to_the_higher_score() -> None:
    state = play("adv b3", "adv a3", "duel c7 c6")  # B 6, A to move
    state = play("swap a0 a1", state=state)
    assert state.to_move == 1 and state.scores == (0, 6)


def test_no_swap_right_after_the_opponents_swap() -> None:
    state = play("swap b0 b1")
    refused(state, "swap a0 a1", "No swap right after the opponent's swap")
    assert all(a.kind != "swap" for a in gambo.legal_actions(state))


def test_swap_allowed_again_once_another_move_came_in_between() -> None:
    state = play("adv b2", "adv a2", "swap b3 c5", "duel c4 c5")  # A sacrifices, keeps move
    assert state.to_move == 0
    assert gambo.GamboAction("swap", (0, 1)) in gambo.legal_actions(state)
    assert play("swap a0 a1", state=state).to_move == 1


def test_no_third_swap_in_a_row_of_the_same_player() -> None:
    state = play("swap b0 b1", "adv a0", "swap b0 b1", "adv a1")
    refused(state, "swap b0 b1", "No swap on three turns in a row")
    assert all(a.kind != "swap" for a in gambo.legal_actions(state))
    state = play("adv b2", "adv a2", state=state)
    assert play("swap b0 b1", state=state).to_move == 0


def test_a_duel_between_swaps_restarts_the_count() -> None:
    state = play("adv b2", "adv a2", "swap b0 b1", "adv a0", "swap b0 b1", "adv a1")
    assert state.swaps_in_a_row == (0, 2)
    refused(state, "swap b0 b1", "No swap on three turns in a row")
    state = play("duel c5 c4", state=state)  # B's M1 loses to A's C3; B keeps the move
    assert state.to_move == 1 and state.swaps_in_a_row == (0, 0)
    assert play("swap b0 b1", state=state).to_move == 0


# ---------------------------------------------------------------- pass and the end


def test_pass_only_when_no_other_move_is_legal() -> None:
    refused(start(), "pass", "No pass while a move is possible")
    state = play(*ENDGAME, "adv b7", "adv a7", "swap b8 c15", "adv a8", "duel c15 c16")
    assert state.to_move == 0
    assert gambo.legal_actions(state) == [gambo.GamboAction("pass")]
    after = play("pass", state=state)
    assert after.to_move == 1 and after.scores == state.scores
    refused(after, "pass", "No pass while a move is possible")


def test_the_ninth_duel_ends_the_game_with_the_bonus_and_the_tie_rule() -> None:
    pairs = [("b", 0), ("a", 1), ("b", 2), ("b", 3), ("b", 4), ("a", 5), ("b", 6), ("b", 7)]
    state = start()
    for first, i in pairs:
        second = "a" if first == "b" else "b"
        attacker = 2 * i + (1 if first == "b" else 0)
        defender = 2 * i + (0 if first == "b" else 1)
        state = play(
            f"adv {first}{i}", f"adv {second}{i}", f"duel c{attacker} c{defender}", state=state
        )
    assert state.scores == (19, 9) and state.to_move == 1 and gambo.outcome(state) is None
    state = play("adv b8", "adv a8", "duel c17 c16", state=state)  # B: 3 x 2 + 4
    assert state.scores == (19, 19)
    assert state.finished and state.to_move is None
    assert all(square is None for square in state.board)
    outcome = gambo.outcome(state)
    assert outcome is not None
    assert outcome.winners == ("B",) and outcome.termination == "board-empty"
    assert gambo.legal_actions(state) == []
    refused(state, "pass", "The game is over")


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_random_playouts_end_after_exactly_nine_duels(seed: int) -> None:
    rng = random.Random(seed)
    state = gambo.new_game(["Ana", "Ben"], {}, rng)
    duel_points_seen = 0
    while not state.finished:
        pieces = [p for p in state.board if p is not None]
        assert len(pieces) + 2 * state.duels == 18
        for side in (0, 1):
            codes = [p.code for p in pieces if p.side == side]
            assert len(codes) == len(set(codes)) == 9 - state.duels
        before = sum(state.scores)
        action = rng.choice(gambo.legal_actions(state))
        state = gambo.apply(state, action)
        duel_points_seen += sum(state.scores) - before
        assert len(state.history) < 200
    assert state.duels == 9 and all(p is None for p in state.board)
    assert sum(state.scores) == duel_points_seen >= 9 + 4
    outcome = gambo.outcome(state)
    assert outcome is not None and len(outcome.winners) == 1
    output = gambo.replay(gambo.export(state))
    assert output["scores"] == {"A": state.scores[0], "B": state.scores[1]}
    assert output["winners"] == [{"Ana": "A", "Ben": "B"}[outcome.winners[0]]]
    assert output["finished"] is True and output["to_move"] is None


# ---------------------------------------------------------------- records


def test_export_replays_to_the_same_game() -> None:
    state = play("adv b2", "adv a2", "duel c5 c4", "adv b0")
    record = gambo.export(state)
    assert record == {
        "game": "gambo",
        "setup": G,
        "moves": ["adv b2", "adv a2", "duel c5 c4", "adv b0"],
    }
    output = gambo.replay(record)
    assert output["scores"] == {"A": 3, "B": 0} and output["to_move"] == "A"
    assert len(output["moves"]) == 4 and output["winners"] == []


def test_replay_names_the_move_that_broke_a_rule() -> None:
    record = {"game": "gambo", "setup": G, "moves": ["adv b0", "adv b1"]}
    with pytest.raises(RuleError) as caught:
        gambo.replay(record)
    assert caught.value.message("en").startswith("move 2: ")
    assert caught.value.message("fr") != caught.value.message("en")


@pytest.mark.parametrize(
    "record",
    [
        {"game": "gambo", "setup": G},
        {"game": "gambo", "setup": G, "moves": [], "seats": ["A", "B"]},
        {"game": "gambo", "setup": G, "moves": "adv b0"},
        {"game": "gambo", "setup": {"A": G["A"], "B": [*G["B"][:8], "X1"]}, "moves": []},
        {"game": "gambo", "setup": G, "moves": [], "locale": "xx"},
    ],
)
def test_bad_records_are_refused(record: dict[str, object]) -> None:
    with pytest.raises(RecordError):
        gambo.replay(record)


def test_every_message_has_french_and_german() -> None:
    msgids: set[str] = set()
    for path in (Path(gambo.__file__), Path(gambo_engine.__file__)):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        msgids |= {
            ast.literal_eval(node.args[0])
            for node in ast.walk(tree)
            if isinstance(node, ast.Call)
            and getattr(node.func, "id", None) in {"_error", "_record_error", "RuleError"}
            and isinstance(node.args[0], ast.Constant)
        }
    assert len(msgids) > 10
    for lang in ("fr", "de"):
        catalogue = parse_po((LOCALE_DIR / lang / "LC_MESSAGES" / "gambo.po").read_text("utf-8"))
        assert msgids <= set(catalogue), lang
