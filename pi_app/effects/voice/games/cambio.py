"""What Cambio says: STOP when the bell stops the trading, then who rang; and when a
hand is scored, what a quizmaster tells the table: who won the round and how much,
who lost points (a CAMBIO card kept, a false ring fined), and who leads now. When the
hand ends the game, the voice says its winner instead of the lead, as for every game.

The tournament (`games.cambio_tournament`) says the same of its tables: one tournament
is rounds of Cambio.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal

from pi_app.box.changes import TableChange
from pi_app.effects.voice.speech import Speech
from pi_app.effects.voice.words import (
    DOMAIN,
    RANG,
    STOP,
    Line,
    round_line,
    said,
    seats_line,
    spoken_number,
)
from pi_app.i18n import Translator
from pi_app.rules.cambio.game import CambioState
from pi_app.rules.cambio.record import top_seats
from pi_app.rules.cambio.round import RUNG, RoundPhase
from pi_app.rules.cambio.scoring import RoundResult, Settings, score_changes
from pi_app.rules.moments import ENDED, SCORED
from pi_app.rules.moments import STOP as STOPPED

_ = Translator(DOMAIN)

NAMED_LEADERS = 4
"""The most players named as sharing the lead: a tournament's many tables may tie more,
and the room then hears how many."""


def bell_lines(
    moments: frozenset[str], rounds: Iterable[tuple[RoundPhase, RoundPhase]], lang: str
) -> list[Line]:
    """STOP when the bell stopped the trading, then each ringer named (a round of
    `rounds`, before and after, that the change took to its ringer)."""
    found = [said("stop", STOP, lang)] if STOPPED in moments else []
    for was, now in rounds:
        if was.phase != RUNG and now.phase == RUNG and now.rung_by is not None:
            found.append(said("rang", RANG, lang, seat=now.rung_by))
    return found


def hand_lines(
    result: RoundResult,
    seats: Sequence[str],
    settings: Settings,
    scores: Mapping[str, int],
    lang: str,
    ended: bool = False,
) -> list[Line]:
    """A scored hand said: who won the round and its points, who lost points, and
    (unless the hand `ended` the game) who leads with the `scores` after it."""
    changes = score_changes(result, seats, settings)
    won = round_line([(result.winner, changes[result.winner])], lang)
    found = [] if won is None else [won]
    for points in sorted({change for change in changes.values() if change < 0}):
        losers = [seat for seat in seats if changes[seat] == points]
        found.append(lost_line(losers, -points, lang))
    if not ended and scores:
        found.append(lead_line(scores, lang))
    return found


def lost_line(seats: Sequence[str], points: int, lang: str) -> Line:
    """`seats` each lost `points` this hand (a CAMBIO card kept, a false ring fined)."""
    alone = _.plural("{seats} loses {n} point.", "{seats} loses {n} points.", points, lang=lang)
    together = _.plural(
        "{seats} lose {n} point each.", "{seats} lose {n} points each.", points, lang=lang
    )
    return seats_line("lost", seats, points, (alone, together), lang)


def lead_line(scores: Mapping[str, int], lang: str) -> Line:
    """Who leads the game, with their score (seats tied at the top share the lead; more
    than `NAMED_LEADERS` of them, a tournament's, are counted rather than named)."""
    leaders = top_seats(scores)
    best = scores[leaders[0]]
    count = abs(best)  # a score below zero is said with its minus, counted as its size
    if len(leaders) > NAMED_LEADERS:
        many = _.plural(
            "{count} players share the lead with {n} point.",
            "{count} players share the lead with {n} points.",
            count,
            lang=lang,
        )
        text = many.format(count=len(leaders), n=spoken_number(Decimal(best), lang))
        return Line("lead", text, lang)
    alone = _.plural(
        "{seats} leads with {n} point.", "{seats} leads with {n} points.", count, lang=lang
    )
    together = _.plural(
        "{seats} share the lead with {n} point.",
        "{seats} share the lead with {n} points.",
        count,
        lang=lang,
    )
    return seats_line("lead", leaders, best, (alone, together), lang)


class CambioSpeech(Speech):
    def lines(self, change: TableChange, lang: str) -> Sequence[Line]:
        before, after = change.before, change.after
        if not isinstance(before, CambioState) or not isinstance(after, CambioState):
            return ()
        found = bell_lines(change.moments, [(before.round, after.round)], lang)
        if SCORED in change.moments and len(after.history) > len(before.history):
            ended = ENDED in change.moments
            result, scores = after.history[-1], after.score_map
            found += hand_lines(result, before.seats, after.settings, scores, lang, ended)
        return found


SPEECH = CambioSpeech()
