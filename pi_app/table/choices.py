"""The journal's part that keeps the host's choices for the next start: the settings
made on the box (the language, a game's options) and the players' names with their
colours (`players.Player`).

It is `journal.choices`, apart from the games (`Journal`), because it outlives every
game: the session reads it once at the start and writes it as the host chooses. It
shares the journal's one connection and writer, so its writes are queued in order with
the games' events.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

from pi_app import bounded
from pi_app.table.players import Player
from pi_app.table.rows import Read, as_json
from pi_app.table.writer import Writer

log = logging.getLogger(__name__)


class HostChoices:
    """The host's kept settings and the remembered players of one journal."""

    def __init__(self, read: Read, writer: Writer, clock: Callable[[], float]) -> None:
        self._read = read
        self._writer = writer
        self._clock = clock

    def remember_players(self, players: Sequence[Player]) -> None:
        """Keep names typed for a new game, with their colours, as the latest players."""
        now = self._clock()
        for player in players:
            self._writer.submit(
                "INSERT INTO players (name, colour, last_played) VALUES (?, ?, ?) "
                "ON CONFLICT(name) DO UPDATE SET colour=excluded.colour, "
                "last_played=excluded.last_played",
                (player.name, player.colour, now),
            )

    def remember_setting(self, key: str, value: object) -> None:
        """Keep a choice the host made on the box (the language, a game's options) for
        the next start; `value` is plain JSON data. Queued like every write."""
        text = as_json(value)
        self._writer.submit(
            "INSERT INTO settings (key, value) VALUES (?, ?) "
            "ON CONFLICT(key) DO UPDATE SET value=excluded.value",
            (key, text),
        )

    def settings(self) -> dict[str, object]:
        """Every choice kept by `remember_setting` (one that cannot be read is left out)."""
        found: dict[str, object] = {}
        for key, text in self._read("SELECT key, value FROM settings ORDER BY key"):
            try:
                found[str(key)] = bounded.loads(text)
            except (TypeError, ValueError, UnicodeDecodeError):
                log.warning("setting %s cannot be read; it is left out", key)
        return found

    def players(self, limit: int = 100) -> list[Player]:
        """The remembered players, the latest first."""
        rows = self._read(
            "SELECT name, colour FROM players ORDER BY last_played DESC, name LIMIT ?", (limit,)
        )
        return [Player(str(name), colour) for name, colour in rows if isinstance(colour, int)]
