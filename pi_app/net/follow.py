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
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from pi_app.net import protocol as p

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
