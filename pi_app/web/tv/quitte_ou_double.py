"""Quitte ou Double on the big screen: the card's question, who laid a tile, the tiles
turned up and the zones between them with every bet, the true answer and each team's
gain.

The room sees what a spectator's phone sees (`web.games.quitte_ou_double.view` for no
team): no tile's value before the tiles are turned up.
"""

from __future__ import annotations

from pi_app.i18n import N_, Translator
from pi_app.rules.quitte_ou_double.state import ANSWERS, QodState
from pi_app.web.games import state_as
from pi_app.web.games.quitte_ou_double import view as phone_view
from pi_app.web.tv import Json, TvView, truth_json

_ = Translator("tv")


def view(state: object, locale: str) -> Json:
    """The spectators' view of the round."""
    game = state_as(state, QodState)
    shown = phone_view(game, None, locale)
    started = game.current.number > 1 or game.phase != ANSWERS or bool(shown["answered"])
    shown["started"] = started
    if shown["truth"] is not None:
        shown["answer"] = truth_json(game.current.question, shown["truth"], locale)
    return shown


TEXTS = {
    "round": N_("Round {round} of 7"),
    "card": N_("Card question {question}"),
    "answers_in": N_("Tiles laid: {count} of {seats}"),
    "bets_open": N_("Place your bet tokens!"),
    "bets_closed": N_("No more bets"),
    "truth": N_("The answer: {answer}"),
    "gains": N_("This round"),
}

TV = TvView(view=view, texts=TEXTS)
"""Quitte ou Double on the big screen (`pi_app.web.tv.tv_view`)."""
