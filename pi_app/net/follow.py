"""How a box keeps up with the creator's order when it missed some of it.

The creator publishes each change of the order as an increment (the entries just
added, numbered by position) on the retained `order` topic, and the page holding
them on the retained `pages/<k>`. A box folds each increment that follows what it
holds. One that starts further on says the box missed entries (it joined late, its
connection dropped, the broker lost a message): the box then reads the pages from
the one holding its first missing entry, one at a time, by subscribing to it (the
broker hands over a retained message at each subscription, so subscribing again is
asking again), until it holds as much as the latest increment said.

Nothing a lost message does can leave a box stuck: a page that does not come is
asked for again every few seconds, a new connection brings the retained increment
(the order's length), and the box looks at it again now and then, so even the last
increment of a tournament, lost, is found.

A box adopts the settings, an increment or a page only signed with the tournament's
key (`Follower`), which the creator alone holds and hands out in the sealed welcome.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

from pi_app.net import protocol as p
from pi_app.net.rounds import Rounds
from pi_app.net.seal import check

log = logging.getLogger(__name__)

ASK_SECONDS = 3.0
"""A page asked for and not come is asked for again this often."""
HEAD_SECONDS = 30.0
"""How often a box reads the retained increment again, to see it missed none."""


class Catchup:
    """Which page of the order a box reads, if any, and when it asks again."""

    def __init__(
        self,
        tid: str,
        subscribe: Callable[[str], None],
        unsubscribe: Callable[[str], None],
        clock: Callable[[], float],
    ) -> None:
        self.tid = tid
        self.subscribe, self.unsubscribe, self.clock = subscribe, unsubscribe, clock
        self.head = 0
        """The order's length as the latest increment or page said."""
        self.reading: int | None = None
        """The page this box is subscribed to, while it lacks entries."""
        self._asked = self._checked = clock()

    def heard(self, end: int) -> None:
        """An increment or page says the order is at least `end` entries long."""
        self.head = max(self.head, end)

    def settle(self, held: int) -> None:
        """After the ledger grew (or a longer order was heard): read the page holding the
        first entry this box lacks, or none when it holds them all."""
        want = held // p.PAGE if held < self.head else None
        if want == self.reading:
            return
        if self.reading is not None:
            self.unsubscribe(self._topic(self.reading))
        if want is not None and self.reading is None:
            log.info("entries %d to %d of the order missed: reading the pages", held, self.head - 1)
        self.reading = want
        if want is not None:
            self._ask()

    def stray(self, page: int) -> None:
        """A page this box does not read came (a subscription a restarted box left on
        the broker): it is dropped."""
        if page != self.reading:
            self.unsubscribe(self._topic(page))

    def connected(self) -> None:
        """A new connection: the page being read is asked for again (the broker sends
        the retained increment by itself)."""
        self._checked = self.clock()
        if self.reading is not None:
            self._ask()

    def tick(self) -> None:
        """Between frames, online: ask again for a page that did not come, and look at
        the retained increment now and then."""
        now = self.clock()
        if self.reading is not None and now - self._asked >= ASK_SECONDS:
            self._ask()
        if now - self._checked >= HEAD_SECONDS:
            self._checked = now
            self.subscribe(p.topic(self.tid, "order"))

    def _ask(self) -> None:
        assert self.reading is not None
        self._asked = self.clock()
        self.subscribe(self._topic(self.reading))

    def _topic(self, page: int) -> str:
        return p.topic(self.tid, "pages", str(page))


class Follower:
    """A box's side of the creator's order (every box but the creator has one)."""

    def __init__(
        self,
        tid: str,
        rounds: Rounds,
        subscribe: Callable[[str], None],
        unsubscribe: Callable[[str], None],
        clock: Callable[[], float],
    ) -> None:
        self.tid = tid
        self.rounds = rounds
        self.catchup = Catchup(tid, subscribe, unsubscribe, clock)
        """Which page of the order this box reads, when it missed entries."""

    def read(self, topic: str, payload: Mapping[str, Any], key: str) -> bool:
        """The settings, an increment or a page, checked with the tournament's `key`;
        False for a topic that is not the follower's to read."""
        creator = "the tournament's creator"
        if topic == p.topic(self.tid, "settings"):
            check(key, topic, payload, creator)
            return self._on_settings(p.Settings.from_json(payload))
        if topic == p.topic(self.tid, "order"):
            check(key, topic, payload, creator)
            return self._on_stretch(p.Stretch.from_json(payload))
        if topic.startswith(p.topic(self.tid, "pages", "")):
            check(key, topic, payload, creator)
            return self._on_stretch(p.Stretch.from_json(payload), p.page_number(topic))
        return False

    def _on_settings(self, settings: p.Settings) -> bool:
        if self.rounds.settings is not None or settings.tid != self.tid:
            return False
        self.rounds.adopt(settings)  # checked before it is kept; refused: nothing changed
        self.catchup.settle(0)  # an increment heard before: its pages are read now
        return True

    def _on_stretch(self, stretch: p.Stretch, page: int | None = None) -> bool:
        """An increment, or page `page`, of the creator's order: the entries this box
        lacks are folded and kept; entries missed before it are read from the pages."""
        if stretch.tid != self.tid:
            return False
        if page is not None:
            if stretch.at != page * p.PAGE or len(stretch.entries) > p.PAGE:
                raise p.ProtocolError(f"page {page} does not hold entries from {page * p.PAGE}")
            self.catchup.stray(page)
        self.catchup.heard(stretch.end)
        ledger = self.rounds.ledger
        if ledger is None:  # the settings come first; then the pages
            return False
        new = self.rounds.fold(ledger, stretch)
        self.catchup.settle(len(ledger.log))
        return new
