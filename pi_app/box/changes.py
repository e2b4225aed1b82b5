"""What changed in the evening, as typed values, and the one place they are told.

Every act the door carries out that changes the evening is told here exactly once, as
one change that says who acted (`actors`), what they did, and, for the table, the state
as it was before and after (as Home Assistant's state-changed event carries the old and
the new state). A part that reacts (the screen, the phones, the ring, the sounds, the
computer, the quizmaster) is a listener: it compares `before` and `after` or reads the
change's `moments` (`rules.moments`), and never keeps a copy of the table of its own.

Changes are published on the owner's thread only (`publish` checks it, as Home
Assistant's dispatcher checks its loop), in order; a change published while another is
being told waits its turn, so a listener that acts (the computer's reply, the round's
question) never interleaves with the change that woke it. `subscribe` returns the
function that unsubscribes, so a part that goes (a page, a scene) detaches itself.
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from pi_app.box.actors import BOX, TOURNAMENT, Actor
from pi_app.table.protocol import GameTable

log = logging.getLogger(__name__)


@dataclass(frozen=True, kw_only=True)
class TableChange:
    """The game at `table` moved from `before` to `after` (frozen states)."""

    table: GameTable
    by: Actor
    before: object
    after: object
    moments: frozenset[str] = frozenset()
    """What the room should notice, as the game's rules name it (`rules.moments`)."""
    events: int = 1
    """How many events of the journal this change records."""


@dataclass(frozen=True, kw_only=True)
class Played(TableChange):
    """An action the rules accepted, journaled as `notation`."""

    notation: str


@dataclass(frozen=True, kw_only=True)
class Undone(TableChange):
    """`events` actions taken back."""


@dataclass(frozen=True, kw_only=True)
class Redone(TableChange):
    """An action taken back was restored."""


@dataclass(frozen=True, kw_only=True)
class TournamentNews(TableChange):
    """Rounds arrived from the tournament across boxes (nothing this box journals);
    `moved` when a seat move touches this box's table."""

    by: Actor = TOURNAMENT
    events: int = 0
    moved: bool = False


@dataclass(frozen=True)
class Seated:
    """Another game is at the table: new (`resumed` False) or back from the paused ones;
    `paused` is the game it replaced, which waits (None: the table was free)."""

    table: GameTable
    resumed: bool = False
    paused: GameTable | None = None
    by: Actor = BOX


@dataclass(frozen=True)
class Paused:
    """The game at the table waits, paused, and no game is at the table."""

    table: GameTable
    by: Actor = BOX


@dataclass(frozen=True)
class Left:
    """A game left for good (abandoned); `at_table` when it was the one at the table."""

    table: GameTable
    at_table: bool
    by: Actor = BOX

    @property
    def game_id(self) -> int:
        return self.table.game_id


@dataclass(frozen=True)
class SeatTaken:
    """A phone took `seat` in game `game_id`."""

    game_id: int
    seat: str
    by: Actor


@dataclass(frozen=True)
class SeatFreed:
    """`seat` of game `game_id` was freed (its phone's token no longer works)."""

    game_id: int
    seat: str
    by: Actor = BOX


@dataclass(frozen=True)
class Said:
    """Something to tell the host: a notice, or (`error`) why something was not done."""

    text: str
    error: bool = False


@dataclass(frozen=True)
class Refused:
    """The rules (or the box) refused an act of `by`'s; `text` in the box's language
    (the actor heard it in its own, from the door)."""

    text: str
    by: Actor = BOX


@dataclass(frozen=True)
class PacksChanged:
    """The host's question packs, as the journal lists them now (one was imported or
    replaced from the command line while the box runs)."""

    names: tuple[str, ...]


Change = (
    Played
    | Undone
    | Redone
    | TournamentNews
    | Seated
    | Paused
    | Left
    | SeatTaken
    | SeatFreed
    | Said
    | Refused
    | PacksChanged
)
TABLE_CHANGES = (Played, Undone, Redone, TournamentNews, Seated, Paused, Left)
"""The changes after which the table's state, or the game at the table, is another."""

Listener = Callable[[Change], None]


@dataclass
class _Subscription:
    kinds: tuple[type, ...]
    listener: Listener
    active: bool = field(default=True)
    late: bool = False


class WrongThread(RuntimeError):
    """A change published from another thread than the owner's: a fault of the program."""


class Changes:
    """Subscribers by kind of change; `publish` tells each, in order, on one thread."""

    def __init__(self) -> None:
        self._subscriptions: list[_Subscription] = []
        self._queue: deque[Change] = deque()
        self._telling = False
        self._owner = threading.get_ident()

    def own(self) -> None:
        """The calling thread owns the changes from now on: a loop that takes the box
        over (the phones-only owner's thread) calls this before it publishes."""
        self._owner = threading.get_ident()

    def subscribe(self, listener: Listener, *kinds: type, late: bool = False) -> Callable[[], None]:
        """Call `listener(change)` for every change of `kinds` (every change if none);
        returns the function that stops it. A `late` listener is told after every other
        (a sand timer a moment starts outlives the screen's stopping the last one)."""
        subscription = _Subscription(kinds, listener, late=late)
        if late:
            self._subscriptions.append(subscription)
        else:  # before the late ones: the list is kept in the order it is told in
            at = next((i for i, s in enumerate(self._subscriptions) if s.late), None)
            self._subscriptions.insert(len(self._subscriptions) if at is None else at, subscription)

        def unsubscribe() -> None:
            subscription.active = False
            if subscription in self._subscriptions:
                self._subscriptions.remove(subscription)

        return unsubscribe

    def publish(self, change: Change) -> None:
        """Tell every subscriber; a change published meanwhile is told after this one."""
        if threading.get_ident() != self._owner:
            raise WrongThread(f"{type(change).__name__} published off the owner's thread")
        self._queue.append(change)
        if self._telling:
            return
        self._telling = True
        try:
            while self._queue:
                self._tell(self._queue.popleft())
        finally:
            self._telling = False

    def _tell(self, change: Change) -> None:
        for subscription in list(self._subscriptions):
            if not subscription.active:
                continue  # unsubscribed by a listener told before it
            if subscription.kinds and not isinstance(change, subscription.kinds):
                continue
            try:
                subscription.listener(change)
            except Exception:  # one part's fault must not keep the others uninformed
                log.exception("a listener failed on %r", change)
