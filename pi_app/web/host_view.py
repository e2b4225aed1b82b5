"""What the host's page is shown: the table as the host sees it, built on the owner's
thread from the session (`host_message`), in one language.

Beside what every phone sees (the scores, the rounds, the seats' names), the host
sees the game's own part (`HostPlay.view`: more than a player, the slates before they
are turned up), each panel's (`HostPanel.view`), and the shared buttons' words said
first: what "next" will do (None when the round waits for its players), what undo
takes back and what redo restores, in the game's own words (`HostPlay.describe`).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from pi_app.ai import seat_names
from pi_app.box.playing import take_back
from pi_app.box.session import Session
from pi_app.rules.host import next_notations
from pi_app.table.protocol import GameTable
from pi_app.table.table import Table
from pi_app.web.host_panels import PANELS
from pi_app.web.host_play import host_play
from pi_app.web.host_steps import describe
from pi_app.web.texts import game_title
from pi_app.web.views import seats_of, summary

log = logging.getLogger(__name__)

Json = dict[str, Any]


def host_message(session: Session, step: int, lang: str, screen: bool, timer: Json | None) -> Json:
    """The whole message to a host reading `lang` (the contract's shape)."""
    table = session.table
    message: Json = {
        "type": "host",
        "step": None,
        "game_id": None,
        "game": None,
        "summary": None,
        "play": None,
        "panels": panels(session, lang),
        "next": None,
        "undo": None,
        "redo": None,
        "screen": screen,
        "timer": timer,
    }
    if table is None:
        return message
    game = table.game
    play = host_play(game.name)
    message.update(
        step=step,
        game_id=table.game_id,
        game=game.name,
        summary=table_summary(table, lang),
        play=None if play is None else _guarded(lambda: play.view(table.state, lang), None),
        next=next_words(table, lang),
        undo=undo_words(table, lang),
        redo=redo_words(table, lang),
    )
    return message


def table_summary(table: GameTable, lang: str) -> Json:
    """The scores, rounds, title and winners, as the phones see them, with the seats'
    names (the computer's in the host's language)."""
    game, state = table.game, table.state
    found = summary(game, state)
    found["title"] = game_title(str(found["title"]), lang)
    found["names"] = seat_names(game.name, seats_of(game, state), table.extras, lang)
    return found


def panels(session: Session, lang: str) -> Json:
    """Each panel's view, by name (a panel that fails shows nothing, logged)."""
    return {panel.name: _guarded(lambda p=panel: p.view(session, lang), {}) for panel in PANELS}


def next_words(table: GameTable, lang: str) -> str | None:
    """What "next" does now, in the game's words; None when the round waits for its
    players (or the game is moved on by its players alone)."""
    notations = next_notations(table.game, table.state)
    return _words(table, table.state, notations, lang) if notations else None


def undo_words(table: GameTable, lang: str) -> str | None:
    """What one Undo takes back, in the game's words (None: nothing to take back)."""
    if not table.can_undo:
        return None
    if not isinstance(table, Table):
        return ""  # a table that keeps its moves elsewhere: the page says "the last action"
    timeline = table.timeline
    steps = max(1, min(take_back(table), len(timeline.actions)))
    start = len(timeline.actions) - steps
    said = [
        describe(table.game.name, timeline.states[start + index], notation, lang)
        for index, notation in enumerate(timeline.actions[start:])
    ]
    return "; ".join(said)


def redo_words(table: GameTable, lang: str) -> str | None:
    """What Redo restores, in the game's words (None: nothing to restore)."""
    if not table.can_redo:
        return None
    if not isinstance(table, Table) or not table.timeline.undone:
        return ""
    return describe(table.game.name, table.state, table.timeline.undone[-1], lang)


def _words(table: GameTable, state: object, notations: Sequence[str], lang: str) -> str:
    """Actions played in order from `state`, each said on the state it is played on."""
    game, said = table.game, []
    for notation in notations:
        said.append(describe(game.name, state, notation, lang))
        try:
            state = game.apply(state, game.parse_action(notation))
        except Exception:  # words only: the door checks the actions for real
            break
    return "; ".join(said)


def _guarded(build: Any, fallback: Any) -> Any:
    """A game's or a panel's view; a fault there is logged and the page shows the rest."""
    try:
        return build()
    except Exception:
        log.exception("the host's view could not be built")
        return fallback
