"""Three boxes, three processes, one real Mosquitto: a tournament that survives faults.

Tables of three (Dollar 100, Deutschemark 85, Yen 80 in play). After every fault the
boxes must show the same ordered rounds, scores and seating, and the record any of
them exports must replay (`tabletop replay`) to those scores and that seating.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from pi_app.net import protocol as p
from pi_app.net.access import DIRECTORY_PASSWORD, DIRECTORY_USER
from pi_app.net.seal import signed
from tests.net.harness import (
    ROOT,
    BoxProcess,
    Tournament,
    agreed,
    connects,
    membership,
    publish_as,
    wait_until,
)

TABLES = [["Ana", "Ben", "Cleo"], ["Dan", "Eve", "Fay"], ["Gus", "Hal", "Ivy"]]


@pytest.fixture
def tournament(tmp_path: Path) -> Iterator[Tournament]:
    made = Tournament(tmp_path)
    yield made
    made.close()


def three_boxes(t: Tournament, **options: object) -> list[BoxProcess]:
    creator = t.create("one", TABLES, **options)
    boxes = [creator, t.join("two", 1), t.join("three", 2)]
    wait_until(lambda: all(b.state()["online"] for b in boxes), what="every box online")
    wait_until(lambda: all(b.state()["tables"] == TABLES for b in boxes), what="settings")
    return boxes


def replayed(record: dict[str, object]) -> dict[str, object]:
    """The record through the real `tabletop replay` command."""
    done = subprocess.run(
        [sys.executable, "-m", "pi_app", "replay", "-"],
        input=json.dumps(record),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    return dict(json.loads(done.stdout))


def check_records(boxes: list[BoxProcess]) -> None:
    """Every box exports the same record, and it replays to the boxes' standing."""
    records = [box.cmd(cmd="record")["record"] for box in boxes]
    assert all(record == records[0] for record in records)
    state = boxes[0].state()
    output = replayed(records[0])
    assert output["scores"] == state["ordered_scores"]
    assert output["tables"] == state["ordered_tables"]


def test_a_tournament_played_to_its_target_with_seat_moves(tournament: Tournament) -> None:
    one, two, three = boxes = three_boxes(tournament, target=400)
    one.submit("Ana")  # Ana 100
    wait_until(agreed(boxes, 1))
    two.submit("Dan", "Yen")  # Dan 80
    wait_until(agreed(boxes, 2))
    one.submit("Ana")  # Ana's second win: she swaps with table 2's leader, Dan (R8)
    wait_until(agreed(boxes, 3))
    state = two.state()
    assert state["tables"][:2] == [["Dan", "Ben", "Cleo"], ["Ana", "Eve", "Fay"]]
    assert {m["player"] for m in state["moves"]} == {"Ana", "Dan"}
    assert {m["player"] for m in one.state()["moves"]} == {"Ana", "Dan"}
    three.submit("Gus")
    two.submit("Ana")  # at her new table, with her new seats
    wait_until(agreed(boxes, 5))
    two.submit("Ana")  # 400: the target
    wait_until(agreed(boxes, 6))
    final = three.state()
    assert final["termination"] == "target"
    assert final["ordered_scores"]["Ana"] == 400 and final["ordered_scores"]["Gus"] == 100
    check_records(boxes)
    late = one.submit("Ben")  # after the end: refused by the rules, nothing changes
    wait_until(lambda: late in one.state()["refused"], what="the late round refused")
    assert "over" in one.state()["refused"][late]
    assert one.state()["ordered_scores"] == final["ordered_scores"]


def test_a_box_cut_from_the_network_plays_on_and_catches_up(tournament: Tournament) -> None:
    one, two, three = boxes = three_boxes(tournament)
    tournament.proxies["three"].cut()
    wait_until(lambda: not three.state()["online"], what="box three sees it is offline")
    three.submit("Gus")
    three.submit("Hal", "Yen")
    one.submit("Ben")
    two.submit("Eve")
    state = three.state()
    offline_rounds = state["pending"]
    assert len(offline_rounds) == 2
    assert state["scores"]["Gus"] == 100 and state["scores"]["Hal"] == 80  # shown at once
    wait_until(lambda: one.state()["ordered"] == 2, what="the others go on")
    tournament.proxies["three"].mend()
    wait_until(agreed(boxes, 4), what="every box agrees again")
    order = one.state()["order"]
    assert order[2:] == offline_rounds  # ordered as the creator received them: last
    check_records(boxes)


def test_a_box_killed_and_restarted_comes_back_to_its_table(tournament: Tournament) -> None:
    one, two, _three = boxes = three_boxes(tournament)
    one.submit("Ana")
    wait_until(agreed(boxes, 1))
    tournament.proxies["two"].cut()  # its round cannot leave before the plug is pulled
    two.submit("Dan")
    wait_until(lambda: not two.state()["saving"], what="the round on the box's disk")
    two.kill()
    tournament.proxies["two"].mend()
    two.start()
    assert two.cmd(cmd="resume") == {}
    state = two.state()
    assert state["table"] == 1 and len(state["pending"]) == 1  # kept on its own disk
    wait_until(agreed(boxes, 2), what="the round kept on disk reaches the order")
    assert one.state()["ordered_scores"]["Dan"] == 100
    check_records(boxes)


