"""Whole games played into a journal, for the tests of what the journal keeps of them."""

from __future__ import annotations

from collections.abc import Sequence

from pi_app.table import Journal, Table


def play_gambit7(journal: Journal, seats: Sequence[str]) -> Table:
    """A game of Gambit 7 played to its end by three seats: a bet and slates won by
    several of them."""
    one, two, _three = seats
    table = Table.new(journal, "gambit7", list(seats), {})
    rounds = [
        ((10, 20, 30), [f'bet "{one}" [20]'], 25),
        ((5, 7, 9), [f'bet "{two}" {{"gambit7": 9}}', f'bet "{one}" {{"gambit7": 5}}'], 100),
    ] + [((50, 50, 50), [], 1)] * 5
    for number, (answers, bets, truth) in enumerate(rounds, start=1):
        for seat, value in zip(seats, answers, strict=True):
            table.play(f'answer "{seat}" {value} fr')
        for bet in bets:
            table.play(bet)
        table.play("close-bets")
        table.play(f"truth {truth} fr")
        if number < 7:
            table.play("next")
    assert table.outcome() is not None
    return table
