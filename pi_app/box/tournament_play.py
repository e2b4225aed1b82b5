"""The session's part in a Cambio tournament across boxes: started off the loop, its
rounds followed, its table left with the game.

The generic core knows a tournament only through this part: the session hands it the
acts that create or join one, asks it for the table to resume at the start, and polls
it between frames. Creating or joining may wait seconds for Mosquitto, so it runs as a
job; a second start meanwhile is refused. What arrives from the other boxes is told as
one change (`TournamentNews`) with the table's state before and after.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pi_app.box.actors import Actor
from pi_app.box.acts import CreateTournament, JoinTournament
from pi_app.box.changes import Change, Changes, Left, TournamentNews
from pi_app.box.jobs import Jobs
from pi_app.box.tournament import BoxTournament
from pi_app.i18n import N_, Translator
from pi_app.rules.moments import moments_of
from pi_app.table import Journal
from pi_app.table.protocol import GameTable

if TYPE_CHECKING:  # the tournament's network code loads only when a tournament plays
    from pi_app.net.table import TournamentTable

log = logging.getLogger(__name__)
_ = Translator("display")

CHECK_SECONDS = 1.0  # while a tournament plays, look at what arrived this often
STARTING = N_("The tournament is starting…")


class TournamentPlay:
    """This box's tournament as the session plays it."""

    def __init__(
        self,
        config: Mapping[str, Any],
        folder: Path,
        jobs: Jobs,
        changes: Changes,
        seat: Callable[[GameTable, Actor], None],
        say: Callable[[str, bool], None],
    ) -> None:
        self.jobs, self.changes, self.seat, self.say = jobs, changes, seat, say
        self.box = BoxTournament(config, folder, lambda: self.jobs.wake())
        changes.subscribe(self._left, Left)

    @property
    def starting(self) -> bool:
        """Whether a create or join runs on a worker (a second start is refused)."""
        return self.jobs.busy(self, "start")

    @property
    def table(self) -> TournamentTable | None:
        """The tournament's table at this box, while one plays."""
        return self.box.table

    def resume(self, said: list[str]) -> GameTable | None:
        """The tournament this box was part of before a restart, if any (why not in
        `said`: the box starts anyway, on its own journal)."""
        try:
            return self.box.resume()
        except Exception as error:
            log.exception("cannot resume the tournament")
            said.append(_("The tournament could not be resumed: {error}").format(error=error))
            return None

    def start(self, act: CreateTournament | JoinTournament) -> bool:
        """Create or join a tournament off the loop: the creator's Mosquitto may take
        seconds to listen. The table is seated when it is up, or the failure is said; a
        second start meanwhile is refused."""
        box = self.box
        if self.starting:
            self.say(_(STARTING), True)
            return False
        if isinstance(act, CreateTournament):
            begin = lambda: box.create(act.seats, act.options, act.tables)  # noqa: E731
        else:
            begin = lambda: box.join(act.tid, act.key, act.table)  # noqa: E731
        box.stop_playing()  # on the loop's thread, where the old one is polled
        self.say(_(STARTING), False)
        self.jobs.run(
            lambda: box.start(begin),
            lambda found: self._started(found, act.by),
            self._failed,
            owner=self,
            group="start",
        )
        return True

    def _failed(self, error: BaseException) -> None:
        log.error("the tournament could not start", exc_info=error)
        self.say(_("The tournament could not start: {error}").format(error=error), True)

    def _started(self, started: TournamentTable | str, by: Actor) -> None:
        if isinstance(started, str):
            self.say(started, True)
            return
        self.seat(started, by)

    def poll(self, journal: Journal, at_table: GameTable | None) -> None:
        """What the other boxes sent, told once (while the tournament is at the table)."""
        table = self.box.table
        if table is None or id(table) != id(at_table):  # no tournament, or it waits paused
            return
        before = table.state
        news = self.box.poll(journal)
        for notice in news.notices:
            self.say(notice, True)
        if news.changed or news.moved:
            after = table.state
            moments = moments_of(table.game, before, after)
            self.changes.publish(
                TournamentNews(
                    table=table, before=before, after=after, moments=moments, moved=news.moved
                )
            )

    def next_deadline(self, now: float) -> float | None:
        """Rounds not yet ordered go again: look every `CHECK_SECONDS` while one plays
        (once it is over and kept, only what arrives wakes the loop)."""
        table = self.box.table
        if table is None or (table.box.rounds.finished and table.archived is not None):
            return None
        return now + CHECK_SECONDS

    def _left(self, change: Change) -> None:
        if isinstance(change, Left) and change.table is self.box.table:
            self.box.leave()

    def close(self) -> None:
        self.box.close()
