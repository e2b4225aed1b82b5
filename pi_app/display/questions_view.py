"""The box's questions on its screens: the home's option (cards, the box's bank or
one of its categories, a host's pack), the round's question as the table reads it,
and the true answer with its unit and its source once the box has revealed it.

Shared by the games whose rounds ask a numeric question (Gambit 7, Quitte ou Double);
the quizmaster (`quizmaster.py`) does the asking.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from enum import StrEnum

import pygame

from pi_app.box.packs import PACKS_SETTING
from pi_app.box.quizmaster import BOX, CARDS, PACK, SETTING
from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, FontBook, cols, grid, split
from pi_app.display.choice import Choice, OptionValue
from pi_app.display.declaration import Setup, Start
from pi_app.display.intents import Enter, Intent, Press
from pi_app.display.scene import (
    Command,
    Ctx,
    Flag,
    sand_timer,
)
from pi_app.display.targets import Button
from pi_app.display.theme import Theme
from pi_app.display.titles import fits_line
from pi_app.i18n import N_, Translator, current_language, verbatim
from pi_app.questions.numbers import citation, with_unit
from pi_app.rules.question import RoundQuestion

_ = Translator("display")

_SOURCES: tuple[tuple[str, str], ...] = (
    (CARDS, N_("Cards")),
    (BOX, N_("Box: all")),
    (f"{BOX}:geography", N_("Box: geography")),
    (f"{BOX}:economy", N_("Box: society")),
    (f"{BOX}:history", N_("Box: history")),
    (f"{BOX}:science", N_("Box: science")),
)
"""Where a round's question comes from, as the home offers it: the boxed game's cards
(the host reads them), or the box's bank, whole or one of its categories."""


ON_CARDS: tuple[str, OptionValue] = (SETTING, CARDS)
"""`Choice.only_with` of an option that only the boxed cards need (which of a card's
questions the host reads): the box's own questions need no such choice."""


def question_choice(config: Mapping[str, object]) -> tuple[Choice, ...]:
    """The home's "Questions" option, the host's packs (by name) after the box's own."""
    packs = config.get(PACKS_SETTING, ())
    names = [str(name) for name in packs] if isinstance(packs, list | tuple) else []
    values = tuple(value for value, _name in _SOURCES) + tuple(PACK + name for name in names)
    shown = tuple(name for _value, name in _SOURCES) + tuple(names)
    return (Choice(SETTING, N_("Questions"), values, shown, rules=False, plain_from=len(_SOURCES)),)


def with_questions(start: Start) -> Start:
    """A game's start that also keeps where its questions come from, in the table's
    extras (the box's own data: the record's options stay the rules')."""

    def started(setup: Setup, values: Mapping[str, OptionValue]) -> Setup:
        chosen = start(setup, values)
        source = str(values.get(SETTING, CARDS))
        if source == CARDS:
            return chosen
        return replace(chosen, extras={**chosen.extras, SETTING: source})

    return started


def configured_with_questions(
    configured: Callable[[Mapping[str, object]], tuple[Choice, ...]],
) -> Callable[[Mapping[str, object]], tuple[Choice, ...]]:
    """A game's configured options, then the "Questions" option."""

    def offered(config: Mapping[str, object]) -> tuple[Choice, ...]:
        return (*configured(config), *question_choice(config))

    return offered


def answer_words(question: RoundQuestion) -> str:
    """The true answer with its unit, as the box's language writes it."""
    return with_unit(question.answer, question.unit, current_language())


def source_words(question: RoundQuestion) -> str:
    """Where the answer comes from: the source, its licence, its date (`citation`)."""
    cited = citation(question, current_language())
    return _("Source: {source}").format(source=verbatim(cited))  # the source as written


def question_text(question: RoundQuestion) -> str:
    """The question in the box's language (or the first one it has)."""
    # the bank's (or the pack's) own text in that language: translated at its source
    return verbatim(question.text[question.shown_in(current_language())])


