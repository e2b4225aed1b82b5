"""Cambio (Grimaud, 1978): the currency-trading card game with a bell.

Where each part lives in this package:

- `scoring`: currencies, winning hands, CAMBIO card fines, one round's result (R6, R7);
- `actions`: actions and their one-line notation;
- `round`: one round's phase machine (deal, study, trading, bell, the hand);
- `record`: reading and writing the rounds of `RECORDS.md` records;
- `facts`: what the history tells of a game (the longest streak), tournament's too;
- `game`: the single-table game, its state and the `Game` the registry finds;
- `tournament/`: the tournament (`cambio-tournament`), a game of its own that plays
  its tables' rounds with the same pieces and moves players between tables (R8).
"""

from pi_app.rules.cambio.game import GAME

__all__ = ["GAME"]
