"""The home on the host's phone, on a real session: the games as their declarations
offer them, a game started with typed names (and Gambo's computer seated as the
screen seats it), pause, resume and abandon by id, each the host's act through the
door; refusals in plain words, and nothing started by a refused request."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pi_app.box.actors import HOST
from pi_app.box.changes import Left, Paused, Seated
from pi_app.box.session import Session
from pi_app.display.home.host_offer import HomeOffer
from pi_app.web import host_home
from pi_app.web.host_play import HostRequest
from tests.web.host_owner import ask, opened, panel

DEADLINE = 60.0


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    host_home.offer_games(HomeOffer())
    for made in opened(tmp_path):
        assert panel("home").view(made, "en")["games"] is None  # read as a job first
        assert made.jobs.wait_idle(DEADLINE)
        yield made


def heard(session: Session) -> list[Any]:
    changes: list[Any] = []
    session.changes.subscribe(changes.append, Seated, Paused, Left)
    return changes


def game(view: dict[str, Any], name: str) -> dict[str, Any]:
    return next(found for found in view["games"] if found["name"] == name)


def test_the_view_lists_every_game_with_its_options_as_the_home_offers_them(
    session: Session,
) -> None:
    view = panel("home").view(session, "de")
    names = [found["name"] for found in view["games"]]
    assert names[:3] == ["gambit7", "quitte-ou-double", "cambio"]  # the menu's order
    assert "gambo" in names and "tiny-race" in names
    tiny = game(view, "tiny-race")
    assert (tiny["low"], tiny["high"]) == (2, 4)
    assert tiny["options"] == [
        {"key": "target", "label": "Ziel", "names": ["10", "5", "20"], "pick": 0, "only_with": None}
    ]
    opponent = game(view, "gambo")["options"][0]
    assert opponent["key"] == "opponent"
    assert opponent["names"][3] == "zwei Spieler"  # the host's language, not the box's
    qod = {option["key"]: option for option in game(view, "quitte-ou-double")["options"]}
    assert qod["question"]["only_with"][0] == "questions"  # shown with the cards only
    assert view["table"] is None and view["unfinished"] == []


def test_a_game_starts_with_the_names_typed_and_its_options(session: Session) -> None:
    changes = heard(session)
    reply = ask(session, "new_game", name="tiny-race", seats=["Ana", " Ben "], picks={"target": 2})
    assert reply.ok, reply.message
    table = session.table
    assert table is not None and table.game.name == "tiny-race"
    assert table.seats == ("Ana", "Ben") and table.state.target == 20
    assert [type(c) for c in changes] == [Seated] and changes[0].by == HOST
    assert [player.name for player in session.players()][:2] == ["Ana", "Ben"]
    kept = session.settings["home.tiny-race"]
    assert kept == {"seats": ["Ana", "Ben"], "options": {"target": 20}}
    view = panel("home").view(session, "en")
    assert view["table"] == {"id": table.game_id, "game": "Tiny Race", "seats": ["Ana", "Ben"]}
    assert view["players"][:2] == ["Ana", "Ben"]
    assert game(view, "tiny-race")["seats"] == ["Ana", "Ben"]  # offered again next time


def test_gambo_against_the_computer_seats_it_as_the_screen_does(session: Session) -> None:
    options = game(panel("home").view(session, "en"), "gambo")["options"]
    easy = options[0]["names"].index("engine, easy")
    reply = ask(session, "new_game", name="gambo", seats=["Ana", "Ben"], picks={"opponent": easy})
    assert reply.ok, reply.message
    table = session.table
    assert table is not None and table.seats[0] == "Ana"
    assert table.seats[1] != "Ben" and "easy" in table.seats[1]
    assert table.extras["opponent"] == {"B": "easy"}
    assert "Ben" not in [player.name for player in session.players()]


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"name": "tiny-race", "seats": ["Ana", "B" * 41]}, "A name has at most 40 characters."),
        ({"name": "tiny-race", "seats": ["Ana", "ana"]}, "Every seat needs its own name."),
        ({"name": "tiny-race", "seats": ["Ana", ""]}, "Every seat needs its own name."),
        ({"name": "tiny-race", "seats": list("ABCDE")}, "Tiny Race needs 2 to 4 seats."),
        (
            {"name": "tiny-race", "seats": ["A", "B"], "picks": {"target": 7}},
            "This option's value is not offered.",
        ),
        (
            {"name": "tiny-race", "seats": ["A", "B"], "picks": {"speed": 0}},
            "This option's value is not offered.",
        ),
        ({"name": "chess", "seats": ["A", "B"]}, "This game is not installed on the box."),
    ],
)
def test_a_refused_game_says_why_and_starts_nothing(
    session: Session, fields: dict[str, Any], said: str
) -> None:
    reply = ask(session, "new_game", **fields)
    assert not reply.ok and reply.message == said
    assert session.table is None and session.unfinished.tables() == []
    assert "home.tiny-race" not in session.settings


@pytest.mark.parametrize(
    "fields",
    [
        {"name": 3, "seats": ["A", "B"]},
        {"name": "tiny-race", "seats": "AB"},
        {"name": "tiny-race", "seats": [1, 2]},
        {"name": "tiny-race", "seats": ["A", "B"], "picks": []},
    ],
)
def test_a_request_no_page_makes_is_unreadable(session: Session, fields: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        panel("home").act(session, HostRequest("new_game", fields, "en"))


def test_pause_resume_and_abandon_each_by_its_id(session: Session) -> None:
    assert ask(session, "new_game", name="tiny-race", seats=["Ana", "Ben"]).ok
    first = session.table
    assert ask(session, "new_game", name="tiny-race", seats=["Cléo", "Dan"]).ok
    second = session.table
    assert first is not None and second is not None
    changes = heard(session)
    assert ask(session, "pause").ok
    assert session.table is None
    listed = panel("home").view(session, "en")["unfinished"]
    assert [game["id"] for game in listed] == [second.game_id, first.game_id]
    assert all(isinstance(game["when"], float) and not game["at_table"] for game in listed)
    assert listed[0]["seats"] == ["Cléo", "Dan"]
    assert ask(session, "resume", game_id=first.game_id).ok
    assert session.table is first
    assert ask(session, "abandon", game_id=second.game_id).ok
    assert session.unfinished.tables() == [first]
    assert [type(c) for c in changes] == [Paused, Seated, Left]
    assert all(change.by == HOST for change in changes)
    again = ask(session, "resume", game_id=second.game_id)
    assert not again.ok and again.message == "This game is not unfinished any more."
    assert session.table is first


def test_abandon_needs_the_games_id(session: Session) -> None:
    assert ask(session, "new_game", name="tiny-race", seats=["Ana", "Ben"]).ok
    for fields in ({}, {"game_id": "1"}, {"game_id": True}):
        with pytest.raises(ValueError):
            panel("home").act(session, HostRequest("abandon", fields, "en"))
    assert session.table is not None and len(session.unfinished.tables()) == 1


def test_pause_with_no_game_at_the_table_says_so(session: Session) -> None:
    reply = ask(session, "pause")
    assert not reply.ok and reply.message == "No game is at the table."


def test_without_the_homes_offer_no_game_is_offered(session: Session) -> None:
    host_home._offers.clear()
    try:
        assert panel("home").view(session, "en")["games"] == []
        reply = ask(session, "new_game", name="tiny-race", seats=["Ana", "Ben"])
        assert not reply.ok and reply.message == "This box offers no game to start from the phone."
    finally:
        host_home.offer_games(HomeOffer())
