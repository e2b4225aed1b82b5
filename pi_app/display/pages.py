"""The pages the home opens, each made by its own module when it is opened.

A page is opened with `scene.OpenPage(make)`; each maker here imports the page's
module only when it is called, so nothing of the history, the Wi-Fi, the credits or
the tournament's join page is on the way to the first frame, and the home names no
page's module. The makers are plain functions, so mypy checks each page's maker and
its module's path. The home draws a button for each page of `ON_THE_HOME`: a new page
is its own module, a maker here and one line there.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass

from pi_app.display.scene import Parts, Scene
from pi_app.i18n import N_, Translator

_ = Translator("display")  # the domain of the home buttons' labels

PageMaker = Callable[[Parts], Scene]


def history(parts: Parts) -> Scene:
    """The history of the games played here."""
    from pi_app.display.history.scene import history_page

    return history_page(parts)


def credits(parts: Parts) -> Scene:
    """Where the box's questions come from."""
    from pi_app.display.credits import credits_page

    return credits_page(parts)


def wifi(parts: Parts) -> Scene:
    """The box's own Wi-Fi."""
    from pi_app.display.wifi_page import wifi_page

    return wifi_page(parts)


def pico(parts: Parts) -> Scene:
    """The Pico and its firmware."""
    from pi_app.display.pico_page import pico_page

    return pico_page(parts)


def host(parts: Parts) -> Scene:
    """The host's phone and the big screen: their QR codes."""
    from pi_app.display.host_code_page import host_code_page

    return host_code_page(parts)


def sound(parts: Parts) -> Scene:
    """The voice, the sounds and the volume."""
    from pi_app.display.sound_page import sound_page

    return sound_page(parts)


def join(parts: Parts) -> Scene:
    """The tournaments across boxes this box can join."""
    from pi_app.display.tournament_join import join_page

    return join_page(parts)


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
    HomePage("history", N_("History"), history),
    HomePage("wifi", N_("Wi-Fi"), wifi),
    HomePage("pico", N_("Pico"), pico),
    HomePage("host", N_("Host's phone"), host),
    HomePage("sound", N_("Sound"), sound),
    HomePage("credits", N_("Sources"), credits),
)


def opened_by(target: Hashable) -> PageMaker | None:
    """The maker of the home's page whose button is `target` (None: not such a button)."""
    if not isinstance(target, PageButton):
        return None
    return next((page.make for page in ON_THE_HOME if page.name == target.name), None)
