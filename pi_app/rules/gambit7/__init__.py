"""Gambit 7 (Days of Wonder, after *Wits & Wagers*): the rules engine.

3 to 7 seats (a seat is a player or a team) answer 7 numeric questions, bet on the
answer closest to the truth without going over, and score from the mat. Where each
part lives in this package:

- `mat`: mat profiles as data (rulings R1) and the default (files: `pi_app.mats`);
- `scoring`: placement on the mat, the winning case, payouts (R2, R3, R4);
- `actions`: actions and their one-line notation;
- `state`: the state and its phase machine (answers, bets, truth, next round);
- `board`: the board and payout detail the display draws;
- `record`: replay and export of `RECORDS.md` records;
- `facts`: what the history tells of a game (tokens won and lost, winning slates);
- `game`: the `Game` the registry finds, tying the others together.
"""

from pi_app.rules.gambit7.game import GAME

__all__ = ["GAME"]
