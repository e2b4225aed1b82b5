"""The box's own Wi-Fi on its screen (issue 28): the page says what NetworkManager
says, turns the network on and off through the same nmcli commands as `tabletop wifi`
(a recording stand-in here), hands the network to the phones' panel and the checks'
port, and never makes the table wait on NetworkManager."""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from pi_app.display.intents import Press
from pi_app.display.pages import PageButton
from pi_app.display.targets import Button
from pi_app.display.wifi_page import WifiButton
from pi_app.i18n import LANGUAGES, set_language
from pi_app.wifi.hotspot import CONNECTION, MISSING, NetworkManager
from tests.display import layout_checks as checks
from tests.display.layout_checks import drawn_text

DEVICES = ("nmcli", "-t", "-f", "DEVICE,TYPE,STATE,CONNECTION", "device", "status")
ACTIVE = ("nmcli", "-t", "-f", "NAME,TYPE,DEVICE", "connection", "show", "--active")
PATIENCE = 30.0


class Nmcli:
    """NetworkManager on a Pi with its Wi-Fi free: `connection up` brings the box's
    network up, `connection down` takes it down; every argv list is kept."""

    def __init__(self, running: bool = True) -> None:
        self.calls: list[list[str]] = []
        self.running = running
        self.up = False

    def __call__(self, argv: Sequence[str]) -> tuple[int, str]:
        self.calls.append(list(argv))
        if not self.running:
            return MISSING, ""
        if tuple(argv) == DEVICES:
            state = f"wlan0:wifi:connected:{CONNECTION}" if self.up else "wlan0:wifi:disconnected:"
            return 0, state + "\nlo:loopback:unmanaged:\n"
        if tuple(argv) == ACTIVE:
            return 0, f"{CONNECTION}:802-11-wireless:wlan0\n" if self.up else ""
        if argv[1:3] == ["connection", "up"]:
            self.up = True
        if argv[1:3] == ["connection", "down"]:
            self.up = False
        return 0, "running" if argv[-1] == "general" else ""


def _page(app: Any, nmcli: Nmcli, folder: Path) -> list[object]:
    portals: list[object] = []
    app.wifi = lambda: NetworkManager(folder, nmcli)
    app.open_portal = portals.append
    app.step([])
    app.feed(Press(PageButton("wifi")))
    return portals


def _until(app: Any, words: str) -> str:
    """The page's text once it says `words` (NetworkManager answers on a thread)."""
    deadline = time.monotonic() + PATIENCE
    while True:
        app.dirty = True
        app.step([])
        shown = drawn_text(app.canvas.texts)
        if words in shown or time.monotonic() > deadline:
            return shown
        time.sleep(0.01)


def until_enabled(app: Any) -> None:
    """Until NetworkManager has answered and the page offers its On button."""
    deadline = time.monotonic() + PATIENCE
    while WifiButton.ON not in {hit.target for hit in app.canvas.hits}:
        assert time.monotonic() < deadline, "the On button was never offered"
        app.dirty = True
        app.step([])
        time.sleep(0.01)


def test_the_page_turns_the_boxs_wifi_on_and_off(app_factory: Any, tmp_path: Path) -> None:
    app = app_factory()
    nmcli = Nmcli()
    portals = _page(app, nmcli, tmp_path)
    assert "Son propre Wi-Fi est éteint." in _until(app, "éteint")
    app.feed(Press(WifiButton.ON))
    shown = _until(app, "allumé")
    assert "Son propre Wi-Fi est allumé" in shown and "Tabletop-" in shown
    assert ["nmcli", "connection", "up", CONNECTION] in nmcli.calls
    (made,) = portals  # the phones' checks are answered on its address
    assert made.address == "10.42.0.1"  # type: ignore[attr-defined]
    assert made.ssid in shown and made.password in shown  # type: ignore[attr-defined]
    app.feed(Press(WifiButton.OFF))
    assert "Son propre Wi-Fi est éteint." in _until(app, "éteint.")
    assert ["nmcli", "connection", "down", CONNECTION] in nmcli.calls
    app.feed(Press(Button.BACK))
    assert "Son propre Wi-Fi" not in _until(app, "Historique")  # the home again


def test_without_networkmanager_the_page_says_so(app_factory: Any, tmp_path: Path) -> None:
    app = app_factory()
    _page(app, Nmcli(running=False), tmp_path)
    assert "NetworkManager ne tourne pas" in _until(app, "ne tourne pas")
    targets = {hit.target for hit in app.canvas.hits}
    assert WifiButton.ON not in targets and WifiButton.OFF not in targets  # drawn disabled
    app.feed(Press(WifiButton.ON))
    assert "allumé" not in _until(app, "ne tourne pas")


@pytest.mark.parametrize("size", ["800x480", "480x320"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_is_whole_at_both_sizes(
    app_factory: Any, tmp_path: Path, size: str, lang: str
) -> None:
    set_language(lang)
    try:
        app = app_factory(size)
        nmcli = Nmcli()
        _page(app, nmcli, tmp_path)
        until_enabled(app)  # NetworkManager has answered: its buttons are offered
        app.feed(Press(WifiButton.ON))
        assert "Tabletop-" in _until(app, "Tabletop-")  # the page with the network's words
        found = checks.page_faults(app.canvas)
        assert not found
    finally:
        set_language("fr")
