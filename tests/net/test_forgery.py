"""What someone holding the join code (or a box's own account) cannot do to a tournament.

The join code is on the creator's screen: anyone at the tables may read it. With it a
client may ask to join, nothing more: a round under an invented box, settings or an
order published in the creator's name are dropped by the broker, and a box checks the
creator's signature besides. Before, the join code's user could write every topic: the
creator ordered a round from an invented box, and boxes adopted forged settings and
orders.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from pi_app.net import protocol as p
from pi_app.net.admission import join_request, read_welcome
from pi_app.net.box import TournamentBox
from pi_app.net.link import Message
from pi_app.net.seal import Exchange, new_key, signed
from pi_app.net.store import Membership, TournamentStore
from pi_app.rules.cambio.scoring import RoundResult
from tests.net.harness import Tournament, agreed, membership, publish_as, wait_until

TABLES = [["Ana", "Ben", "Cleo"], ["Dan", "Eve", "Fay"], ["Gus", "Hal", "Ivy"]]


@pytest.fixture
def tournament(tmp_path: Path) -> Iterator[Tournament]:
    made = Tournament(tmp_path)
    yield made
    made.close()


def _join_account(t: Tournament) -> tuple[str, str]:
    tid, _dash, password = t.code.partition("-")
    return f"t-{tid}", password


def test_a_round_from_an_invented_box_is_not_ordered(tournament: Tournament) -> None:
    one = tournament.create("one", TABLES)
    two = tournament.join("two", 1)
    boxes = [one, two]
    wait_until(lambda: all(b.state()["tables"] == TABLES for b in boxes), what="settings")
    tid = tournament.code.partition("-")[0]
    user, password = _join_account(tournament)
    port = tournament.broker.port
    two_box = two.state()["box"]
    for box in ("zzzz9999", two_box):  # an invented box, and box two's own topic
        topic = p.topic(tid, "results", box)
        forged = p.Submission(box, 1, 1, ("Dan", "Eve", "Fay"), RoundResult("Dan", "Dollar", "9"))
        publish_as(port, user, password, topic, p.dumps(forged.to_json()))
    # box two's own account cannot write under another box's topic either
    me = membership(two)
    topic = p.topic(tid, "results", "zzzz9998")
    forged = p.Submission("zzzz9998", 1, 1, ("Dan", "Eve", "Fay"), RoundResult("Eve", "Yen", "9"))
    publish_as(port, me.username, me.password, topic, p.dumps(forged.to_json()))
    genuine = one.submit("Ana")
    wait_until(agreed(boxes, 1), what="the genuine round alone")
    state = one.state()
    assert state["order"] == [genuine] and state["all_refused"] == {}
    assert state["ordered_scores"]["Dan"] == 0 and state["ordered_scores"]["Eve"] == 0


def test_the_join_code_cannot_take_a_table_that_has_its_box(tournament: Tournament) -> None:
    one = tournament.create("one", TABLES)
    two = tournament.join("two", 1)
    intruder = tournament.box("intruder")
    answer = intruder.cmd(
        cmd="join",
        code=tournament.code,
        table=1,
        host="127.0.0.1",
        port=tournament.proxies["intruder"].port,
    )
    assert answer == {}
    wait_until(lambda: intruder.state()["join_refusal"] is not None, what="the creator's no")
    assert "Table 2 has its box already" in intruder.state()["join_refusal"]
    assert intruder.state()["joining"]
    assert "answered box" in one.log.read_text(encoding="utf-8")
    two.submit("Dan")
    wait_until(agreed([one, two], 1), what="table 2's own box plays on")


def _forged_settings(tid: str) -> dict[str, object]:
    tables = [["Zed", "Yul", "Xav"], ["Dan", "Eve", "Fay"], ["Gus", "Hal", "Ivy"]]
    options = {"variant": "simple", "target": 100, "false_ring_fine": 0}
    return {"tournament": tid, "name": "Forged", "options": options, "tables": tables}


def test_forged_retained_settings_are_not_adopted_by_a_box_joining_later(
    tournament: Tournament,
) -> None:
    one = tournament.create("one", TABLES)
    two = tournament.join("two", 1)
    wait_until(lambda: two.state()["tables"] == TABLES, what="settings at box two")
    tid = tournament.code.partition("-")[0]
    topic = p.topic(tid, "settings")
    forged = p.dumps(_forged_settings(tid))
    port = tournament.broker.port
    publish_as(port, *_join_account(tournament), topic, forged, retain=True)
    me = membership(two)
    publish_as(port, me.username, me.password, topic, forged, retain=True)
    three = tournament.join("three", 2)
    wait_until(lambda: three.state()["tables"] is not None, what="settings at box three")
    assert three.state()["tables"] == TABLES == one.state()["tables"]
    three.submit("Gus")
    wait_until(agreed([one, two, three], 1), what="the three boxes agree")


def test_a_forged_order_is_not_adopted(tournament: Tournament) -> None:
    one = tournament.create("one", TABLES)
    boxes = [one, tournament.join("two", 1), tournament.join("three", 2)]
    three = boxes[2]
    wait_until(lambda: all(b.state()["tables"] == TABLES for b in boxes), what="settings")
    tid = tournament.code.partition("-")[0]
    victim = f"{three.state()['box']}-1"  # box three's next round, refused in advance
    forged = {"tournament": tid, "at": 0, "entries": [{"id": victim, "reason": "forged"}]}
    port = tournament.broker.port
    me = membership(boxes[1])
    for topic in (p.topic(tid, "order"), p.topic(tid, "pages", "0")):
        publish_as(port, *_join_account(tournament), topic, p.dumps(forged), retain=True)
        publish_as(port, me.username, me.password, topic, p.dumps(forged), retain=True)
    assert three.submit("Gus") == victim
    wait_until(agreed(boxes, 1), what="box three's round ordered everywhere")
    assert all(b.state()["all_refused"] == {} for b in boxes)


class FakeLink:
    """Hands the box what the test puts in `inbox`; sends nothing."""

    connected = False

    def __init__(self, inbox: list[Message]) -> None:
        self.inbox = inbox
        self.subscribed: list[str] = []

    def take(self) -> list[Message]:
        return list(self.inbox)

    def publish(self, topic: str, payload: bytes, retain: bool = False) -> None:
        pass

    def subscribe(self, topic: str) -> None:
        self.subscribed.append(topic)

    def unsubscribe(self, topic: str) -> None:
        self.subscribed.remove(topic)


def test_a_box_adopts_settings_and_orders_signed_by_the_creator_alone(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Behind the broker's ACL, the signature: a box checks the creator's key itself."""
    store = TournamentStore(tmp_path / "box.sqlite3")
    key = new_key()
    me = Membership("abcd12", "boxj1234", 1, "127.0.0.1", 1, "b-boxj1234", "pw", False)
    store.begin(Membership(**{**me.to_json(), "key": new_key(), "tournament_key": key}))
    box = TournamentBox(store)
    inbox: list[Message] = []
    box.link = FakeLink(inbox)  # type: ignore[assignment]
    topic = p.topic("abcd12", "settings")
    settings = {**_forged_settings("abcd12"), "tables": TABLES}
    for payload in (
        settings,  # unsigned
        signed(new_key(), topic, settings),  # another key
        signed(key, p.topic("abcd12", "order"), settings),  # signed for another topic
        {**signed(key, topic, settings), "name": "Changed"},  # changed after signing
    ):
        inbox[:] = [Message(topic, json.dumps({"v": 1, **payload}).encode(), True)]
        with caplog.at_level(logging.WARNING, logger="pi_app.net.box"):
            assert box.poll() is False
        assert box.settings is None
    assert caplog.text.count("not signed by the tournament's creator") == 4
    inbox[:] = [Message(topic, p.dumps(signed(key, topic, settings)), True)]
    assert box.poll() is True and box.settings is not None
    order_topic, page_topic = p.topic("abcd12", "order"), p.topic("abcd12", "pages", "0")
    first, second = {"id": "x1234-1", "reason": "no"}, {"id": "x1234-2", "reason": "late"}
    order = {"tournament": "abcd12", "at": 0, "entries": [first]}
    for topic, payload in (
        (order_topic, signed(new_key(), order_topic, order)),  # another key
        (page_topic, signed(new_key(), page_topic, order)),
        (page_topic, signed(key, order_topic, order)),  # signed for another topic
        (order_topic, {**signed(key, order_topic, order), "at": 1}),  # renumbered
    ):
        inbox[:] = [Message(topic, p.dumps(payload), True)]
        assert box.poll() is False and box.ledger is not None and not box.ledger.refused
    assert caplog.text.count("not signed by the tournament's creator") == 8
    # an increment past what the box holds is not folded: the box reads page 0 instead
    later = {"tournament": "abcd12", "at": 1, "entries": [second]}
    inbox[:] = [Message(order_topic, p.dumps(signed(key, order_topic, later)), True)]
    assert box.poll() is False and not box.ledger.refused and box.ledger.log == []
    assert box.link.subscribed == [page_topic]  # type: ignore[attr-defined]
    inbox[:] = [Message(order_topic, p.dumps(signed(key, order_topic, order)), True)]
    assert box.poll() is True and box.ledger.refused == {"x1234-1": "no"}
    page = {**order, "entries": [first, second]}
    inbox[:] = [Message(page_topic, p.dumps(signed(key, page_topic, page)), True)]
    assert box.poll() is True and box.ledger.refused == {"x1234-1": "no", "x1234-2": "late"}
    assert box.link.subscribed == []  # type: ignore[attr-defined]
    store.close()


