"""Quitte ou Double screens: tiles, the zones between them, tokens, stakes, gains, bank.

The tiles are drawn as a column, highest on top, with the zones between them (a row
of up to 13 places would not be legible on the 3.5-inch screen); everything comes from
the engine's `board(state)` view. Teams lay their tiles on the keypad, face down until
the host turns them all up (a tile can still be corrected before), then tap a zone to
put a bet token there, or, when staking is allowed, to slip one more gain token under
their token in that zone.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from enum import StrEnum

import pygame

from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, Hit, cols, grid, rows, split
from pi_app.display.choice import Choice, OptionValue
from pi_app.display.declaration import GameDeclaration, Setup
from pi_app.display.driver import DemoDriver
from pi_app.display.intents import Bell, Enter, Intent, Move, Press
from pi_app.display.memory import ScreenMemory
from pi_app.display.questions_view import (
    CardButton,
    answer_words,
    card_tap,
    draw_answer_card,
    draw_question_card,
    question_choice,
    question_undo,
    with_questions,
)
from pi_app.display.scene import (
    Command,
    Ctx,
    GoHome,
    Notice,
    Play,
    Scene,
    ShowFinal,
    StartTimer,
    chrome,
    sand_timer,
    seat_label,
    state_as,
)
from pi_app.display.targets import Button, SeatTap
from pi_app.display.theme import RGB
from pi_app.display.titles import fits_line
from pi_app.display.widgets import (
    AnswerButton,
    Hand,
    NumberEntry,
    RevealWords,
    SeatFocus,
    by_need,
    keypad,
    reveal_panel,
    seat_cell,
    seat_columns,
    seat_row,
    timer_button,
    typing_key,
)
from pi_app.i18n import N_, Translator, current_language
from pi_app.rules.contract import RuleError
from pi_app.rules.question import RoundQuestion
from pi_app.rules.quitte_ou_double.actions import (
    Bet,
    CloseBets,
    NextRound,
    Reveal,
    Stake,
    Truth,
    read_place,
)
from pi_app.rules.quitte_ou_double.board import Board, TileStack, ZoneView
from pi_app.rules.quitte_ou_double.game import GAME
from pi_app.rules.quitte_ou_double.scoring import BET_TOKENS, ROUNDS
from pi_app.rules.quitte_ou_double.state import QodState
from pi_app.table.protocol import GameTable

_ = Translator("display")


def scene_for(table: GameTable, memory: ScreenMemory) -> Scene:
    state = _state(table.state)
    return QodScene(state.phase, state.current.number)


def _state(state: object) -> QodState:
    """The table's state as Quitte ou Double's: the one place this module narrows it."""
    return state_as(state, QodState)


class BetButton(StrEnum):
    """The bet panel's buttons."""

    TRUTH = "truth"
    """Open the keypad for the true answer."""
    BET = "mode-bet"
    """The next taps on a zone lay a bet token."""
    STAKE = "mode-stake"
    """The next taps on a zone stake one more gain token under the team's token."""


@dataclass(frozen=True)
class Zone:
    """A zone between the tiles, in the notation's spelling (`<20`, `20..30`, `>30`)."""

    place: str


