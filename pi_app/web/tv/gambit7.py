"""Gambit 7 on the big screen: the question, who answered, the mat and every payout.

The room sees what a spectator's phone sees (`web.games.gambit7.view` for no seat:
who has answered but never what, the mat only once the slates are turned up, the true
answer only once the round is scored), and beyond it every seat's payout of the
scored round, which the table reads off the mat together.
"""

from __future__ import annotations

from pi_app.i18n import N_, Translator
from pi_app.rules.answers import shown_answer
from pi_app.rules.gambit7.board import payouts
from pi_app.rules.gambit7.state import Gambit7State
from pi_app.web.games import state_as
from pi_app.web.games.gambit7 import view as phone_view
from pi_app.web.tv import Json, TvView, truth_json

_ = Translator("tv")


def view(state: object, locale: str) -> Json:
    """The spectators' view of the round, with every seat's payout once it is scored."""
    game = state_as(state, Gambit7State)
    shown = phone_view(game, None, locale)
    shown["started"] = bool(game.history) or bool(shown["answered"]) or game.round > 1
    if str(game.phase) == "scored" and game.history:
        truth = game.history[-1].truth  # the card's answer too, as the host typed it
        shown["truth"] = shown_answer(truth.value, truth.typed, locale)
        shown["answer"] = truth_json(game.current.question, shown["truth"], locale)
        shown["payouts"] = [
            {
                "seat": paid.seat,
                "before": paid.before,
                "token": paid.token,
                "chips": paid.chips,
                "chip_value": paid.chip_value,
                "slate_bonus": paid.slate_bonus,
                "after": paid.after,
            }
            for paid in payouts(game)
        ]
    return shown


TEXTS = {
    "round": N_("Round {round} of 7"),
    "card": N_("Card {card}, question {question}"),
    "answers_in": N_("Answers: {count} of {seats}"),
    "bets_open": N_("Place your bets!"),
    "bets_closed": N_("No more bets"),
    "less": N_("Less than the smallest"),
    "pays": N_("pays {alone}"),
    "truth": N_("The answer: {answer}"),
    "payouts": N_("This round"),
    "token": N_("Gambit 7 token"),
    "token-won": N_("{seat} won with the Gambit 7 token (round {step})"),
    "token-lost": N_("{seat} lost with the Gambit 7 token (round {step})"),
}

TV = TvView(view=view, texts=TEXTS)
"""Gambit 7 on the big screen (`pi_app.web.tv.tv_view`)."""
