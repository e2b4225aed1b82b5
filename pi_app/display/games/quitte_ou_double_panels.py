"""Quitte ou Double's panels: the teams laying their tiles, the keypad, the bets, the gains.

While tiles are laid the screen shows the teams and the keypad; after, the column of
tiles and zones (`quitte_ou_double.column`) on one side and a panel on the other: the
bets, then the gains. The panels are drawn here, from the state and the scene's own
choices (the team in focus, the digits typed, the team betting and its mode), so the
scene keeps only what it holds and which phase it shows. Nothing here changes the
scene: a redraw shows the same screen. The bet panel's buttons (`BetButton`) are
defined here, where they are drawn; the scene handles them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

import pygame

from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, Hit, cols, grid, rows, split
from pi_app.display.questions_view import CardButton, answer_words
from pi_app.display.scene import Ctx, sand_timer, seat_label
from pi_app.display.targets import Button, SeatTap
from pi_app.display.titles import first_whole, fits_line, label_for
from pi_app.display.widgets import (
    Hand,
    NumberEntry,
    RevealWords,
    by_need,
    keypad,
    reveal_panel,
    seat_cell,
    seat_columns,
    seat_row,
    timer_button,
)
from pi_app.i18n import Translator
from pi_app.rules.question import RoundQuestion
from pi_app.rules.quitte_ou_double.board import Board
from pi_app.rules.quitte_ou_double.scoring import BET_TOKENS
from pi_app.rules.quitte_ou_double.state import QodState

_ = Translator("display")


class BetButton(StrEnum):
    """The bet panel's buttons."""

    TRUTH = "truth"
    """Open the keypad for the true answer."""
    BET = "mode-bet"
    """The next taps on a zone lay a bet token."""
    STAKE = "mode-stake"
    """The next taps on a zone stake one more gain token under the team's token."""


@dataclass
class BetChoice:
    """The bets' screen state, apart from the game's: the team betting, whether its
    next tap on a zone stakes (else it lays a bet token), and whether the keypad for
    the true answer is open in the panel's place."""

    team: int = 0
    staking: bool = False
    truth_pad: bool = False


def box_question(state: QodState) -> RoundQuestion | None:
    """The question the box asked this round, if it asks them."""
    return state.current.question


def laid(state: QodState) -> list[bool]:
    """Whether each team, in seat order, has laid its tile this round."""
    down = state.current.answer_map
    return [team in down for team in state.setup.teams]


# ---- the tiles being laid: the teams, the keypad or the reveal -------------------------


