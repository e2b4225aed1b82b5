"""Two table apps, one real Mosquitto: created from one home screen, joined from another.

The creator's app starts Mosquitto itself (its `tournament.broker` is this box), shows
the join code; the second app lists the tournament, types the key on its keyboard and
joins as table 2. Rounds played with each app's own screens reach the other; a seat
move is announced on both tables' screens with the seat to go to, and swept round both
rings; the broker gone, a box says it is offline and plays on.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from pi_app.display.demo import FakeClock, make_app
from pi_app.display.games.cambio_tournament import TournamentTableScene, status_text
from pi_app.display.intents import Char, Press
from pi_app.display.scene import CreateTournament, Play
from pi_app.display.targets import KbKey
from pi_app.display.tournament_join import JoinScene, Pick
from pi_app.i18n import set_language, translate, translate_plural
from pi_app.net.ports import free_port
from tests.display.layout_checks import drawn_text, outside, too_small
from tests.net.harness import need_mosquitto

PLAYERS = ("Ana", "Ben", "Cleo", "Dan", "Eve", "Fay")


@pytest.fixture
def apps(tmp_path: Path) -> Iterator[tuple[Any, Any]]:
    need_mosquitto()
    set_language("en")
    port = free_port()
    made = []
    for name, broker in (("one", ""), ("two", "127.0.0.1")):
        config = {"tournament.broker": broker, "tournament.port": port, "phones.enabled": False}
        made.append(make_app("800x480", tmp_path / name / "journal.sqlite3", FakeClock(), config))
    yield made[0], made[1]
    for app in made:
        app.box.close()
        app.journal.close()
    set_language("fr")


def run_until(
    apps: tuple[Any, ...], check: Callable[[], bool], what: str, limit: float = 15
) -> None:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        for app in apps:
            app.step([])
        if check():
            return
        time.sleep(0.02)
    raise AssertionError(f"not within {limit} s: {what}")


def shown(app: Any) -> str:
    app.dirty = True
    app.step([])
    return drawn_text(app.canvas.texts)


def play_round(app: Any, table: int, winner: str) -> None:
    for action in ("deal", "open", f'ring "{winner}"', "show Dollar 9"):
        app.execute(Play(f"table {table} {action}"))
    assert app.message is None, app.message


def test_two_boxes_create_join_play_and_announce_moves(apps: tuple[Any, Any]) -> None:
    one, two = apps
    one.execute(CreateTournament(PLAYERS, {"variant": "simple", "target": 1000}, 2))
    assert one.table is None  # Mosquitto starts off the loop: the screen says so meanwhile
    assert one.message[0] == translate("The tournament is starting…", "display")
    run_until(apps, lambda: isinstance(one.scene, TournamentTableScene), "the tournament seated")
    me = one.session.tournament.box.table.box.me
    code = translate("code {code}", "display").format(code=f"{me.tid}-{me.join}")
    assert code in status_text(one.table) and code in shown(one)
    run_until(apps, lambda: one.table.box.online, "the creator online")
    # the second box: home, "across boxes", join, pick the tournament, type the key
    two.feed(Press("tournament"))
    two.feed(Press("tournament-join"))
    join = two.scene
    assert isinstance(join, JoinScene)
    run_until(apps, lambda: bool(join.listed), "the tournament listed")
    two.feed(Press(Pick(me.tid)))
    two.feed(Press("type-key"))
    for char in me.join:
        two.feed(Char(char))
    two.feed(Press(KbKey("done")))
    assert join.table == 2  # offered first: the creator's box plays table 1
    two.feed(Press("join"))
    run_until(apps, lambda: two.table is not None and two.table.state is not None, "the settings")
    assert isinstance(two.scene, TournamentTableScene) and two.table.index == 1
    assert "Dan" in shown(two) and "Ana" in shown(one)
    others = translate_plural("{count} other box", "{count} other boxes", 1, "display")
    others = others.format(count=1)
    run_until(apps, lambda: others in status_text(one.table), "box one sees box two")

    play_round(two, 1, "Dan")  # table 2's own screens, through its own table
    run_until(apps, lambda: one.table.state.score_map["Dan"] == 100, "Dan's round at box one")
    play_round(one, 0, "Ana")
    play_round(one, 0, "Ana")  # Ana's second win: she and table 2's leader, Dan, swap (R8)
    run_until(apps, lambda: two.table.state.tables[1].seats[0] == "Ana", "the move at box two")
    expected = translate("{player}: go to table {table}, seat {seat}", "display")
    for app in (one, two):
        text = shown(app)
        assert expected.format(player="Dan", table=1, seat=1) in text
        assert expected.format(player="Ana", table=2, seat=1) in text
        assert not outside(app.canvas.texts, app.canvas.rect)
        assert not too_small(app.canvas.texts, 18)
        run_until(
            apps, lambda app=app: any(c[0] == "progress" for c in app.show.ring.calls), "sweep"
        )
    assert one.table.export() == two.table.export()

    assert one.session.tournament.box.broker is not None
    one.session.tournament.box.broker.kill()  # the broker gone: box two says so and plays on
    run_until(apps, lambda: not two.table.box.online, "box two offline")
    assert translate("offline: the table plays on", "display") in shown(two)
    play_round(two, 1, "Eve")
    assert two.table.state.score_map["Eve"] == 100 and two.table.box.pending()
    assert translate("{count} to send", "display").format(count=1) in status_text(two.table)


def test_a_finished_tournament_is_kept_in_every_boxs_history(
    apps: tuple[Any, Any], tmp_path: Path
) -> None:
    from pi_app.display.final import FinalScene
    from pi_app.replay import replay_record
    from pi_app.table.history import History

    one, two = apps
    one.execute(CreateTournament(PLAYERS, {"variant": "simple", "target": 200}, 2))
    run_until(apps, lambda: one.table is not None, "the tournament created")
    me = one.table.box.me
    from pi_app.display.scene import JoinTournament

    two.execute(JoinTournament(me.tid, me.join, 1))
    run_until(apps, lambda: two.table is not None, "the tournament joined")
    run_until(apps, lambda: two.table.state is not None, "box two joined")
    play_round(one, 0, "Ana")
    play_round(one, 0, "Ana")  # 200: the target
    run_until(apps, lambda: two.table.outcome() is not None, "the end at box two")
    for app in (one, two):  # no box says it plays on, or is offline, once it is over
        run_until(apps, lambda a=app: a.table.archived is not None, "the end kept")
        assert status_text(app.table) == translate("The tournament is over.", "display")
        assert app.session.tournament.next_deadline(0.0) is None  # no looking every second

    record = one.table.export()
    for app in (one, two):
        past = History(app.journal).page(0, 5)
        assert [p.game for p in past] == ["cambio-tournament"]
        assert History(app.journal).record(past[0].id) == record
        app.feed(Press("final"))
        assert isinstance(app.scene, FinalScene)
    assert replay_record(record)["scores"]["Ana"] == 200

    # box two restarts (a pulled plug): the ended tournament is not taken up again,
    # it stays in the history, once
    two.session.tournament.box.close()
    two.journal.close()
    again = make_app(
        "800x480",
        tmp_path / "two" / "journal.sqlite3",
        FakeClock(),
        {"tournament.broker": "127.0.0.1", "tournament.port": one.session.tournament.box.port},
    )
    try:
        assert again.table is None and again.session.tournament.box.table is None
        past = History(again.journal).page(0, 5)
        assert [p.game for p in past] == ["cambio-tournament"]  # kept once, not twice
        assert History(again.journal).record(past[0].id) == record
    finally:
        again.session.close()
        again.journal.close()


def test_a_joining_box_and_a_refused_one_say_so(tmp_path: Path) -> None:
    from pi_app.net.box import TournamentBox
    from pi_app.net.store import TournamentStore
    from pi_app.net.table import TournamentTable

    store = TournamentStore(tmp_path / "box.sqlite3")
    try:
        table = TournamentTable(TournamentBox.join(store, "abcd12-abcdefgh", 1, "127.0.0.1", 1))
        for language, joining, refused in (
            ("fr", "connexion au tournoi…", "Le tournoi refuse ce boîtier à la table 2."),
            ("de", "Verbindung zum Turnier…", "Das Turnier weist dieses Gerät an Tisch 2 ab."),
        ):
            set_language(language)
            table.box.join_refusal = None
            assert status_text(table) == joining
            table.box.join_refusal = "Table 2 has its box already."
            assert status_text(table) == refused
    finally:
        set_language("fr")
        store.close()
