"""What a box keeps of a tournament on its own disk, so a pulled plug loses nothing.

One SQLite file (WAL, `synchronous=FULL`) beside the journal: the tournament's
settings and how to reach it (broker, credentials, this box's table), each round this
box scored, the round in progress at its table, and the order's entries as far as seen
(the creator's own ledger, on the creator's box), one row each, written as they
come. A restarted box finds its tournament, its table and its unsent rounds here,
with no network at all.

Writes go through the journal's writer thread (`table.writer.Writer`): the table never
waits for the disk. Each write returns a ticket, and `durable` says how far the disk
has come: the box publishes a round, or an order, only once it is on disk, so no other
box can ever learn of something this box could forget.

A write that could never be stored (a text with a lone surrogate) is refused at once
by the writer with `JournalRefused`, before anything is queued: the caller refuses
what it was doing and the store goes on, every write before and after it kept. The
round's actions are the only text written as it is (readable in the file); the rest
is JSON with its non-ASCII escaped, which the writer always takes.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from pi_app.net.admission import Credentials, Member
from pi_app.net.protocol import Entry, Order, Settings, Submission, entry_from_json, loads
from pi_app.table.writer import Writer

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS mine (seq INTEGER PRIMARY KEY, payload TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS entries (pos INTEGER PRIMARY KEY, entry TEXT NOT NULL);
"""


@dataclass(frozen=True)
class Membership:
    """How this box takes part: the tournament, its table, the broker and credentials.

    `username` and `password` are this box's own on the broker; `join` is the join
    code's password (the creator shows it; a joining box asks with it until welcomed).
    `key` signs this box's rounds, `tournament_key` checks the creator's settings and
    order (the creator signs with it). `secret` is a joining box's half of the key
    exchange, kept until the creator's welcome arrives (`joining`).
    """

    tid: str
    box: str
    table: int
    host: str
    port: int
    username: str
    password: str
    creator: bool
    join: str = ""
    key: str = ""
    tournament_key: str = ""
    secret: str = ""

    @property
    def joining(self) -> bool:
        """Asked to join, not welcomed yet: only the join code's user to speak as."""
        return not self.creator and not self.key

    def welcomed(self, given: Credentials) -> Membership:
        """This box as the creator's welcome made it: its own account and keys, and no
        half of the key exchange any more."""
        return replace(
            self,
            username=given.username,
            password=given.password,
            key=given.key,
            tournament_key=given.tournament_key,
            secret="",
        )

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Membership:
        return cls(
            str(data["tid"]),
            str(data["box"]),
            int(data["table"]),
            str(data["host"]),
            int(data["port"]),
            str(data["username"]),
            str(data["password"]),
            bool(data["creator"]),
            *(str(data.get(name, "")) for name in ("join", "key", "tournament_key", "secret")),
        )