class QodScene(Scene):
    """One phase of one round; the screen keeps which team the keypad types for
    (`focus`), the team betting and its mode, and the digits."""

    def __init__(self, phase: str, round_number: int) -> None:
        self.phase = phase
        self.round = round_number
        self.entry = NumberEntry()
        self.focus = SeatFocus()
        self.team = 0
        self.staking = False
        self.truth_pad = False
        self.card = True
        """With the box's question: its card is up (the question, or once paid the
        true answer) over the tiles or the payout."""

    def laying(self, state: QodState) -> int | None:
        """The team the keypad types a tile for; None once every tile is laid."""
        return self.focus.seat(_laid(state))

    @property
    def name(self) -> str:  # type: ignore[override]
        return f"qod-{self.phase}"

    def key(self) -> Hashable:
        return ("qod", self.phase, self.round)

    def closed(self, ctx: Ctx) -> bool:
        """The bets' sand timer ran out in this round: an event of the game, undo reopens."""
        return self.phase == "bets" and bool(_state(ctx.state).current.bets_closed)

    def wants_bell(self, ctx: Ctx) -> bool:
        if self.closed(ctx):
            return False
        return self.phase in ("answers", "bets") and (ctx.timer is None or ctx.timer.done(ctx.now))

    # ---- drawing --------------------------------------------------------------------

    def draw(self, canvas: Canvas, ctx: Ctx) -> None:
        state = _state(ctx.state)
        board = GAME.board(state)
        asked = _asked(state)
        if asked is not None:  # the box's own question needs no number on a card
            title = _("Round {round}/{rounds}").format(round=self.round, rounds=ROUNDS)
        else:
            title = _("Round {round}/{rounds} · question {n}").format(
                round=self.round, rounds=ROUNDS, n=board.question
            )
        body = chrome(canvas, ctx, title)
        if asked is not None and self.card and self.phase == "answers":
            draw_question_card(canvas, ctx, body, asked)
            return
        if asked is not None and self.card and self.phase == "paid":
            draw_answer_card(canvas, body, asked)
            return
        t = canvas.theme
        teams = state.setup.teams
        share = 50 if t.width < 800 and self.phase == "bets" else 55
        left, right = split(body, body.width * share // 100, t.gap, vertical=False)
        if self.phase == "answers":
            self._draw_waiting(canvas, ctx, left, state)
            self._draw_tile_pad(canvas, right, state)
            return
        column(canvas, left, board, teams, pick=True)  # a closed zone says why (`_bets`)
        if self.phase == "bets" and self.truth_pad:
            keypad(canvas, right, self.entry, _("The true answer"), _("Score"))
        elif self.phase == "bets":
            self._draw_bet_panel(canvas, ctx, right, teams)
        else:
            self._draw_gains(canvas, right, board, teams, asked)

    def _draw_waiting(self, canvas: Canvas, ctx: Ctx, box: pygame.Rect, state: QodState) -> None:
        """Every team with its tile's status and its gain tokens."""
        t = canvas.theme
        teams = state.setup.teams
        laid = _laid(state)
        chosen = self.laying(state)
        owned = [state.owned(team) for team in teams]
        listing, foot = split(box, box.height - t.button_h - t.gap, t.gap)
        cells = rows(listing, len(teams), t.gap // 2)
        # one style for the whole list, so the statuses read down a column
        worded = all(
            _worded(canvas, cell.inflate(-t.gap, 0), team, points)
            for cell, team, points in zip(cells, teams, owned, strict=True)
        )
        for index, cell in enumerate(cells):
            if index == chosen:
                canvas.panel(cell, th.PANEL_HI, th.WARN, 2)
            row = cell.inflate(-t.gap, 0)
            seat = (teams[index], index)
            _waiting_row(canvas, row, seat, (laid[index], worded), owned[index])
            canvas.hits.append(Hit(cell, SeatTap(index)))
        timer_box, button = cols(foot, 2, t.gap)
        if _asked(state) is not None:
            timer_box, question = split(timer_box, timer_box.width // 2, t.gap, vertical=False)
            canvas.button(question, _("Question"), CardButton.QUESTION)
        sand_timer(canvas, ctx, timer_box, "answers", "answers")
        canvas.button(button, _("Turn it"), Button.TIMER)

    def _draw_tile_pad(self, canvas: Canvas, box: pygame.Rect, state: QodState) -> None:
        """The keypad for the team in focus, or, every tile laid, the question whether
        to turn them up."""
        chosen = self.laying(state)
        if chosen is None:
            words = RevealWords(
                _("Every tile is laid."),
                _("Turn the tiles up?"),
                _("To correct a tile first, tap its team."),
                _("Reveal"),
            )
            reveal_panel(canvas, box, words)
            return
        team = state.setup.teams[chosen]
        if _laid(state)[chosen]:
            prompt = _("Correct {team}'s tile").format(team=team)
        else:
            prompt = _("Tile of {team}").format(team=team)
        if not fits_line(canvas, prompt, box.width):
            prompt = team  # the team's row is outlined on the left: the name says enough
        keypad(canvas, box, self.entry, prompt, _("OK"))

    def _draw_bet_panel(
        self, canvas: Canvas, ctx: Ctx, box: pygame.Rect, teams: Sequence[str]
    ) -> None:
        """The teams (gain tokens, bet tokens in hand, a mark once both are down), the
        chosen team's token or stake mode, the sand timer, the true answer. On the
        small screen the timer is a button beside the true answer, so that a team's
        name and gain tokens fit on two lines."""
        t = canvas.theme
        state = _state(ctx.state)
        small = t.width < 800
        closed = self.closed(ctx)
        staking = state.may_stake() and not closed
        lines = 1 + int(staking) + int(closed or not small)
        team_box, rest = split(box, box.height - lines * (t.button_h + t.gap), t.gap)
        columns = seat_columns(canvas, team_box, teams)
        for index, cell in enumerate(grid(team_box, len(teams), columns, t.gap // 2)):
            team = teams[index]
            down = len(state.current.tokens_of(team))
            hand = Hand(BET_TOKENS - down, BET_TOKENS, done=down == BET_TOKENS)
            owned = str(state.owned(team))
            seat_cell(canvas, cell, team, index, owned, hand, SeatTap(index), index == self.team)
        places = rows(rest, lines, t.gap)
        if staking:
            bet_b, stake_b = by_need(canvas, places[0], (_("Bet token"), _("Stake +1")))
            canvas.button(bet_b, _("Bet token"), BetButton.BET, selected=not self.staking)
            canvas.button(stake_b, _("Stake +1"), BetButton.STAKE, selected=self.staking)
        truth = places[-1]
        if closed:
            canvas.text(_("No more bets."), places[-2], t.body, th.WARN)
        elif small:
            timer_box, truth = split(truth, 58, t.gap, vertical=False)
            timer_button(canvas, ctx, timer_box, "bets", "bets")
        else:
            timer_box, turn = cols(places[-2], 2, t.gap)
            sand_timer(canvas, ctx, timer_box, "bets", "bets")
            canvas.button(turn, _("Turn it"), Button.TIMER)
        canvas.button(truth, _("The true answer"), BetButton.TRUTH, colour=th.GOOD)

    def _draw_gains(
        self,
        canvas: Canvas,
        box: pygame.Rect,
        board: Board,
        teams: Sequence[str],
        asked: RoundQuestion | None,
    ) -> None:
        t = canvas.theme
        text_h = _text_row_height(canvas, box, len(teams))
        head, rest = split(box, text_h, t.gap)
        listing, foot = split(rest, rest.height - text_h - t.button_h - 2 * t.gap, t.gap)
        bank_box, next_box = split(foot, text_h, t.gap)
        value = board.truth if asked is None else answer_words(asked)  # with its unit
        canvas.text(_("True answer: {value}").format(value=value), head, t.body, th.WARN, "left")
        gains = dict(board.gains)
        scores = dict(board.scores)
        cells = rows(listing, len(teams), t.gap // 2)
        lines = [(team, gains.get(team, 0), scores[team]) for team in teams]
        form = _gain_form(canvas, cells[0], lines)
        for index, (cell, (team, gain, score)) in enumerate(zip(cells, lines, strict=True)):
            seat_label(canvas, cell, team, index, _GAIN_FORMS[form].format(gain=gain, score=score))
        canvas.text(
            _.plural("Bank: {count} gain token", "Bank: {count} gain tokens", board.bank).format(
                count=board.bank
            ),
            bank_box,
            t.small,
            th.MUTED,
            align="left",
        )
        last = self.round == ROUNDS
        canvas.button(
            next_box, _("Final ranking") if last else _("Next round"), Button.NEXT, colour=th.GOOD
        )

    # ---- inputs ---------------------------------------------------------------------

    def handle(self, intent: Intent, ctx: Ctx) -> Sequence[Command]:
        teams = _state(ctx.state).setup.teams
        match intent:
            case Press(target=Button.HOME):
                return (GoHome(),)
            case Bell() | Press(target=Button.TIMER):
                return self._timer(ctx)
            case Press(target=SeatTap(index=index)):
                self._pick(index, _state(ctx.state))
                return ()
            case Move(step=step):
                state = _state(ctx.state)
                self._pick((self._current(state) + step) % len(teams), state)
                return ()
        shown = self._cards(intent, _asked(_state(ctx.state)))
        if shown is not None:
            return shown
        if self.phase == "answers":
            return self._tiles(intent, ctx)
        if self.truth_pad and self.entry.handle(intent):
            return ()
        confirm = intent == Press(Button.OK) or isinstance(intent, Enter)
        match self.phase:
            case "bets":
                return self._bets(intent, ctx, confirm)
            case "paid" if intent == Press(Button.NEXT) or isinstance(intent, Enter):
                if self.round < ROUNDS:
                    return (Play(GAME.format_action(NextRound())),)
                return (ShowFinal(),)
            case "paid" if isinstance(intent, Press) and isinstance(intent.target, Zone):
                return (Notice(_("This round is paid: its tokens stay where they are.")),)
        return ()

    def _cards(self, intent: Intent, asked: RoundQuestion | None) -> Sequence[Command] | None:
        """The question's and the answer's cards: None when the intent is not theirs."""
        if asked is None:
            return None
        tapped = card_tap(intent, asked, self.card and self.phase in ("answers", "paid"))
        if tapped is None:
            return None
        commands, self.card = tapped
        return commands

    def _timer(self, ctx: Ctx) -> Sequence[Command]:
        """The bell or "Turn it": the sand timer of the phase, unless bets are closed."""
        if self.closed(ctx):
            return (Notice(_("Time is up: no more bets. Enter the true answer."), True),)
        if self.phase in ("answers", "bets"):
            kind = "answers" if self.phase == "answers" else "bets"
            return (StartTimer(kind, ctx.timer_seconds(kind)),)
        return ()

    def _current(self, state: QodState) -> int:
        """The team chosen now: the keypad's while tiles are laid, else the betting one."""
        if self.phase == "answers":
            chosen = self.laying(state)
            return (self.focus.picked or 0) if chosen is None else chosen
        return self.team

    def _pick(self, index: int, state: QodState) -> None:
        """A team chosen: the keypad's team while tiles are laid (tapping a team whose
        tile is down is how it is corrected), else the betting team, which starts with
        its bet tokens: a stake is asked for anew by each team."""
        if self.phase == "answers":
            self.focus.pick(index, _laid(state))
            return
        if index != self.team:
            self.staking = False
        self.team = index

    def _tiles(self, intent: Intent, ctx: Ctx) -> Sequence[Command]:
        """Typing for the team in focus; once every tile is laid, turning them up."""
        state = _state(ctx.state)
        confirm = intent == Press(Button.OK) or isinstance(intent, Enter)
        if self.laying(state) is None:
            if intent == Press(AnswerButton.REVEAL):  # a tap, never a stray Enter
                return (Play(GAME.format_action(Reveal())),)
            if typing_key(intent) or confirm:
                said = _("Every tile is laid: turn them up, or tap a team to correct its tile.")
                return (Notice(said),)
            return ()
        if self.entry.handle(intent):
            return ()
        return self._answer(ctx) if confirm else ()

    def _answer(self, ctx: Ctx) -> Sequence[Command]:
        state = _state(ctx.state)
        chosen = self.laying(state)
        if chosen is None:
            return ()
        team = state.setup.teams[chosen]
        typed = self.entry.text.strip()
        if not typed:
            return (Notice(_("Type {team}'s tile on the keypad first.").format(team=team)),)
        self.focus.picked = chosen
        try:
            action = GAME.typed_answer(state, team, typed)
        except RuleError as error:
            return (Notice(error.message(), True),)
        return (Play(GAME.format_action(action)),)

    def accepted(self, command: Play, ctx: Ctx) -> None:
        """A tile or the truth was taken: clear the entry; the keypad's focus moves on
        to the next team without a tile."""
        self.entry.text = ""
        self.focus.taken()

    def timeout(self, kind: str, ctx: Ctx) -> Sequence[Command]:
        """The bets' sand timer ran out: the bets close, an event of the game (undo
        reopens them), so the phones and a resumed box follow it too."""
        if kind == "bets" and self.phase == "bets" and not self.closed(ctx):
            closing = GAME.format_action(CloseBets())
            return (Play(closing), Notice(_("Time is up: no more bets."), False))
        return ()

    def _bets(self, intent: Intent, ctx: Ctx, confirm: bool) -> Sequence[Command]:
        state = _state(ctx.state)
        team = state.setup.teams[self.team]
        if self.truth_pad and confirm:
            typed = self.entry.text.strip()
            if not typed:
                return (Notice(_("Type the true answer read on the card first.")),)
            try:
                truth = GAME.typed_truth(state, typed)
            except RuleError as error:
                return (Notice(error.message(), True),)
            self.truth_pad = False
            return (Play(GAME.format_action(truth), "payout"),)
        asked = _asked(state)
        match intent:
            case Press(target=BetButton.TRUTH) if asked is not None:
                # the box asked the question: it gives the true answer itself
                return (Play(GAME.format_action(Truth(asked.answer)), "payout"),)
            case Press(target=BetButton.TRUTH):
                self.truth_pad = True
            case Press(target=BetButton.BET):
                self.staking = False
            case Press(target=BetButton.STAKE):
                self.staking = True
            case Press(target=Zone(place=where)):
                if self.closed(ctx):
                    return (Notice(_("Time is up: no more bets. Enter the true answer."), True),)
                place = read_place(where, _number)
                action = Stake(team, place, 1) if self.staking else Bet(team, place)
                return (Play(GAME.format_action(action)),)
        return ()


def _asked(state: QodState) -> RoundQuestion | None:
    """The question the box asked this round, if it asks them."""
    return state.current.question


def asks(state: object) -> bool:
    """A round waits for the box's question: tiles not turned up, none asked yet."""
    game = _state(state)
    return game.phase == "answers" and _asked(game) is None


def take_back(table: GameTable) -> Sequence[Command]:
    """Undo: at a round's start, the box's question goes with the step that opened it."""
    state = _state(table.state)
    current = state.current
    return question_undo(table, current.number, current.question, bool(current.answers))


def _laid(state: QodState) -> list[bool]:
    """Whether each team, in seat order, has laid its tile this round."""
    laid = state.current.answer_map
    return [team in laid for team in state.setup.teams]


def _number(text: str) -> Decimal:
    return Decimal(text)


def _name_room(canvas: Canvas, box: pygame.Rect) -> int:
    """The width `seat_label` leaves a name in `box` beside its colour patch."""
    return box.width - max(10, box.height // 3) - canvas.theme.gap


def _worded(canvas: Canvas, box: pygame.Rect, team: str, owned: int) -> bool:
    """Whether a team's waiting line holds its name, the word `written` and its points."""
    points = _("{n} pts").format(n=owned)
    room = _name_room(canvas, box) - 3 * canvas.theme.gap - 12
    return fits_line(canvas, f"{team} {_('written')} {points}", room)


def _waiting_row(
    canvas: Canvas,
    box: pygame.Rect,
    seat: tuple[str, int],
    status: tuple[bool, bool],
    owned: int,
) -> None:
    """A team's line while tiles are laid: its name, whether its tile is down, its gain
    tokens. Unless the list is `worded` (a long name leaves no room for the word), a
    drawn check says the tile is down, and the points may lose their unit, so that
    the name is never cut."""
    team, index = seat
    laid, worded = status
    t = canvas.theme
    points = _("{n} pts").format(n=owned)
    if worded:
        seat_row(canvas, box, team, index, _("written") if laid else "…", points)
        return
    mark = min(box.height - 4, 16)
    rest, mark_box = split(box, box.width - mark - t.gap, t.gap, vertical=False)
    label_room = _name_room(canvas, rest) - 2 * t.gap
    shown = points if fits_line(canvas, f"{team} {points}", label_room) else str(owned)
    seat_label(canvas, rest, team, index, shown)
    if laid:
        _check_mark(canvas, pygame.Rect(mark_box.x, mark_box.centery - mark // 2, mark, mark))


def _check_mark(canvas: Canvas, box: pygame.Rect) -> None:
    """A drawn check (the default font has no such glyph): a team's tile is down."""
    points = [
        (box.x + 1, box.centery),
        (box.x + box.width // 3, box.bottom - 2),
        (box.right - 1, box.y + 2),
    ]
    pygame.draw.lines(canvas.surface, th.MUTED, False, points, 2)


def _text_row_height(canvas: Canvas, box: pygame.Rect, teams: int) -> int:
    """The height of the payout's lines of text (the true answer, the bank): a button's,
    unless that leaves a team's line lower than a line of type (six teams on the small
    screen), then a line's."""
    t = canvas.theme
    line = canvas.fonts.font(t.min_font).get_linesize()
    listing = box.height - 3 * t.button_h - 3 * t.gap
    if (listing - (teams - 1) * (t.gap // 2)) // teams >= line:
        return t.button_h
    return line + 4


_GAIN_FORMS = ("{gain:+d} = {score}", "{gain:+d}={score}", "{score}")
"""A team's payout as its line writes it: gain and new total, shorter, the total alone."""


def _gain_form(canvas: Canvas, cell: pygame.Rect, lines: Sequence[tuple[str, int, int]]) -> int:
    """The first of `_GAIN_FORMS` in which every team's line keeps its name whole (one
    form for the whole list, so the totals read down a column)."""
    room = _name_room(canvas, cell) - 2 * canvas.theme.gap
    for form, pattern in enumerate(_GAIN_FORMS):
        if all(
            fits_line(canvas, f"{team} {pattern.format(gain=gain, score=score)}", room)
            for team, gain, score in lines
        ):
            return form
    return len(_GAIN_FORMS) - 1


def column(
    canvas: Canvas, box: pygame.Rect, board: Board, teams: Sequence[str], pick: bool
) -> None:
    """Zones and tiles alternating, highest on top: each tile with its teams, each zone
    with the bet tokens (and stakes) in it; paying zones and earning tiles outlined, or,
    where rows are too low to keep a text clear of an outline, filled in a colour of
    their own."""
    places: list[TileStack | ZoneView] = [board.zones[0]]
    for tile, zone in zip(board.tiles, board.zones[1:], strict=True):
        places += [tile, zone]
    places.reverse()
    line = canvas.fonts.font(canvas.theme.min_font).get_linesize()
    cells = rows(box, len(places), 2)
    if cells[0].height < line:
        cells = _strip_cells(box, len(places), line)
    labels = [item.label if isinstance(item, TileStack) else item.name for item in places]
    width = _label_width(canvas, cells[0], labels)
    outlined = cells[0].height >= line + 12
    for cell, item in zip(cells, places, strict=True):
        if isinstance(item, TileStack):
            if cell.height < line:
                _tile_strip(canvas, cell, item, width, teams)
            else:
                _tile_row(canvas, cell, item, width, outlined)
            continue
        if pick:
            canvas.hits.append(Hit(cell, Zone(_notation_place(item))))
        _zone_row(canvas, cell, item, width, outlined)


def _strip_cells(box: pygame.Rect, count: int, line: int) -> list[pygame.Rect]:
    """The column's rows when a row each is lower than a line (six teams on the small
    screen: thirteen places): each zone a line high, each tile a strip between them.
    Every zone stays, with its name and its bets, and a tap target of its own; a zone's
    name says the tiles around it, the strip's colour patches who laid the tile."""
    zones = (count + 1) // 2
    gap = 2
    zone_h = line + 2
    strip_h = (box.height - zones * zone_h - (count - 1) * gap) // (count - zones)
    if strip_h < 8:  # never lower than a patch one can see: the zones give a little
        strip_h = 8
        zone_h = (box.height - (count - zones) * strip_h - (count - 1) * gap) // zones
    cells, y = [], box.y
    for index in range(count):
        height = zone_h if index % 2 == 0 else strip_h
        cells.append(pygame.Rect(box.x, y, box.width, height))
        y += height + gap
    return cells


def _tile_strip(
    canvas: Canvas, cell: pygame.Rect, item: TileStack, width: int, teams: Sequence[str]
) -> None:
    """A tile too low for a line of text: a strip (amber once it earns) with the colour
    patches of the teams that laid it, under the zones' names."""
    canvas.panel(cell, _EARNS if item.earns else th.CENTRE)
    size = cell.height - 2
    x = cell.x + max(canvas.theme.gap, 8) + width + canvas.theme.gap
    for team in item.teams:
        patch = pygame.Rect(x, cell.y + 1, size * 2, size)
        canvas.swatch(patch, canvas.seat_colour(teams.index(team)))
        x += patch.width + canvas.theme.gap


def _marked_panel(
    canvas: Canvas, cell: pygame.Rect, colours: tuple[RGB, RGB], marked: bool, outlined: bool
) -> pygame.Rect:
    """A row's panel, `marked` (paying, earning) by an outline or, in a low row, by a
    fill; returns the room inside, clear of the outline."""
    plain, mark = colours
    if not marked:
        canvas.panel(cell, plain)
    elif outlined:
        canvas.panel(cell, plain, mark, 3)
    else:
        canvas.panel(cell, mark)
    inset = 8 if marked and outlined else 0
    return cell.inflate(-max(canvas.theme.gap, 8), -inset)


def _tile_row(
    canvas: Canvas, cell: pygame.Rect, item: TileStack, width: int, outlined: bool
) -> None:
    """A tile: its value, then the teams that laid it."""
    t = canvas.theme
    inside = _marked_panel(canvas, cell, (th.CENTRE, _EARNS), item.earns, outlined)
    value_box, names_box = split(inside, width, t.gap, vertical=False)
    canvas.text(item.label, value_box, t.small, th.TEXT, align="left")
    canvas.text(", ".join(item.teams), names_box, t.small, th.TEXT, align="left")


def _zone_row(
    canvas: Canvas, cell: pygame.Rect, item: ZoneView, width: int, outlined: bool
) -> None:
    """A zone: its name, then the bet tokens (and stakes) in it."""
    t = canvas.theme
    inside = _marked_panel(canvas, cell, (th.PANEL, _PAYS), item.paying, outlined)
    name_box, bets_box = split(inside, width, t.gap, vertical=False)
    canvas.text(item.name, name_box, t.small, th.MUTED, align="left")
    words = []
    for bet in item.bets:
        word = bet.team if bet.tokens == 1 else f"{bet.team}×{bet.tokens}"
        words.append(f"{word} +{bet.stake}" if bet.stake else word)
    if words:
        canvas.text(", ".join(words), bets_box, t.small, th.TEXT, align="left")


_PAYS: RGB = (0, 100, 72)
"""A paying zone's fill where its row is too low for an outline (its own green)."""
_EARNS: RGB = (128, 96, 0)
"""An earning tile's fill where its row is too low for an outline: a dark amber, the
outline's yellow darkened so that white text stays legible on it."""


def _label_width(canvas: Canvas, cell: pygame.Rect, labels: Sequence[str]) -> int:
    """The width of the column of tiles' values and zones' names: what the longest
    needs, so the teams' names get the rest (a third was too much for `10`, and cut
    `Marie-Gabrielle`), never more than three fifths (`45 %..1h30`)."""
    font = canvas.fonts.font(canvas.theme.min_font)
    need = max(font.size(label)[0] for label in labels) + 4
    return min(need, cell.width * 3 // 5)


def _notation_place(zone: ZoneView) -> str:
    """The zone in the notation's spelling (decimal point, no grouping)."""
    from pi_app.rules.quitte_ou_double.actions import write_number

    low = None if zone.low is None else write_number(zone.low)
    high = None if zone.high is None else write_number(zone.high)
    if low is None:
        return f"<{high}"
    if high is None:
        return f">{low}"
    return f"{low}..{high}"


def demo_script(d: DemoDriver) -> None:
    """The `tabletop demo quitte-ou-double` script."""
    from pi_app.display.scene import NewGame

    teams = ("Jaune", "Violet", "Vert", "Noir")
    d.run(NewGame("quitte-ou-double", teams, {"variants": ["permanent"]}))
    for value in ("100", "125"):
        d.type(value)
    d.bell()
    d.wait(8)
    d.shot("qod-answers")
    for value in ("125", "187"):
        d.type(value)
    d.shot("qod-reveal")
    d.press(AnswerButton.REVEAL)
    for team, zone in (
        (0, "125..187"),
        (0, "125..187"),
        (1, "<100"),
        (1, ">187"),
        (2, "125..187"),
        (2, "100..125"),
    ):
        d.press(SeatTap(team))
        d.press(Zone(zone))
    d.shot("qod-bets")
    d.press(BetButton.TRUTH)
    d.type("175")
    d.shot("qod-paid")
    d.press("next")
    for value in ("10", "20", "30", "40"):
        d.type(value)
    d.press(AnswerButton.REVEAL)
    d.press(SeatTap(0))
    d.press(Zone("20..30"))
    d.press(BetButton.STAKE)
    d.press(Zone("20..30"))
    d.shot("qod-stake")
    d.bell()  # the bets' sand timer runs out: the bets close
    d.wait(31)
    d.press("dismiss")  # the notice goes; the panel still says the bets are closed
    d.shot("qod-closed")


# ---- the game, as the home and the demo know it -------------------------------------

CHOICES = (
    Choice("question", N_("Question"), (1, 2, 3), ("1", "2", "3"), plain=True),
    Choice(
        "variants",
        N_("Variants"),
        ((), ("grosses-tetes",), ("permanent",), ("grosses-tetes", "permanent")),
        (
            N_("none"),
            N_("big brains"),
            N_("permanent double"),
            N_("big brains + permanent"),
        ),
    ),
)


def table_locale(setup: Setup, values: Mapping[str, OptionValue]) -> Setup:
    """The table reads its answers in the language the box speaks when the game starts."""
    return replace(setup, options={**setup.options, "locale": current_language()})


DECLARATION = GameDeclaration(
    menu=20,
    choices=CHOICES,
    configured=question_choice,
    start=with_questions(table_locale),
    demo=demo_script,
    asks=asks,
    undo=take_back,
)
