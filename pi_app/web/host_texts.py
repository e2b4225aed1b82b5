"""The words of the host's page, from the "host" catalogues: the shared ones (this
module's `SHARED_TEXTS`), each game's (`HostPlay.texts`) and each panel's
(`HostPanel.texts`), as `/host/texts/{lang}.json` gives them to the page.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pi_app.i18n import N_, Translator, translate
from pi_app.web.host_panels import PANELS
from pi_app.web.host_play import host_play

_ = Translator("host")

SHARED_TEXTS = {
    "title": N_("The host's phone"),
    "next": N_("Next"),
    "next_does": N_("Next: {words}"),
    "waits": N_("The round waits for its players."),
    "undo": N_("Undo"),
    "redo": N_("Redo"),
    "undo_asks": N_("Take back: {words}?"),
    "redo_asks": N_("Restore: {words}?"),
    "last_action": N_("the last action"),
    "yes": N_("Yes"),
    "no": N_("No"),
    "scores": N_("Scores"),
    "rounds": N_("Rounds"),
    "no_game": N_("No game at the table yet."),
    "offline": N_("The box is out of reach; trying again…"),
    "connecting": N_("Connecting to the box…"),
    "no_key": N_("This page needs the host's link from the box (its QR code in the menu)."),
    "language": N_("Language"),
    "no_screen": N_("The box runs without its screen: this phone moves the game on."),
    "timer": N_("Sand timer: {left} s"),
    "game_over": N_("The game is over."),
    "won": N_("The game is over: {winners} won."),
    "done": N_("Done."),
}


def _translated(texts: Mapping[str, str], lang: str) -> dict[str, str]:
    return {key: translate(message, "host", lang) for key, message in texts.items()}


def host_texts(lang: str) -> dict[str, Any]:
    """Every word of the host's page in `lang`: shared, by game, by panel."""
    from pi_app.rules.registry import games

    plays = {name: host_play(name) for name in games()}
    return {
        "shared": _translated(SHARED_TEXTS, lang),
        "games": {name: _translated(p.texts, lang) for name, p in plays.items() if p is not None},
        "panels": {panel.name: _translated(panel.texts, lang) for panel in PANELS},
    }
