"""Who may join, and which phone holds which seat.

Each game has a join secret (shown only on the box, in its QR code) and each claimed
seat a token (given to the one phone that claimed it). They are kept in a small JSON
file beside the journal, written atomically on each change, so that phones find their
seats again after the box restarts. Tokens are compared in constant time.

The box can pause a game, start or resume another, and come back to the first: each
game keeps its own book (secret and tokens), so that its phones keep their seats when
it is resumed, as they do after a restart. Only the game on the box (the current one)
lets phones join or act; the books of paused games wait, at most `MAX_BOOKS` of them.
A token of a paused game is still found (`lookup`), so that its phone is told its
game waits, and is seated again the moment the game is back.

The file's shape (`_encode`)::

    {"current": 12, "games": {"12": {"secret": "...", "tokens": {"Ana": "..."}}, ...},
     "game_id": 12, "secret": "...", "tokens": {"Ana": "..."}}

`games` lists the books from the least to the most recently current. The last three
keys repeat the current game's book in the shape the first version wrote (one book),
so that a box taken back to that version keeps its phones seated; this version reads
that older shape too (`_decode`).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

log = logging.getLogger(__name__)

MAX_BOOKS = 32
"""Books kept: a paused game's phones join again after this many other games."""

MAX_FILE_BYTES = 1 << 20
"""A longer seats file is not ours (ours is a few kilobytes): it is not read."""

_GAME_KEY = re.compile(r"0|-?[1-9][0-9]{0,18}")
"""A game id as `str(int)` writes it, as a key of `games` (JSON keys are strings)."""

_MAX_GAME_ID = 2**63 - 1
"""The journal's game ids are SQLite row ids: a bigger number is not one."""


@dataclass
class Book:
    """One game's join secret and seat tokens."""

    secret: str
    tokens: dict[str, str] = field(default_factory=dict)  # seat -> token


class Held(NamedTuple):
    """Where a token holds a seat: its game, the seat, and whether that game is the one
    on the box (`current`) or a paused one whose book is kept."""

    game_id: int
    seat: str
    current: bool


