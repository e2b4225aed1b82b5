"""Where the host's phones and the table's owner meet, beside the phones' hub.

The host's socket `submit`s a request and awaits its reply; the owner takes the
requests between two frames (`web.host_tables`), as it takes the phones', woken the
same way (`Hub.on_request`). The owner builds the host's message on its own thread,
one per language a host reads, and hands it over here (`show`): the server's thread
sends it to each host. Nothing here blocks the owner.
"""

from __future__ import annotations

import threading
from collections import Counter, deque
from collections.abc import Callable, Mapping
from concurrent.futures import Future
from typing import Any

from pi_app.waiting import still_wanted
from pi_app.web.host_play import HostRequest
from pi_app.web.phone_request import Reply

MAX_WAITING = 16  # host requests waiting for the owner at most; more are refused at once

Messages = Mapping[str, dict[str, Any]]
"""The host's message in each language a host reads (language -> message)."""


class HostDesk:
    """The hosts' requests in, the host's messages out; thread-safe."""

    def __init__(self, wake: Callable[[], None]) -> None:
        self._wake = wake
        self._lock = threading.Lock()
        self._inbox: deque[tuple[HostRequest, Future[Reply]]] = deque()
        self._readers: Counter[str] = Counter()  # language -> hosts connected reading it
        self._wanted = False  # a host came or changed language: the owner shows it the table
        self._messages: dict[str, dict[str, Any]] = {}
        self._listeners: list[Callable[[Messages], None]] = []
        self.presence: list[Callable[[], None]] = []
        """Called (on the server's thread) when the first host comes or the last goes."""

    # -- the server's side --------------------------------------------------------

    def submit(self, request: HostRequest) -> Future[Reply] | None:
        """Queue a request for the owner (None: too many wait; the host is refused)."""
        future: Future[Reply] = Future()
        with self._lock:
            if len(self._inbox) >= MAX_WAITING:
                return None
            self._inbox.append((request, future))
        self._wake()
        return future

    def join(self, lang: str) -> None:
        """A host reads the table in `lang` from now on: the owner shows it the table."""
        with self._lock:
            first = not self._readers
            self._readers[lang] += 1
            self._wanted = True
        self._wake()
        if first:
            self._told()

    def leave(self, lang: str) -> None:
        """A host reading `lang` went."""
        with self._lock:
            self._readers[lang] -= 1
            if self._readers[lang] <= 0:
                del self._readers[lang]
            last = not self._readers
        if last:
            self._told()

    def _told(self) -> None:
        for listener in list(self.presence):
            listener()

    @property
    def connected(self) -> bool:
        """Whether a host's phone is connected now (the players' phones say so)."""
        with self._lock:
            return bool(self._readers)

    def message(self, lang: str) -> dict[str, Any] | None:
        """The last message built for hosts reading `lang` (None: not built yet)."""
        with self._lock:
            return self._messages.get(lang)

    def on_show(self, listener: Callable[[Messages], None]) -> None:
        """Call `listener(messages)` (on the owner's thread) each time they are built."""
        self._listeners.append(listener)

    # -- the owner's side ---------------------------------------------------------

    def take(self) -> list[tuple[HostRequest, Future[Reply]]]:
        """Every waiting request, oldest first."""
        with self._lock:
            taken = list(self._inbox)
            self._inbox.clear()
        return still_wanted(taken)

    def readers(self) -> tuple[frozenset[str], bool]:
        """The languages hosts read now, and whether one waits to be shown the table
        (cleared by asking)."""
        with self._lock:
            wanted, self._wanted = self._wanted, False
            return frozenset(self._readers), wanted

    def show(self, messages: Messages) -> None:
        """The host's message in each language, built by the owner: sent to the hosts."""
        with self._lock:
            self._messages = dict(messages)
        for listener in list(self._listeners):
            listener(messages)
