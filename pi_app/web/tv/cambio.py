"""Cambio on the big screen: the round's phase, the STOP and who rang, each hand's score.

The cards stay in the players' hands: the box knows only what the table says (the
deal, the bell, who rang, the hand shown), and the room sees all of it.
"""

from __future__ import annotations

from collections.abc import Sequence

from pi_app.i18n import N_, Translator, translate
from pi_app.rules.cambio.game import CambioState
from pi_app.rules.cambio.round import PHASE_LABELS, RoundPhase
from pi_app.rules.cambio.scoring import DOMAIN, RoundResult, score_changes
from pi_app.web.games import state_as
from pi_app.web.tv import Json, TvView

_ = Translator("tv")


def round_json(phase: RoundPhase, locale: str) -> Json:
    """Where a table's round stands: its phase (and its words), who rang, false rings."""
    label = PHASE_LABELS.get(phase.phase)
    return {
        "phase": phase.phase,
        "phase_label": None if label is None else translate(label, DOMAIN, locale),
        "rung_by": phase.rung_by,
        "false_rings": list(phase.false_rings),
    }


def hand_json(result: RoundResult, changes: dict[str, int], seats: Sequence[str]) -> Json:
    """A won round: who won it with what, and each seat's score change."""
    return {
        "winner": result.winner,
        "currency": result.currency,
        "hand": result.hand,
        "false_rings": list(result.false_rings),
        "changes": [[seat, changes.get(seat, 0)] for seat in seats],
    }


def view(state: object, locale: str) -> Json:
    """The round under way and the last hand won."""
    game = state_as(state, CambioState)
    shown = round_json(game.round, locale)
    shown.update(
        round=game.round_number,
        dealer=game.dealer,
        ten_cards=list(game.ten_cards),
        started=bool(game.history) or game.round.phase != "deal",
        over=game.termination is not None,
    )
    if game.history:
        last = game.history[-1]
        changes = score_changes(last, game.seats, game.settings)
        shown["last"] = hand_json(last, changes, game.seats)
    return shown


TEXTS = {
    "round": N_("Round {round}"),
    "dealer": N_("Dealer: {seat}"),
    "stop": N_("STOP!"),
    "rang": N_("{seat} rang"),
    "false_rings": N_("False rings: {seats}"),
    "last": N_("{seat} won the round: {hand} in {currency}"),
    "table": N_("Table {table}: {phase}"),
    "wins": N_("Rounds won: {count}"),
    "streak": N_("{seat} won {value} rounds in a row"),
}

TV = TvView(view=view, texts=TEXTS)
"""Cambio on the big screen (`pi_app.web.tv.tv_view`)."""
