"""Gambo: two clans of elephants, cats and mice on a narrow path.

Where each part lives in this package:

- `board`: the squares and their names, the pieces and who wins a duel (rulings R9),
  shared with the computer opponent (`pi_app.ai.gambo`);
- `chart`: the history's chart (a point per duel) and its fact, the biggest duel;
- `game`: the state, the actions and their notation, the move rules (R10, the swap
  limits), the record's replay and export, and the `Game` the registry finds.
"""

from pi_app.rules.gambo.game import GAME

__all__ = ["GAME"]
