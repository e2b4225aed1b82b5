"""Gambit 7's facts: the token that decided the game is told before the first one."""

from __future__ import annotations

from typing import Any

from pi_app.rules.facts import Fact
from pi_app.rules.gambit7.facts import TOKEN_LOST, TOKEN_WON, tokens

SEATS = ["Alice", "Bruno", "Chloé"]


def _round(bets: dict[str, Any], winning: int, scores: tuple[int, int, int]) -> tuple[Any, Any]:
    played = {"bets": bets}
    scored = {"winning_case": winning, "scores": dict(zip(SEATS, scores, strict=True))}
    return played, scored


def test_the_token_that_moved_a_score_most_comes_first_with_the_score_it_multiplied() -> None:
    """Alice's first token wins on 0 (round 1); the x7 that decides the game takes her
    from 68 to 476, then 481 with her slate (round 6); Bruno's loss on 40 (round 4)."""
    rounds = [
        _round({"Alice": {"gambit7": 25}, "Bruno": [25, 25]}, 25, (0, 8, 4)),
        _round({"Alice": [30]}, 30, (20, 8, 4)),
        _round({"Alice": [30, 30]}, 30, (60, 40, 4)),
        _round({"Bruno": {"gambit7": 12}, "Alice": [10]}, 10, (68, 0, 4)),
        _round({}, 10, (68, 0, 4)),
        _round({"Alice": {"gambit7": 31}}, 31, (481, 0, 9)),
    ]
    record = {"seats": SEATS, "rounds": [played for played, _scored in rounds]}
    output = {"rounds": [scored for _played, scored in rounds]}
    assert tokens(record, output) == [
        Fact(TOKEN_WON, "Alice", 68, 6),
        Fact(TOKEN_LOST, "Bruno", 40, 4),
        Fact(TOKEN_WON, "Alice", 0, 1),
    ]


def test_a_token_won_tells_the_score_it_multiplied() -> None:
    """The end screen's words: 68 × 7 = 476 (rulings R2: the token first, on the score
    before the round); a token won on 0 multiplied nothing and says so plainly."""
    from pi_app.display.games.gambit7 import token_won
    from pi_app.i18n import current_language, set_language

    language = current_language()
    set_language("en")
    try:
        decisive = token_won(Fact(TOKEN_WON, "Alice", 68, 6))
        first = token_won(Fact(TOKEN_WON, "Alice", 0, 1))
    finally:
        set_language(language)
    assert decisive == "Alice's Gambit 7 token: 68 × 7 = 476 (round 6)"
    assert first == "Alice won with the Gambit 7 token (round 1)"
