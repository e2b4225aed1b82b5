"""The tournaments a box can see on a broker, read with the directory's public account.

The creator's box keeps a retained entry per tournament under the directory topic,
which the broker lets anyone read through that account (`access.DIRECTORY_USER`). A box
that wants to join listens there for a moment and lists what it heard; joining then
takes the tournament's key.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from pi_app.net import protocol as p
from pi_app.net.access import DIRECTORY_PASSWORD, DIRECTORY_USER
from pi_app.net.broker import new_secret


@dataclass(frozen=True)
class Listing:
    """A tournament as the directory shows it."""

    tid: str
    name: str
    tables: int


def read_listing(payload: bytes) -> Listing:
    """A directory entry, or ProtocolError."""
    data = p.loads(payload)
    tables = data.get("tables")
    if not isinstance(tables, int) or isinstance(tables, bool) or tables < 1:
        raise p.ProtocolError("tables must be a positive whole number")
    name = data.get("name")
    if not isinstance(name, str):
        raise p.ProtocolError("name must be text")
    return Listing(p.check_id(data.get("tournament"), "tournament"), name, tables)


def list_tournaments(host: str, port: int, listen: float = 1.5) -> list[Listing]:
    """What the directory of the broker at host:port holds (OSError if unreachable)."""
    found: dict[str, Listing] = {}
    ready = threading.Event()
    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=f"tabletop-list-{new_secret(8)}")

    def on_connect(c: mqtt.Client, u: object, f: object, reason: object, props: object) -> None:
        c.subscribe(p.directory_topic(), qos=1)
        ready.set()

    def on_message(c: mqtt.Client, u: object, message: mqtt.MQTTMessage) -> None:
        try:
            listing = read_listing(bytes(message.payload))
        except p.ProtocolError:
            return
        found[listing.tid] = listing

    client.username_pw_set(DIRECTORY_USER, DIRECTORY_PASSWORD)
    client.on_connect = on_connect
    client.on_message = on_message
    client.connect(host, port, keepalive=5)
    client.loop_start()
    try:
        ready.wait(listen)
        ready.clear()
        threading.Event().wait(listen)
    finally:
        client.disconnect()
        client.loop_stop()
    return sorted(found.values(), key=lambda item: item.name.casefold())