class CardButton(StrEnum):
    """The buttons of the question's and the answer's cards."""

    QUESTION = "question-card"
    """Show the round's question again, over the answers."""
    ANSWERS = "question-answers"
    """From the question's card to the answers."""
    SCORES = "question-scores"
    """From the answer's card to the payout."""
    FLAG = "question-flag"
    """This question seems wrong: the box stops asking it."""


def draw_question_card(
    canvas: Canvas,
    ctx: Ctx,
    body: pygame.Rect,
    question: RoundQuestion,
    answered: Sequence[tuple[str, bool]] = (),
) -> None:
    """The round's question as large as the screen allows, for the whole table to read;
    under it, each seat (or team) and whether its answer is in (`answered`, in seat
    order), as the answers' screen says it; the sand timer and the way to the answers."""
    t = canvas.theme
    card, foot = split(body, body.height - t.button_h - t.gap, t.gap)
    text_box = card
    asked = question_text(question)
    if answered:
        line_h = canvas.fonts.font(t.small).get_linesize() + 12
        columns = _answered_columns(canvas, card.width, answered)
        strip_h = math.ceil(len(answered) / columns) * line_h
        text_box, strip = split(card, card.height - strip_h - t.gap, t.gap)
        named = _whole(canvas, asked, text_box.inflate(-4 * t.gap, -2 * t.gap), t.body)
        if not named:  # the question first: the seats on one line, by their colours
            columns = len(answered)
            text_box, strip = split(card, card.height - line_h - t.gap, t.gap)
        draw_answered(canvas, strip, answered, columns, named)
    canvas.panel(text_box, th.PANEL)
    canvas.text(asked, text_box.inflate(-4 * t.gap, -2 * t.gap), t.body)
    timer_box, turn, answers = cols(foot, 3, t.gap)
    sand_timer(canvas, ctx, timer_box, "answers", "answers")
    canvas.button(turn, _("Turn it"), Button.TIMER)
    canvas.button(answers, _("Answers"), CardButton.ANSWERS, colour=th.GOOD)


def _whole(canvas: Canvas, text: str, box: pygame.Rect, size: int) -> bool:
    """Whether `text` is drawn whole in `box` (its no-break spaces kept, as the
    questions of the bank write them before "?" and ":")."""
    _size, lines = canvas.fit(text, box, size)
    return " ".join(lines).split() == text.split()


def _mark_w(canvas: Canvas) -> int:
    """The width of a seat's mark on the question's card: a check, or "…" awaited."""
    return max(14, canvas.fonts.font(canvas.theme.small).size("…")[0] + 2)


def _name_room(canvas: Canvas, cell_width: int) -> int:
    """The room a seat's name has in a cell of the card's strip (its patch and mark beside)."""
    return cell_width - _mark_w(canvas) - 6 - 2 * canvas.theme.gap - 6


def _answered_columns(canvas: Canvas, width: int, answered: Sequence[tuple[str, bool]]) -> int:
    """The seats a line of the strip holds with every name whole on one line: as few
    lines as can be, shared evenly between them (2 and 2, not 3 and 1)."""
    t = canvas.theme
    count = len(answered)
    for columns in range(count, 1, -1):
        cell_w = (width - t.gap * (columns - 1)) // columns
        if all(fits_line(canvas, seat, _name_room(canvas, cell_w)) for seat, _in in answered):
            return math.ceil(count / math.ceil(count / columns))
    return 1


