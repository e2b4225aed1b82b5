"""The home's offer on the host's phone: the games, their seats and options, and the
start, made by the same `HomeChoices` the screen's home pages use.

The phone sends what the pages would have set (the game's record name as `name`: a
request's `game` is the game id it was made on; the names typed; the index of each
option's value); the home's own checks and the game's own setup
(`GameDeclaration.start`: Gambo's computer takes its seat) make the acts, so a game
started from the phone is the one the screen would have started. Handed to the host's
page by the box's start (`web.host_home.offer_games`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from pi_app.box import acts
from pi_app.box.actors import HOST
from pi_app.display.choice import Choice
from pi_app.display.games import declaration_of
from pi_app.display.games.menu import menu
from pi_app.display.home.choices import NAME_LIMIT, HomeChoices
from pi_app.display.scene import Notice
from pi_app.i18n import N_, Translator, translate
from pi_app.rules import registry

if TYPE_CHECKING:
    from pi_app.box.session import Session

_ = Translator("display")

EVERY_SEAT_NAMED = N_("Every seat needs its own name.")
"""The home's refusal of seats without their own names (its msgid, in "display")."""
MOST_SEATS = 200
"""More seats than any game has: a request with more is no page's."""


def _home(session: Session) -> HomeChoices:
    return HomeChoices(session.config, session.players(), session.settings)


def _words(text: str, plain: bool, lang: str) -> str:
    return text if plain else translate(text, "display", lang)


def _option(choice: Choice, every: tuple[Choice, ...], pick: int, lang: str) -> dict[str, Any]:
    """One option as the page shows it; `only_with` as the other option's key and the
    index of the value it needs."""
    only: list[object] | None = None
    if choice.only_with is not None:
        key, wanted = choice.only_with
        other = next((c for c in every if c.key == key), None)
        if other is not None and wanted in other.values:
            only = [key, other.values.index(wanted)]
    return {
        "key": choice.key,
        "label": translate(choice.label, "display", lang),
        "names": [_words(n, choice.is_plain(i), lang) for i, n in enumerate(choice.names)],
        "pick": pick % len(choice.values),
        "only_with": only,
    }


def _declared() -> None:
    """Every game's declaration (its screens' module) and rules, imported."""
    for entry in menu():
        declaration_of(entry.name)
    registry.games()


class HomeOffer:
    """`web.host_home.GameOffer`, from the screen's home.

    The games' declarations live in their screens' modules, the largest imports of
    the box: the first host to connect has them imported as a job (`_declared`), not
    on the owner's thread, which the table's bell and screen wait on; until then the
    page hears that the games are being read (None)."""

    def __init__(self) -> None:
        self.ready = False

    def _warm(self, session: Session) -> None:
        if not session.jobs.busy(self):
            session.jobs.run(_declared, self._warmed, self._warmed, owner=self)

    def _warmed(self, _result: object) -> None:
        self.ready = True  # a failed import is met again, and said, on the owner's thread

    def games(self, session: Session, lang: str) -> list[dict[str, Any]] | None:
        if not self.ready:
            self._warm(session)
            return None
        home = _home(session)
        found = []
        for name, title in home.available():
            home.choose_game(name)
            low, high = home.limits()
            every = home.every_choice()
            seated_by = home.declaration().seated_by
            found.append(
                {
                    "name": name,
                    "title": title,
                    "low": low,
                    "high": high,
                    "seated_by": translate(seated_by, "display", lang).format(low=low, high=high),
                    "seats": list(home.seats),
                    "options": [_option(c, every, home.picks.get(c.key, 0), lang) for c in every],
                }
            )
        return found

    def new_game(
        self, session: Session, fields: Mapping[str, Any], lang: str
    ) -> list[acts.Act] | str:
        home = _home(session)
        game, seats, picks = fields.get("name"), fields.get("seats"), fields.get("picks", {})
        if not isinstance(game, str) or not isinstance(seats, list) or not isinstance(picks, dict):
            raise ValueError("new_game")
        if not all(isinstance(seat, str) for seat in seats) or len(seats) > MOST_SEATS:
            raise ValueError("seats")
        if game not in {name for name, _title in home.available()}:
            return _("This game is not installed on the box.", lang)
        if any(len(seat.strip()) > NAME_LIMIT for seat in seats):
            return _("A name has at most {most} characters.", lang).format(most=NAME_LIMIT)
        home.choose_game(game)
        refused = _picked(home, picks, lang)
        if refused:
            return refused
        home.seats = [seat.strip() for seat in seats]
        if home.names_refused():  # said in the phone's language, not the box's
            return translate(EVERY_SEAT_NAMED, "display", lang)
        return _acts(home.start(), lang)


def _picked(home: HomeChoices, picks: Mapping[object, object], lang: str) -> str:
    """Each option's value as picked on the phone ("" when all are offered)."""
    every = {choice.key: choice for choice in home.every_choice()}
    for key, index in picks.items():
        choice = every.get(str(key))
        if choice is None or not isinstance(index, int) or not 0 <= index < len(choice.values):
            return _("This option's value is not offered.", lang)
        home.picks[choice.key] = index
    return ""


def _acts(commands: object, lang: str) -> list[acts.Act] | str:
    """The home's commands as the host's acts: the game first, then the choices kept
    for next time (a game the rules refuse keeps nothing); a notice is the refusal."""
    made: list[acts.Act] = []
    for command in commands if isinstance(commands, tuple | list) else ():
        match command:
            case Notice(text=text):  # the game's own setup refused (in the box's language)
                return text
            case acts.NewGame() | acts.Remember():
                made.append(replace(command, by=HOST))
    made.sort(key=lambda act: not isinstance(act, acts.NewGame))
    return made
