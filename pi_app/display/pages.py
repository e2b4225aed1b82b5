"""The pages the home opens, each made by its own module when it is opened.

A page is opened with `scene.OpenPage(make)`; `make` here imports the page's module
only then, so nothing of the history, the Wi-Fi or the credits is on the way to the
first frame, and the home names no page's module. The home draws a button for each
page of `ON_THE_HOME`: a new page is its own module and one line there.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from pi_app.display.scene import Parts, Scene
from pi_app.i18n import N_, Translator

_ = Translator("display")  # the domain of the home buttons' labels

PageMaker = Callable[[Parts], Scene]


def lazy(module: str, maker: str) -> PageMaker:
    """The page `maker` of `pi_app.display.<module>`, imported when first opened."""

    def make(parts: Parts) -> Scene:
        found: PageMaker = getattr(importlib.import_module(f"pi_app.display.{module}"), maker)
        return found(parts)

    return make


HISTORY = lazy("history.scene", "history_page")
CREDITS = lazy("credits", "credits_page")
WIFI = lazy("wifi_page", "wifi_page")
JOIN = lazy("tournament_join", "join_page")


@dataclass(frozen=True)
class PageButton:
    """The home's button that opens the page named `name` (one of `ON_THE_HOME`)."""

    name: str


@dataclass(frozen=True)
class HomePage:
    """A page the home offers with a button: the button's target (its name), its label
    (a message to translate) and the page's maker."""

    name: str
    label: str
    make: PageMaker


ON_THE_HOME: tuple[HomePage, ...] = (
    HomePage("history", N_("History"), HISTORY),
    HomePage("wifi", N_("Wi-Fi"), WIFI),
    HomePage("credits", N_("Sources"), CREDITS),
)


def opened_by(target: Hashable) -> PageMaker | None:
    """The maker of the home's page whose button is `target` (None: not such a button)."""
    if not isinstance(target, PageButton):
        return None
    return next((page.make for page in ON_THE_HOME if page.name == target.name), None)
