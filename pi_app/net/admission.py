"""How a box joins: the join code buys a request, the creator answers with a box's own keys.

A box that typed the join code connects as the join code's user, which may only
publish `join/<box>` and read `welcome/<box>`. It asks for a table, sending the public
half of a Diffie-Hellman exchange (`seal.Exchange`), and asks again every few seconds
until answered. The creator admits one box per table (its own table is its own): it
makes the box a password and a signing key, lets it onto the broker (`access`), keeps
it as a `Member`, and answers with a welcome sealed under the key of the exchange, in
which the tournament's key (that signs the settings and the order) travels too.
Anyone holding the join code may read the welcome, but not open it.

A box is bound to the first public value it asked with: a request for that box with
another value is ignored, so a stranger who read its id cannot take its place. The same
request again (the box restarted before it was answered) gets the same welcome.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pi_app.net import protocol as p
from pi_app.net.access import box_user, hashed
from pi_app.net.seal import Exchange, new_key, seal, unseal

PASSWORD_LENGTH = 24


@dataclass(frozen=True)
class Member:
    """A box the creator admitted: its table, its keys, the welcome it was sent."""

    box: str
    table: int
    public: str
    """The public value the box asked with: its welcome is sealed for it alone."""
    key: str
    """The key that signs the box's rounds."""
    digest: str
    """Its password as the broker's password file keeps it."""
    welcome: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Member:
        return cls(
            str(data["box"]),
            int(data["table"]),
            str(data["public"]),
            str(data["key"]),
            str(data["digest"]),
            dict(data["welcome"]),
        )


def join_request(tid: str, box: str, table: int, exchange: Exchange) -> dict[str, Any]:
    """What a joining box publishes on `join/<box>`."""
    return {"tournament": tid, "box": box, "table": table, "public": exchange.public}


@dataclass(frozen=True)
class Credentials:
    """What a welcome gives the box: its broker account and its keys."""

    username: str
    password: str
    key: str
    tournament_key: str


class JoinRefused(Exception):
    """The creator said no (the reason, in English, for the log and the screen)."""


def read_welcome(tid: str, box: str, exchange: Exchange, payload: Mapping[str, Any]) -> Credentials:
    """The credentials in the creator's answer; JoinRefused for a no, ProtocolError for
    anything else (a welcome for another box, or not sealed for this one)."""
    if payload.get("tournament") != tid or payload.get("box") != box:
        raise p.ProtocolError("a welcome for another box")
    refused = payload.get("refused")
    if isinstance(refused, str):
        raise JoinRefused(refused)
    letter = unseal(exchange.shared(payload.get("public")), payload.get("sealed"))
    fields = ("username", "password", "key", "tournament_key")
    if not all(isinstance(letter.get(name), str) and letter[name] for name in fields):
        raise p.ProtocolError("a welcome lacks credentials")
    return Credentials(*(str(letter[name]) for name in fields))


class Admissions:
    """The creator's side: the boxes it admitted, and its answer to each request."""

    def __init__(
        self, tid: str, tables: int, own_table: int, tournament_key: str, members: Sequence[Member]
    ) -> None:
        self.tid, self.tables, self.own_table = tid, tables, own_table
        self.tournament_key = tournament_key
        self.members = {member.box: member for member in members}

    def answer(self, box: str, payload: Mapping[str, Any]) -> tuple[dict[str, Any], bool]:
        """The welcome for a request published on `join/<box>`, and whether it admitted
        a new member (then kept and let onto the broker before the welcome is sent).
        ProtocolError for a request to ignore."""
        table = payload.get("table")
        public = payload.get("public")
        if payload.get("tournament") != self.tid or payload.get("box") != box:
            raise p.ProtocolError("a join request for another tournament or box")
        if not isinstance(table, int) or isinstance(table, bool) or not isinstance(public, str):
            raise p.ProtocolError("a join request needs a table and a public key")
        known = self.members.get(box)
        if known is not None:
            if known.public != public:
                raise p.ProtocolError(f"box {box} asked again with another key: ignored")
            return known.welcome, False
        reason = self._refusal(table)
        if reason is not None:
            return {"tournament": self.tid, "box": box, "refused": reason}, False
        self.members[box] = self._admit(box, table, public)
        return self.members[box].welcome, True

    def open_tables(self) -> int:
        """How many tables have no box yet (the join code is still needed for them)."""
        return self.tables - 1 - len(self.members)

    def _refusal(self, table: int) -> str | None:
        if not 0 <= table < self.tables:
            return f"There is no table {table + 1}."
        if table == self.own_table or any(m.table == table for m in self.members.values()):
            return f"Table {table + 1} has its box already."
        return None

    def _admit(self, box: str, table: int, public: str) -> Member:
        mine = Exchange()
        shared = mine.shared(public)  # ProtocolError for a value out of the group
        password = secrets.token_hex(PASSWORD_LENGTH // 2)
        key = new_key()
        letter = {
            "username": box_user(box),
            "password": password,
            "key": key,
            "tournament_key": self.tournament_key,
        }
        welcome = {
            "tournament": self.tid,
            "box": box,
            "table": table,
            "public": mine.public,
            "sealed": seal(shared, letter),
        }
        return Member(box, table, public, key, hashed(password), welcome)

    def sender(self, box: str, table: object) -> Member:
        """The member that may send a round of `table` as `box`; ProtocolError if none."""
        member = self.members.get(box)
        if member is None:
            raise p.ProtocolError(f"box {box} was not admitted to the tournament")
        if member.table != table:
            raise p.ProtocolError(f"box {box} plays table {member.table + 1}, not {table!r}")
        return member
