"""The tournament's topics and payloads: a small public protocol (docs/TOURNAMENT.md).

Every payload is a JSON object with `"v": 1`. Reading one checks every field and
refuses anything else with `ProtocolError` (a short English reason for the log):
a box never acts on a message it did not fully understand. A text anywhere in it must
be Unicode: JSON's `"\\ud800"` would give a lone surrogate, which no disk, screen or
other box could take, so it is refused whole; `dumps` refuses one the same way.

    tabletop/v1/directory/<tid>     retained   the tournament's name and tables
    tabletop/v1/t/<tid>/settings    retained   options and starting seating (creator)
    tabletop/v1/t/<tid>/order       retained   what the order gained last, numbered (creator)
    tabletop/v1/t/<tid>/pages/<k>   retained   entries 16k to 16k+15 of the order (creator)
    tabletop/v1/t/<tid>/results/<box>  QoS 1   one round scored at a table (any box)
    tabletop/v1/t/<tid>/boxes/<box> retained   which table a box plays, online or not
    tabletop/v1/t/<tid>/join/<box>     QoS 1   a box asks to join (join code's user)
    tabletop/v1/t/<tid>/welcome/<box>  QoS 1   the creator's answer, its keys sealed
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pi_app.rules.cambio.record import read_result, write_result
from pi_app.rules.cambio.scoring import RoundResult
from pi_app.rules.contract import RuleError

VERSION = 1
ROOT = f"tabletop/v{VERSION}"
MAX_PAYLOAD = 256 * 1024  # a page of the order fits with room to spare; garbage does not
MAX_ID = 16
_ID = re.compile(rf"^[a-z0-9]{{4,{MAX_ID}}}$")
KINDS = ("settings", "order", "results", "boxes", "join", "welcome", "pages")
"""The levels under a tournament's topic (the last five followed by a box id or a page's number)."""
PAGE = 16
"""Entries of the order per page: a box that missed some reads the pages it lacks."""
MAX_ENTRY = (MAX_PAYLOAD - 1024) // PAGE
"""The largest entry the order takes (its JSON, bytes), so a full page still fits a payload:
a round larger is refused, a refusal's reason is cut to `MAX_REASON` characters."""
MAX_REASON = 500


class ProtocolError(ValueError):
    """A payload that is not what the protocol says (the reason goes to the log)."""


def directory_topic(tid: str = "+") -> str:
    return f"{ROOT}/directory/{tid}"


def topic(tid: str, *parts: str) -> str:
    """A topic of tournament `tid`: settings, order, results/<box>, boxes/<box>."""
    return "/".join((ROOT, "t", tid, *parts))


def _longest_topic() -> int:
    tid = box = "x" * MAX_ID
    return max(len(directory_topic(tid)), *(len(topic(tid, kind, box)) for kind in KINDS))


MAX_TOPIC = _longest_topic()
MAX_REMAINING = 2 + MAX_TOPIC + 2 + MAX_PAYLOAD
"""The largest remaining length of a packet a box sends: a QoS 1 PUBLISH of the largest
payload on the longest topic (2 bytes of topic length, the topic, 2 bytes of packet id,
the payload). A CONNECT (ids, a password of a few dozen characters, a will of one box
status), a SUBSCRIBE or an acknowledgement is far smaller."""
MAX_PACKET = 1 + MAX_REMAINING
"""That packet as Mosquitto 2.0 measures one against `max_packet_size`: its first byte
and its remaining length (the 1 to 4 bytes encoding that length are not counted). The
broker cuts a client sending a larger packet as soon as its header arrives."""


def check_id(value: object, what: str) -> str:
    """A tournament or box id: 4 to 16 lower-case letters and digits (a topic level)."""
    if not isinstance(value, str) or not _ID.match(value):
        raise ProtocolError(f"{what} must be 4 to 16 lower-case letters or digits")
    return value


