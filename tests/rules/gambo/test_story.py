"""The story of a Gambo game: who moved, what each move touched, what duels took."""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from pi_app.rules.gambo import game as gambo
from pi_app.rules.gambo import story
from pi_app.rules.gambo.board import DUELS_IN_A_GAME, LAST_DUEL_BONUS, PIECES, SQUARE_INDEX
from pi_app.rules.gambo.game import Piece
from tests.paths import GOLDEN

A, B = 0, 1
DEMO = {
    "A": ["E1", "C2", "M3", "E2", "C3", "M1", "E3", "C1", "M2"],
    "B": ["M1", "E3", "C2", "M2", "E1", "C3", "M3", "E2", "C1"],
}
# the nine duels of a whole game, 19 all at the end, from the golden records
FULL_RECORD = json.loads(
    (GOLDEN / "gambo" / "full-game-tie-to-last-duel.json").read_text(encoding="utf-8")
)
FULL: dict[str, list[str]] = FULL_RECORD["setup"]
FULL_MOVES: list[str] = FULL_RECORD["moves"]


def sq(name: str) -> int:
    return SQUARE_INDEX[name]


def played(setup: dict[str, list[str]], *moves: str) -> gambo.GamboState:
    state = gambo.start_state(("A", "B"), (tuple(setup["A"]), tuple(setup["B"])))
    for text in moves:
        state = gambo.apply(state, gambo.parse_action(text))
    return state


def test_each_kind_of_move_is_told_with_its_squares_and_pieces() -> None:
    state = played(DEMO, "adv b4", "adv a4", "duel c9 c8", "adv a5", "swap b6 b2")
    steps = story.story(state)
    assert [(s.number, s.side, s.kind) for s in steps] == [
        (1, B, "adv"),
        (2, A, "adv"),
        (3, B, "duel"),
        (4, A, "adv"),
        (5, B, "swap"),
    ]
    assert steps[0].squares == (sq("b4"), sq("c9")) and steps[0].pieces == (Piece(B, "E1"),)
    assert steps[1].squares == (sq("a4"), sq("c8")) and steps[1].pieces == (Piece(A, "C3"),)
    duel = steps[2]
    assert duel.squares == (sq("c9"), sq("c8"))
    assert duel.pieces == (Piece(B, "E1"), Piece(A, "C3"))
    assert (duel.winner, duel.points, duel.bonus) == (B, 3, 0)  # elephant crushes cat: 1 x 3
    swap = steps[4]
    assert swap.notation == "swap b2 b6"  # a swap is kept in board order
    assert swap.squares == (sq("b2"), sq("b6"))
    assert swap.pieces == (Piece(B, "C2"), Piece(B, "M3"))
    assert story.touched(steps) == {sq("b2"), sq("b6")}
    assert story.taken_by(steps, B) == (story.Capture(3, 1, B, (Piece(B, "E1"), Piece(A, "C3"))),)
    assert story.taken_by(steps, A) == ()


def test_a_duel_won_by_the_defender_gives_the_defender_both_pieces() -> None:
    state = played(DEMO, "adv b4", "adv a5", "duel c9 c10")  # B's elephant 1 meets a mouse 1
    steps = story.story(state)
    duel = steps[-1]
    assert (duel.side, duel.winner, duel.points) == (B, A, 1)
    assert story.touched(steps) == {sq("c9"), sq("c10")}
    capture = story.last_capture(steps)
    assert capture == story.Capture(3, 1, A, (Piece(A, "M1"), Piece(B, "E1")))
    assert story.taken_by(steps, B) == ()


def test_a_pass_touches_nothing_and_the_start_has_no_story() -> None:
    assert story.story(played(DEMO)) == ()
    assert story.last_step(()) is None and story.touched(()) == frozenset()
    assert story.last_capture(()) is None
    # tests/golden/gambo/pass-with-no-legal-move.json: A is left with no move at all
    state = played(FULL, *FULL_MOVES[:23], "swap b8 c15", "adv a8", "duel c15 c16", "pass")
    steps = story.story(state)
    assert steps[-1] == story.Step(27, A, "pass", "pass")
    assert story.touched(steps) == frozenset()
    swap = steps[23]
    assert swap.squares == (sq("b8"), sq("c15"))  # a piece on the board and one at home
    assert swap.pieces == (Piece(B, "M3"), Piece(B, "M2"))  # b8 and what b7 advanced


def test_the_ninth_duel_carries_the_last_duel_bonus() -> None:
    assert len(FULL_MOVES) == 27
    state = played(FULL, *FULL_MOVES)
    assert state.finished and state.scores == (19, 19)
    steps = story.story(state)
    last = steps[-1]
    # B's mouse 3 on c17 scares A's elephant 2 on c16: 3 x 2, and the bonus
    assert last.pieces == (Piece(B, "M3"), Piece(A, "E2"))
    assert (last.winner, last.points, last.bonus) == (B, 3 * 2 + LAST_DUEL_BONUS, LAST_DUEL_BONUS)
    assert [c.duel for c in story.captures(steps)] == list(range(1, 10))
    assert len(story.taken_by(steps, A)) == 5 and len(story.taken_by(steps, B)) == 4


def _scores_from(captures: tuple[story.Capture, ...]) -> tuple[int, int]:
    scores = [0, 0]
    for capture in captures:
        won, lost = capture.pieces
        scores[capture.taker] += int(won.code[1]) * int(lost.code[1])
        if capture.duel == DUELS_IN_A_GAME:
            scores[capture.taker] += LAST_DUEL_BONUS
    return scores[0], scores[1]


@st.composite
def games(draw: st.DrawFn) -> gambo.GamboState:
    """A random legal game, from a random setup, stopped anywhere up to its end."""
    rows = [draw(st.permutations(PIECES)) for _side in "AB"]
    state = gambo.start_state(("A", "B"), (tuple(rows[0]), tuple(rows[1])))
    length = draw(st.integers(0, 120))
    while len(state.history) < length and not state.finished:
        actions = gambo.legal_actions(state)
        duels = [a for a in actions if a.kind == "duel"]
        pool = duels if duels and draw(st.booleans()) else actions
        state = gambo.apply(state, draw(st.sampled_from(pool)))
    return state


@settings(max_examples=150, deadline=None)
@given(games())
def test_captures_and_board_always_hold_the_18_pieces_and_make_the_scores(
    state: gambo.GamboState,
) -> None:
    steps = story.story(state)
    taken = story.captures(steps)
    pieces = [p for capture in taken for p in capture.pieces]
    pieces += [p for p in state.board if p is not None]
    assert Counter(pieces) == Counter(Piece(side, code) for side in (A, B) for code in PIECES)
    assert _scores_from(taken) == state.scores
    assert len(steps) == len(state.history)
    replay = played({"A": list(state.setup[0]), "B": list(state.setup[1])})
    for number, step in enumerate(steps, start=1):
        assert (step.number, step.side) == (number, replay.to_move)
        replay = gambo.apply(replay, gambo.parse_action(step.notation))
    if state.finished:
        assert taken[-1].duel == DUELS_IN_A_GAME and steps[-1].bonus == LAST_DUEL_BONUS
