"""The history: finished and abandoned games newest first, one game's rounds and chart, statistics.

Three views on one scene. The list shows a page of finished games (date, game,
players, winners); a tap opens one: its ranking, the score chart or the table of
scores after each round (each move for Gambo), and a button that saves its record
(to a USB stick when one is mounted). The statistics count every finished game of the
remembered players, on a worker thread, since a long-used box has thousands of games.

Everything is read from the journal when a view opens or a page turns, never while
drawing; the scene keeps only what it shows.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

import pygame

from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, Hit, cols, rows, split
from pi_app.display.chart import draw_chart, score_text
from pi_app.display.driver import DemoDriver
from pi_app.display.final import draw_ranking, ranking_split, seat_index, winners_text
from pi_app.display.intents import WAKE_EVENT, Back, Intent, Press, post
from pi_app.display.scene import Command, Ctx, GoHome, Notice, Redraw, Scene
from pi_app.display.targets import Button
from pi_app.i18n import Translator, current_language
from pi_app.rules.registry import games
from pi_app.table import JournalError
from pi_app.table.history import History, PastGame, PlayerStats
from pi_app.table.summary import GameSummary

log = logging.getLogger(__name__)
_ = Translator("display")

DATE_FORMATS = {"fr": "%d/%m/%Y %H:%M", "de": "%d.%m.%Y %H:%M", "en": "%Y-%m-%d %H:%M"}


def date_text(started: float, lang: str | None = None) -> str:
    """When a game began, in the language's usual way of writing dates."""
    fmt = DATE_FORMATS.get(lang or current_language(), DATE_FORMATS["en"])
    return time.strftime(fmt, time.localtime(started))


def game_title(name: str) -> str:
    """A game's title from its rules (its record name when the rules are missing)."""
    rules = games().get(name)
    return name if rules is None else rules.title


def game_line(past: PastGame) -> str:
    """The two lines of a game in the list: when and what, then who won and who played
    (an abandoned game: who played)."""
    head = f"{date_text(past.started)} · {game_title(past.game)}"
    summary = past.summary
    if past.abandoned:
        return f"{head} · {_('abandoned')}\n{', '.join(past.seats)}"
    if summary is None:
        return f"{head} · {_('unreadable')}\n{past.problem or ', '.join(past.seats)}"
    others = ", ".join(seat for seat in past.seats if seat not in summary.winners)
    players = f"{winners_text(summary)} · {others}" if others else winners_text(summary)
    return f"{head}\n{players}"


def played_won(played: int, won: int) -> dict[str, str]:
    """Games played and won, each count in its own form ("1 jouée", "2 gagnées")."""
    return {
        "played": _.plural("{n} played", "{n} played", played).format(n=played),
        "won": _.plural("{n} won", "{n} won", won).format(n=won),
    }


def player_line(stats: PlayerStats) -> str:
    """A player in the statistics list: games played and won."""
    return _("{name} · {played}, {won}").format(
        name=stats.name, **played_won(stats.played, stats.won)
    )


def tally_lines(stats: PlayerStats) -> list[str]:
    """A player's figures, a line per game, then how often their own slate won."""
    lines = [
        _("{title}: {played}, {won}, best score {best}").format(
            title=game_title(game),
            best=score_text(tally.best or 0),
            **played_won(tally.played, tally.won),
        )
        for game, tally in sorted(stats.games.items(), key=lambda item: game_title(item[0]))
    ]
    if stats.slate_rounds:
        rounds = stats.slate_rounds
        share = round(100 * stats.slate_wins / rounds)
        lines.append(
            _.plural(
                "Gambit 7: their own slate won {wins} of {rounds} round ({share} %)",
                "Gambit 7: their own slate won {wins} of {rounds} rounds ({share} %)",
                rounds,
            ).format(wins=stats.slate_wins, rounds=rounds, share=share)
        )
    return lines


class StatsJob:
    """The statistics, counted on a thread; `done`/`total` say how far it is."""

    def __init__(self, history: History) -> None:
        self.done = 0
        self.total = 0
        self.result: list[PlayerStats] | None = None
        self.error: str | None = None
        self._last_wake = 0.0
        self.thread = threading.Thread(target=self._run, args=(history,), daemon=True)
        self.thread.start()

    def _run(self, history: History) -> None:
        try:
            self.result = history.stats(progress=self._progress)
        except Exception as error:  # said on screen; the history stays usable
            log.exception("statistics failed")
            self.error = str(error)
        post(pygame.event.Event(WAKE_EVENT))

    def _progress(self, done: int, total: int) -> None:
        self.done, self.total = done, total
        now = time.monotonic()
        if now - self._last_wake > 0.25:
            self._last_wake = now
            post(pygame.event.Event(WAKE_EVENT))


