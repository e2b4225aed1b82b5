"""The box's own Wi-Fi as phones read it from a QR code, and the join link on it.

When the box makes its own hotspot, a phone must join that network before it can open
the game, so the phones panel shows two codes: the network's, then the game's.

The network's code holds the text that phones' cameras read as "join this Wi-Fi"
(Android 10+, iOS 11+), ZXing's "Wi-Fi Network config (Android, iOS 11+)" barcode
contents (https://github.com/zxing/zxing/wiki/Barcode-Contents):

    WIFI:T:WPA;S:<ssid>;P:<password>;;

- `T` is the authentication type: `WPA` covers WPA2 and WPA3 as well (the phone and
  the access point settle the handshake); `S` the network's name; `P` its password.
- `H:true` (a hidden network) is not written: the box's network is broadcast, and a
  phone told it is hidden probes for it by name, which some phones do badly.
- "Special characters `\\`, `;`, `,` and `:` should be escaped with a backslash", and a
  double quote too (the page's own example escapes it: `S:\\"foo\\;bar\\\\baz\\"`),
  since a value in quotes is read as the quoted text by some readers.
- The page also says to quote an SSID that "could be interpreted as hex" ("ABCD"): that
  is not done, as readers disagree on quotes (some keep them as part of the name); a
  name made of hex digits only is the one a few old readers would misread.

A name or password beyond ASCII is put in the code as UTF-8, said so by an ECI
(`pi_app.display.phones.qr_surface`): the format itself names no encoding.
"""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

from pi_app.wifi.hotspot import Hotspot

__all__ = ["Hotspot", "escape", "on_hotspot", "wifi_text"]

SPECIAL = '\\;,:"'
"""The characters the format escapes with a backslash (the backslash first)."""


def escape(value: str) -> str:
    """`value` with the format's special characters escaped by a backslash."""
    return "".join("\\" + char if char in SPECIAL else char for char in value)


def wifi_text(ssid: str, password: str) -> str:
    """The text of the QR code that joins the WPA network `ssid` with `password`."""
    return f"WIFI:T:WPA;S:{escape(ssid)};P:{escape(password)};;"


def on_hotspot(link: str, address: str) -> str:
    """`link` (a join link) naming the box by its `address` on its own network: the
    same port, path and seat (the default route's address is another network's)."""
    parts = urlsplit(link)
    host = f"[{address}]" if ":" in address else address
    netloc = host if parts.port is None else f"{host}:{parts.port}"
    return urlunsplit(parts._replace(netloc=netloc))
