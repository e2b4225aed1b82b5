"""The pages the home opens, each made by its own module when it is opened.

A page is opened with `scene.OpenPage(make)`; `make` here imports the page's module
only then, so nothing of the history, the Wi-Fi or the credits is on the way to the
first frame, and the home names no page's module. A new page is one line here.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from pi_app.display.scene import Parts, Scene

PageMaker = Callable[[Parts], Scene]


def lazy(module: str, maker: str) -> PageMaker:
    """The page `maker` of `pi_app.display.<module>`, imported when first opened."""

    def make(parts: Parts) -> Scene:
        found: PageMaker = getattr(importlib.import_module(f"pi_app.display.{module}"), maker)
        return found(parts)

    return make


HISTORY = lazy("history", "history_page")
CREDITS = lazy("credits", "credits_page")
WIFI = lazy("wifi_page", "wifi_page")
JOIN = lazy("network", "join_page")
