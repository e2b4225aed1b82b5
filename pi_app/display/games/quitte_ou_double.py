"""Quitte ou Double screens: tiles, the zones between them, tokens, stakes, gains, bank.

The tiles are drawn as a column, highest on top, with the zones between them (a row
of up to 13 places would not be legible on the 3.5-inch screen); everything comes from
the engine's `board(state)` view. Teams lay their tiles on the keypad, face down until
the host turns them all up (a tile can still be corrected before), then tap a zone to
put a bet token there, or, when staking is allowed, to slip one more gain token under
their token in that zone.

The scene says which phase is shown and routes each tap to it; the bets' taps have a
class of their own (`Betting`), and the panels beside the column are drawn in
`quitte_ou_double_panels`, so that each part stays short enough to read at once.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal

import pygame

from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, Hit, rows, split
from pi_app.display.choice import Choice, OptionValue
from pi_app.display.declaration import TEAMS, GameDeclaration, Setup
from pi_app.display.driver import DemoDriver
from pi_app.display.games.quitte_ou_double_panels import BetButton as BetButton
from pi_app.display.games.quitte_ou_double_panels import (
    BetChoice,
    box_question,
    draw_bet_panel,
    draw_gains,
    draw_tile_pad,
    draw_waiting,
    laid,
)
from pi_app.display.intents import Bell, Enter, Intent, Move, Press
from pi_app.display.memory import ScreenMemory
from pi_app.display.questions_view import (
    ON_CARDS,
    card_tap,
    draw_answer_card,
    draw_question_card,
    question_choice,
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
    state_as,
)
from pi_app.display.targets import Button, SeatTap
from pi_app.display.theme import RGB
from pi_app.display.widgets import (
    AnswerButton,
    NumberEntry,
    SeatFocus,
    keypad,
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
from pi_app.rules.quitte_ou_double.scoring import ROUNDS
from pi_app.rules.quitte_ou_double.state import QodState
from pi_app.table.protocol import GameTable

_ = Translator("display")


def scene_for(table: GameTable, memory: ScreenMemory) -> Scene:
    state = _state(table.state)
    return QodScene(state.phase, state.current.number)


def _state(state: object) -> QodState:
    """The table's state as Quitte ou Double's: the one place this module narrows it."""
    return state_as(state, QodState)


@dataclass(frozen=True)
class Zone:
    """A zone between the tiles, in the notation's spelling (`<20`, `20..30`, `>30`)."""

    place: str


