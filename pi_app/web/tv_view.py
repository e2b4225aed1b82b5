"""What the big screen (`/tv`) shows of the table: pure functions from a published
state to JSON, the same for every TV of one language.

A TV is a spectator with a large screen: it sees what the whole table sees and no
more, so its view is built from the spectators' summary (`views.summary`: scores,
rounds, winners) and the game's own part, `TvView.view` (`pi_app.web.tv`), which is
written to show no slate before the answers are turned up. Beyond a phone's view it
carries what a room wants at a glance: the game's chart over the rounds, the
standings and the facts once it is over (`table.summary.summarise`, the very summary
of the end screen and the history), who holds a seat on a phone, the join link of the
game (the code the box shows on its own screen), whether the computer is thinking,
and the sand timer. Nothing here names a game.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from pi_app.ai import opponent_for, seat_names
from pi_app.palette import seat_cues
from pi_app.table.summary import GameSummary, summarise
from pi_app.web.hub import Published
from pi_app.web.texts import game_title
from pi_app.web.tv import tv_view
from pi_app.web.views import seats_of, summary

log = logging.getLogger(__name__)
Json = dict[str, Any]


def game_summary(published: Published) -> GameSummary | None:
    """The summary the end screen shows of the published game (its chart, standings
    and facts), or None for a game that cannot say it yet."""
    game, state = published.game, published.state
    try:
        record = game.export(state)
        return summarise(seats_of(game, state), record, game.replay(record))
    except Exception:  # a game with nothing played yet still shows its seats
        log.debug("no summary yet for %s", game.name, exc_info=True)
        return None


def chart_json(done: GameSummary | None) -> Json:
    """The chart's lines: each seat's score before the first round and after each."""
    if done is None:
        return {"seats": [], "series": {}, "steps": []}
    return {
        "seats": list(done.seats),
        "series": {seat: list(points) for seat, points in done.series.items()},
        "steps": list(done.steps),
    }


def thinking(published: Published) -> bool:
    """Whether the computer is to move at the table (its search runs off the loop)."""
    opponent = opponent_for(published.game.name)
    if opponent is None or published.game.outcome(published.state) is not None:
        return False
    return opponent.to_play(published.state, published.extras) is not None


def tv_json(
    published: Published,
    lang: str,
    done: GameSummary | None,
    held: list[str],
    join: str | None,
) -> Json:
    """Everything a TV in `lang` shows of `published`; `done` is its `game_summary`,
    `held` the seats a phone holds, `join` the game's join path (None: not open)."""
    game, state = published.game, published.state
    view = summary(game, state)
    seats = seats_of(game, state) or [str(seat) for seat in view["scores"]]
    view.update(
        title=game_title(str(view["title"]), lang),
        game_id=published.game_id,
        seats=seats,
        names=seat_names(game.name, seats, published.extras, lang),
        cues={seat: cue.as_json() for seat, cue in seat_cues(seats, published.extras).items()},
        held=[seat for seat in held if seat in seats],
        join=join,
        thinking=thinking(published),
        chart=chart_json(done),
        standings=[] if done is None else [list(row) for row in done.ranking()],
        facts=[] if done is None or not view["finished"] else _facts(done),
        timer=None,  # the sand timer's seconds left are told when sent (`timer_json`)
    )
    if done is not None and set(seats) <= set(done.scores):  # a record may name sides, not seats
        view["scores"] = {seat: done.scores[seat] for seat in seats}
    face = tv_view(game.name)
    view["play"] = None if face is None else face.view(state, lang)
    return view


def _facts(done: GameSummary) -> list[Json]:
    return [{"kind": f.kind, "seat": f.seat, "value": f.value, "step": f.step} for f in done.facts]


def timer_json(published: Published) -> Json | None:
    """The sand timer as the ring shows it: its kind, length and the seconds left."""
    timer = published.timer
    if timer is None:
        return None
    left = max(0.0, published.timer_ends - time.monotonic())
    return {"kind": timer.kind, "seconds": timer.seconds, "left": round(left, 2)}


def message(view: Json | None, version: int, screen: bool) -> Json:
    """The one message a TV is sent: its view (None: no game at the table)."""
    return {"type": "tv", "version": version, "view": view, "screen": screen}
