"""Gambit 7's own facts for the history: each token won or lost, and the winning slates.

A token's fact holds the score it was played on (its `value`): a token won on 68 took
the seat to 68 × 7 = 476 before the round's chips and slates (rulings R2), one lost on
68 took it to 0. The tokens are told the one that moved a score most first, so the end
screen tells the x7 that decided the game rather than the first token of the game.

Read from a record and its replay (`RECORDS.md`), as the history reads every game;
`Gambit7.facts` and `Gambit7.own_slate_wins` hand them to it (`pi_app.rules.facts`).
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from pi_app.rules.chart import Chart
from pi_app.rules.facts import Fact, best_step
from pi_app.rules.gambit7.scoring import TOKEN_FACTOR

TOKEN_WON = "token-won"
"""A seat's Gambit 7 token lay on the winning case (rulings R2)."""
TOKEN_LOST = "token-lost"
"""A seat's Gambit 7 token lay elsewhere: the seat's score went back to 0."""


def facts(chart: Chart, record: Mapping[str, Any], output: Mapping[str, Any]) -> list[Fact]:
    """The biggest round, then every token played, round by round."""
    best = best_step(chart)
    return [*([] if best is None else [best]), *tokens(record, output)]


def tokens(record: Mapping[str, Any], output: Mapping[str, Any]) -> list[Fact]:
    """Each Gambit 7 token played, won when it lay on the winning case, with the score
    it was played on (the score before its round); the biggest change of score first
    (a token won moves it by 6 times that score, one lost by that score), round by
    round on a tie."""
    found: list[Fact] = []
    before = {str(seat): 0 for seat in record["seats"]}
    for number, (played, scored) in enumerate(
        zip(record["rounds"], output["rounds"], strict=False), start=1
    ):
        for seat, bet in played.get("bets", {}).items():
            if isinstance(bet, Mapping) and "gambit7" in bet:
                won = _same(bet["gambit7"], scored.get("winning_case"))
                kind = TOKEN_WON if won else TOKEN_LOST
                found.append(Fact(kind, str(seat), before.get(str(seat), 0), number))
        for seat, score in scored.get("scores", {}).items():
            before[str(seat)] = int(Decimal(str(score)))
    return sorted(found, key=lambda fact: -change(fact))


def change(fact: Fact) -> int:
    """How far a token moved its seat's score: × 7 on a win, back to 0 on a loss."""
    return fact.value * (TOKEN_FACTOR - 1) if fact.kind == TOKEN_WON else fact.value


def own_slate_wins(record: Mapping[str, Any], output: Mapping[str, Any]) -> dict[str, int]:
    """Rounds in which each seat's own answer was the winning case."""
    wins = {str(seat): 0 for seat in record["seats"]}
    for played, scored in zip(record["rounds"], output["rounds"], strict=False):
        case = scored.get("winning_case")
        for seat, answer in played.get("answers", {}).items():
            if case is not None and not isinstance(answer, str) and _same(answer, case):
                wins[str(seat)] += 1
    return wins


def _same(target: Any, case: Any) -> bool:
    """Whether a bet's target names the winning case (a value or "less")."""
    if isinstance(target, str) or isinstance(case, str):
        return bool(target == case)
    return Decimal(str(target)) == Decimal(str(case))
