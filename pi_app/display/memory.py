"""What a game's screens keep while the box runs: the memory that outlives a scene.

A scene is thrown away whenever the game moves to another phase, so it keeps only its
screen's own choices. A few choices must outlive it: the tournament's table chosen by
tab, the engine's search still running on its thread. Each screen module declares a
small class for what it keeps; the app holds one `ScreenMemory` per game at the table
(a paused game keeps its own: an engine's search never lands in another game) and
hands the current game's to the scenes through `Ctx`, so nothing lives in module
globals and two apps never share. A class marked `SHARED = True` is kept once for the
whole app, whichever game is at the table (a demo pausing the engine for the evening).
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


class ScreenMemory:
    """One instance of each screen module's memory class, made on first use."""

    def __init__(self, shared: ScreenMemory | None = None) -> None:
        self._kept: dict[type[object], object] = {}
        self.shared = shared
        """The app's memory for the classes marked `SHARED` (None: this is it)."""

    def of(self, kind: type[T]) -> T:
        """The memory of class `kind` (a new one, with its defaults, the first time)."""
        if self.shared is not None and getattr(kind, "SHARED", False):
            return self.shared.of(kind)
        found = self._kept.get(kind)
        if not isinstance(found, kind):
            found = kind()
            self._kept[kind] = found
        return found
