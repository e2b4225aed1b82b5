"""A lone surrogate is refused wherever a text enters a tournament, and loses nothing.

JSON's `"\\ud800"` escape gives Python a lone surrogate, a "character" that no disk,
screen or other box can take: before, one in a player's name passed the protocol and
killed the tournament store's writer thread, after which nothing was written and the
next read waited for ever. Now every reader of the protocol refuses it, whatever text
field or key holds it; the box's own entry points refuse it with nothing changed; and
the store refuses such a write at once (`JournalRefused`) and goes on writing.
"""

from __future__ import annotations

import copy
import json
import logging
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

import pytest

from pi_app.net import protocol as p
from pi_app.net.admission import join_request
from pi_app.net.box import TournamentBox
from pi_app.net.directory import read_listing
from pi_app.net.link import Event, Message
from pi_app.net.seal import Exchange, signed
from pi_app.net.store import Membership, TournamentStore
from pi_app.net.table import TournamentTable
from pi_app.rules.cambio.scoring import RoundResult
from pi_app.rules.contract import RuleError
from pi_app.table.writer import JournalRefused

T = TypeVar("T")
DEADLINE = 20.0  # seconds: a writer that died makes a read wait for ever, not this long
LONE = "\ud800"
TID, BOX = "abcd12", "boxa1234"
TABLES = [["Ana", "Ben", "Cleo"], ["Dan", "Eve", "Fay"]]
RESULT = {
    "winner": "Ana",
    "currency": "Dollar",
    "hand": "9",
    "holding": {"Ben": ["minus"]},
    "false_rings": ["Cleo"],
}
ROUND = {"id": f"{BOX}-1", "box": BOX, "seq": 1, "table": 0, "seats": TABLES[0], "result": RESULT}
MESSAGES: dict[str, tuple[dict[str, Any], Callable[[bytes], object]]] = {
    "directory": (
        {"v": 1, "tournament": TID, "name": "Tournoi du jeudi", "tables": 2},
        read_listing,
    ),
    "settings": (
        {
            "v": 1,
            "tournament": TID,
            "name": "Tournoi du jeudi",
            "options": {"variant": "simple", "target": 500, "false_ring_fine": 0},
            "tables": TABLES,
        },
        lambda data: p.Settings.from_json(p.loads(data)),
    ),
    "order": (
        {
            "v": 1,
            "tournament": TID,
            "at": 0,
            "entries": [ROUND, {"id": f"{BOX}-2", "reason": "A seat move changed table 1."}],
        },
        lambda data: p.Stretch.from_json(p.loads(data)),
    ),
    "round": ({"v": 1, **ROUND}, lambda data: p.Submission.from_json(p.loads(data))),
    "box status": (
        {"v": 1, "box": BOX, "table": 0, "online": True},
        lambda data: p.BoxStatus.from_json(p.loads(data)),
    ),
}
"""Every payload of docs/TOURNAMENT.md, valid, with its reader as a box reads it."""

FieldPath = tuple[str | int, ...]


def text_fields(value: object, path: FieldPath = ()) -> Iterator[tuple[str, FieldPath]]:
    """Every text in a payload: ("value", path) for a string, ("key", path) for an
    object's key (its path ends with the key), ("extra", path) for an object."""
    if isinstance(value, str):
        yield "value", path
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from text_fields(item, (*path, index))
    elif isinstance(value, dict):
        yield "extra", path
        for key, item in value.items():
            if path or key != "v":  # without its version, a payload is refused for that
                yield "key", (*path, key)
            yield from text_fields(item, (*path, key))


def with_surrogate(payload: dict[str, Any], kind: str, path: FieldPath) -> dict[str, Any]:
    """The payload with a lone surrogate in the text at `path`."""
    changed = copy.deepcopy(payload)
    if kind == "extra":
        target: Any = changed
        for step in path:
            target = target[step]
        target[f"note{LONE}"] = "x"
        return changed
    *parents, last = path
    target = changed
    for step in parents:
        target = target[step]
    if kind == "value":
        target[last] += LONE
    else:
        items = list(target.items())
        target.clear()  # renamed in place: the keys keep their order
        target.update((f"{k}{LONE}" if k == last else k, v) for k, v in items)
    return changed


