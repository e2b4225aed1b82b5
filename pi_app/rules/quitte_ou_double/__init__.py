"""Quitte ou Double (Dominic Crapuchettes; Asmodee): the rules engine.

3 to 6 teams, 7 rounds, tiles laid in ascending order and bets on the zones around
them; round 7 doubles or loses the gain tokens staked. Where each part lives in this
package:

- `scoring`: the table's geometry and arithmetic: tiles, zones, what a round pays;
- `actions`: actions and their one-line notation;
- `state`: the state and its phase machine (answers, bets, truth, next round);
- `board`: what the display draws;
- `record`: replay and export of `RECORDS.md` records;
- `game`: the `Game` the registry finds, tying the others together.
"""

from pi_app.rules.quitte_ou_double.game import GAME

__all__ = ["GAME"]