def draw_waiting(
    canvas: Canvas, ctx: Ctx, box: pygame.Rect, state: QodState, chosen: int | None
) -> None:
    """Every team with its tile's status and its gain tokens, the team in focus
    (`chosen`) outlined; under them the sand timer."""
    t = canvas.theme
    teams = state.setup.teams
    down = laid(state)
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
        _waiting_row(canvas, row, seat, (down[index], worded), owned[index])
        canvas.hits.append(Hit(cell, SeatTap(index)))
    timer_box, button = cols(foot, 2, t.gap)
    if box_question(state) is not None:
        timer_box, question = split(timer_box, timer_box.width // 2, t.gap, vertical=False)
        canvas.button(question, _("Question"), CardButton.QUESTION)
    sand_timer(canvas, ctx, timer_box, "answers", "answers")
    canvas.button(button, _("Turn it"), Button.TIMER)


def draw_tile_pad(
    canvas: Canvas, box: pygame.Rect, state: QodState, entry: NumberEntry, chosen: int | None
) -> None:
    """The keypad for the team in focus (`chosen`), or, every tile laid, the question
    whether to turn them up."""
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
    if laid(state)[chosen]:
        prompt = _("Correct {team}'s tile").format(team=team)
    else:
        prompt = _("Tile of {team}").format(team=team)
    if not fits_line(canvas, prompt, box.width):
        prompt = team  # the team's row is outlined on the left: the name says enough
    keypad(canvas, box, entry, prompt, _("OK"))


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
    down, worded = status
    t = canvas.theme
    points = _("{n} pts").format(n=owned)
    if worded:
        seat_row(canvas, box, team, index, _("written") if down else "…", points)
        return
    mark = min(box.height - 4, 16)
    rest, mark_box = split(box, box.width - mark - t.gap, t.gap, vertical=False)
    label_room = _name_room(canvas, rest) - 2 * t.gap
    shown = points if fits_line(canvas, f"{team} {points}", label_room) else str(owned)
    seat_label(canvas, rest, team, index, shown)
    if down:
        _check_mark(canvas, pygame.Rect(mark_box.x, mark_box.centery - mark // 2, mark, mark))


def _check_mark(canvas: Canvas, box: pygame.Rect) -> None:
    """A drawn check (the default font has no such glyph): a team's tile is down."""
    points = [
        (box.x + 1, box.centery),
        (box.x + box.width // 3, box.bottom - 2),
        (box.right - 1, box.y + 2),
    ]
    pygame.draw.lines(canvas.surface, th.MUTED, False, points, 2)


# ---- the bets: the teams, the chosen team's mode, the timer, the true answer -----------


def draw_bet_panel(
    canvas: Canvas, ctx: Ctx, box: pygame.Rect, state: QodState, choice: BetChoice
) -> None:
    """The teams (gain tokens, bet tokens in hand, a mark once both are down), the
    chosen team's token or stake mode, the sand timer (or, once it ran out, that the
    bets are closed), the true answer. On the small screen the timer is a button
    beside the true answer, so that a team's name and gain tokens fit on two lines."""
    t = canvas.theme
    small = t.width < 800
    closed = bool(state.current.bets_closed)
    staking = state.may_stake() and not closed
    lines = 1 + int(staking) + int(closed or not small)
    team_box, rest = split(box, box.height - lines * (t.button_h + t.gap), t.gap)
    _draw_teams(canvas, team_box, state, choice.team)
    places = rows(rest, lines, t.gap)
    if staking:
        stake = _("Stake +1")
        room = places[0].width - t.gap - canvas.fonts.font(t.min_font).size(stake)[0] - 16
        bet_room = pygame.Rect(places[0].topleft, (room, places[0].height))
        bet = label_for(canvas, bet_room, _("Bet token"), _("Token"), size=t.small)
        bet_b, stake_b = by_need(canvas, places[0], (bet, stake))
        canvas.button(bet_b, bet, BetButton.BET, selected=not choice.staking)
        canvas.button(stake_b, stake, BetButton.STAKE, selected=choice.staking)
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
    truth_label = label_for(canvas, truth, _("The true answer"), _("The answer"), size=t.small)
    canvas.button(truth, truth_label, BetButton.TRUTH, colour=th.GOOD)


def _draw_teams(canvas: Canvas, box: pygame.Rect, state: QodState, chosen: int) -> None:
    """A cell per team: its name, gain tokens, bet tokens in hand, the betting one
    (`chosen`) selected."""
    teams = state.setup.teams
    columns = seat_columns(canvas, box, teams)
    for index, cell in enumerate(grid(box, len(teams), columns, canvas.theme.gap // 2)):
        team = teams[index]
        down = len(state.current.tokens_of(team))
        hand = Hand(BET_TOKENS - down, BET_TOKENS, done=down == BET_TOKENS)
        owned = str(state.owned(team))
        seat_cell(canvas, cell, team, index, owned, hand, SeatTap(index), index == chosen)


# ---- the gains: the true answer, each team's gain and total, the bank ------------------


def draw_gains(canvas: Canvas, box: pygame.Rect, board: Board, state: QodState, last: bool) -> None:
    """The true answer (with its unit when the box asked the question), each team's
    gain and new total, the bank, the button to the next round (or, `last`, to the
    final ranking)."""
    t = canvas.theme
    teams = state.setup.teams
    text_h = _text_row_height(canvas, box, len(teams))
    head, rest = split(box, text_h, t.gap)
    listing, foot = split(rest, rest.height - text_h - t.button_h - 2 * t.gap, t.gap)
    bank_box, next_box = split(foot, text_h, t.gap)
    question = box_question(state)
    value = board.truth if question is None else answer_words(question)  # with its unit
    canvas.text(_("True answer: {value}").format(value=value), head, t.body, th.WARN, "left")
    gains = dict(board.gains)
    scores = dict(board.scores)
    cells = rows(listing, len(teams), t.gap // 2)
    lines = [(team, gains.get(team, 0), scores[team]) for team in teams]
    form = _gain_form(canvas, cells[0], lines)
    for index, (cell, (team, gain, score)) in enumerate(zip(cells, lines, strict=True)):
        seat_label(canvas, cell, team, index, _GAIN_FORMS[form].format(gain=gain, score=score))
    bank = _.plural("Bank: {count} gain token", "Bank: {count} gain tokens", board.bank)
    short = _("Bank: {count}")
    canvas.text(
        first_whole(
            canvas,
            bank_box,
            bank.format(count=board.bank),
            short.format(count=board.bank),
            size=t.small,
        ),
        bank_box,
        t.small,
        th.MUTED,
        align="left",
    )
    canvas.button(
        next_box, _("Final ranking") if last else _("Next round"), Button.NEXT, colour=th.GOOD
    )


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