CASES = [
    pytest.param(name, kind, path, id=f"{name}:{kind}:{'.'.join(map(str, path)) or '/'}")
    for name, (payload, _reader) in MESSAGES.items()
    for kind, path in text_fields(payload)
]


def test_every_documented_text_field_is_swept() -> None:
    swept = {(name, kind, path) for name, kind, path in (c.values for c in CASES)}
    for expected in [
        ("directory", "value", ("name",)),
        ("settings", "value", ("tables", 1, 2)),
        ("settings", "key", ("options", "variant")),
        ("order", "value", ("entries", 0, "seats", 0)),
        ("order", "key", ("entries", 0, "result", "holding", "Ben")),
        ("order", "value", ("entries", 0, "result", "holding", "Ben", 0)),
        ("order", "value", ("entries", 1, "reason")),
        ("round", "value", ("result", "false_rings", 0)),
        ("round", "value", ("result", "winner")),
        ("box status", "value", ("box",)),
        ("box status", "extra", ()),
    ]:
        assert expected in swept
    assert len(CASES) > 80


@pytest.mark.parametrize("name", MESSAGES)
def test_each_payload_is_read_without_its_surrogate(name: str) -> None:
    payload, reader = MESSAGES[name]
    reader(json.dumps(payload).encode())  # the sweep below refuses only the surrogate


@pytest.mark.parametrize(("name", "kind", "path"), CASES)
def test_a_lone_surrogate_in_any_text_field_is_refused(
    name: str, kind: str, path: FieldPath
) -> None:
    payload, reader = MESSAGES[name]
    data = json.dumps(with_surrogate(payload, kind, path)).encode()
    assert b"\\ud800" in data  # as it travels: a valid JSON escape, in ASCII
    with pytest.raises(p.ProtocolError, match="U\\+D800, a lone surrogate"):
        reader(data)


@pytest.mark.parametrize(
    "text", ["\\ud800", "\\udbff", "\\udc00", "\\udfff", "Ana\\udc00", "\\ude00\\ud83d"]
)
def test_every_lone_surrogate_is_refused_and_a_pair_is_not(text: str) -> None:
    data = f'{{"v": 1, "tournament": "{TID}", "name": "{text}", "tables": 2}}'.encode()
    with pytest.raises(p.ProtocolError, match="lone surrogate"):
        read_listing(data)
    paired = f'{{"v": 1, "tournament": "{TID}", "name": "Ana \\ud83d\\ude00", "tables": 2}}'
    assert read_listing(paired.encode()).name == "Ana \U0001f600"  # an emoji, escaped


def test_a_surrogate_in_raw_bytes_is_no_utf8() -> None:
    with pytest.raises(p.ProtocolError, match="UnicodeDecodeError"):
        p.loads(b'{"v": 1, "name": "\xed\xa0\x80"}')


@pytest.mark.parametrize(
    "payload",
    [
        p.Settings(TID, f"Tournoi{LONE}", {}, (("Ana", "Ben"),)).to_json(),
        p.Settings(TID, "Tournoi", {f"target{LONE}": 5}, (("Ana", "Ben"),)).to_json(),
        p.Submission(BOX, 1, 0, ("Ana", f"B{LONE}"), RoundResult("Ana", "Dollar", "9")).to_json(),
        p.Order(TID, (), (("x-1", f"void{LONE}"),)).to_json(),
        p.Stretch(TID, 0, (p.Refusal("x-1", f"void{LONE}"),)).to_json(),
    ],
)
def test_dumps_refuses_a_surrogate_as_a_protocol_error(payload: dict[str, Any]) -> None:
    with pytest.raises(p.ProtocolError, match="U\\+D800"):
        p.dumps(payload)


# ---- the store -----------------------------------------------------------------------


def within(seconds: float, call: Callable[[], T]) -> T:
    """`call()` on a thread of its own; fails the test if it has not returned in time
    (a store whose writer died makes a read wait for ever: the test must not)."""
    done: list[T] = []
    failed: list[BaseException] = []

    def run() -> None:
        try:
            done.append(call())
        except BaseException as error:
            failed.append(error)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        raise AssertionError(f"still waiting after {seconds} s: the store's writer is stuck")
    if failed:
        raise failed[0]
    return done[0]