def draw_answered(
    canvas: Canvas,
    box: pygame.Rect,
    answered: Sequence[tuple[str, bool]],
    columns: int,
    named: bool = True,
) -> None:
    """Each seat in a cell: its colour, its name (unless not `named`: a long question
    leaves no room for them whole) and a check once its answer is in (outlined then);
    three dots while it is awaited."""
    t = canvas.theme
    for index, (cell, (seat, done)) in enumerate(
        zip(grid(box, len(answered), columns, t.gap // 2), answered, strict=True)
    ):
        canvas.panel(cell, th.PANEL, th.GOOD if done else None, 2)
        inner = cell.inflate(-2 * t.gap, -4)
        mark_w = _mark_w(canvas)
        mark = pygame.Rect(inner.right - mark_w, inner.y, mark_w, inner.height)
        patch_w = 6 if named else max(6, min(16, mark.x - inner.x - 4))
        patch = pygame.Rect(inner.x, inner.y + inner.height // 6, patch_w, inner.height * 2 // 3)
        canvas.seat_swatch(patch, index)
        if named:
            name = pygame.Rect(patch.right + 4, inner.y, mark.x - patch.right - 6, inner.height)
            canvas.text(seat, name, t.small, th.TEXT if done else th.MUTED, align="left")
        if done:
            y = mark.centery
            x = mark.centerx - 6
            check = [(x, y), (x + 4, y + 5), (x + 12, y - 6)]
            pygame.draw.lines(canvas.surface, th.GOOD, False, check, 3)
        else:  # awaited: three dots, as "…" says it on the answers' screen
            for dot in range(3):
                centre = (mark.x + 3 + dot * (mark.width - 6) // 2, mark.centery + 4)
                pygame.draw.circle(canvas.surface, th.MUTED, centre, 2)


def draw_answer_card(canvas: Canvas, body: pygame.Rect, question: RoundQuestion) -> None:
    """The true answer, large, under the question; its source; "seems wrong" and the
    way to the payout."""
    t = canvas.theme
    card, foot = split(body, body.height - t.button_h - t.gap, t.gap)
    canvas.panel(card, th.PANEL)
    inside = card.inflate(-4 * t.gap, -2 * t.gap)
    line = canvas.fonts.font(t.min_font).get_linesize()
    source_h = 2 * line + 4  # the source may take two lines of the smallest type
    told_h = max(2 * line, (inside.height - source_h) * 2 // 5)
    asked, rest = split(inside, inside.height - source_h - told_h - 2 * t.gap, t.gap)
    told, source = split(rest, told_h, t.gap)
    canvas.text(question_text(question), asked, t.body, th.MUTED)
    canvas.text(answer_words(question), told, t.huge, th.WARN)
    canvas.text(source_words(question), source, t.small, th.TEXT)
    flag, _gap, scores = cols(foot, 3, t.gap)
    canvas.button(flag, _("Seems wrong"), CardButton.FLAG, colour=th.PANEL)
    canvas.button(scores, _("Scores"), CardButton.SCORES, colour=th.GOOD)


def question_probe(theme: Theme) -> Callable[[RoundQuestion], None]:
    """The quizmaster's check (`box.quizmaster.Probe`) that this screen can show a
    question: both its cards drawn off screen at the box's size, in the box's
    language. A question whose drawing fails (a font that draws a word as nothing) is
    then flagged and another drawn before the round starts, never found when the round
    is on the screen."""
    fonts = FontBook()

    def probe(question: RoundQuestion) -> None:
        canvas = Canvas(pygame.Surface((theme.width, theme.height)), theme, fonts)
        ctx = Ctx(now=0.0, theme=theme, table=None, timer=None, config={})
        draw_question_card(canvas, ctx, canvas.rect, question, (("A", False), ("B", True)))
        canvas.reset()
        draw_answer_card(canvas, canvas.rect, question)

    return probe


def card_tap(
    intent: Intent, asked: RoundQuestion, card_up: bool
) -> tuple[Sequence[Command], bool] | None:
    """What an intent means to the question's and the answer's cards: the commands and
    whether a card is up after it; None when the intent is not the cards'. `card_up`
    says whether a card is up now (the keyboard's Enter then goes on, as its button)."""
    match intent:
        case Press(target=CardButton.QUESTION):
            return (), True
        case Press(target=CardButton.ANSWERS | CardButton.SCORES):
            return (), False
        case Press(target=CardButton.FLAG):
            return (Flag(asked.id),), card_up
    if card_up and isinstance(intent, Enter):
        return (), False
    return None