class TournamentStore:
    """The box's tournament file."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.executescript(_SCHEMA)
        self._lock = threading.RLock()
        self._writer = Writer(self._db, self._lock)

    @property
    def durable(self) -> int:
        """The highest write ticket on disk."""
        return self._writer.durable

    def flush(self) -> None:
        self._writer.flush()

    def close(self) -> None:
        self._writer.close(10.0)
        with self._lock:
            self._db.close()

    def _get(self, key: str) -> str | None:
        self.flush()
        with self._lock:
            row = self._db.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def _put(self, key: str, value: str) -> int:
        return self._writer.submit(
            "INSERT INTO meta (key, value) VALUES (?, ?) "
            "ON CONFLICT(key) DO UPDATE SET value=excluded.value",
            (key, value),
        )

    def begin(self, membership: Membership, settings: Settings | None = None) -> None:
        """Start (or join) a tournament: forget any earlier one's rounds.

        A box that joins learns the settings from the broker (`save_settings`).
        """
        self._writer.submit("DELETE FROM meta", ())
        self._writer.submit("DELETE FROM mine", ())
        self._writer.submit("DELETE FROM entries", ())
        self._put("membership", json.dumps(membership.to_json()))
        if settings is not None:
            self.save_settings(settings)
        self.flush()

    def leave(self) -> None:
        """This box takes no part any more (its rounds stay in the others' order)."""
        self._writer.submit("DELETE FROM meta", ())
        self._writer.submit("DELETE FROM mine", ())
        self._writer.submit("DELETE FROM entries", ())
        self.flush()

    def save_settings(self, settings: Settings) -> int:
        return self._put("settings", json.dumps(settings.to_json()))

    def membership(self) -> Membership | None:
        text = self._get("membership")
        return None if text is None else Membership.from_json(json.loads(text))

    def save_membership(self, membership: Membership) -> int:
        """How this box takes part, changed (a joining box welcomed); returns the ticket."""
        return self._put("membership", json.dumps(membership.to_json()))

    def save_members(self, members: list[Member]) -> int:
        """The boxes the creator admitted; returns the write's ticket."""
        return self._put("members", json.dumps([m.to_json() for m in members]))

    def members(self) -> list[Member]:
        text = self._get("members")
        return [] if text is None else [Member.from_json(item) for item in json.loads(text)]

    def settings(self) -> Settings | None:
        """The settings kept, read as a payload from the broker is (ProtocolError if bad)."""
        text = self._get("settings")
        if text is None:
            return None
        return Settings.from_json(loads(json.dumps({"v": 1, **json.loads(text)}).encode()))

    def add_mine(self, item: Submission) -> int:
        """Keep a round this box scored; returns the write's ticket (send it once durable)."""
        return self._writer.submit(
            "INSERT INTO mine (seq, payload) VALUES (?, ?)",
            (item.seq, json.dumps(item.to_json())),
        )

    def mine(self) -> list[Submission]:
        """Every round this box scored, in its own order."""
        self.flush()
        with self._lock:
            rows = self._db.execute("SELECT payload FROM mine ORDER BY seq").fetchall()
        return [Submission.from_json({"v": 1, **json.loads(text)}) for (text,) in rows]

    def add_entries(self, at: int, entries: list[Entry]) -> int:
        """Keep entries of the order from position `at` (a row each: a round costs the
        same to keep at the thousandth as at the first); returns the last write's ticket."""
        ticket = self.durable
        for pos, entry in enumerate(entries, start=at):
            ticket = self._writer.submit(
                "INSERT OR REPLACE INTO entries (pos, entry) VALUES (?, ?)",
                (pos, json.dumps(entry.to_json())),
            )
        return ticket

    def entries(self) -> list[Entry]:
        """The order's entries kept, from the first (read as a payload is: ProtocolError)."""
        self.flush()
        with self._lock:
            rows = self._db.execute("SELECT entry FROM entries ORDER BY pos").fetchall()
        return [entry_from_json(loads(_versioned(text))) for (text,) in rows]

    def save_round_actions(self, actions: list[str]) -> int:
        """The actions of the round in progress at this box's table; `JournalRefused`,
        and the round kept as it was, for a text that could never be stored."""
        return self._put("round", json.dumps(actions, ensure_ascii=False))

    def archived(self) -> int | None:
        """The journal's game this finished tournament was kept as, if it was."""
        text = self._get("archived")
        return None if text is None else int(text)

    def mark_archived(self, game_id: int) -> int:
        return self._put("archived", str(game_id))

    def round_actions(self) -> list[str]:
        text = self._get("round")
        return [] if text is None else [str(a) for a in json.loads(text)]

    def order(self) -> Order | None:
        """The whole order a store of the time before increments kept, if any."""
        text = self._get("order")
        if text is None:
            return None
        return Order.from_json(loads(json.dumps({"v": 1, **json.loads(text)}).encode()))


def _versioned(text: str) -> bytes:
    return json.dumps({"v": 1, **json.loads(text)}).encode()