def wait_until(check: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + DEADLINE
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {DEADLINE} s: {what}")
        time.sleep(0.01)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[TournamentStore]:
    made = TournamentStore(tmp_path / "tournament.sqlite3")
    yield made
    made.close()


def test_a_refused_write_changes_nothing_and_the_store_goes_on(
    store: TournamentStore, tmp_path: Path
) -> None:
    first = store.save_round_actions(["table 0 deal"])
    with pytest.raises(JournalRefused, match="D800") as refused:
        store.save_round_actions(["table 0 deal", f'table 0 ring "Ana{LONE}"'])
    str(refused.value).encode("utf-8")  # the reason can be shown: no surrogate quoted
    assert within(DEADLINE, store.round_actions) == ["table 0 deal"]
    later = store.save_round_actions(["table 0 deal", "table 0 open"])
    assert later == first + 1  # the refused write took no ticket: nothing was queued
    wait_until(lambda: store.durable >= later, "the write after the refused one on disk")
    assert within(DEADLINE, store.round_actions) == ["table 0 deal", "table 0 open"]
    store.close()
    again = TournamentStore(tmp_path / "tournament.sqlite3")  # what the disk holds
    try:
        assert within(DEADLINE, again.round_actions) == ["table 0 deal", "table 0 open"]
    finally:
        again.close()


def test_refused_writes_among_many_lose_none_of_the_others(store: TournamentStore) -> None:
    kept: list[str] = []
    for index in range(40):
        if index % 3 == 1:
            with pytest.raises(JournalRefused):
                store.save_round_actions([*kept, f'table 0 ring "{LONE}{index}"'])
        else:
            kept.append(f"table 0 deal {index}")
            store.save_round_actions(list(kept))
    assert within(DEADLINE, store.round_actions) == kept
    store.save_settings(p.Settings(TID, "Tournoi", {}, (("Ana", "Ben"),)))
    settings = within(DEADLINE, store.settings)
    assert settings is not None and settings.name == "Tournoi"


# ---- the box's entry points ------------------------------------------------------------


class FakeLink:
    """A link that hands over what the test puts in and keeps what the box sends."""

    def __init__(self) -> None:
        self.inbox: list[Event] = []
        self.sent: list[tuple[str, bytes]] = []
        self.connected = False

    def take(self) -> list[Event]:
        events, self.inbox = self.inbox, []
        return events

    def publish(self, topic: str, payload: bytes, retain: bool = False) -> None:
        self.sent.append((topic, payload))

    def subscribe(self, topic: str) -> None:
        pass

    def unsubscribe(self, topic: str) -> None:
        pass


KEY = "ab" * 32  # the tournament's key, as a welcome hands it out


def welcomed(store: TournamentStore) -> TournamentBox:
    """A box that joined table 2 and was welcomed: it holds the tournament's key."""
    me = Membership(TID, "boxj1234", 1, "127.0.0.1", 1, "b-boxj1234", "pw", False, "", "cd" * 32)
    store.begin(replace(me, tournament_key=KEY))
    return TournamentBox(store)


def admit(box: TournamentBox, link: FakeLink, other: str, table: int) -> str:
    """`other` asks the creator `box` to join at `table`; returns the key it was given."""
    ask = join_request(box.me.tid, other, table, Exchange())
    link.inbox.append(Message(p.topic(box.me.tid, "join", other), p.dumps(ask), False))
    assert box.poll() is True and box.admissions is not None
    return box.admissions.members[other].key


def created(store: TournamentStore) -> TournamentBox:
    box, _code = TournamentBox.create(store, "Tournoi", TABLES, {"target": 500}, "127.0.0.1", 1)
    return box


@pytest.mark.parametrize(
    ("name", "tables", "options"),
    [
        (f"Tournoi{LONE}", TABLES, {}),
        ("Tournoi", [["Ana", f"Ben{LONE}", "Cleo"], TABLES[1]], {}),
        ("Tournoi", TABLES, {"variant": f"simple{LONE}"}),
        ("Tournoi", TABLES, {f"target{LONE}": 500}),
    ],
)
def test_a_tournament_created_with_a_surrogate_is_refused_and_the_store_kept(
    store: TournamentStore, name: str, tables: list[list[str]], options: dict[str, object]
) -> None:
    before = created(store).me
    with pytest.raises(p.ProtocolError, match="U\\+D800") as refused:
        TournamentBox.create(store, name, tables, options, "127.0.0.1", 1)
    str(refused.value).encode("utf-8")
    assert within(DEADLINE, store.membership) == before  # the earlier tournament is kept
    settings = within(DEADLINE, store.settings)
    assert settings is not None and settings.tables == tuple(map(tuple, TABLES))


def test_a_join_code_with_a_surrogate_is_refused(store: TournamentStore) -> None:
    with pytest.raises(p.ProtocolError):
        TournamentBox.join(store, f"{TID}-abcdefgh{LONE}", 1, "127.0.0.1", 1)
    assert within(DEADLINE, store.membership) is None


def test_a_box_refuses_settings_with_a_surrogate_then_takes_good_ones(
    store: TournamentStore, caplog: pytest.LogCaptureFixture
) -> None:
    box = welcomed(store)
    link = FakeLink()
    box.link = link  # type: ignore[assignment]
    topic = p.topic(TID, "settings")
    good = p.Settings(TID, "Tournoi", {"target": 500}, tuple(map(tuple, TABLES)))
    bad = json.dumps({"v": 1, **good.to_json(), "name": f"Tournoi{LONE}"}).encode()
    link.inbox.append(Message(topic, bad, True))
    with caplog.at_level(logging.WARNING, logger="pi_app.net.box"):
        assert box.poll() is False
    assert "lone surrogate" in caplog.text and topic in caplog.text
    assert box.settings is None and box.ledger is None
    assert within(DEADLINE, store.settings) is None
    link.inbox.append(Message(topic, p.dumps(good.to_json()), True))  # unsigned
    assert box.poll() is False and box.settings is None
    link.inbox.append(Message(topic, p.dumps(signed(KEY, topic, good.to_json())), True))
    assert box.poll() is True
    assert box.settings == good and within(DEADLINE, store.settings) == good


def test_the_creator_refuses_a_round_with_a_surrogate_and_orders_the_next(
    store: TournamentStore,
) -> None:
    box = created(store)
    link = FakeLink()
    box.link = link  # type: ignore[assignment]
    other = "boxb5678"
    key = admit(box, link, other, 1)
    topic = p.topic(box.me.tid, "results", other)
    seats = tuple(TABLES[1])
    bad = {**p.Submission(other, 1, 1, seats, RoundResult("Dan", "Dollar", "9")).to_json()}
    bad["result"] = {**bad["result"], "false_rings": [f"Eve{LONE}"]}
    bad = signed(key, topic, bad)
    link.inbox.append(Message(topic, json.dumps({"v": 1, **bad}).encode(), False))
    assert box.poll() is False
    assert box.ledger is not None and box.ledger.rounds == [] and not box.ledger.refused
    good = p.Submission(other, 2, 1, seats, RoundResult("Dan", "Dollar", "9"))
    link.inbox.append(Message(topic, p.dumps(signed(key, topic, good.to_json())), False))
    assert box.poll() is True
    assert box.ledger.rounds == [good]
    order_topic = p.topic(box.me.tid, "order")
    wait_until(
        lambda: (box.poll() or True) and any(t == order_topic for t, _ in link.sent),
        "the order published",
    )
    sent = next(d for t, d in reversed(link.sent) if t == order_topic)
    assert p.Stretch.from_json(p.loads(sent)).entries == (good,)
    assert within(DEADLINE, store.entries) == [good]


def test_a_table_refuses_an_action_with_a_surrogate_and_plays_on(
    store: TournamentStore,
) -> None:
    table = TournamentTable(created(store))
    table.play("table 0 deal")
    table.play("table 0 open")
    table.play("table 0 bell")
    with pytest.raises(RuleError, match="D800") as refused:
        table.play(f'table 0 ring "Ana{LONE}"')
    str(refused.value).encode("utf-8")  # said on the screen, it can be drawn
    assert table.actions == ["table 0 deal", "table 0 open", "table 0 bell"]
    assert within(DEADLINE, store.round_actions) == table.actions
    table.play('table 0 ring "Ana"')
    assert within(DEADLINE, store.round_actions) == [*table.actions]
    assert table.actions[-1] == 'table 0 ring "Ana"'
    table.play("table 0 show Dollar 9")  # the round is scored and submitted
    state = table.box.state()
    assert state is not None and state.score_map["Ana"] == 100
    assert within(DEADLINE, store.round_actions) == []
    assert [item.result.winner for item in within(DEADLINE, store.mine)] == ["Ana"]
