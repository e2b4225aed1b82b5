"""What a game's screens keep while the box runs: the memory that outlives a scene.

A scene is thrown away whenever the game moves to another phase, so it keeps only its
screen's own choices. A few choices must outlive it: the tournament's table chosen by
tab, the engine's search still running on its thread. Each screen module declares a
small class for what it keeps; the app holds one `ScreenMemory` and hands it to the
scenes through `Ctx`, so nothing lives in module globals and two apps never share.
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


class ScreenMemory:
    """One instance of each screen module's memory class, made on first use."""

    def __init__(self) -> None:
        self._kept: dict[type[object], object] = {}

    def of(self, kind: type[T]) -> T:
        """The memory of class `kind` (a new one, with its defaults, the first time)."""
        found = self._kept.get(kind)
        if not isinstance(found, kind):
            found = kind()
            self._kept[kind] = found
        return found
