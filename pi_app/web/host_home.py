"""The home on the host's phone: start a game, pause, resume and abandon one.

What the box's home lets the host do, from a phone: choose a game and its options,
type the players' names (the computer takes its seat in Gambo as on the screen),
start; see the game at the table and the unfinished ones, pause, resume and, once
confirmed on the page, abandon one by its id. Every act is the host's
(`actors.HOST`) through the core's one door.

What the home offers of each game (its options, how they make its setup, the seats
the box plays) is the game's own declaration, kept with its screens in the display
package, which imports this one: so the offer is handed in by the box's composition
(`offer_games`, from the display's start, with or without a screen), never imported
from here. Without one (a test of the server alone) the page lists no game to start
and still pauses, resumes and abandons.
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from pi_app.box import acts
from pi_app.box.actors import HOST
from pi_app.box.quizmaster import journal_or
from pi_app.box.shelf import NOT_UNFINISHED
from pi_app.i18n import N_, Translator, translate
from pi_app.table.rows import GameEntry
from pi_app.web.host_play import HostPanel, HostRequest, Json
from pi_app.web.phone_request import Reply

if TYPE_CHECKING:
    from pi_app.box.session import Session

_ = Translator("host")

NEW, PAUSE, RESUME, ABANDON = "new_game", "pause", "resume", "abandon"


class GameOffer(Protocol):
    """What the box's home offers to start, as the display's home knows it."""

    def games(self, session: Session, lang: str) -> list[Json] | None:
        """Every game the home offers, with its seats and options, in `lang`: each
        `{"name", "title", "low", "high", "seated_by", "seats": [names],
        "options": [{"key", "label", "names", "pick", "only_with"}]}`; None while the
        games are being read (a job of the session's)."""
        ...

    def new_game(
        self, session: Session, fields: Mapping[str, Any], lang: str
    ) -> list[acts.Act] | str:
        """The acts that start the game `fields` choose (`name`: its record name,
        `seats`: the names typed, `picks`: each option's index), as the home would;
        or why not, in `lang`. ValueError for fields that are not of the page's
        making."""
        ...


_offers: list[GameOffer] = []


def offer_games(offer: GameOffer) -> None:
    """The box's composition hands the home's offer in once (a later one replaces it)."""
    _offers[:] = [offer]


def _offer() -> GameOffer | None:
    return _offers[0] if _offers else None


# ---- what the host sees --------------------------------------------------------------


_played: weakref.WeakKeyDictionary[Session, tuple[tuple[int, ...], dict[int, float]]] = (
    weakref.WeakKeyDictionary()
)
"""When each unfinished game was last played, read from the journal once per list of
games (the view is made at every change; the list changes far less often)."""


def _last_played(session: Session, ids: tuple[int, ...]) -> dict[int, float]:
    kept = _played.get(session)
    if kept is not None and kept[0] == ids:
        return kept[1]
    entries: list[GameEntry] = journal_or(session.journal.unfinished_games, [])
    times = {entry.id: entry.last_played for entry in entries}
    _played[session] = (ids, times)
    return times


def view(session: Session, lang: str) -> Json:
    """The games to start, the remembered players, the game at the table and the
    unfinished games (the latest played first, each with when it was last played: a
    Unix time the page writes in its own clock). `games` is None while they are read."""
    listed = session.unfinished.listed()
    times = _last_played(session, tuple(game.game_id for game in listed))
    table = session.table
    offer = _offer()
    return {
        "games": [] if offer is None else offer.games(session, lang),
        "players": [player.name for player in session.players()],
        "table": None
        if table is None
        else {"id": table.game_id, "game": table.game.title, "seats": list(table.seats)},
        "unfinished": [
            {
                "id": game.game_id,
                "game": game.title,
                "seats": list(game.seats),
                "when": times.get(game.game_id),
                "at_table": table is not None and table.game_id == game.game_id,
            }
            for game in listed
        ],
    }


# ---- what the host does ---------------------------------------------------------------


def act(session: Session, request: HostRequest) -> Sequence[acts.Act] | Reply:
    """The acts of a home request, the host's; a refusal in the page's language."""
    match request.kind:
        case "new_game":
            return _new_game(session, request)
        case "pause":
            if session.table is None:
                return Reply(False, _("No game is at the table.", request.lang))
            return [acts.Pause(by=HOST)]
        case "resume" | "abandon":
            game_id = request.fields.get("game_id")
            if not isinstance(game_id, int) or isinstance(game_id, bool):
                raise ValueError("game_id")
            if session.unfinished.find(game_id) is None:
                return Reply(False, translate(NOT_UNFINISHED, "display", request.lang))
            if request.kind == "resume":
                return [acts.Resume(game_id, by=HOST)]
            return [acts.Abandon(game_id, by=HOST)]
    raise ValueError(request.kind)


def _new_game(session: Session, request: HostRequest) -> Sequence[acts.Act] | Reply:
    offer = _offer()
    if offer is None:
        return Reply(False, _(NO_GAMES, request.lang))
    made = offer.new_game(session, request.fields, request.lang)
    return Reply(False, made) if isinstance(made, str) else made


NO_GAMES = N_("This box offers no game to start from the phone.")

TEXTS: dict[str, str] = {
    "title": N_("Games"),
    "start": N_("Start"),
    "new": N_("New game"),
    "seats": N_("Names"),
    "add": N_("One more seat"),
    "remove": N_("One seat less"),
    "options": N_("Options"),
    "players": N_("Remembered players"),
    "at_table": N_("At the table"),
    "none_at_table": N_("No game at the table."),
    "pause": N_("Pause"),
    "resume": N_("Resume"),
    "abandon": N_("Abandon"),
    "confirm": N_("Abandon {game} ({seats}) for good? It stays in the history."),
    "unfinished": N_("Unfinished games"),
    "no_unfinished": N_("No unfinished game."),
    "no_games": NO_GAMES,
    "reading": N_("Reading the games…"),
    "cancel": N_("Cancel"),
    "done": N_("Done."),
}
"""The words the home's script shows (`static/host/home.js`)."""

HOME = HostPanel(
    name="home",
    kinds=(NEW, PAUSE, RESUME, ABANDON),
    view=view,
    act=act,
    texts=TEXTS,
)
"""The home panel of the host's page."""
