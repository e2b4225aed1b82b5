"""The order travels as increments: the bytes of a round do not grow with the tournament,
and a box that joins late or was cut off reads the pages it missed.

Before, the creator published the whole order after every round: at 300 rounds each
round cost some sixty times what the first did, for every box.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from bench.tournament import boxes_on_one_broker, wait
from pi_app.net import protocol as p
from pi_app.net.box import TournamentBox
from pi_app.net.link import Link
from pi_app.net.seal import signed
from pi_app.net.store import TournamentStore
from pi_app.rules.cambio.scoring import RoundResult
from tests.net.harness import (
    BoxProcess,
    Tournament,
    agreed,
    need_mosquitto,
    publish_as,
    wait_until,
)

TABLES = [["Ana", "Ben", "Cleo"], ["Dan", "Eve", "Fay"], ["Gus", "Hal", "Ivy"]]
SETTLE = 60.0  # seconds for the boxes to agree, however busy the machine
WINDOW = 3 * p.PAGE  # rounds measured at once: whole pages, as the open page grows


@pytest.fixture
def tournament(tmp_path: Path) -> Iterator[Tournament]:
    made = Tournament(tmp_path)
    yield made
    made.close()


def play(box: BoxProcess, rounds: int) -> None:
    """`rounds` rounds at `box`'s table, each won by whoever sits first there now."""
    for _ in range(rounds):
        state = box.state()
        box.submit(state["tables"][state["table"]][0])


def test_a_box_joining_late_reads_the_pages_and_folds_the_same_order(
    tournament: Tournament,
) -> None:
    one = tournament.create("one", TABLES)
    two = tournament.join("two", 1)
    play(one, 2 * p.PAGE + 5)  # two full pages and five entries of the third
    wait_until(agreed([one, two], 2 * p.PAGE + 5), timeout=60, what="two boxes agree")
    three = tournament.join("three", 2)
    wait_until(agreed([one, two, three], 2 * p.PAGE + 5), timeout=60, what="the late box")
    assert "of the order missed: reading the pages" in three.log.read_text(encoding="utf-8")
    three.submit(three.state()["tables"][2][0])
    wait_until(agreed([one, two, three], 2 * p.PAGE + 6), timeout=60, what="it plays on")


def test_a_box_cut_off_for_many_rounds_catches_up(tournament: Tournament) -> None:
    one = tournament.create("one", TABLES)
    boxes = [one, tournament.join("two", 1), tournament.join("three", 2)]
    three = boxes[2]
    wait_until(lambda: all(b.state()["tables"] == TABLES for b in boxes), what="settings")
    tournament.proxies["three"].cut()
    wait_until(lambda: not three.state()["online"], what="box three offline")
    rounds = 60  # more than the broker keeps for a box away (32 messages): some are lost
    play(one, rounds)
    wait_until(agreed(boxes[:2], rounds), timeout=60, what="the others go on")
    assert three.state()["ordered"] == 0
    tournament.proxies["three"].mend()
    wait_until(agreed(boxes, rounds), timeout=60, what="box three caught up")
    assert "of the order missed: reading the pages" in three.log.read_text(encoding="utf-8")


def test_a_forged_increment_or_an_old_one_replayed_changes_nothing(
    tournament: Tournament,
) -> None:
    """What the creator's account can send (its password crosses the network in clear):
    an increment it made up, and one of the creator's own replayed out of its place."""
    one = tournament.create("one", TABLES)
    two = tournament.join("two", 1)
    play(one, 3)
    wait_until(agreed([one, two], 3), what="three rounds")
    tid = tournament.code.partition("-")[0]
    topic = p.topic(tid, "order")
    creator = TournamentStore(one.store)
    try:
        me = creator.membership()
        entries = creator.entries()
    finally:
        creator.close()
    assert me is not None and len(entries) == 3
    port = tournament.broker.port
    ahead = p.Stretch(tid, 3, entries[:1])  # a genuine entry again, re-signed
    forged_key = "00" * 32
    publish_as(
        port, me.username, me.password, topic, p.dumps(signed(forged_key, topic, ahead.to_json()))
    )
    stale = p.Stretch(tid, 1, entries[1:2])  # a genuine old increment, played again
    publish_as(
        port,
        me.username,
        me.password,
        topic,
        p.dumps(signed(me.tournament_key, topic, stale.to_json())),
    )
    wait_until(
        lambda: "not signed by the tournament's creator" in two.log.read_text(encoding="utf-8"),
        what="the forged one refused",
    )
    play(one, 1)
    wait_until(agreed([one, two], 4), what="the order goes on, unchanged")


