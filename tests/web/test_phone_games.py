"""Each game's phone play is found by its name (`web.games`), and the page's side of it
too (`static/games/<name>.js`, sent after play.js with no list to keep); a game without
any is followed from a phone, and a request to play it is refused with a message."""

from __future__ import annotations

import random
import re
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from pi_app.rules.registry import find_game, games
from pi_app.table import Journal, Table
from pi_app.web.games import PhonePlay, phone_play
from pi_app.web.pages import GAME_SCRIPTS
from pi_app.web.requests import PhoneRequest
from pi_app.web.views import phone_view
from tests.paths import ROOT
from tests.web.conftest import Served
from tests.web.served import ask

STATIC = ROOT / "pi_app" / "web" / "static"


@pytest.mark.parametrize("name", ["gambit7", "quitte-ou-double"])
def test_games_phones_play_have_their_actions_and_views(name: str) -> None:
    play = phone_play(name)
    assert play is not None and play.kinds and "answer" in play.kinds
    assert play.action is not PhonePlay().action and play.view is not PhonePlay().view


@pytest.mark.parametrize("name", ["gambit7", "quitte-ou-double"])
def test_a_game_s_own_part_of_the_view_travels_under_one_key_beside_its_name(name: str) -> None:
    """The phone's page finds the game's script by `game` and draws `play` with it."""
    game = find_game(name)
    state = game.new_game(["Ann", "Bob", "Cy"], {}, random.Random(0))
    view = phone_view(game, state, "Ann", 1)
    play = phone_play(name)
    assert play is not None
    assert view["game"] == name and view["play"] == play.view(state, "Ann", "fr")
    assert name not in view


def test_the_other_games_are_followed_with_their_scores_alone() -> None:
    played = {name for name in games() if phone_play(name) is not None}
    assert played == {"gambit7", "quitte-ou-double", "gambo"}
    game = find_game("tiny-race")
    state = game.new_game(["Ann", "Bob"], {}, random.Random(0))
    view = phone_view(game, state, "Ann", 3)
    assert view["game_id"] == 3 and view["you"] == "Ann" and view["game"] == "tiny-race"
    assert "play" not in view and "tiny-race" not in view
    assert view["scores"] == {"Ann": 0, "Bob": 0}


def test_a_phone_names_the_computers_seat_in_its_own_language(tmp_path: Path) -> None:
    """A Gambo game begun in French records the computer's seat as "Ordinateur (moyen)":
    a German phone, joining or following, is told to show it as "Computer (mittel)"."""
    from pi_app.box.seats import SeatBook
    from pi_app.web.hub import Hub

    journal = Journal(tmp_path / "journal.sqlite3")
    try:
        seats = ["Alice", "Ordinateur (moyen)"]
        table = Table.new(journal, "gambo", seats, {}, extras={"opponent": {"B": "medium"}})
        hub = Hub(SeatBook(None))
        hub.publish(table)
        published = hub.published
        assert published is not None
        view = phone_view(published.game, published.state, "Alice", 1, None, "de", published.extras)
        assert view["names"] == {"Ordinateur (moyen)": "Computer (mittel)"}
        english = phone_view(table.game, table.state, None, 1, None, "en", table.extras)
        assert english["names"] == {"Ordinateur (moyen)": "Engine (medium)"}
        people = Table.new(journal, "gambo", seats, {})  # two people, whatever their names
        assert phone_view(people.game, people.state, None, 2, None, "de")["names"] == {}
    finally:
        journal.close()


def test_a_request_for_a_game_played_on_the_box_is_refused(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "journal.sqlite3")
    try:
        table = Table.new(journal, "tiny-race", ["Ann", "Bob"], {})
        reply = ask(table, PhoneRequest("Ann", "answer", {"typed": "1"}, "en"))
        assert not reply.ok
        assert reply.message == "This game is played on the box; the phone shows the scores."
        assert table.moves_played == 0
    finally:
        journal.close()


def test_each_game_phones_play_has_its_page_script_and_no_other_has() -> None:
    played = sorted(name for name in games() if phone_play(name) is not None)
    scripts = sorted(path.stem for path in (STATIC / "games").glob("*.js"))
    assert scripts == played
    assert sorted(GAME_SCRIPTS) == [f"games/{name}.js" for name in played]


def _get(url: str) -> tuple[int, dict[str, str], str]:
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:
            return answer.status, dict(answer.headers), answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), ""


def test_the_phone_s_script_is_play_js_then_every_game_s_own(served: Served) -> None:
    """One script for all the games' plays, so that a phone opens no more connections
    than before (five phones from one address stay under `gate.PER_ADDRESS`)."""
    status, headers, page = _get(f"{served.url}/play")
    assert status == 200
    assert re.findall(r'<script src="/static/([^"]+)"></script>', page) == [
        "common.js",
        "play.js",
    ]
    status, served_headers, script = _get(f"{served.url}/static/play.js")
    assert status == 200 and served_headers["Content-Type"].startswith("text/javascript")
    assert served_headers["X-Content-Type-Options"] == "nosniff"
    parts = [(STATIC / "play.js").read_text(encoding="utf-8")]
    parts += [
        f"\n// ---- static/{name} ----\n" + (STATIC / name).read_text() for name in GAME_SCRIPTS
    ]
    assert script == "".join(parts)
    policy = headers["Content-Security-Policy"]
    assert "default-src 'none'" in policy and "script-src 'self';" in policy
    assert "unsafe" not in policy and "frame-ancestors 'none'" in policy
    host = served.url.split("//", 1)[1]
    assert f"connect-src 'self' ws://{host} wss://{host};" in policy
    status, headers, _page = _get(f"{served.url}/j/{served.secret}")
    assert status == 200 and headers["Content-Security-Policy"] == policy


@pytest.mark.parametrize(
    "path",
    ["games/nothing.js", "games/../server.py", "games", "games/", "../texts.py", "x/play.js"],
)
def test_nothing_else_of_the_package_is_served(served: Served, path: str) -> None:
    assert _get(f"{served.url}/static/{path}")[0] == 404
