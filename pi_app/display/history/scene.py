"""The history: finished and abandoned games newest first, one game's rounds and chart, statistics.

Three views on one scene. The list shows a page of finished games (date, game,
players, winners); a tap opens one: its ranking, the score chart or the table of
scores after each round (each move for Gambo), and a button that saves its record
(to a USB stick when one is mounted). The statistics count every finished game of the
remembered players, as a job, since a long-used box has thousands of games: they keep
their own state and drawing (`stats`); the words the views share are in `words`.

Everything is read from the journal when a view opens or a page turns, never while
drawing; the scene keeps only what it shows.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

import pygame

from pi_app.box.jobs import Jobs
from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, Hit, cols, rows, split, wrapped_lines
from pi_app.display.chart import draw_chart, score_text
from pi_app.display.driver import DemoDriver
from pi_app.display.final import seat_index
from pi_app.display.games import declaration_of
from pi_app.display.history.stats import Statistics, StatsJob
from pi_app.display.history.stats import StatsOf as StatsOf
from pi_app.display.history.words import date_text, game_line, game_title
from pi_app.display.intents import Back, Intent, Press
from pi_app.display.ranking import draw_ranking, ranking_pages, ranking_split
from pi_app.display.scene import Command, Ctx, GoHome, Notice, Parts, Redraw, Scene
from pi_app.display.targets import Button
from pi_app.i18n import Translator
from pi_app.table import JournalError
from pi_app.table.history import History, PastGame
from pi_app.table.summary import GameSummary

log = logging.getLogger(__name__)
_ = Translator("display")


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
    MORE_PLACES = "more-places"
    """The ranking's next page (it has more places than its box holds)."""


@dataclass(frozen=True)
class OpenGame:
    """A game of the list (finished or abandoned), by its journal id."""

    game_id: int


def history_page(parts: Parts) -> Scene:
    """The history as a page over the home (`scene.OpenPage`)."""
    per_page = 5 if parts.theme.height >= 480 else 4
    return HistoryScene(History(parts.session.journal), parts.session.jobs, per_page)


