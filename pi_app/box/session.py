"""The evening at this box: its parts built once, and the one door every act enters by.

One `Session` per box, driven by whichever loop owns it (the display, or the phones-only
loop when there is no screen), always on that loop's thread. Its parts each hold one
thing: the games of the evening (`shelf`), play with undo and redo (`playing`), the
host's choices (`choices`), the phones' seats (`seating`), the quizmaster and its
listener (`quizmaster`), the computer's seat (`computer`), the question packs
(`packs`), and the tournament across boxes (`tournament_play`). Every act enters by
`act` (`door`), and every change is told once on `changes`, for the parts that show,
sound or follow it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from pi_app.box.actors import BOX
from pi_app.box.acts import Act, Done
from pi_app.box.changes import Changes, Said
from pi_app.box.choices import LANGUAGE_GIVEN, LANGUAGE_SETTING, Choices
from pi_app.box.computer import Computer
from pi_app.box.door import Door
from pi_app.box.jobs import Jobs
from pi_app.box.packs import Packs
from pi_app.box.playing import Playing
from pi_app.box.quizmaster import Asking, Probe, Quizmaster, journal_or
from pi_app.box.seating import Seating
from pi_app.box.seats import SeatBook
from pi_app.box.shelf import Shelf
from pi_app.box.tournament_play import TournamentPlay
from pi_app.box.unfinished import Unfinished
from pi_app.questions.question import Question
from pi_app.table import Journal, JournalError
from pi_app.table.players import Player
from pi_app.table.protocol import GameTable


def _builtin() -> Sequence[Question]:
    """The built-in bank, imported and read by a job after the first frame (a round
    that asks before it is read reads it itself)."""
    from pi_app.questions.bank import builtin

    return builtin()


def _kept(_bank: object) -> None:
    """The bank a job read is kept by its reader (`builtin` caches it): the first
    question drawn, on the owner's thread, then reads nothing (a second and more on a
    Pi, tens of seconds on an emulated one, where systemd's watchdog ends a box whose
    loop stops half a minute)."""


class Session:
    """The games of the evening and what they share; every act through `act`."""

    def __init__(
        self,
        config: Mapping[str, Any],
        journal: Journal,
        *,
        bank: Callable[[], Sequence[Question]] | None = None,
        jobs: Jobs | None = None,
        folder: Path | None = None,
        clock: Callable[[], float] = time.monotonic,
        probe: Probe | None = None,
        seats: SeatBook | None = None,
    ) -> None:
        self.config = dict(config)
        self.journal = journal
        self.changes = Changes()
        self.jobs = jobs if jobs is not None else Jobs()
        self._polls = 0
        self.quizmaster = Quizmaster(journal, bank or _builtin, probe)
        self.choices = Choices(journal, self.config)
        self.shelf = Shelf(journal, self.changes, self.say)
        self.seating = Seating(seats, self.changes, lambda: self.shelf.table)
        self.tournament = TournamentPlay(
            self.config,
            folder or journal.path.parent,
            self.jobs,
            self.changes,
            self.shelf.seat,
            self.say,
        )
        self.packs = Packs(journal, self.jobs, self.changes, self.config, self.quizmaster, clock)
        self.door = Door(
            self.changes,
            self.shelf,
            Playing(self.changes, self.quizmaster),
            self.choices,
            self.seating,
            self.quizmaster,
            self.tournament,
            self.packs,
        )
        asking = Asking(self.quizmaster, lambda: self.shelf.table, self.act, self.say)
        self.changes.subscribe(asking.changed)
        self.computer = Computer(self)

    # ---- what every part reads -----------------------------------------------------

    @property
    def table(self) -> GameTable | None:
        """The game at the table (the home may be over it)."""
        return self.shelf.table

    @property
    def unfinished(self) -> Unfinished:
        """Every unfinished game, the latest played first: they wait to be resumed."""
        return self.shelf.unfinished

    @property
    def settings(self) -> dict[str, object]:
        """The choices the host made on the box, kept in the journal across restarts."""
        return self.choices.settings

    def players(self) -> list[Player]:
        """The remembered players, the latest first."""
        return self.choices.players()

    # ---- the one door ----------------------------------------------------------------

    def act(self, act: Act) -> Done:
        """Carry out `act`, whoever made it (`door.Door`)."""
        return self.door.act(act)

    def say(self, text: str, error: bool = False) -> None:
        self.changes.publish(Said(text, error))

    # ---- the start, between two frames, the end ---------------------------------------

    def open(self) -> None:
        """Take up the evening where the journal left it: the tournament this box is
        part of, then every unfinished game, the latest played at the table. Called once
        the parts have subscribed: they hear the game seated, then what could not be
        resumed."""
        said: list[str] = []
        found: list[GameTable] = []
        tournament = self.tournament.resume(said)
        if tournament is not None:
            found.append(tournament)
        try:
            entries = self.journal.unfinished_games()
        except JournalError as error:
            said.append(str(error))
            entries = []
        for entry in entries:
            table = self.shelf.load(entry.id, said)
            if table is not None:
                found.append(table)
        self.seating.keep(found)  # a game that ended meanwhile never comes back
        self.shelf.take_up(found, BOX)
        for text in ([self.journal.notice] if self.journal.notice else []) + said:
            self.say(text, error=True)

    def poll(self) -> int:
        """Finished jobs, then the packs and what the tournament brought; returns how
        many of the finished jobs found something to draw (`Jobs.drain`)."""
        shown = self.jobs.drain()
        self._polls += 1
        if self._polls == 2:  # after the first frame, as the journal's check
            self.jobs.run(self.quizmaster.bank, _kept, shown=False)
        self.packs.poll()
        self.tournament.poll(self.journal, self.table)
        return shown

    def next_deadline(self, now: float) -> float | None:
        """When the session must be polled again at the latest (None: on a wake only)."""
        deadlines = [
            self.jobs.next_deadline(now),
            self.packs.next_deadline(now),
            self.tournament.next_deadline(now),
        ]
        found = [deadline for deadline in deadlines if deadline is not None]
        return min(found) if found else None

    def close(self) -> None:
        self.tournament.close()
        self.jobs.close()


__all__ = ["LANGUAGE_GIVEN", "LANGUAGE_SETTING", "Session", "journal_or"]
