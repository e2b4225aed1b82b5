"""The host's key: what opens the host's page, and nothing a player ever holds.

One key per box, 192 random bits (more than the 128 a guess must face), kept in a
file of its own beside the journal (`host-key`, mode 0600: the box's user alone reads
it). It is made on first use, so a box with no screen has one from its first minute,
and renewed with `renew` (`tabletop host-link --new`, or from the box's screen): the
old key stops opening anything at once, since every check reads the file as it is now
(`matches`), whichever process renewed it.

A player's seat token or a game's join secret is another secret of another book
(`box.seats`): none of them is ever a host key.
"""

from __future__ import annotations

import contextlib
import hmac
import os
import secrets
import threading
from pathlib import Path
from urllib.parse import quote

FILE_NAME = "host-key"
KEY_BYTES = 24  # 192 bits, written as 32 URL-safe characters
MAX_KEY_CHARS = 64  # a longer text is no key of ours, read or compared
HOST_PATH = "/host"


class HostKey:
    """The host key kept at `path` (`FILE_NAME` beside the journal)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @classmethod
    def beside(cls, journal_path: Path) -> HostKey:
        """The key of the box whose journal is `journal_path`."""
        return cls(journal_path.with_name(FILE_NAME))

    def read(self) -> str | None:
        """The key as the file holds it now; None when there is none (or it is not ours)."""
        try:
            text = self.path.read_text("ascii").strip()
        except (OSError, UnicodeDecodeError):
            return None
        return text if 0 < len(text) <= MAX_KEY_CHARS and text.isascii() else None

    def current(self) -> str:
        """The key, made (and written) if the box has none yet."""
        return self.read() or self._first()

    def _first(self) -> str:
        """The box's first key, linked into place only where there is none: two makers
        at once (the server's start, a command, the screen) end with one key, the one
        each of them returns."""
        temporary = self.path.with_name(
            f"{self.path.name}.{os.getpid()}.{threading.get_ident()}.first"
        )
        self._write(temporary, secrets.token_urlsafe(KEY_BYTES))
        try:
            os.link(temporary, self.path)
        except FileExistsError:
            pass  # another maker was first: its key is the box's
        finally:
            with contextlib.suppress(OSError):
                temporary.unlink()
        key = self.read()
        if key is None:
            raise OSError(f"{self.path} holds no key after it was written")
        return key

    def renew(self) -> str:
        """A new key, written atomically over the old one: the old one opens nothing now.
        Raises OSError when it cannot be written (the old one then stays)."""
        key = secrets.token_urlsafe(KEY_BYTES)
        temporary = self.path.with_name(self.path.name + ".new")
        self._write(temporary, key)
        try:
            os.replace(temporary, self.path)
        except OSError:
            with contextlib.suppress(OSError):
                temporary.unlink(missing_ok=True)
            raise
        return key

    def _write(self, temporary: Path, key: str) -> None:
        """`key` in the file `temporary`, synced, readable by the box's user alone."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="ascii") as out:
                out.write(key + "\n")
                out.flush()
                os.fsync(out.fileno())
            os.chmod(temporary, 0o600)
        except OSError:
            with contextlib.suppress(OSError):
                temporary.unlink(missing_ok=True)
            raise

    def matches(self, given: object) -> bool:
        """Whether `given` is the key now, compared in constant time (no key: nothing
        matches)."""
        key = self.read()
        if key is None or not isinstance(given, str) or not given.isascii():
            return False
        return len(given) <= MAX_KEY_CHARS and hmac.compare_digest(given, key)


def host_link(address: str, port: int, key: str) -> str:
    """The host page's link: the key travels in the fragment, which a browser never
    sends in a request line, a log or a Referer (the page reads it and says it itself)."""
    return f"http://{address}:{port}{HOST_PATH}#{quote(key, safe='')}"
