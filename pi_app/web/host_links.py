"""The links the box gives its host: the host page's (with the key, `host_key`) and the
big screen's (`/tv`, no key), both naming the box as the phones reach it.

The address is the one the join links lead with (`reach`): the default route's
interface's, since many Android phones resolve no `.local` name. On the box's own
Wi-Fi it is the box's address there (`wifi_code.on_hotspot` says why). The command
(`tabletop host-link`), the box's screen and the card image's first boot give the same
links; only where the address comes from differs.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Sequence
from dataclasses import dataclass

from pi_app.web.host_key import host_link

TV_PATH = "/tv"


@dataclass(frozen=True)
class HostLinks:
    """The host page's link (a secret: shown only when the host asks) and the big
    screen's (anyone in the room may see it)."""

    host: str
    tv: str


def tv_link(address: str, port: int) -> str:
    """The big screen's link: no key, it shows only what the table may see."""
    return f"http://{address}:{port}{TV_PATH}"


def links_at(address: str, port: int, key: str) -> HostLinks:
    """Both links naming the box by `address`."""
    return HostLinks(host_link(address, port, key), tv_link(address, port))


def phone_address(found: Sequence[str]) -> str | None:
    """The first of the box's addresses (`reach.addresses`, the default route's first)
    that a phone can reach: None when there is only the loopback, or nothing."""
    for address in found:
        try:
            if not ipaddress.ip_address(address).is_loopback:
                return address
        except ValueError:
            continue
    return None


def screen_address(found: Sequence[str], hostname: str, hotspot: str | None = None) -> str:
    """The address the box's screen names: its own Wi-Fi's while it makes one, else
    the one phones reach, else `<hostname>.local` (a box with no address yet may get
    one; the name is the best guess meanwhile), else `localhost`."""
    if hotspot:
        return hotspot
    name = hostname.split(".")[0]
    return phone_address(found) or (f"{name}.local" if name else "localhost")