def test_the_broker_killed_and_restarted_loses_nothing(tournament: Tournament) -> None:
    one, two, three = boxes = three_boxes(tournament)
    one.submit("Ana")
    wait_until(agreed(boxes, 1))
    tournament.broker.kill()
    wait_until(lambda: not any(b.state()["online"] for b in boxes), what="all offline")
    one.submit("Ben", "Yen")  # the creator orders its own round at once
    two.submit("Eve")
    three.submit("Ivy", "Deutschemark")
    tournament.broker.start()
    wait_until(agreed(boxes, 4), timeout=30, what="every round after the broker's restart")
    scores = two.state()["ordered_scores"]
    assert (scores["Ana"], scores["Ben"], scores["Eve"], scores["Ivy"]) == (100, 80, 100, 85)
    check_records(boxes)


def test_strangers_and_bad_messages_change_nothing(tournament: Tournament) -> None:
    one, two, three = boxes = three_boxes(tournament)
    item = two.submit("Dan")
    wait_until(agreed(boxes, 1))
    tid = tournament.code.partition("-")[0]
    port = tournament.broker.port
    forged = p.Submission("forger1", 1, 0, ("Ana", "Ben", "Cleo"), _result("Ana"))
    stranger = (DIRECTORY_USER, DIRECTORY_PASSWORD)  # the account anyone has
    publish_as(port, *stranger, p.topic(tid, "results", "forger1"), p.dumps(forged.to_json()))
    assert not connects(port, None, None)  # no account: refused
    # a wrong password is refused by the broker itself
    assert not connects(port, f"t-{tid}", "wrongpassword")
    # an admitted box's bad messages, with its own account and key: not JSON, nested too
    # deep, a number too long, unsigned, another table, an unknown player, fields missing
    me = membership(two)
    box, topic = me.box, p.topic(tid, "results", me.box)
    zed = p.Submission(box, 50, 1, ("Dan", "Eve", "Fay"), _result("Zed")).to_json()
    other_table = {**p.Submission(box, 51, 0, ("Ana", "Ben", "Cleo"), _result("Ana")).to_json()}
    for payload in (
        b"not json at all",
        b"[" * 5000,
        b'{"v": 1, "seq": ' + b"9" * 5000 + b"}",
        p.dumps(zed),  # unsigned
        p.dumps(signed(me.key, topic, other_table)),
        p.dumps(signed(me.key, topic, zed)),
        p.dumps(signed(me.key, topic, {"box": box, "seq": 3, "table": 1})),
    ):
        publish_as(port, me.username, me.password, topic, payload)
    # its round again, and a round under box three's topic (the broker drops that one)
    again = signed(me.key, topic, _submission_of(two, item).to_json())
    publish_as(port, me.username, me.password, topic, p.dumps(again))
    three_topic = p.topic(tid, "results", three.state()["box"])
    publish_as(port, me.username, me.password, three_topic, p.dumps(again))
    one.submit("Ben")
    wait_until(agreed(boxes, 2), what="only the genuine rounds")
    state = one.state()
    assert state["order"] == [item, state["order"][1]]
    assert state["ordered_scores"]["Dan"] == 100 and state["ordered_scores"]["Ana"] == 0
    assert state["refused"] == {}  # nothing of the creator's own was refused
    reasons = state["all_refused"]
    assert list(reasons) == [f"{box}-50"] and "Zed" in reasons[f"{box}-50"]
    log = one.log.read_text(encoding="utf-8")
    assert "not JSON" in log and "missing or of the wrong type" in log
    assert f"not signed by box {box}" in log and f"box {box} plays table 2, not 0" in log
    assert f"refused round {box}-50" in log
    check_records(boxes)


def _result(winner: str) -> object:
    from pi_app.rules.cambio.scoring import RoundResult

    return RoundResult(winner, "Dollar", "9")


def _submission_of(box: BoxProcess, round_id: str) -> p.Submission:
    from pi_app.net.store import TournamentStore

    store = TournamentStore(box.store)
    try:
        return next(item for item in store.mine() if item.id == round_id)
    finally:
        store.close()


def test_rounds_finished_together_are_ordered_once_for_all(tournament: Tournament) -> None:
    one, two, _three = boxes = three_boxes(tournament)
    one.submit("Ana")
    two.submit("Dan")
    wait_until(agreed(boxes, 2))
    # Ana (table 1) and Dan (table 2) both win their second round at the same moment:
    # whichever comes first moves, and the other's table changed under it (void).
    tournament.proxies["two"].cut()
    first = two.submit("Dan")
    second = one.submit("Ana")
    tournament.proxies["two"].mend()
    wait_until(agreed(boxes, 3), what="one of the two rounds ordered, the other void")
    states = [box.state() for box in boxes]
    assert states[0]["order"][2] == second  # the creator received its own first
    assert first in two.state()["refused"]  # the seat move changed table 2 meanwhile
    assert "void" in two.state()["refused"][first]
    assert all(s["ordered_tables"] == states[0]["ordered_tables"] for s in states)
    check_records(boxes)
