"""`tabletop wifi status|on|off`: the box's own Wi-Fi by hand.

`on` also writes the dnsmasq drop-in that makes every name the box (when run as
root: `sudo tabletop wifi on`); the box's service brings the hotspot up by itself as
the `wifi.hotspot` setting says (see `pi_app.wifi.hotspot.decide`).
"""

from __future__ import annotations

import argparse
import sys

from pi_app.config import Config
from pi_app.i18n import Translator
from pi_app.wifi.hotspot import DROPIN, NetworkManager, WifiError, install_dropin

_ = Translator("core")


def run(args: argparse.Namespace, config: Config, manager: NetworkManager | None = None) -> int:
    """The `wifi` command: 0 when done, 1 when NetworkManager cannot do it."""
    manager = manager or NetworkManager(config.journal_path.parent)
    action = {"status": _status, "on": _on, "off": _off}[args.action]
    return action(manager, config)


def _status(manager: NetworkManager, config: Config) -> int:
    status = manager.status()
    if not status.nmcli:
        print(_("NetworkManager (nmcli) is not running: the box cannot make its own Wi-Fi"))
        return 1
    if status.device is None:
        print(_("no Wi-Fi device"))
    else:
        print(_("Wi-Fi device: {device}").format(device=status.device))
    made = manager.current() if status.hotspot else None
    if made is not None:
        print(
            _("The box's own Wi-Fi is on: {ssid}, password {password}, at {address}").format(
                ssid=made.ssid, password=made.password, address=made.address
            )
        )
    else:
        print(_("The box's own Wi-Fi is off."))
    if status.network is None:
        print(_("No known network."))
    else:
        print(_("Known network: {network}").format(network=status.network))
    print(_("Setting wifi.hotspot: {setting}").format(setting=config["wifi.hotspot"]))
    return 0


def _on(manager: NetworkManager, config: Config) -> int:
    if not DROPIN.exists() and not install_dropin():
        print(
            _("{file} is missing: run “sudo tabletop wifi on” once").format(file=DROPIN),
            file=sys.stderr,
        )
    try:
        made = manager.on()
    except WifiError as error:
        print(
            _("The box's own Wi-Fi could not start: {error}").format(error=error), file=sys.stderr
        )
        return 1
    print(
        _("The box's own Wi-Fi is on: {ssid}, password {password}, at {address}").format(
            ssid=made.ssid, password=made.password, address=made.address
        )
    )
    return 0


def _off(manager: NetworkManager, config: Config) -> int:
    try:
        was_on = manager.off()
    except WifiError as error:
        print(_("The box's own Wi-Fi could not stop: {error}").format(error=error), file=sys.stderr)
        return 1
    print(_("The box's own Wi-Fi is off.") if was_on else _("The box's own Wi-Fi was not on."))
    return 0