def _utf8(payload: object) -> bytes:
    """The payload's JSON in UTF-8, or ProtocolError for a text that has no UTF-8: a lone
    surrogate ("\\ud800" in JSON becomes one) is not a character, and no disk, screen or
    other box could take it."""
    try:
        return json.dumps(payload, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as error:
        code = ord(error.object[error.start])
        raise ProtocolError(f"a text holds U+{code:04X}, a lone surrogate, not Unicode") from None


def dumps(payload: Mapping[str, Any]) -> bytes:
    """A payload to publish; ProtocolError, and nothing sent, for a text without UTF-8 or
    a payload over `MAX_PAYLOAD` (the broker would cut the box that sent it)."""
    data = _utf8({"v": VERSION, **payload})
    if len(data) > MAX_PAYLOAD:
        raise ProtocolError(f"payload of {len(data)} bytes is too large")
    return data


def loads(data: bytes) -> dict[str, Any]:
    """A payload's JSON object, its version checked, every text (keys too) valid Unicode."""
    if len(data) > MAX_PAYLOAD:
        raise ProtocolError(f"payload of {len(data)} bytes is too large")
    try:
        payload = json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError) as error:  # bad UTF-8 or JSON, a huge number, `[` x 5000
        raise ProtocolError(f"not JSON: {type(error).__name__}") from None
    if not isinstance(payload, dict):
        raise ProtocolError("not a JSON object")
    if payload.get("v") != VERSION:
        raise ProtocolError(f"protocol version {payload.get('v')!r}, expected {VERSION}")
    try:
        _utf8(payload)  # a "\\ud800" escape, at any depth, in a key or a value
    except RecursionError:
        raise ProtocolError("not JSON: RecursionError") from None
    return payload


def _field(payload: Mapping[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    value = payload.get(name)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise ProtocolError(f"field {name!r} is missing or of the wrong type")
    return value


@dataclass(frozen=True)
class Settings:
    """What the creator set: options (variant, target, false-ring fine) and the tables."""

    tid: str
    name: str
    options: dict[str, Any]
    tables: tuple[tuple[str, ...], ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "tournament": self.tid,
            "name": self.name,
            "options": self.options,
            "tables": [list(row) for row in self.tables],
        }

    @classmethod
    def from_json(cls, payload: Mapping[str, Any]) -> Settings:
        tables = _field(payload, "tables", list)
        if not tables or not all(
            isinstance(row, list) and row and all(isinstance(p, str) for p in row) for row in tables
        ):
            raise ProtocolError("tables must be lists of player names")
        return cls(
            check_id(payload.get("tournament"), "tournament"),
            str(_field(payload, "name", str)),
            dict(_field(payload, "options", dict)),
            tuple(tuple(row) for row in tables),
        )


@dataclass(frozen=True)
class Submission:
    """One round scored at a table, as its box sends it.

    `id` is `<box>-<seq>`: the box's own numbering, so a round sent twice is one round.
    `seats` are the table's seats when the round was dealt: a round whose table was
    changed by a seat move meanwhile is void (the table redeals, as on one box).
    """

    box: str
    seq: int
    table: int
    seats: tuple[str, ...]
    result: RoundResult

    @property
    def id(self) -> str:
        return f"{self.box}-{self.seq}"

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "box": self.box,
            "seq": self.seq,
            "table": self.table,
            "seats": list(self.seats),
            "result": write_result(self.result),
        }

    @classmethod
    def from_json(cls, payload: Mapping[str, Any]) -> Submission:
        box = check_id(payload.get("box"), "box")
        seq = _field(payload, "seq", int)
        table = _field(payload, "table", int)
        seats = _field(payload, "seats", list)
        if seq < 1 or table < 0 or not all(isinstance(s, str) for s in seats):
            raise ProtocolError("seq, table or seats out of range")
        if payload.get("id") != f"{box}-{seq}":
            raise ProtocolError("id must be <box>-<seq>")
        try:
            result = read_result(_field(payload, "result", dict))
        except RuleError as error:
            raise ProtocolError(f"result: {error.message('en')}") from None
        return cls(box, seq, table, tuple(seats), result)


@dataclass(frozen=True)
class Order:
    """The whole order at once: the rounds accepted, in order, and those refused, with why.

    What the creator published after every round before the order travelled as
    increments (`Stretch`), and what a store of that time kept; read now only to take
    such a store over, and weighed by bench/tournament.py as the baseline.
    """

    tid: str
    rounds: tuple[Submission, ...]
    refused: tuple[tuple[str, str], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "tournament": self.tid,
            "rounds": [item.to_json() for item in self.rounds],
            "refused": [{"id": rid, "reason": why} for rid, why in self.refused],
        }

    @classmethod
    def from_json(cls, payload: Mapping[str, Any]) -> Order:
        rounds = tuple(Submission.from_json(item) for item in _dicts(payload, "rounds"))
        refused = tuple(
            (str(_field(item, "id", str)), str(_field(item, "reason", str)))
            for item in _dicts(payload, "refused")
        )
        return cls(check_id(payload.get("tournament"), "tournament"), rounds, refused)


def _dicts(payload: Mapping[str, Any], name: str) -> Sequence[Mapping[str, Any]]:
    items: list[Any] = _field(payload, name, list)
    if not all(isinstance(item, dict) for item in items):
        raise ProtocolError(f"{name} must be a list of objects")
    return [dict(item) for item in items]


@dataclass(frozen=True)
class BoxStatus:
    """Which table a box plays and whether it is connected (its will says offline)."""

    box: str
    table: int
    online: bool

    def to_json(self) -> dict[str, Any]:
        return {"box": self.box, "table": self.table, "online": self.online}

    @classmethod
    def from_json(cls, payload: Mapping[str, Any]) -> BoxStatus:
        return cls(
            check_id(payload.get("box"), "box"),
            int(_field(payload, "table", int)),
            bool(_field(payload, "online", bool)),
        )


@dataclass(frozen=True)
class Refusal:
    """An entry of the order: the round `id` refused, and the rule that refused it."""

    id: str
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "reason": self.reason}


