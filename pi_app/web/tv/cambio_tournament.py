"""A Cambio tournament on the big screen: the standings across every table (and box),
each table's round, the last hand won.

Its words are Cambio's (`tv.cambio.TEXTS`): one tournament is rounds of Cambio.
"""

from __future__ import annotations

from pi_app.rules.cambio.scoring import score_changes
from pi_app.rules.cambio.tournament.state import TournamentState
from pi_app.web.games import state_as
from pi_app.web.tv import Json, TvView
from pi_app.web.tv.cambio import TEXTS, hand_json, round_json


def view(state: object, locale: str) -> Json:
    """The standings (score, rounds won), every table's round, the last hand won."""
    game = state_as(state, TournamentState)
    wins = dict(game.wins)
    ranked = sorted(game.scores, key=lambda pair: (-pair[1], -wins.get(pair[0], 0)))
    shown: Json = {
        "tournament": [[player, score, wins.get(player, 0)] for player, score in ranked],
        "tables": [
            {"table": number, "seats": list(table.seats), **round_json(table.round, locale)}
            for number, table in enumerate(game.tables, start=1)
        ],
        "started": bool(game.history),
        "over": game.termination is not None,
        "round": len(game.history) + 1,
        "side": False,  # its standings are the scores: the stage takes the width
    }
    if game.history:
        last = game.history[-1]
        seats = game.tables[last.table].seats if last.table < len(game.tables) else ()
        changes = score_changes(last.result, seats, game.settings)
        shown["last"] = hand_json(last.result, changes, seats)
    return shown


TV = TvView(view=view, texts=TEXTS)
"""A Cambio tournament on the big screen (`pi_app.web.tv.tv_view`)."""
