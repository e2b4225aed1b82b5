"""The box's MQTT connection, through paho-mqtt.

paho-mqtt runs its network loop on a thread of its own, reconnects by itself, and
queues QoS 1 publications while the broker is away: the table never waits for the
network. What arrives is handed over through a queue and read between frames
(`events`), on the box's own thread, like the phones' requests.

A member's session is persistent (a fixed client id, clean_session off), so the broker
keeps QoS 1 messages for a box that is briefly away (a box asking to join keeps none:
every box asking shares the join code's account, hence its client id, and asks again
until answered); a short keepalive notices a cut
network within seconds, so the box can say it is offline. Its will, kept by the
broker, tells the other boxes when it vanishes.
"""

from __future__ import annotations

import logging
import queue
import socket
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion
from paho.mqtt.properties import Properties
from paho.mqtt.reasoncodes import ReasonCode

log = logging.getLogger(__name__)

KEEPALIVE = 4  # seconds: a cut network is noticed within about 1.5 times this
RECONNECT = (1, 4)  # seconds between attempts, growing from the first to the second


@dataclass(frozen=True)
class Connected:
    """The link is up (again): subscriptions are in place, publish what is due."""


@dataclass(frozen=True)
class Disconnected:
    """The link went down (the box goes on offline)."""

    reason: str


@dataclass(frozen=True)
class Message:
    topic: str
    payload: bytes
    retained: bool


Event = Connected | Disconnected | Message


class Link:
    """One box's connection to the tournament's broker."""

    def __init__(
        self,
        host: str,
        port: int,
        client_id: str,
        subscriptions: Sequence[str],
        username: str | None = None,
        password: str | None = None,
        will: tuple[str, bytes] | None = None,
        clean: bool = False,
    ) -> None:
        self.host, self.port = host, port
        self.subscriptions = tuple(subscriptions)
        self.events: queue.SimpleQueue[Event] = queue.SimpleQueue()
        self.wake: Callable[[], None] | None = None
        """Called (on the network's thread) after each event, to wake the box's loop."""
        self.connected = False
        self.refusal: str | None = None
        client = mqtt.Client(
            CallbackAPIVersion.VERSION2,
            client_id=client_id,
            clean_session=clean,
            protocol=mqtt.MQTTv311,
        )
        if username is not None:
            client.username_pw_set(username, password)
        if will is not None:
            client.will_set(will[0], will[1], qos=1, retain=True)
        client.reconnect_delay_set(*RECONNECT)
        client.max_queued_messages_set(0)  # unbounded: rounds are few and small
        client.on_socket_open = self._on_socket_open
        client.on_connect = self._on_connect
        client.on_disconnect = self._on_disconnect
        client.on_message = self._on_message
        self.client = client

    def start(self) -> None:
        """Connect in the background (and keep reconnecting)."""
        self.client.connect_async(self.host, self.port, keepalive=KEEPALIVE)
        self.client.loop_start()

    def stop(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()

    def publish(self, topic: str, payload: bytes, retain: bool = False) -> None:
        """Send with QoS 1; queued by paho while the broker is away."""
        self.client.publish(topic, payload, qos=1, retain=retain)

    def subscribe(self, topic: str) -> None:
        """Subscribe (again) for a while: the broker sends the topic's retained message,
        even to a subscription it holds already (how a box reads a page of the order).
        Not kept for the next connection: the box asks again then."""
        if self.connected:
            self.client.subscribe(topic, qos=1)

    def unsubscribe(self, topic: str) -> None:
        if self.connected:
            self.client.unsubscribe(topic)

    @staticmethod
    def _on_socket_open(client: mqtt.Client, userdata: object, sock: object) -> None:
        """Small packets go out at once: a round must not wait for Nagle's algorithm."""
        if isinstance(sock, socket.socket):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def _on_connect(
        self,
        client: mqtt.Client,
        userdata: object,
        flags: mqtt.ConnectFlags,
        reason: ReasonCode,
        properties: Properties | None,
    ) -> None:
        if reason.is_failure:
            self.refusal = str(reason)
            log.warning("broker %s:%s refused the box: %s", self.host, self.port, reason)
            return
        self.refusal = None
        for topic in self.subscriptions:
            client.subscribe(topic, qos=1)
        self.connected = True
        self.events.put(Connected())
        self._wake()

    def _on_disconnect(
        self,
        client: mqtt.Client,
        userdata: object,
        flags: mqtt.DisconnectFlags,
        reason: ReasonCode,
        properties: Properties | None,
    ) -> None:
        if self.connected:
            log.info("broker %s:%s lost: %s", self.host, self.port, reason)
            self.connected = False
            self.events.put(Disconnected(str(reason)))
            self._wake()

    def _on_message(self, client: mqtt.Client, userdata: object, msg: mqtt.MQTTMessage) -> None:
        self.events.put(Message(msg.topic, bytes(msg.payload), bool(msg.retain)))
        self._wake()

    def _wake(self) -> None:
        if self.wake is not None:
            self.wake()

    def take(self) -> list[Event]:
        """Everything that arrived since the last call (never waits)."""
        found: list[Event] = []
        while True:
            try:
                found.append(self.events.get_nowait())
            except queue.Empty:
                return found