class QodScene(Scene):
    """One phase of one round; the screen keeps which team the keypad types for
    (`focus`), the digits, and the bets' choices (`bets`: the team betting, its mode,
    whether the true answer's keypad is open)."""

    def __init__(self, phase: str, round_number: int) -> None:
        self.phase = phase
        self.round = round_number
        self.entry = NumberEntry()
        self.focus = SeatFocus()
        self.bets = Betting(self.entry)
        self.card = True
        """With the box's question: its card is up (the question, or once paid the
        true answer) over the tiles or the payout."""

    @property
    def team(self) -> int:
        """The team betting (the bet panel's choice)."""
        return self.bets.choice.team

    def laying(self, state: QodState) -> int | None:
        """The team the keypad types a tile for; None once every tile is laid."""
        return self.focus.seat(laid(state))

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

    def title(self, board: Board, asked: bool) -> str:
        """The round; with the cards, which question of the card to read (the box's
        own question needs no number)."""
        if asked:
            return _("Round {round}/{rounds}").format(round=self.round, rounds=ROUNDS)
        return _("Round {round}/{rounds} · question {n}").format(
            round=self.round, rounds=ROUNDS, n=board.question
        )

    def draw(self, canvas: Canvas, ctx: Ctx) -> None:
        """The box's question's card while it is up, else the phase's screen."""
        state = _state(ctx.state)
        board = GAME.board(state)
        question = box_question(state)
        body = chrome(canvas, ctx, self.title(board, question is not None))
        if question is not None and self.card and self.phase == "answers":
            down = zip(state.setup.teams, laid(state), strict=True)
            draw_question_card(canvas, ctx, body, question, tuple(down))
        elif question is not None and self.card and self.phase == "paid":
            draw_answer_card(canvas, body, question)
        else:
            self._draw_phase(canvas, ctx, board, body)

    def _draw_phase(self, canvas: Canvas, ctx: Ctx, board: Board, body: pygame.Rect) -> None:
        """The teams and the keypad while tiles are laid; after, the column on the
        left and the bets (or the true answer's keypad) or the gains on the right."""
        state = _state(ctx.state)
        t = canvas.theme
        share = 50 if t.width < 800 and self.phase == "bets" else 55
        left, right = split(body, body.width * share // 100, t.gap, vertical=False)
        if self.phase == "answers":
            chosen = self.laying(state)
            draw_waiting(canvas, ctx, left, state, chosen)
            draw_tile_pad(canvas, right, state, self.entry, chosen)
            return
        column(canvas, left, board, state.setup.teams, pick=True)  # a closed zone says why
        if self.phase == "bets" and self.bets.choice.truth_pad:
            keypad(canvas, right, self.entry, _("The true answer"), _("Score"))
        elif self.phase == "bets":
            draw_bet_panel(canvas, ctx, right, state, self.bets.choice)
        else:
            draw_gains(canvas, right, board, state, self.round == ROUNDS)

    # ---- inputs ---------------------------------------------------------------------

    def handle(self, intent: Intent, ctx: Ctx) -> Sequence[Command]:
        """What every phase shares (home, the timer, choosing a team, the question's
        cards) first, then the phase's own taps."""
        state = _state(ctx.state)
        match intent:
            case Press(target=Button.HOME):
                return (GoHome(),)
            case Bell() | Press(target=Button.TIMER):
                return self._timer(ctx)
            case Press(target=SeatTap(index=index)):
                self._pick(index, state)
                return ()
            case Move(step=step):
                self._pick((self._current(state) + step) % len(state.setup.teams), state)
                return ()
        shown = self._cards(intent, box_question(state))
        if shown is not None:
            return shown
        return self._phase_input(intent, ctx)

    def _phase_input(self, intent: Intent, ctx: Ctx) -> Sequence[Command]:
        """A tap or key for the phase shown: a tile, a bet, the truth, the next round."""
        if self.phase == "answers":
            return self._tiles(intent, _state(ctx.state))
        if self.bets.choice.truth_pad and self.entry.handle(intent):
            return ()
        confirm = intent == Press(Button.OK) or isinstance(intent, Enter)
        match self.phase:
            case "bets":
                return self.bets.handle(intent, _state(ctx.state), self.closed(ctx), confirm)
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
        return self.bets.choice.team

    def _pick(self, index: int, state: QodState) -> None:
        """A team chosen: the keypad's team while tiles are laid (tapping a team whose
        tile is down is how it is corrected), else the betting team."""
        if self.phase == "answers":
            self.focus.pick(index, laid(state))
            return
        self.bets.pick(index)

    def _tiles(self, intent: Intent, state: QodState) -> Sequence[Command]:
        """Typing for the team in focus; once every tile is laid, turning them up."""
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
        return self._answer(state) if confirm else ()

    def _answer(self, state: QodState) -> Sequence[Command]:
        """The typed tile, for the team in focus (who is kept, should it be refused)."""
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


class Betting:
    """The bets phase's taps: choosing the team that bets, its mode (a bet token or a
    stake), a zone, the true answer (the box's own, or typed on the keypad).

    Apart from the scene because the bets are the one phase with choices of their own
    (`BetChoice`, which the bet panel draws): the scene only routes a tap here. The
    keypad's digits (`entry`) are the scene's, shared with the tiles.
    """

    def __init__(self, entry: NumberEntry) -> None:
        self.entry = entry
        self.choice = BetChoice()

    def pick(self, index: int) -> None:
        """The team that bets, which starts with its bet tokens: a stake is asked for
        anew by each team."""
        if index != self.choice.team:
            self.choice.staking = False
        self.choice.team = index

    def handle(
        self, intent: Intent, state: QodState, closed: bool, confirm: bool
    ) -> Sequence[Command]:
        """A tap in the bets phase (`closed`: the time is up, no zone takes a token)."""
        if self.choice.truth_pad and confirm:
            return self._typed_truth(state)
        team = state.setup.teams[self.choice.team]
        question = box_question(state)
        match intent:
            case Press(target=BetButton.TRUTH) if question is not None:
                # the box asked the question: it gives the true answer itself
                return (Play(GAME.format_action(Truth(question.answer))),)
            case Press(target=BetButton.TRUTH):
                self.choice.truth_pad = True
            case Press(target=BetButton.BET):
                self.choice.staking = False
            case Press(target=BetButton.STAKE):
                self.choice.staking = True
            case Press(target=Zone(place=where)):
                if closed:
                    return (Notice(_("Time is up: no more bets. Enter the true answer."), True),)
                place = read_place(where, _number)
                action = Stake(team, place, 1) if self.choice.staking else Bet(team, place)
                return (Play(GAME.format_action(action)),)
        return ()

    def _typed_truth(self, state: QodState) -> Sequence[Command]:
        """The true answer typed on the keypad: played, or why it cannot be read."""
        typed = self.entry.text.strip()
        if not typed:
            return (Notice(_("Type the true answer read on the card first.")),)
        try:
            truth = GAME.typed_truth(state, typed)
        except RuleError as error:
            return (Notice(error.message(), True),)
        self.choice.truth_pad = False
        return (Play(GAME.format_action(truth)),)


def _number(text: str) -> Decimal:
    return Decimal(text)


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
        canvas.seat_swatch(patch, teams.index(team))
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
    Choice("question", N_("Question"), (1, 2, 3), ("1", "2", "3"), plain=True, only_with=ON_CARDS),
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
    scenes=scene_for,
    menu=20,
    choices=CHOICES,
    configured=question_choice,
    start=with_questions(table_locale),
    demo=demo_script,
    seated_by=TEAMS,  # "Formez entre 3 et 6 équipes" (the rulebook)
)
