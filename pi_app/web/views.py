"""What a phone may see of the game: pure functions from the table's state to JSON.

A seat's phone sees the scores, the round history, which seats have answered (never
what, before the answers are revealed: on the table the slates stay face down), its own
answer, the mat as the box sorted it with what each case pays, every bet on it, and
its own payout. Spectators see the same without a seat. Every game offers the scores
and the history, from its own record: `game.replay(game.export(state))`; what a game
shows beyond them is its own, found by its name (`web.games.PhonePlay.view`),
and travels under the fixed key `play` beside `game`, the game's record name: the
phone's page draws it with that game's own script (`static/games/<game>.js`), found
by the same name, so no shared code names a game.

Answers are shown as the box shows them (`shown_answer`): a duration or percentage as
it was typed (`1h30`, `45 %`), any other as its number, while targets and zone bounds
stay numbers in the notation's spelling, for the phone to send back.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pi_app.ai import seat_names
from pi_app.palette import seat_cues
from pi_app.rules.contract import Game
from pi_app.web.games import phone_play
from pi_app.web.texts import game_title

Json = dict[str, Any]
PLAY = "play"
"""The key of a game's own part of the view (`PhonePlay.view`), whichever the game."""


def summary(game: Game[Any, Any], state: Any) -> Json:
    """Scores and round history of any game, from its record re-scored."""
    try:
        scored = game.replay(game.export(state))
    except Exception:  # a game without history yet must still show its seats
        scored = {}
    outcome = game.outcome(state)  # the end as the table knows it, however it came
    return {
        "game": game.name,
        "title": game.title,
        "scores": scored.get("scores", {}),
        "winners": scored.get("winners", []) if outcome is None else list(outcome.winners),
        "finished": outcome is not None,
        "rounds": scored.get("rounds", []),
    }


def seats_of(game: Game[Any, Any], state: Any) -> list[str]:
    """The seats of the game in `state`, as the table named them (a Gambo record names
    sides A and B, its state the seats)."""
    seats = getattr(state, "seats", None)
    if isinstance(seats, (tuple, list)):
        return [str(seat) for seat in seats]
    try:
        return [str(seat) for seat in game.export(state).get("seats", [])]
    except Exception:  # a state that cannot be exported names no seat
        return []


def phone_view(
    game: Game[Any, Any],
    state: Any,
    seat: str | None,
    game_id: int,
    base: Json | None = None,
    locale: str = "fr",
    extras: Mapping[str, Any] | None = None,
) -> Json:
    """Everything the phone of `seat` (None: a spectator) may see now.

    `base` is `summary(game, state)` when the caller has it already (it is the same
    for every phone, and re-scoring the game is the costly part). `locale`, the
    phone's language, writes the answers of a game that has no table locale; it also
    names the seats the computer plays (the table's `extras` say which): `names` maps
    each such seat's recorded name to its label in that language. `cues` gives each
    seat its colour and shape (`palette.SeatCue`), as the box's screen shows them.
    """
    view = dict(summary(game, state) if base is None else base)  # `game` names the game
    view["title"] = game_title(str(view["title"]), locale)
    view["game_id"] = game_id
    view["you"] = seat
    seats = seats_of(game, state)
    view["names"] = seat_names(game.name, seats, extras or {}, locale)
    view["cues"] = {seat: cue.as_json() for seat, cue in seat_cues(seats, extras or {}).items()}
    play = phone_play(game.name)
    if play is not None:
        view[PLAY] = play.view(state, seat, locale)
    return view
