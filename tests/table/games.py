"""Whole games played into a journal, for the tests of what the journal keeps of them."""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path

from pi_app.table import Journal, Table, backups


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


def backed_up_after_one(path: Path) -> None:
    """A journal of two finished games of the tiny race, with a backup made after the
    first (an hour ago), closed cleanly: what a damaged journal is restored from."""
    journal = Journal(path, keep_backups=False)
    for seed in (1, 2):
        table = Table.new(journal, "tiny-race", ["Ana", "Ben"], {"target": 3}, seed=seed)
        table.play("add 1")
        table.play("add 2")
        if seed == 1:
            journal.flush()
            backups.make(path, time.time() - 3600)
    journal.close()
