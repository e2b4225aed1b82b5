"""Which screen is up: one mode, and the scenes kept while they stay.

The box shows the home (the unfinished games wait behind it), a page opened
from the home (the history, the tournaments to join), the game's own screen, or the
end of the game. One `Mode` says which; the scene of each is made when first needed
and kept while its key stays the same, so a screen's own state (digits typed, a seat
chosen) survives redraws but not a change of phase.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from typing import Any

from pi_app.display.memory import ScreenMemory
from pi_app.display.scene import Scene
from pi_app.table.players import Player
from pi_app.table.protocol import GameTable

log = logging.getLogger(__name__)


class Mode(Enum):
    HOME = "home"
    """The home; a game in progress waits behind it, ready to resume."""
    PAGE = "page"
    """A page opened from the home: the history, or the tournaments to join."""
    GAME = "game"
    """The game's own screen."""
    FINAL = "final"
    """The end of the game: the ranking, the chart, the facts."""


class Screens:
    """The mode, and the scene of each screen while it stays."""

    def __init__(
        self,
        config: Mapping[str, Any],
        players: Callable[[], Sequence[Player]],
        table: GameTable | None,
        settings: Mapping[str, object] | None = None,
        closed: Callable[[Scene], None] = lambda _page: None,
    ) -> None:
        self.config = config
        self.closed = closed
        """Told of a page that closes (the app cancels its jobs: `Jobs.cancel`)."""
        self.players = players
        self.settings: Mapping[str, object] = {} if settings is None else settings
        """The host's kept choices (the app's, updated in place as the host chooses)."""
        self._shared = ScreenMemory()
        self._memories: dict[tuple[str, int], ScreenMemory] = {}
        self.shown: GameTable | None = table
        """The game whose screens these are (the home may be over them)."""
        self.memory = self._memory_of(table)
        """What the screens of the game at the table keep (each game has its own)."""
        self.mode = Mode.GAME if table is not None else Mode.HOME
        self._home: Scene | None = None
        self._page: Scene | None = None
        self._game: Scene | None = None

    @property
    def in_game(self) -> bool:
        """Whether the game's screens are up (its own, or its end)."""
        return self.mode in (Mode.GAME, Mode.FINAL)

    def scene(self, table: GameTable | None) -> Scene:
        """The scene on screen now (made if needed); the home when there is no table."""
        if self.mode is Mode.PAGE and self._page is not None:
            return self._page
        if not self.in_game or table is None:
            return self.home()
        if self._game is None:
            self.follow(table)
        assert self._game is not None
        return self._game

    def home(self) -> Scene:
        if self._home is None:
            from pi_app.display.home.scene import HomeScene

            self._home = HomeScene(self.config, self.players(), self.settings)
        return self._home

    # ---- moving between screens ------------------------------------------------------

    def go_home(self) -> None:
        """The home, made afresh (the remembered players may have changed)."""
        self.mode, self._home = Mode.HOME, None
        self._close_page()

    def open_page(self, page: Scene) -> None:
        self._close_page()
        self.mode, self._page = Mode.PAGE, page

    def _close_page(self) -> None:
        """The page over the home goes: what it still waited for is not wanted."""
        page, self._page = self._page, None
        if page is not None:
            self.closed(page)

    def play(self, table: GameTable | None) -> None:
        """The game's screen, or the home when there is no game to show."""
        self.mode = Mode.GAME if table is not None else Mode.HOME

    def new_table(self, table: GameTable) -> None:
        """Another game at the table (new or resumed): its screens are made from its
        state, with its own memory; the home is made afresh."""
        self.mode, self._game, self._home = Mode.GAME, None, None
        self._close_page()
        self.shown, self.memory = table, self._memory_of(table)

    def _memory_of(self, table: GameTable | None) -> ScreenMemory:
        """The memory of `table`'s screens, kept while the box runs (a paused Gambo
        game keeps its engine's search to itself)."""
        if table is None:
            return ScreenMemory(self._shared)
        key = (type(table).__name__, table.game_id)
        return self._memories.setdefault(key, ScreenMemory(self._shared))

    def no_table(self) -> None:
        """The game was left: the home, made afresh."""
        self.mode, self._game, self._home = Mode.HOME, None, None
        self._close_page()

    def show_final(self, table: GameTable) -> None:
        self.mode = Mode.FINAL
        self.follow(table)

    def follow(self, table: GameTable | None) -> bool:
        """The scene for the table's state now; True when it replaced another scene."""
        if table is None:
            self._game = None
            return False
        if self.mode is Mode.FINAL and table.outcome() is None:
            self.mode = Mode.GAME  # an undo took the game back from its end
        candidate = self._final(table) if self.mode is Mode.FINAL else None
        if candidate is None:
            from pi_app.display.games import scene_for

            candidate = scene_for(table, self.memory)
        if self._game is not None and candidate.key() == self._game.key():
            return False
        replaced = self._game is not None
        self._game = candidate
        return replaced

    def _final(self, table: GameTable) -> Scene | None:
        """The end-of-game screen; None (and the game's own) if it cannot be made."""
        from pi_app.display.final import FinalScene

        if isinstance(self._game, FinalScene) and self._game.game_id == table.game_id:
            return self._game  # folded once per game end, not on every refresh
        try:
            return FinalScene(table)
        except Exception:  # a game whose record cannot be summarised keeps its own screen
            log.exception("no final screen for this game")
            self.mode = Mode.GAME
            return None
