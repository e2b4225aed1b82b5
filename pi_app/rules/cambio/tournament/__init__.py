"""Cambio in tournament (`cambio-tournament`): several tables, scores that follow players.

Where each part lives in this package (the rounds themselves are the parent
package's `round`, `scoring` and `actions`):

- `state`: the tournament's state as plain, JSON-able data;
- `seating`: the seat moves of rulings R8;
- `game`: the notation (`table N ...`), replay, export and the `Game` the registry finds.
"""

from pi_app.rules.cambio.tournament.game import GAME

__all__ = ["GAME"]