class HistoryButton(StrEnum):
    """The history's own buttons."""

    PREVIOUS = "previous"
    STATS = "stats"
    STATS_NEXT = "stats-next"
    TOGGLE = "toggle"
    """The chart, or the rounds' table."""
    ROUNDS_PAGE = "rounds-page"
    EXPORT = "export"
    DELETE = "delete"
    """An abandoned game: asks before taking it out of the history."""
    CONFIRM_DELETE = "confirm-delete"


@dataclass(frozen=True)
class OpenGame:
    """A game of the list (finished or abandoned), by its journal id."""

    game_id: int


@dataclass(frozen=True)
class StatsOf:
    """A player's statistics, by name."""

    name: str


class HistoryScene(Scene):
    """The history's three views: `list`, `game` and `stats`."""

    name = "history"

    def __init__(
        self, history: History, per_page: int = 4, data_folder: Path | None = None
    ) -> None:
        self.history = history
        self.per_page = per_page
        self.data_folder = data_folder or history.journal.path.parent
        self.view = "list"
        self.page = 0
        self.count = 0
        self.listed: list[PastGame] = []
        self.opened: PastGame | None = None
        self.rounds_view = False
        self.rounds_page = 0
        self.stats_page = 0
        self.player: str | None = None
        self.job: StatsJob | None = None
        self._shown_progress = (0, 0)
        self.error: str | None = None
        self.load()

    def key(self) -> Hashable:
        return ("history",)

    # ---- reading ------------------------------------------------------------------

    def load(self) -> None:
        """Read the page of games shown (the storage failing is said, not raised)."""
        try:
            self.count = self.history.count()
            pages = max(1, -(-self.count // self.per_page))
            self.page = max(0, min(self.page, pages - 1))
            self.listed = self.history.page(self.page, self.per_page)
            self.error = None
        except JournalError as error:
            self.error = str(error)
            self.listed = []

    def open(self, game_id: int) -> None:
        try:
            self.opened = self.history.game(game_id)
        except JournalError as error:
            self.error = str(error)
            return
        self.view, self.rounds_view, self.rounds_page = "game", False, 0

    def colours(self, ctx: Ctx) -> tuple[int, ...]:
        return self.opened.colours if self.view == "game" and self.opened else ()

    # ---- drawing ------------------------------------------------------------------

    def draw(self, canvas: Canvas, ctx: Ctx) -> None:
        t = canvas.theme
        area = canvas.rect.inflate(-2 * t.pad, -2 * t.pad)
        head, rest = split(area, t.button_h, t.gap)
        body, foot = split(rest, rest.height - t.button_h - t.gap, t.gap)
        canvas.message_place = head  # a message takes the title's place (message_bar)
        if self.view in ("game", "delete") and self.opened is not None:
            self._draw_game(canvas, head, body, foot, self.opened)
        elif self.view in ("stats", "player"):
            self._draw_stats(canvas, head, body, foot)
        else:
            self._draw_list(canvas, head, body, foot)

    def _buttons(
        self, canvas: Canvas, foot: pygame.Rect, buttons: Sequence[tuple[str, Any, bool]]
    ) -> None:
        """A row of buttons; an arrow (one character) takes half the width of a word."""
        weights = [1 if len(label) == 1 else 2 for label, _target, _on in buttons]
        gap = canvas.theme.gap
        unit = (foot.width - gap * (len(buttons) - 1)) / sum(weights)
        x = float(foot.x)
        for weight, (label, target, enabled) in zip(weights, buttons, strict=True):
            box = pygame.Rect(round(x), foot.y, round(unit * weight), foot.height)
            canvas.button(box, label, target, enabled=enabled)
            x += unit * weight + gap

    def _draw_list(
        self, canvas: Canvas, head: pygame.Rect, body: pygame.Rect, foot: pygame.Rect
    ) -> None:
        t = canvas.theme
        pages = max(1, -(-self.count // self.per_page))
        title = _.plural("History: {count} game", "History: {count} games", self.count).format(
            count=self.count
        )
        if pages > 1:
            title = f"{title} · {self.page + 1}/{pages}"
        canvas.text(title, head, t.title, th.ACCENT, align="left")
        if self.error is not None:
            canvas.text(self.error, body, t.small, th.WARN)
        elif not self.listed:
            canvas.text(_("No finished game yet."), body, t.body, th.MUTED)
        for cell, past in zip(rows(body, self.per_page, t.gap // 2), self.listed, strict=False):
            canvas.button(cell, game_line(past), OpenGame(past.id), colour=th.PANEL)
        self._buttons(
            canvas,
            foot,
            (
                (_("Back"), Button.BACK, True),
                ("«", HistoryButton.PREVIOUS, self.page > 0),
                ("»", Button.NEXT, self.page + 1 < pages),
                (_("Statistics"), HistoryButton.STATS, True),
            ),
        )

    def _draw_game(
        self,
        canvas: Canvas,
        head: pygame.Rect,
        body: pygame.Rect,
        foot: pygame.Rect,
        past: PastGame,
    ) -> None:
        t = canvas.theme
        title = f"{game_title(past.game)} · {date_text(past.started)}"
        if past.abandoned:
            title = f"{title} · {_('abandoned')}"
        canvas.text(title, head, t.title, th.ACCENT, align="left")
        if self.view == "delete":
            self._draw_delete(canvas, body, foot, past)
            return
        summary = past.summary
        if summary is None:
            said = _("This game cannot be read.")
            if past.problem:
                said = _("This game cannot be read: {why}").format(why=past.problem)
            canvas.text(said, body, t.body, th.WARN)
        else:
            index_of = seat_index(past.seats, summary)
            left, right = ranking_split(canvas, body, summary)
            draw_ranking(canvas, left, summary, index_of)
            if self.rounds_view:
                self._draw_rounds(canvas, right, summary, index_of)
            else:
                draw_chart(canvas, right, summary, lambda seat: canvas.seat_colour(index_of(seat)))
        toggle = _("Chart") if self.rounds_view else _("Rounds")
        self._buttons(
            canvas,
            foot,
            (
                (_("Back"), Button.BACK, True),
                (toggle, HistoryButton.TOGGLE, summary is not None),
                (_("Export"), HistoryButton.EXPORT, summary is not None),
                *(((_("Delete"), HistoryButton.DELETE, True),) if past.abandoned else ()),
            ),
        )

    def _draw_delete(
        self, canvas: Canvas, body: pygame.Rect, foot: pygame.Rect, past: PastGame
    ) -> None:
        """Deleting is said twice: what goes, then keep or delete (never where Delete was)."""
        t = canvas.theme
        question = _("Delete this abandoned game from the history? {players}").format(
            players=", ".join(past.seats)
        )
        canvas.text(question, body.inflate(-2 * t.pad, 0), t.body, th.TEXT)
        keep, confirm, _gap = cols(foot, 3, t.gap)
        canvas.button(keep, _("Keep it"), Button.BACK, colour=th.GOOD)
        canvas.button(confirm, _("Delete it"), HistoryButton.CONFIRM_DELETE, colour=th.BAD)

    def _draw_rounds(
        self, canvas: Canvas, box: pygame.Rect, summary: GameSummary, index_of: Any
    ) -> None:
        """Scores after each round, a page at a time: a tap shows the next rounds, then
        the next seats when they do not all fit across."""
        t = canvas.theme
        canvas.panel(box, th.PANEL)
        inner = box.inflate(-t.gap, -t.gap)
        font = canvas.fonts.font(t.min_font)
        line = font.get_linesize() + 6
        labels = max((font.size(label)[0] for label, _s in summary.table), default=0) + 8
        widths = [font.size(score_text(v))[0] for _l, vs in summary.table for v in vs]
        widths += [font.size(seat)[0] for seat in summary.seats]  # names are drawn whole
        column = max(max(widths, default=20) + 8, line * 2)
        per_page = max(1, inner.height // line - 1)
        row_pages = max(1, -(-len(summary.table) // per_page))
        label_w = min(inner.width // 2, labels)
        across = max(1, (inner.width - label_w) // column)
        pages = row_pages * -(-len(summary.seats) // across)
        if pages > 1:  # room for the page's number ("1/2"): it says there is more
            label_w = min(inner.width // 2, max(labels, font.size(f"{pages}/{pages}")[0] + 8))
            across = max(1, (inner.width - label_w) // column)
        groups = [summary.seats[i : i + across] for i in range(0, len(summary.seats), across)]
        page = self.rounds_page % (row_pages * len(groups))
        seats = groups[page // row_pages]
        first = (page % row_pages) * per_page
        header, rest = split(inner, line, 0)
        columns = pygame.Rect(header.x + label_w, header.y, header.width - label_w, line)
        if row_pages * len(groups) > 1:
            marker = f"{page + 1}/{row_pages * len(groups)}"
            canvas.text(marker, (header.x, header.y, label_w, line), t.min_font, th.MUTED, "left")
        for cell, seat in zip(cols(columns, len(seats), 2), seats, strict=True):
            colour = canvas.seat_colour(index_of(seat))
            pygame.draw.rect(canvas.surface, colour, (cell.x, cell.bottom - 3, cell.width, 3))
            canvas.text(seat, cell.inflate(0, -4), t.min_font, colour, align="right")
        offset = summary.seats.index(seats[0])
        shown = summary.table[first : first + per_page]
        for row, (label, scores) in zip(rows(rest, per_page, 0), shown, strict=False):
            canvas.text(
                label, (row.x, row.y, label_w - 4, row.height), t.min_font, th.MUTED, "left"
            )
            cells = cols((row.x + label_w, row.y, row.width - label_w, row.height), len(seats), 2)
            for cell, score in zip(cells, scores[offset : offset + len(seats)], strict=True):
                canvas.text(score_text(score), cell, t.min_font, th.TEXT, align="right")
        canvas.hits.append(Hit(box, HistoryButton.ROUNDS_PAGE))

    def _draw_stats(
        self, canvas: Canvas, head: pygame.Rect, body: pygame.Rect, foot: pygame.Rect
    ) -> None:
        t = canvas.theme
        job = self.job
        result = job.result if job is not None else None
        chosen = self._chosen(result)
        title = chosen.name if chosen is not None else _("Statistics")
        canvas.text(title, head, t.title, th.ACCENT, align="left")
        pages = 1
        if job is not None and job.error is not None:
            canvas.text(job.error, body, t.small, th.WARN)
        elif result is None:
            done, total = (job.done, job.total) if job is not None else (0, 0)
            text = _("Counting the games… {done} of {total}").format(done=done, total=total)
            canvas.text(text, body, t.body, th.MUTED)
        elif chosen is not None:
            overall = _("All games: {played}, {won}").format(
                **played_won(chosen.played, chosen.won)
            )
            lines = [overall, *tally_lines(chosen)]
            for cell, line in zip(rows(body, max(4, len(lines)), t.gap // 2), lines, strict=False):
                canvas.text(line, cell, t.small, th.TEXT, align="left")
        elif not result:
            canvas.text(_("No remembered player yet."), body, t.body, th.MUTED)
        else:
            pages = max(1, -(-len(result) // self.per_page))
            page = self.stats_page % pages
            shown = result[page * self.per_page : (page + 1) * self.per_page]
            for cell, stats in zip(rows(body, self.per_page, t.gap // 2), shown, strict=False):
                canvas.button(cell, player_line(stats), StatsOf(stats.name), colour=th.PANEL)
        buttons = ((_("Back"), Button.BACK, True), ("»", HistoryButton.STATS_NEXT, pages > 1))
        self._buttons(canvas, foot, buttons)

    def _chosen(self, result: Sequence[PlayerStats] | None) -> PlayerStats | None:
        found = [s for s in result or () if s.name == self.player]
        return found[0] if found and self.view == "player" else None

    # ---- inputs -------------------------------------------------------------------

    def handle(self, intent: Intent, ctx: Ctx) -> Sequence[Command]:
        match intent:
            case Back() | Press(target=Button.BACK):
                return self._back()
            case Press(target=OpenGame(game_id=game_id)):
                self.open(game_id)
            case Press(target=HistoryButton.PREVIOUS | Button.NEXT as turn):
                self.page += 1 if turn == Button.NEXT else -1
                self.load()
            case Press(target=HistoryButton.STATS):
                self.view, self.stats_page = "stats", 0
                if self.job is None or self.job.error is not None:
                    self.job = StatsJob(self.history)
            case Press(target=HistoryButton.STATS_NEXT):
                self.stats_page += 1
            case Press(target=StatsOf(name=name)):
                self.view, self.player = "player", name
            case Press(target=HistoryButton.TOGGLE):
                self.rounds_view, self.rounds_page = not self.rounds_view, 0
            case Press(target=HistoryButton.ROUNDS_PAGE):
                self.rounds_page += 1
            case Press(target=HistoryButton.EXPORT):
                return self._export()
            case Press(target=HistoryButton.DELETE) if self.opened and self.opened.abandoned:
                self.view = "delete"
            case Press(target=HistoryButton.CONFIRM_DELETE) if self.view == "delete":
                return self._delete()
        return ()

    def _back(self) -> Sequence[Command]:
        if self.view == "list":
            return (GoHome(),)
        self.view = {"player": "stats", "delete": "game"}.get(self.view, "list")
        return ()

    def _delete(self) -> Sequence[Command]:
        """Take the opened abandoned game out of the history, as the host confirmed."""
        if self.opened is None:
            return ()
        try:
            self.history.delete(self.opened.id)
        except JournalError as error:
            return (Notice(str(error), error=True),)
        self.view, self.opened = "list", None
        self.load()
        return (Notice(_("The abandoned game was deleted from the history.")),)

    def _export(self) -> Sequence[Command]:
        """Save the opened game's record, to a USB stick when one is mounted."""
        from pi_app.errors import describe
        from pi_app.export import save_record

        if self.opened is None:
            return ()
        try:
            record = self.history.record(self.opened.id)
            path = save_record(record, self.opened.id, self.data_folder, self.usb())
        except (OSError, JournalError) as error:
            text = _("The record could not be saved: {error}").format(error=describe(error))
            return (Notice(text, error=True),)
        return (Notice(_("Record saved to {path}").format(path=path)),)

    def usb(self) -> Path | None:
        """The USB stick to save records to (tests give their own folder)."""
        from pi_app.export import usb_folder

        return usb_folder()

    def poll(self, ctx: Ctx) -> Sequence[Command]:
        """Redraw as the statistics are counted."""
        job = self.job
        if job is None or self.view not in ("stats", "player"):
            return ()
        progress = (job.done, -1 if job.result is None and job.error is None else 1)
        if progress != self._shown_progress:
            self._shown_progress = progress
            return (Redraw(),)
        return ()


def demo_script(d: DemoDriver) -> None:
    """`tabletop demo history`: three games played to their end, then the history."""
    from pi_app.display.games.gambit7 import DEMO_ROUNDS
    from pi_app.display.scene import NewGame, Play, ShowHistory

    rounds = (*DEMO_ROUNDS, ((7, 9, 8, 12), 8))  # the Gambit 7 demo's six, then one more

    g7_seats = ("Alice", "Bruno", "Chloé", "Dimitri")
    players = tuple((name, index) for index, name in enumerate(g7_seats))
    d.run(NewGame("gambit7", g7_seats, {}, {"colours": [0, 1, 2, 3]}, players))
    for number, (values, truth) in enumerate(rounds, start=1):
        for seat, value in zip(g7_seats, values, strict=True):
            d.run(Play(f'answer "{seat}" {value} fr'))
        d.run(Play("reveal"))  # the host turns the slates up
        d.run(Play(f'bet "Alice" [{values[1]}]'))
        d.run(Play(f'bet "Bruno" {{"gambit7": {values[2]}}}'))
        d.run(Play(f'bet "Chloé" [{values[2]}, {values[2]}]'))
        d.run(Play("close-bets"))
        d.run(Play(f"truth {truth} fr"))
        if number < len(rounds):
            d.run(Play("next"))
    d.press("next")
    d.shot("history-final")
    cambio_seats = ("Ana", "Ben", "Chloé", "Dan")
    d.run(NewGame("cambio", cambio_seats, {"target": 250}, {"colours": [5, 1, 2, 4]}))
    for winner, currency in DEMO_CAMBIO:
        d.run(Play("deal"))
        d.run(Play("open"))
        d.run(Play(f'ring "{winner}"'))
        d.run(Play(f"show {currency} 9"))
    d.press("final")
    d.shot("history-cambio-final")
    d.press("home")
    d.run(ShowHistory())
    d.shot("history-list")
    d.press(OpenGame(d.journal.finished_games(2)[1].id))
    d.shot("history-game")
    d.press("toggle")
    d.shot("history-rounds")
    d.press("back")
    d.press("stats")
    scene = d.scene
    if isinstance(scene, HistoryScene) and scene.job is not None:
        scene.job.thread.join()  # the statistics, counted before the picture
    d.shot("history-stats")
    d.press(StatsOf("Chloé"))
    d.shot("history-player")


DEMO_CAMBIO: tuple[tuple[str, str], ...] = (
    ("Ben", "Dollar"),
    ("Ben", "Franc"),
    ("Dan", "Dollar"),
    ("Ben", "Dollar"),
)