def test_a_box_id_is_bound_to_the_key_it_first_asked_with(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Someone who read a box's id in the welcomes cannot ask in its place: the creator
    answers the same request with the same welcome, and ignores another key."""
    store = TournamentStore(tmp_path / "creator.sqlite3")
    creator, _code = TournamentBox.create(store, "Tournoi", TABLES, {}, "127.0.0.1", 1)
    sent: list[tuple[str, bytes]] = []
    inbox: list[Message] = []
    link = FakeLink(inbox)
    link.publish = lambda topic, payload, retain=False: sent.append((topic, payload))  # type: ignore[method-assign]
    creator.link = link  # type: ignore[assignment]
    tid = creator.me.tid
    topic = p.topic(tid, "join", "boxj1234")
    welcome_topic = p.topic(tid, "welcome", "boxj1234")
    genuine, stranger = Exchange(), Exchange()

    def ask(exchange: Exchange) -> list[dict[str, object]]:
        request = join_request(tid, "boxj1234", 1, exchange)
        inbox[:] = [Message(topic, p.dumps(request), False)]
        creator.poll()
        inbox.clear()
        wait_until(lambda: (creator.poll() or True) and not creator.saving, what="kept on disk")
        answers = [p.loads(data) for t, data in sent if t == welcome_topic]
        sent.clear()
        return answers

    first = ask(genuine)
    assert len(first) == 1
    given = read_welcome(tid, "boxj1234", genuine, first[0])
    assert given.tournament_key == creator.me.tournament_key and given.username == "b-boxj1234"
    assert ask(genuine) == first  # the same request again: the same welcome
    with caplog.at_level(logging.WARNING, logger="pi_app.net.box"):
        assert ask(stranger) == []  # another key for that box: ignored
    assert "asked again with another key" in caplog.text
    with pytest.raises(p.ProtocolError):
        read_welcome(tid, "boxj1234", stranger, first[0])  # nor can it open the welcome
    store.close()
