"""The history's statistics: every remembered player's games played and won, then one
player's figures game by game.

The statistics are kept by the journal as games end, so reading them is quick however
many games there are; a journal made before they were kept builds them once, folding
every game, so the count runs as a job (`box.jobs`) and the page says how far it is.
Apart from the history's list and game views (`scene`) because the statistics keep
their own state (the count, the page of players, the player chosen) and are drawn from
it alone; the scene only says which view is shown and lays out the foot's buttons.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from pi_app.box.jobs import Job, Jobs
from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, rows
from pi_app.display.history.words import played_won, player_line, tally_lines
from pi_app.i18n import Translator
from pi_app.table.history import History, PlayerStats

log = logging.getLogger(__name__)
_ = Translator("display")


class StatsJob:
    """The statistics, counted as a job (`box.jobs`); `done`/`total` say how far it is.

    The count's progress is read by the page between frames (the jobs service has the
    loop look again while a job runs), so the page redraws as it counts.
    """

    def __init__(self, history: History, jobs: Jobs, owner: object) -> None:
        self.done = 0
        self.total = 0
        self.result: list[PlayerStats] | None = None
        self.error: str | None = None
        self.finished = threading.Event()
        self.job: Job | None = None
        """The count's job: cancelled when the history closes, it stops at its next game."""
        self.job = jobs.run(lambda: self._run(history), lambda _none: None, owner=owner)

    def _run(self, history: History) -> None:
        try:
            self.result = history.stats(progress=self._progress)
        except _Closed:
            pass  # the history closed: nobody reads the count any more
        except Exception as error:  # said on screen; the history stays usable
            log.exception("statistics failed")
            self.error = str(error)
        self.finished.set()

    def _progress(self, done: int, total: int) -> None:
        if self.job is not None and self.job.cancelled:
            raise _Closed
        self.done, self.total = done, total


class _Closed(Exception):
    """The page that asked for the count is closed: the count stops."""


@dataclass(frozen=True)
class StatsOf:
    """A player's statistics, by name."""

    name: str


class Statistics:
    """The statistics views' own state: the count (`job`, kept while the history is
    open: a second visit shows it at once), the page of players shown and the player
    chosen; and their drawing, which changes none of it."""

    def __init__(self, per_page: int) -> None:
        self.per_page = per_page
        self.job: StatsJob | None = None
        self.page = 0
        self.player: str | None = None
        self._shown_progress = (0, 0)

    def open(self, history: History, jobs: Jobs, owner: object) -> None:
        """The list of players, from its first page; the count (a job of `owner`, the
        history's page) starts unless one has already run without an error."""
        self.page = 0
        if self.job is None or self.job.error is not None:
            self.job = StatsJob(history, jobs, owner)

    def progressed(self) -> bool:
        """Whether the count moved (or ended) since the page last asked: it redraws."""
        job = self.job
        if job is None:
            return False
        progress = (job.done, -1 if job.result is None and job.error is None else 1)
        if progress == self._shown_progress:
            return False
        self._shown_progress = progress
        return True

    def draw(self, canvas: Canvas, head: pygame.Rect, body: pygame.Rect, one: bool) -> int:
        """The title and the list of players (or, `one`, the chosen player's figures);
        returns how many pages of players there are, for the foot's next-page button."""
        t = canvas.theme
        job = self.job
        result = job.result if job is not None else None
        chosen = self._chosen(result) if one else None
        title = chosen.name if chosen is not None else _("Statistics")
        canvas.text(title, head, t.title, th.ACCENT, align="left")
        if job is not None and job.error is not None:
            canvas.text(job.error, body, t.small, th.WARN)
        elif result is None:
            done, total = (job.done, job.total) if job is not None else (0, 0)
            text = _("Counting the games… {done} of {total}").format(done=done, total=total)
            canvas.text(text, body, t.body, th.MUTED)
        elif chosen is not None:
            self._draw_player(canvas, body, chosen)
        elif not result:
            canvas.text(_("No remembered player yet."), body, t.body, th.MUTED)
        else:
            return self._draw_players(canvas, body, result)
        return 1

    def _draw_player(self, canvas: Canvas, body: pygame.Rect, chosen: PlayerStats) -> None:
        """One player's figures: every game together, then a line per game."""
        t = canvas.theme
        overall = _("All games: {played}, {won}").format(**played_won(chosen.played, chosen.won))
        lines = [overall, *tally_lines(chosen)]
        for cell, line in zip(rows(body, max(4, len(lines)), t.gap // 2), lines, strict=False):
            canvas.text(line, cell, t.small, th.TEXT, align="left")

    def _draw_players(
        self, canvas: Canvas, body: pygame.Rect, result: Sequence[PlayerStats]
    ) -> int:
        """A page of players, each a button to their figures; returns the pages."""
        t = canvas.theme
        pages = max(1, -(-len(result) // self.per_page))
        page = self.page % pages
        shown = result[page * self.per_page : (page + 1) * self.per_page]
        for cell, stats in zip(rows(body, self.per_page, t.gap // 2), shown, strict=False):
            canvas.button(cell, player_line(stats), StatsOf(stats.name), colour=th.PANEL)
        return pages

    def _chosen(self, result: Sequence[PlayerStats] | None) -> PlayerStats | None:
        found = [s for s in result or () if s.name == self.player]
        return found[0] if found else None
