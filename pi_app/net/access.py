"""Who may do what on the tournament's broker: its password file and its ACL.

Four kinds of client, each held to its own topics by Mosquitto itself:

- anyone reads the directory of tournaments, nothing else, through its public account
  (`DIRECTORY_USER`, whose password is no secret: the protocol's page gives it); a
  client with no account is refused, since Mosquitto then ties a client id to nothing
  and a stranger could take a box's id, and its place (`broker.listener`);
- the join code's user (`t-<tid>`, the code's password) may only ask to join
  (`join/<box>`) and read the answers (`welcome/<box>`, sealed for the box that asked);
- the creator (`c-<tid>`, a password only its box knows) reads and writes the
  tournament's topics: it alone publishes the settings, the order and the welcomes;
- each admitted box (`b-<box>`, the password the creator sealed for it) reads the
  settings, the order (its increments and pages) and the boxes' statuses, and writes
  only its own rounds and status.

The creator rewrites both files when it admits a box and has Mosquitto reload them.
Passwords are kept as Mosquitto's own `mosquitto_passwd` writes them (PBKDF2-SHA512,
101 rounds, `$7$`), so the file holds no password in clear.
"""

from __future__ import annotations

import base64
import hashlib
import secrets
from dataclasses import dataclass

from pi_app.net.protocol import ROOT, directory_topic, topic

DIRECTORY_USER = "directory"
DIRECTORY_PASSWORD = "directory"
"""The directory's public account (docs/TOURNAMENT.md): it reads the directory, nothing
else. All who list share its client id, so two listing at once take turns (a listing
connects again by itself); see docs/TOURNAMENT.md for what a stranger can do with it."""


def join_user(tid: str) -> str:
    return f"t-{tid}"


def creator_user(tid: str) -> str:
    return f"c-{tid}"


def box_user(box: str) -> str:
    return f"b-{box}"


def hashed(password: str) -> str:
    """`password` as Mosquitto 2's password file keeps it (what mosquitto_passwd writes)."""
    salt = secrets.token_bytes(12)
    digest = hashlib.pbkdf2_hmac("sha512", password.encode("utf-8"), salt, 101)
    return f"$7$101${base64.b64encode(salt).decode()}${base64.b64encode(digest).decode()}"


@dataclass(frozen=True)
class Access:
    """The tournament's clients: the join code's password, the creator's, and each
    admitted box with the hash of its password."""

    tid: str
    join_password: str
    creator_password: str
    boxes: tuple[tuple[str, str], ...] = ()

    def password_file(self) -> str:
        lines = [
            f"{DIRECTORY_USER}:{hashed(DIRECTORY_PASSWORD)}",
            f"{join_user(self.tid)}:{hashed(self.join_password)}",
            f"{creator_user(self.tid)}:{hashed(self.creator_password)}",
            *(f"{box_user(box)}:{digest}" for box, digest in self.boxes),
        ]
        return "\n".join(lines) + "\n"

    def acl(self) -> str:
        tid = self.tid
        sections = [
            f"user {DIRECTORY_USER}\ntopic read {ROOT}/directory/#",
            f"user {join_user(tid)}\n"
            f"topic write {topic(tid, 'join', '+')}\n"
            f"topic read {topic(tid, 'welcome', '+')}",
            f"user {creator_user(tid)}\n"
            f"topic readwrite {topic(tid, '#')}\n"
            f"topic readwrite {directory_topic(tid)}",
        ]
        for box, _digest in self.boxes:
            sections.append(
                f"user {box_user(box)}\n"
                f"topic read {topic(tid, 'settings')}\n"
                f"topic read {topic(tid, 'order')}\n"
                f"topic read {topic(tid, 'pages', '+')}\n"
                f"topic read {topic(tid, 'boxes', '+')}\n"
                f"topic readwrite {topic(tid, 'boxes', box)}\n"
                f"topic write {topic(tid, 'results', box)}"
            )
        return "\n\n".join(sections) + "\n"