class SeatBook:
    """Join secrets and seat tokens, a book per game, thread-safe, saved to `path`
    (None: in memory).

    The server's threads ask (`secret_matches`, `holders`, `claim`, `seat_of`, `lookup`)
    while the box's thread changes the game shown (`game`), frees seats and forgets games:
    every method holds one lock, also while it saves, so that the file always holds a
    state the methods have returned.
    """

    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self._lock = threading.Lock()
        books, current = self._load()
        self._books: dict[int, Book] = books  # the least recently current first
        self._current: int | None = current

    # -- the file -----------------------------------------------------------------------

    def _load(self) -> tuple[dict[int, Book], int | None]:
        """The books saved, or none when the file is missing or not one we wrote.

        A seats file that does not read (a worn card, a hand edit, a file from elsewhere)
        costs the phones their seats, never the box its start: phones scan again.
        """
        if self.path is None:
            return {}, None
        try:
            with self.path.open("rb") as file:
                raw = file.read(MAX_FILE_BYTES + 1)
        except FileNotFoundError:
            return {}, None
        except OSError as error:
            log.warning("phone seats file %s unreadable (%s): phones join again", self.path, error)
            return {}, None
        try:
            if len(raw) > MAX_FILE_BYTES:
                raise ValueError(f"longer than {MAX_FILE_BYTES} bytes")
            return _decode(json.loads(raw.decode("utf-8")))
        except (ValueError, TypeError, RecursionError) as error:
            log.warning("phone seats file %s unreadable (%s): phones join again", self.path, error)
            return {}, None

    def _save(self) -> None:
        """Write the books, atomically (a new file renamed over the old), under the lock."""
        if self.path is None:
            return
        temporary = self.path.with_name(self.path.name + ".new")
        try:
            temporary.write_text(json.dumps(_encode(self._books, self._current)), "utf-8")
            os.chmod(temporary, 0o600)
            os.replace(temporary, self.path)
        except OSError as error:  # phones keep their seats until the box restarts
            log.warning("phone seats not saved to %s: %s", self.path, error)
            with contextlib.suppress(OSError):  # else the next save writes over it
                temporary.unlink(missing_ok=True)

    # -- the box's side -----------------------------------------------------------------

    def game(self, game_id: int) -> str:
        """Make `game_id` the game phones join and act in, and give its join secret.

        A game seen for the first time gets a new secret and no seats; a game seen
        before (paused, then resumed) gets back its own secret and tokens, so its
        phones keep their seats. Beyond `MAX_BOOKS` books, the least recently current
        is dropped. The file is written only when something changed: the server asks
        on every state it publishes.
        """
        with self._lock:
            book, changed = self._turn_to(game_id)
            if changed:
                self._save()
            return book.secret

    def follow(self, ended: int, game_id: int) -> str:
        """Make `game_id` current, as `game` does, with the seats of `ended`, a game over
        whose players play `game_id` now ("play again"): each token of `ended` holds
        the same seat in `game_id` (unless a phone holds it there already), and
        `ended`'s book is dropped. Done under one lock, so no phone of `ended` is ever
        found seatless between the two games. Gives `game_id`'s join secret."""
        with self._lock:
            old = self._books.pop(ended, None)
            book, _changed = self._turn_to(game_id)
            for seat, token in ({} if old is None else old.tokens).items():
                book.tokens.setdefault(seat, token)
            self._save()
            return book.secret

    def _turn_to(self, game_id: int) -> tuple[Book, bool]:
        """`game_id`'s book made current (a new one for a game never seen), under the
        lock; and whether anything changed."""
        book = self._books.pop(game_id, None)
        changed = book is None or self._current != game_id
        if book is None:
            book = Book(_token(9))
        self._books[game_id] = book  # the most recently current last
        self._current = game_id
        while len(self._books) > MAX_BOOKS:
            del self._books[next(iter(self._books))]
        return book, changed

    def forget(self, game_id: int) -> None:
        """Drop the book of `game_id`, a game finished or abandoned: its secret and
        tokens stop working, and the game, if ever shown again, gets new ones. When it
        was the current game, no game lets phones join until `game` is called."""
        with self._lock:
            if self._books.pop(game_id, None) is None:
                return
            if self._current == game_id:
                self._current = None
            self._save()

    def keep(self, game_ids: set[int]) -> None:
        """Keep the books of `game_ids` only (the games that can still be played)."""
        with self._lock:
            dropped = [game_id for game_id in self._books if game_id not in game_ids]
            for game_id in dropped:
                del self._books[game_id]
            if self._current in dropped:
                self._current = None
            if dropped:
                self._save()

    def free(self, seat: str) -> None:
        """The host frees a seat of the current game: its phone's token stops working."""
        with self._lock:
            book = self._book()
            if book is not None and book.tokens.pop(seat, None) is not None:
                self._save()

    # -- the phones' side (the current game only) ---------------------------------------

    def _book(self) -> Book | None:
        """The current game's book (under the lock): a paused game's secret and tokens
        must never let a phone join or act in the game on the box."""
        return None if self._current is None else self._books.get(self._current)

    def current_secret(self, game_id: int) -> str | None:
        """The join secret of `game_id` if it is the current game (else None), read
        only: a page that shows the join link never turns the book to another game."""
        with self._lock:
            book = self._book()
            return book.secret if book is not None and self._current == game_id else None

    def secret_matches(self, secret: object) -> bool:
        """Whether `secret` is the current game's join secret (in constant time)."""
        with self._lock:
            book = self._book()
            ours = "" if book is None else book.secret
        return bool(ours) and _same(secret, ours)

    def holders(self) -> set[str]:
        """The seats of the current game held by a phone."""
        with self._lock:
            book = self._book()
            return set() if book is None else set(book.tokens)

    def claim(self, seat: str) -> str | None:
        """A new token for a free seat of the current game, or None when a phone already
        holds it (or no game is current: there is no book to write it in)."""
        with self._lock:
            book = self._book()
            if book is None or seat in book.tokens:
                return None
            token = _token(18)
            book.tokens[seat] = token
            self._save()
            return token

    def seat_of(self, token: object) -> str | None:
        """The seat of the current game a token holds, or None."""
        held = self.holder(token)
        return None if held is None else held[1]

    def holder(self, token: object) -> tuple[int, str] | None:
        """The current game's id and the seat in it that a token holds, read together
        (None: no seat of the current game): a request is then tied to the game it was
        made in, whatever game is current when the box carries it out."""
        with self._lock:
            book = self._book()
            if book is None or self._current is None:
                return None
            for seat, held in book.tokens.items():
                if _same(token, held):
                    return self._current, seat
        return None

    def lookup(self, token: object) -> Held | None:
        """Where a token holds a seat in any kept book, the current game's or a paused
        one's (None: in none). Its game, its seat and whether that game is current are
        read together, under the lock, while the box may be changing games.

        The current game's book is looked in first: its phones are most of those asking.
        A paused game's seat found here is never one to act in: acts ask `holder`.
        """
        with self._lock:
            order = sorted(self._books, key=lambda game_id: game_id != self._current)
            for game_id in order:
                for seat, held in self._books[game_id].tokens.items():
                    if _same(token, held):
                        return Held(game_id, seat, game_id == self._current)
        return None


