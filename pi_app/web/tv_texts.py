"""The big screen's words: the shared ones here, each game's in its `TvView.texts`.

`/tv/texts/{lang}.json` gives `{"shared": {...}, "games": {name: {...}}}`, every text
translated by the "tv" catalogues (French first, then German and English); the words
the phones' pages already have (the no-screen banner, the box out of reach) come from
the "web" catalogues, so a sentence is translated once.
"""

from __future__ import annotations

from pi_app.i18n import N_, Translator, translate
from pi_app.rules.registry import games
from pi_app.web.texts import TEXTS
from pi_app.web.tv import tv_view

_ = Translator("tv")

SHARED = {
    "join": N_("Scan to join"),
    "join_link": N_("or open {link}"),
    "seats": N_("Seats"),
    "free": N_("free"),
    "phone": N_("on a phone"),
    "scores": N_("Scores"),
    "round": N_("Round {round}"),
    "chart": N_("Scores round by round"),
    "standings": N_("Final standings"),
    "won_one": N_("{winners} won!"),
    "won_many": N_("{winners} won together!"),
    "best-round": N_("Best round: {seat}, +{value} (round {step})"),
    "thinking": N_("The computer is thinking…"),
    "to_play": N_("{seat} to play"),
    "waiting_game": N_("The host starts a game on the box."),
}
"""The words every game's screen shares (key -> msgid, domain "tv")."""

FROM_PHONES = ("title", "no_screen", "offline", "no_game")
"""The phones' words (domain "web") the big screen shows as they are."""


def tv_texts(lang: str) -> dict[str, dict[str, object]]:
    """Every word of the big screen in `lang`: the shared ones, then each game's."""
    shared = {key: translate(msgid, "tv", lang) for key, msgid in SHARED.items()}
    shared.update({key: translate(TEXTS[key], "web", lang) for key in FROM_PHONES})
    own: dict[str, object] = {}
    for name in games():
        face = tv_view(name)
        if face is not None:
            own[name] = {key: translate(msgid, "tv", lang) for key, msgid in face.texts.items()}
    return {"shared": dict(shared), "games": own}