class HistoryScene(Scene):
    """The history's views: `list`, `game` (and `delete`, its question), and the
    statistics' `stats` and `player` (`stats.Statistics`)."""

    name = "history"

    def __init__(
        self,
        history: History,
        jobs: Jobs,
        per_page: int = 4,
        data_folder: Path | None = None,
    ) -> None:
        self.history = history
        self.jobs = jobs
        self.per_page = per_page
        self.data_folder = data_folder or history.journal.path.parent
        self.view = "list"
        self.page = 0
        self.count = 0
        self.listed: list[PastGame] = []
        self.opened: PastGame | None = None
        self.rounds_view = False
        self.rounds_page = 0
        self.rank_page = 0
        """The opened game's ranking's page, when it takes more than one."""
        self.told: tuple[str, ...] = ()
        """The opened game's rows in its own words (`GameDeclaration.tell`), or none."""
        self.stats = Statistics(per_page)
        self.error: str | None = None
        self.load()

    @property
    def job(self) -> StatsJob | None:
        """The statistics' count, once asked for (it is kept while the history is open)."""
        return self.stats.job

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
        """Read one game for its view (the storage failing is said on the list)."""
        try:
            self.opened = self.history.game(game_id)
        except JournalError as error:
            self.error = str(error)
            return
        self.told = () if self.opened is None else self._told(self.opened)
        self.view, self.rounds_view, self.rounds_page = "game", False, 0
        self.rank_page = 0

    def _told(self, past: PastGame) -> tuple[str, ...]:
        """The game's rows in the words its declaration tells them with, one a row of
        its table; none (its rows' labels are shown) when it tells none or its record
        cannot be read."""
        tell = declaration_of(past.game).tell
        if tell is None or past.summary is None:
            return ()
        try:
            told = tuple(tell(past.summary.seats, self.history.record(past.id)))
        except Exception:  # the table's own labels still show the game
            log.exception("the rounds of game %s cannot be told", past.id)
            return ()
        return told if len(told) == len(past.summary.table) else ()

    def colours(self, ctx: Ctx) -> tuple[int, ...]:
        return self.opened.colours if self.view == "game" and self.opened else ()

    # ---- drawing ------------------------------------------------------------------

    def draw(self, canvas: Canvas, ctx: Ctx) -> None:
        """The view shown, in the same frame: a title, the body, a row of buttons."""
        t = canvas.theme
        area = canvas.rect.inflate(-2 * t.pad, -2 * t.pad)
        head, rest = split(area, t.button_h, t.gap)
        body, foot = split(rest, rest.height - t.button_h - t.gap, t.gap)
        canvas.message_place = head  # a message takes the title's place (message_bar)
        if self.view in ("game", "delete") and self.opened is not None:
            self._draw_game(canvas, head, body, foot, self.opened)
        elif self.view in ("stats", "player"):
            pages = self.stats.draw(canvas, head, body, self.view == "player")
            buttons = ((_("Back"), Button.BACK, True), ("»", HistoryButton.STATS_NEXT, pages > 1))
            button_row(canvas, foot, buttons)
        else:
            self._draw_list(canvas, head, body, foot)

    def _draw_list(
        self, canvas: Canvas, head: pygame.Rect, body: pygame.Rect, foot: pygame.Rect
    ) -> None:
        """A page of games, each a button to its view; the pages turn at the foot."""
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
        button_row(
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
        """One game: its ranking beside its chart or its rounds' table (or the question
        whether to delete it), and what can be done with it at the foot."""
        t = canvas.theme
        title = f"{game_title(past.game)} · {date_text(past.started)}"
        if past.abandoned:
            title = f"{title} · {_('abandoned')}"
        canvas.text(title, head, t.title, th.ACCENT, align="left")
        if self.view == "delete":
            draw_delete_question(canvas, body, foot, past)
            return
        summary = past.summary
        if summary is None:
            said = _("This game cannot be read.")
            if past.problem:
                said = _("This game cannot be read: {why}").format(why=past.problem)
            canvas.text(said, body, t.body, th.WARN)
        elif self.rounds_view and self.told:  # the moves in words take the whole width
            index_of = seat_index(past.seats, summary)
            draw_told_rounds(canvas, body, summary, self.told, index_of, self.rounds_page)
        else:
            index_of = seat_index(past.seats, summary)
            left, right = ranking_split(canvas, body, summary)
            self._draw_ranking(canvas, left, summary, index_of)
            if self.rounds_view:
                draw_rounds(canvas, right, summary, index_of, self.rounds_page)
            else:
                draw_chart(canvas, right, summary, lambda seat: canvas.seat_colour(index_of(seat)))
        toggle = _("Chart") if self.rounds_view else _("Rounds")
        button_row(
            canvas,
            foot,
            (
                (_("Back"), Button.BACK, True),
                (toggle, HistoryButton.TOGGLE, summary is not None),
                (_("Export"), HistoryButton.EXPORT, summary is not None),
                *(((_("Delete"), HistoryButton.DELETE, True),) if past.abandoned else ()),
            ),
        )

    # ---- inputs -------------------------------------------------------------------

    def handle(self, intent: Intent, ctx: Ctx) -> Sequence[Command]:
        """A tap changes the view or its page; export and delete act on the game opened."""
        match intent:
            case Back() | Press(target=Button.BACK):
                return self._back()
            case Press(target=OpenGame(game_id=game_id)):
                self.open(game_id)
            case Press(target=HistoryButton.PREVIOUS | Button.NEXT as turn):
                self.page += 1 if turn == Button.NEXT else -1
                self.load()
            case Press(target=HistoryButton.STATS):
                self.view = "stats"
                self.stats.open(self.history, self.jobs, self)
            case Press(target=HistoryButton.STATS_NEXT):
                self.stats.page += 1
            case Press(target=StatsOf(name=name)):
                self.view, self.stats.player = "player", name
            case Press(target=HistoryButton.TOGGLE):
                self.rounds_view, self.rounds_page = not self.rounds_view, 0
            case Press(target=HistoryButton.ROUNDS_PAGE):
                self.rounds_page += 1
            case Press(target=HistoryButton.MORE_PLACES):
                self.rank_page += 1
            case Press(target=HistoryButton.EXPORT):
                return self._export()
            case Press(target=HistoryButton.DELETE) if self.opened and self.opened.abandoned:
                self.view = "delete"
            case Press(target=HistoryButton.CONFIRM_DELETE) if self.view == "delete":
                return self._delete()
        return ()

    def _draw_ranking(
        self,
        canvas: Canvas,
        box: pygame.Rect,
        summary: GameSummary,
        index_of: Callable[[str], int],
    ) -> None:
        """The ranking, a page at a time when it has more places than `box` holds (ten
        players at 480x320), its "More (1/2)" button under it."""
        t = canvas.theme
        if len(ranking_pages(canvas, box, summary)) == 1:
            draw_ranking(canvas, box, summary, index_of)
            return
        box, under = split(box, box.height - t.button_h - t.gap, t.gap)
        pages = ranking_pages(canvas, box, summary)
        page = self.rank_page % len(pages)
        draw_ranking(canvas, box, summary, index_of, pages[page])
        more = _("More ({page}/{pages})").format(page=page + 1, pages=len(pages))
        canvas.button(under, more, HistoryButton.MORE_PLACES, colour=th.PANEL)

    def _back(self) -> Sequence[Command]:
        """One view up (a player to the statistics, the question to its game), or home."""
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
        if self.view in ("stats", "player") and self.stats.progressed():
            return (Redraw(),)
        return ()


# ---- the views' parts: the foot's buttons, the question before deleting ---------------


def button_row(
    canvas: Canvas, foot: pygame.Rect, buttons: Sequence[tuple[str, Hashable, bool]]
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


def draw_delete_question(
    canvas: Canvas, body: pygame.Rect, foot: pygame.Rect, past: PastGame
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


# ---- one game's rounds: the scores after each, a page at a time ------------------------


@dataclass(frozen=True)
class RoundsCut:
    """How the rounds' table is cut to fit its box: the height of a line, the width of
    the rounds' labels, the rounds a page holds, the pages of rounds, and the groups of
    seats that fit across (each group its own pages)."""

    line: int
    label_w: int
    per_page: int
    row_pages: int
    groups: list[tuple[str, ...]]

    @property
    def pages(self) -> int:
        return self.row_pages * len(self.groups)


def rounds_cut(canvas: Canvas, inner: pygame.Rect, summary: GameSummary) -> RoundsCut:
    """The table's cut: as many rounds as the height holds, as many seats as the width
    holds with every name and score whole, and room for the page's number ("1/2")
    when there is more than one page."""
    font = canvas.fonts.font(canvas.theme.min_font)
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
    return RoundsCut(line, label_w, per_page, row_pages, groups)


def draw_rounds(
    canvas: Canvas,
    box: pygame.Rect,
    summary: GameSummary,
    index_of: Callable[[str], int],
    tapped: int,
) -> None:
    """Scores after each round, a page at a time (`tapped`: the taps so far): a tap
    shows the next rounds, then the next seats when they do not all fit across."""
    t = canvas.theme
    canvas.panel(box, th.PANEL)
    inner = box.inflate(-t.gap, -t.gap)
    cut = rounds_cut(canvas, inner, summary)
    page = tapped % cut.pages
    seats = cut.groups[page // cut.row_pages]
    first = (page % cut.row_pages) * cut.per_page
    header, rest = split(inner, cut.line, 0)
    _rounds_header(canvas, header, cut, page, seats, index_of)
    label_w = cut.label_w
    offset = summary.seats.index(seats[0])
    shown = summary.table[first : first + cut.per_page]
    for row, (label, scores) in zip(rows(rest, cut.per_page, 0), shown, strict=False):
        canvas.text(label, (row.x, row.y, label_w - 4, row.height), t.min_font, th.MUTED, "left")
        cells = cols((row.x + label_w, row.y, row.width - label_w, row.height), len(seats), 2)
        for cell, score in zip(cells, scores[offset : offset + len(seats)], strict=True):
            canvas.text(score_text(score), cell, t.min_font, th.TEXT, align="right")
    canvas.hits.append(Hit(box, HistoryButton.ROUNDS_PAGE))


def _rounds_header(
    canvas: Canvas,
    header: pygame.Rect,
    cut: RoundsCut,
    page: int,
    seats: Sequence[str],
    index_of: Callable[[str], int],
) -> None:
    """The page's number (when there are several) over the labels, and each seat's name
    over its column, underlined in its colour."""
    t = canvas.theme
    line, label_w = cut.line, cut.label_w
    columns = pygame.Rect(header.x + label_w, header.y, header.width - label_w, line)
    if cut.pages > 1:
        marker = f"{page + 1}/{cut.pages}"
        canvas.text(marker, (header.x, header.y, label_w, line), t.min_font, th.MUTED, "left")
    for cell, seat in zip(cols(columns, len(seats), 2), seats, strict=True):
        colour = canvas.seat_colour(index_of(seat))
        pygame.draw.rect(canvas.surface, colour, (cell.x, cell.bottom - 3, cell.width, 3))
        canvas.text(seat, cell.inflate(0, -4), t.min_font, colour, align="right")


# ---- a game that tells its rounds in words: each row a sentence and every seat's score ---


@dataclass(frozen=True)
class ToldCut:
    """How told rows are cut to fit their box: a line's height, the width of a seat's
    column, the header's height (the names, wrapped at their spaces when they need
    it), the lines each row's words take, and the first row of each page."""

    line: int
    column: int
    head: int
    lines: tuple[int, ...]
    starts: tuple[int, ...]


def told_cut(
    canvas: Canvas, inner: pygame.Rect, summary: GameSummary, told: Sequence[str]
) -> ToldCut:
    """Every seat's column beside each row (never a seat on a page of its own), as wide
    as its scores and its name need (or the words of its name, wrapped, when the whole
    names would take over half the width); the rows' words wrap in the rest, and a page
    holds the rows its height does."""
    font = canvas.fonts.font(canvas.theme.min_font)
    line = font.get_linesize()
    seats = max(1, len(summary.seats))
    scores = [font.size(score_text(v))[0] for _l, vs in summary.table for v in vs]
    names = [font.size(seat)[0] for seat in summary.seats]
    column = max(max(scores + names, default=20) + 8, line * 2)
    if column * seats > inner.width // 2:  # the names wrap at their spaces
        words = [font.size(word)[0] for seat in summary.seats for word in seat.split()]
        column = max(max(scores + words, default=20) + 8, line * 2)
    column = min(column, inner.width // (2 * seats))
    tall = max((wrapped_lines(font, seat, column - 4) for seat in summary.seats), default=1)
    head = max(1, tall) * line + 6
    words_w = inner.width - column * seats - 4
    lines = tuple(max(1, wrapped_lines(font, text, words_w)) for text in told)
    starts, used = [0], 0
    for index, count in enumerate(lines):
        height = count * line + 6
        if used and used + height > inner.height - head:
            starts.append(index)
            used = 0
        used += height
    return ToldCut(line, column, head, lines, tuple(starts))


def draw_told_rounds(
    canvas: Canvas,
    box: pygame.Rect,
    summary: GameSummary,
    told: Sequence[str],
    index_of: Callable[[str], int],
    tapped: int,
) -> None:
    """Each row in words with every seat's score after it on its first line, in the
    seat's colour, a page at a time (`tapped`: the taps so far, a tap turns the page)."""
    t = canvas.theme
    canvas.panel(box, th.PANEL)
    inner = box.inflate(-t.gap, -t.gap)
    cut = told_cut(canvas, inner, summary, told)
    page = tapped % len(cut.starts)
    first = cut.starts[page]
    last = cut.starts[page + 1] if page + 1 < len(cut.starts) else len(told)
    seats = summary.seats
    words_w = inner.width - cut.column * len(seats)
    header = pygame.Rect(inner.x, inner.y, inner.width, cut.head)
    if len(cut.starts) > 1:
        marker = f"{page + 1}/{len(cut.starts)}"
        canvas.text(marker, (header.x, header.y, words_w, cut.line), t.min_font, th.MUTED, "left")
    columns = [
        pygame.Rect(inner.x + words_w + i * cut.column, header.y, cut.column, cut.head)
        for i in range(len(seats))
    ]
    colours = [canvas.seat_colour(index_of(seat)) for seat in seats]
    for cell, seat, colour in zip(columns, seats, colours, strict=True):
        name = (cell.x + 4, cell.y, cell.width - 4, cell.height - 4)
        pygame.draw.rect(canvas.surface, colour, (name[0], cell.bottom - 3, name[2], 3))
        canvas.text(seat, name, t.min_font, colour, align="right")
    y = header.bottom
    for index in range(first, last):
        height = cut.lines[index] * cut.line
        said = (inner.x, y, words_w - 4, height)
        canvas.text(told[index], said, t.min_font, th.TEXT, align="left")
        for cell, colour, score in zip(columns, colours, summary.table[index][1], strict=True):
            place = (cell.x + 4, y, cell.width - 4, cut.line)
            canvas.text(score_text(score), place, t.min_font, colour, align="right")
        y += height + 6
    canvas.hits.append(Hit(box, HistoryButton.ROUNDS_PAGE))


def demo_script(d: DemoDriver) -> None:
    """`tabletop demo history`: three games played to their end, then the history."""
    from pi_app.display.games.gambit7 import DEMO_ROUNDS
    from pi_app.display.scene import NewGame, OpenPage, Play

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
    d.run(OpenPage(history_page))
    d.shot("history-list")
    d.press(OpenGame(d.journal.history.finished_games(2)[1].id))
    d.shot("history-game")
    d.press("toggle")
    d.shot("history-rounds")
    d.press("back")
    d.press("stats")
    scene = d.scene
    if isinstance(scene, HistoryScene) and scene.job is not None:
        scene.job.finished.wait()  # the statistics, counted before the picture
    d.shot("history-stats")
    d.press(StatsOf("Chloé"))
    d.shot("history-player")


DEMO_CAMBIO: tuple[tuple[str, str], ...] = (
    ("Ben", "Dollar"),
    ("Ben", "Franc"),
    ("Dan", "Dollar"),
    ("Ben", "Dollar"),
)
