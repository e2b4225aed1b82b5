"""Who may join, and which phone holds which seat.

Each game has a join secret (shown only on the box, in its QR code) and each claimed
seat a token (given to the one phone that claimed it). They are kept in a small JSON
file beside the journal, written atomically on each change, so that phones find their
seats again after the box restarts. Tokens are compared in constant time.
"""

from __future__ import annotations

import hmac
import json
import logging
import os
import secrets
import threading
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger(__name__)


@dataclass
class Book:
    """The current game's secret and seat tokens."""

    game_id: int = 0
    secret: str = ""
    tokens: dict[str, str] = field(default_factory=dict)  # seat -> token


class SeatBook:
    """Join secrets and seat tokens, thread-safe, saved to `path` (None: in memory)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._book = self._load()

    def _load(self) -> Book:
        if self.path is None or not self.path.exists():
            return Book()
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            return Book(int(data["game_id"]), str(data["secret"]), dict(data["tokens"]))
        except (OSError, ValueError, KeyError, TypeError, RecursionError) as error:
            log.warning("phone seats file %s unreadable (%s): phones join again", self.path, error)
            return Book()

    def _save(self) -> None:
        if self.path is None:
            return
        book = self._book
        data = {"game_id": book.game_id, "secret": book.secret, "tokens": book.tokens}
        temporary = self.path.with_name(self.path.name + ".new")
        try:
            temporary.write_text(json.dumps(data), encoding="utf-8")
            os.chmod(temporary, 0o600)
            os.replace(temporary, self.path)
        except OSError as error:  # phones keep their seats until the box restarts
            log.warning("phone seats not saved to %s: %s", self.path, error)

    def game(self, game_id: int) -> str:
        """The join secret of `game_id`; a new game gets a new secret and no seats."""
        with self._lock:
            if self._book.game_id != game_id or not self._book.secret:
                self._book = Book(game_id, secrets.token_urlsafe(9))
                self._save()
            return self._book.secret

    def secret_matches(self, secret: object) -> bool:
        with self._lock:
            ours = self._book.secret
        return bool(ours) and isinstance(secret, str) and hmac.compare_digest(secret, ours)

    def holders(self) -> set[str]:
        """The seats held by a phone."""
        with self._lock:
            return set(self._book.tokens)

    def claim(self, seat: str) -> str | None:
        """A new token for a free seat, or None when a phone already holds it."""
        with self._lock:
            if seat in self._book.tokens:
                return None
            token = secrets.token_urlsafe(18)
            self._book.tokens[seat] = token
            self._save()
            return token

    def free(self, seat: str) -> None:
        """The host frees a seat: its phone's token stops working."""
        with self._lock:
            if self._book.tokens.pop(seat, None) is not None:
                self._save()

    def seat_of(self, token: object) -> str | None:
        """The seat a token holds, or None."""
        if not isinstance(token, str):
            return None
        with self._lock:
            for seat, held in self._book.tokens.items():
                if hmac.compare_digest(held, token):
                    return seat
        return None
