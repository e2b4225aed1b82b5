"""The host's question packs, followed while the box runs.

`tabletop questions import` writes a pack into the journal from another process; the
box looks at the journal's list of packs now and then, as a job (a read may wait on
the card), and when it changed the home offers the new list at once: the config's list
is updated in place and `PacksChanged` is published, and the quizmaster forgets the
questions it had read, so a pack imported again under its name is asked anew.
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping, Sequence

from pi_app.box.changes import Changes, PacksChanged
from pi_app.box.jobs import Jobs
from pi_app.box.quizmaster import Quizmaster, journal_or
from pi_app.questions.kept import replace_pack
from pi_app.questions.question import Question
from pi_app.table.journal import Journal

PACKS_SETTING = "questions.packs"
"""The configuration's list of the host's packs (the session reads it from the journal)."""
LOOK_EVERY = 5.0
"""Seconds between two looks at the journal's packs."""


class Packs:
    """The packs' names as the journal lists them, looked at every `LOOK_EVERY` s."""

    def __init__(
        self,
        journal: Journal,
        jobs: Jobs,
        changes: Changes,
        config: MutableMapping[str, object],
        quizmaster: Quizmaster,
        clock: Callable[[], float],
    ) -> None:
        self.journal, self.jobs, self.changes = journal, jobs, changes
        self.config, self.quizmaster, self.clock = config, quizmaster, clock
        self.names = tuple(journal_or(journal.questions.pack_names, list[str]()))
        """Read at the start (the first frame offers them); looked at again as jobs."""
        self.config[PACKS_SETTING] = list(self.names)
        self._next = clock() + LOOK_EVERY

    def look(self) -> None:
        """Ask the journal for its packs (a job, one at a time); a change is published
        when it answers."""
        if self.jobs.busy(self):
            return
        read = self.journal.questions.pack_names
        self.jobs.run(read, self._answered, self._failed, shown=False, owner=self)

    def keep(self, name: str, questions: Sequence[Question]) -> int:
        """Put the pack `name` in the journal in place of the one of that name (the
        host's phone uploaded it, read as `tabletop questions import` reads a file);
        the home offers it at once. Returns the journal's ticket of the write."""
        ticket = replace_pack(self.journal.questions, name, questions)
        self._answered(sorted({*self.names, name}), force=True)
        return ticket

    def _answered(self, names: list[str], force: bool = False) -> None:
        self._next = self.clock() + LOOK_EVERY
        found = tuple(names)
        if found == self.names and not force:
            return
        self.names = found
        self.config[PACKS_SETTING] = list(found)
        self.quizmaster.forget_packs()
        self.changes.publish(PacksChanged(found))

    def _failed(self, _error: BaseException) -> None:
        self._next = self.clock() + LOOK_EVERY  # the journal's fault is said by its watcher

    def next_deadline(self, now: float) -> float | None:
        """When to look again: `LOOK_EVERY` after the last answer (the jobs service
        wakes the loop when a look is answered)."""
        return None if self.jobs.busy(self) else self._next

    def poll(self) -> None:
        """Look again when it is time."""
        if self.clock() >= self._next:
            self.look()