Entry = Submission | Refusal
"""The order is a log of entries: each round offered to the creator is accepted (the
round) or refused (a `Refusal`), once, at the next position."""


def entry_from_json(item: Mapping[str, Any]) -> Entry:
    if "reason" in item:
        return Refusal(str(_field(item, "id", str)), str(_field(item, "reason", str)))
    return Submission.from_json(item)


@dataclass(frozen=True)
class Stretch:
    """Consecutive entries of the order from position `at` (0 for the first).

    Published after each change as an increment (`order`, the entries just added), and
    as the page holding them (`pages/<k>`, from position PAGE x k): the increment
    numbers every entry, so a box sees at once what it missed, and reads it from the
    pages.
    """

    tid: str
    at: int
    entries: tuple[Entry, ...]

    @property
    def end(self) -> int:
        """The position after the last entry: how long the order is, as far as known."""
        return self.at + len(self.entries)

    def to_json(self) -> dict[str, Any]:
        return {
            "tournament": self.tid,
            "at": self.at,
            "entries": [item.to_json() for item in self.entries],
        }

    @classmethod
    def from_json(cls, payload: Mapping[str, Any]) -> Stretch:
        at = _field(payload, "at", int)
        if at < 0:
            raise ProtocolError("at must be 0 or more")
        entries = tuple(entry_from_json(item) for item in _dicts(payload, "entries"))
        return cls(check_id(payload.get("tournament"), "tournament"), at, entries)


def page_number(topic_name: str) -> int:
    """The page a `pages/<k>` topic holds, or ProtocolError."""
    level = topic_name.rpartition("/")[2]
    if not level.isdigit() or len(level) > 9:
        raise ProtocolError(f"no page {level!r}")
    return int(level)