def _same(given: object, ours: str) -> bool:
    """Whether a phone's `given` string is `ours`, in constant time.

    `hmac.compare_digest` refuses str with other than ASCII characters (TypeError): a
    phone's text is any, ours is ASCII (token_urlsafe), so other text is simply not ours.
    """
    import hmac  # with `secrets`: on a phone's first word, not at the box's start

    return isinstance(given, str) and given.isascii() and hmac.compare_digest(given, ours)


def _token(size: int) -> str:
    """A new secret of `size` random bytes, as URL-safe text."""
    import secrets  # hashlib's OpenSSL with it: once a game's seats are written

    return secrets.token_urlsafe(size)


def _encode(books: dict[int, Book], current: int | None) -> dict[str, object]:
    """The file's JSON (see the module's word), books in their order of recency."""
    data: dict[str, object] = {
        "current": current,
        "games": {
            str(game_id): {"secret": b.secret, "tokens": b.tokens} for game_id, b in books.items()
        },
    }
    if current is not None and current in books:  # the first version's shape, to go back
        data.update(game_id=current, secret=books[current].secret, tokens=books[current].tokens)
    return data


def _decode(data: object) -> tuple[dict[int, Book], int | None]:
    """The books and current game of a seats file's JSON, either shape.

    Anything not as this module writes it raises ValueError: a file with one wrong
    part is not trusted for the rest. Secrets and tokens must be ASCII (`_same`).
    """
    if not isinstance(data, dict):
        raise ValueError("not an object")
    if "games" not in data:  # the first version: one book, the current game's
        game_id = _game_id(data.get("game_id"))
        secret = data.get("secret")
        if secret == "" and data.get("tokens") in ({}, None):
            return {}, None  # no game was ever shown
        return {game_id: _read_book(secret, data.get("tokens"))}, game_id
    games = data["games"]
    if not isinstance(games, dict):
        raise ValueError("games is not an object")
    books: dict[int, Book] = {}
    for key, value in games.items():
        if not _GAME_KEY.fullmatch(key):
            raise ValueError("a game id is not a number")
        if not isinstance(value, dict):
            raise ValueError("a game's book is not an object")
        books[_game_id(int(key))] = _read_book(value.get("secret"), value.get("tokens"))
    current = data.get("current")
    if current is not None:
        current = _game_id(current)
        if current not in books:
            raise ValueError("the current game has no book")
        books[current] = books.pop(current)  # the most recently current last
    while len(books) > MAX_BOOKS:  # a bound this version did not write
        del books[next(iter(books))]
    return books, current


def _game_id(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError("a game id is not a whole number")
    if not -_MAX_GAME_ID <= value <= _MAX_GAME_ID:
        raise ValueError("a game id is out of range")
    return value


def _read_book(secret: object, tokens: object) -> Book:
    if not isinstance(secret, str) or not secret or not secret.isascii():
        raise ValueError("a secret is not a string of ASCII")
    if not isinstance(tokens, dict):
        raise ValueError("tokens is not an object")
    for seat, token in tokens.items():
        if not isinstance(token, str) or not token or not token.isascii():
            raise ValueError(f"the token of {seat!r} is not a string of ASCII")
    return Book(secret, dict(tokens))