def test_bytes_per_round_do_not_grow_with_the_tournament(tmp_path: Path) -> None:
    """Three boxes in this process on a real Mosquitto, 300 rounds: what the boxes
    publish in rounds 253 to 300 weighs what it did in rounds 1 to 48."""
    need_mosquitto()
    sent: list[int] = []
    publish = Link.publish

    def counted(self: Link, topic: str, payload: bytes, retain: bool = False) -> None:
        sent.append(len(payload))
        publish(self, topic, payload, retain)

    broker, boxes = boxes_on_one_broker(tmp_path, "Tournoi", TABLES)
    creator = boxes[0]
    try:
        Link.publish = counted  # type: ignore[method-assign]
        for box in boxes:
            box.connect()
        wait(boxes, lambda: all(b.ledger is not None and b.online for b in boxes), "online", SETTLE)
        weights: list[int] = []
        whole: list[int] = []
        for number in range(300):
            box = boxes[number % 3]
            before = len(sent)
            item = box.submit(RoundResult(box.seats()[0], "Dollar", "9"))
            wait(
                boxes,
                lambda i=item.id: all(b.ledger is not None and b.ledger.knows(i) for b in boxes),
                f"round {number}",
                SETTLE,
            )
            weights.append(sum(sent[before:]))
            assert creator.ledger is not None
            whole.append(len(p.dumps(creator.ledger.order().to_json())))
    finally:
        Link.publish = publish  # type: ignore[method-assign]
        for box in boxes:
            box.close()
        broker.stop()
    early, late = sum(weights[:WINDOW]), sum(weights[-WINDOW:])
    assert late < early * 1.15, (early, late)
    assert sum(whole[-WINDOW:]) > 8 * sum(whole[:WINDOW])  # what the whole order grew to
    logs = [b.ledger.log for b in boxes if b.ledger is not None]
    assert len(logs) == 3 and logs[0] == logs[1] == logs[2] and len(logs[0]) == 300


def test_a_store_kept_before_increments_is_taken_over(tmp_path: Path) -> None:
    """A box updated mid-tournament: its store kept the whole order (one row, rewritten
    at every round); its ledger is rebuilt from it and kept as entries from then on."""
    store = TournamentStore(tmp_path / "one.sqlite3")
    creator, _code = TournamentBox.create(store, "Tournoi", TABLES, {}, "127.0.0.1", 1)
    creator.submit(RoundResult("Ana", "Dollar", "9"))
    creator.submit(RoundResult("Zed", "Dollar", "9"))  # refused: not a player
    assert creator.ledger is not None
    rounds, refused = list(creator.ledger.rounds), dict(creator.ledger.refused)
    order = json.dumps(creator.ledger.order().to_json())
    store.flush()
    with store._lock:  # the store as the earlier version left it
        store._db.execute("DELETE FROM entries")
        store._db.execute("INSERT INTO meta (key, value) VALUES ('order', ?)", (order,))
    again = TournamentBox(store)
    assert again.ledger is not None
    assert again.ledger.rounds == rounds and again.ledger.refused == refused
    assert [entry.id for entry in store.entries()] == [rounds[0].id, *refused]
    store.close()
