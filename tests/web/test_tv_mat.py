"""The mat on the big screen read from across the room (issue 49): at 1920x1080 EVERY
key number the page marks (each answer on the mat, the true answer, each seat's payout,
the scores) at least 80 px high and no text under 28 px, in each phase of a Gambit 7
round of seven seats and of a Quitte ou Double round of six teams whose answers are
long numbers (9 to 12 characters with their separators); the same layout at 1280x720
and 3840x2160 with nothing cut or scrolled. An absurd answer (40 digits) cannot stand
at that size on one line: it wraps inside its case at the size of the page's words,
all of it shown, nothing cut, nothing scrolled."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from decimal import Decimal
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.common.by import By

import pi_app.web
from pi_app.box.quizmaster import notation
from pi_app.display.home.choices import NAME_LIMIT
from pi_app.i18n import LANGUAGES
from pi_app.questions.bank import builtin
from pi_app.questions.numbers import number_apart, with_unit
from pi_app.questions.question import Question
from pi_app.rules.gambit7.actions import PlaceBet
from pi_app.rules.gambit7.board import board
from pi_app.rules.question import RoundQuestion
from pi_app.rules.quitte_ou_double.board import board as qod_board
from pi_app.rules.quitte_ou_double.scoring import MAX_TEAMS
from pi_app.table.protocol import GameTable
from tests.web.browser import need_chromium
from tests.web.conftest import Served, serve
from tests.web.tv_room import (
    FULL_HD,
    HD,
    UHD,
    check_key_numbers,
    drawn,
    published_version,
    shot,
    tv,
)

Screens = dict[tuple[int, int], webdriver.Chrome]

SEVEN = ("Ana", "Ben", "Cléo", "Dan", "Eli", "Fay", "Gus")
LONG = (
    "1 803 735",
    "2 450 118,75",
    "3 999 999,9",
    "10 250 300",
    "48 000 000,5",
    "123 456 789",
    "999 999 999",
)
"""Seven long answers as French slates write them (9 to 12 characters)."""
TRUTH = "5 000 000,25"


@contextmanager
def table_of(
    folder: Path,
    game: str,
    seats: tuple[str, ...],
    extras: dict[str, object] | None = None,
    lang: str | None = None,
) -> Iterator[tuple[Served, Screens]]:
    """A game of `game` and a TV of each size on its /tv (in `lang`, else the box's)."""
    need_chromium()
    served = serve(folder, game, seats, extras=extras)
    try:
        with ExitStack() as stack:
            sizes = (FULL_HD, HD, UHD)
            yield served, {size: stack.enter_context(tv(served.url, size, lang)) for size in sizes}
    finally:
        served.stop()


def read(screens: Screens, served: Served, name: str) -> list[str]:
    """Every TV drew the box's last state, each checked at the room's scale; a picture
    of each; the key numbers the 1920x1080 one shows."""
    version = published_version(served)
    shown: dict[tuple[int, int], list[str]] = {}
    for size, driver in screens.items():
        drawn(driver, version)
        shot(driver, f"{name}-{size[0]}")
        shown[size] = check_key_numbers(driver, size)
    return shown[FULL_HD]


@pytest.mark.parametrize("questions", ["card", "box"])
def test_every_key_number_of_a_gambit7_mat_of_long_answers(tmp_path: Path, questions: str) -> None:
    """The host's card (a short question, a truth of 12 characters) or the box's own
    question (a long one, its answer with its unit: `1 960 582 km²`)."""
    extras: dict[str, object] | None = {"questions": "box"} if questions == "box" else None
    with table_of(tmp_path, "gambit7", SEVEN, extras) as (served, screens):
        served.box('answer "Ana" "1 803 735" fr')
        read(screens, served, f"mat-g7-{questions}-answers")
        for seat, typed in zip(SEVEN[1:], LONG[1:], strict=True):
            served.box(f'answer "{seat}" "{typed}" fr')
        served.box("reveal")
        table = served.owner.table
        assert table is not None
        labels = [case.label("fr") for case in board(table.state) if case.value is not None]
        assert sorted(map(len, labels)) == sorted(map(len, LONG))
        keys = read(screens, served, f"mat-g7-{questions}-bets")
        assert all(label in keys for label in labels), (labels, keys)
        values = [case.value for case in board(table.state) if case.value is not None]
        for index, seat in enumerate(SEVEN):
            chips = (values[index], values[(index + 3) % 7])
            bet = PlaceBet(seat, (), values[index]) if index < 3 else PlaceBet(seat, chips)
            served.box(table.game.format_action(bet))
        read(screens, served, f"mat-g7-{questions}-bets-placed")
        served.box("close-bets")
        read(screens, served, f"mat-g7-{questions}-closed")
        asked = table.state.current.question
        served.box(f'truth "{TRUTH}" fr' if asked is None else f'truth "{asked.answer}" en')
        keys = read(screens, served, f"mat-g7-{questions}-scored")
        truth = screens[FULL_HD].find_element(By.CSS_SELECTOR, "#truth [data-key-number]")
        truth = str(truth.get_attribute("textContent"))  # its no-break spaces kept
        assert truth in keys and all(label in keys for label in labels), keys
        assert asked is not None or truth == TRUTH
        for driver in screens.values():
            paid = driver.find_elements(By.CSS_SELECTOR, "#payouts [data-key-number]")
            assert len(paid) == len(SEVEN)


def test_every_key_number_of_a_quitte_ou_double_round_of_long_answers(tmp_path: Path) -> None:
    teams = ("Jaune", "Rouge", "Bleu", "Vert", "Blanc", "Noir")
    with table_of(tmp_path, "quitte-ou-double", teams) as (served, screens):
        served.box('answer "Jaune" 1803735')
        read(screens, served, "mat-qod-answers")
        for team, typed in zip(teams[1:], LONG[1:], strict=False):
            number = typed.replace(" ", "").replace(",", ".")
            served.box(f'answer "{team}" {number}')
        served.box("reveal")
        table = served.owner.table
        assert table is not None
        labels = [tile.label for tile in qod_board(table.state).tiles]
        keys = read(screens, served, "mat-qod-bets")
        assert all(label in keys for label in labels), (labels, keys)
        served.box('bet "Jaune" 1803735..2450118.75')
        served.box('bet "Rouge" 3999999.9..10250300')
        served.box('bet "Bleu" >123456789')
        read(screens, served, "mat-qod-bets-placed")
        served.box("truth 5000000.25")
        keys = read(screens, served, "mat-qod-paid")
        assert TRUTH in keys and all(label in keys for label in labels), keys


WRAPPED = """
const node = arguments[0];
node.textContent = node.textContent + ' ' + node.textContent;
const own = node.getBoundingClientRect();
const room = node.closest('.case').getBoundingClientRect();
const line = parseFloat(getComputedStyle(node).lineHeight);
return [own.height / line, own.left >= room.left && own.right <= room.right
  && own.top >= room.top && own.bottom <= room.bottom];
"""
"""The overlong answer made twice as long in the page: how many lines it takes, and
whether it stays inside its case."""


def test_an_absurd_answer_wraps_in_its_case(tmp_path: Path) -> None:
    """A 40-digit answer is no key number: it takes a row of the mat of its own at the
    size of the stage's words, whole; twice as long, it wraps inside its case. The other
    answers stay key numbers; nothing cut or scrolled."""
    with table_of(tmp_path, "gambit7", SEVEN) as (served, screens):
        for seat, typed in zip(SEVEN, ("1" * 40, *LONG[1:]), strict=True):
            served.box(f'answer "{seat}" "{typed}" fr')
        served.box("reveal")
        keys = read(screens, served, "mat-g7-absurd")
        table = served.owner.table
        assert table is not None
        label = board(table.state)[-1].label("fr")
        assert len(label) > 40 and label not in keys, label
        for size, driver in screens.items():
            overlong = driver.find_elements(By.CSS_SELECTOR, "#mat .overlong")
            assert [node.text for node in overlong] == [label]
            assert overlong[0].get_attribute("data-key-number") is None
            lines, inside = driver.execute_script(WRAPPED, overlong[0])
            assert lines > 1.9 and inside, (lines, inside)  # two lines of its case
            check_key_numbers(driver, size)
            shot(driver, f"mat-g7-absurd-wrapped-{size[0]}")


NAMED = (
    "Anne-Charlotte de Montmorency-Laval Roux",
    "Bertrande du Guesclin de la Motte-Broons",
    "Cléopâtre Marie-Louise des Saint-Exupéry",
    "Dominique-Emmanuel Vercingétorix Dupuits",
    "Éléonore d'Aquitaine-Plantagenêt Martins",
    "François-Xavier de Chateaubriand Lefèvre",
    "Guillaume-Apollinaire Kostrowicki Rouxel",
)
"""Seven seats named as long as a name may be (the host's home takes NAME_LIMIT)."""
THIRTEEN = (
    "10 803 735,25",
    "12 450 118,75",
    "13 999 999,95",
    "20 250 300,55",
    "31 345 678,95",
    "48 000 000,55",
    "99 999 999,95",
)
"""Seven different answers of 13 characters each (tv.js `KEY_LENGTH`, as long as the
bank's longest number), as French slates write them."""
LONGEST = RoundQuestion(
    "worst-case",
    {
        "fr": "Papouasie-Nouvelle-Guinée : quelle est la superficie du pays, terres et eaux "
        "intérieures comprises, en kilomètres carrés ?"
    },
    Decimal("1234567890.25"),
    "km²",
    "test",
)
"""A box's question as long as the bank's longest (123 characters) whose true answer with
its unit is 20 characters (a key number's most on a line of its own, tv.js LINE_LENGTH),
longer than the bank's longest number (13): its number a key number, its unit beside it."""
LONGEST_TRUTH = with_unit(LONGEST.answer, LONGEST.unit, "fr")
"""`1 234 567 890,25 km²` (narrow no-break spaces between the groups)."""
LONGEST_NUMBER = number_apart(LONGEST.answer, LONGEST.unit, "fr")[1]
"""`1 234 567 890,25`: the key number of that truth (its unit is drawn apart)."""

LINES = """
const node = document.getElementById('question');
return node.getBoundingClientRect().height / parseFloat(getComputedStyle(node).lineHeight);
"""
"""How many lines the question takes."""


def names_whole(driver: webdriver.Chrome, where: str, seats: tuple[str, ...]) -> None:
    """Every seat's name shown whole (never shortened) in `where`."""
    shown = driver.find_elements(By.CSS_SELECTOR, f"{where} .badge .name")
    assert sorted(str(name.get_attribute("textContent")) for name in shown) == sorted(seats)


def payouts_of(driver: webdriver.Chrome, seats: tuple[str, ...]) -> None:
    """Each seat's payout under its disc (its colour, shape and initials), with its name
    whole or, on a stage too full for names, none: the side names it whole."""
    shown = driver.find_elements(By.CSS_SELECTOR, "#payouts .payout")
    assert sorted(str(payout.get_attribute("data-seat")) for payout in shown) == sorted(seats)
    for payout in shown:
        assert payout.find_element(By.CSS_SELECTOR, ".disc").is_displayed()
        name = payout.find_element(By.CSS_SELECTOR, ".name")
        assert not name.is_displayed() or name.text == payout.get_attribute("data-seat")


def worst_read(screens: Screens, served: Served, name: str, seats: tuple[str, ...]) -> list[str]:
    """`read`, and the question on two lines or more, every name whole at the side."""
    keys = read(screens, served, name)
    for driver in screens.values():
        assert driver.execute_script(LINES) > 1.9
        names_whole(driver, "#scores", seats)
    return keys


def revealed(
    served: Served, screens: Screens, name: str, answers: list[str], seats: tuple[str, ...]
) -> GameTable:
    """The longest question asked, every answer in (read), then turned up on the mat."""
    served.box(notation(LONGEST))
    for answer in answers:
        served.box(answer)
    worst_read(screens, served, f"{name}-answers", seats)
    served.box("reveal")
    table = served.owner.table
    assert table is not None
    return table


def test_the_worst_gambit7_mat(tmp_path: Path) -> None:
    """Seven seats named as long as a name may be, each with a different answer of 13
    characters (eight cases), the box's question on two lines and a truth of 20
    characters: the answers, the bets, the scored round with its payouts and its chart
    hold at the room's scale on every screen."""
    assert {len(name) for name in NAMED} == {NAME_LIMIT}
    assert len(LONGEST.text["fr"]) >= 120 and len(LONGEST_TRUTH) == 20  # tv.js LINE_LENGTH
    with table_of(tmp_path, "gambit7", NAMED) as (served, screens):
        answers = [
            f'answer "{seat}" "{typed}" fr' for seat, typed in zip(NAMED, THIRTEEN, strict=True)
        ]
        table = revealed(served, screens, "mat-g7-worst", answers, NAMED)
        labels = [case.label("fr") for case in board(table.state) if case.value is not None]
        assert len(board(table.state)) == 8 and {len(label) for label in labels} == {13}
        values = [case.value for case in board(table.state) if case.value is not None]
        for index, seat in enumerate(NAMED):
            chips = (values[index], values[(index + 3) % 7])
            bet = PlaceBet(seat, (), values[index]) if index < 3 else PlaceBet(seat, chips)
            served.box(table.game.format_action(bet))
        keys = worst_read(screens, served, "mat-g7-worst-bets", NAMED)
        assert all(label in keys for label in labels), (labels, keys)
        served.box("close-bets")
        served.box(f'truth "{LONGEST.answer}" en')
        keys = worst_read(screens, served, "mat-g7-worst-scored", NAMED)
        assert LONGEST_NUMBER in keys and all(label in keys for label in labels), keys
        for driver in screens.values():
            # the chart yields its height first: drawn when 3rem or more are left
            assert driver.find_elements(By.CSS_SELECTOR, "#gambit7 > .chart")
            paid = driver.find_elements(By.CSS_SELECTOR, "#payouts [data-key-number]")
            assert len(paid) == len(NAMED)
            payouts_of(driver, NAMED)
            truth_drawn(driver, "fr", LONGEST)


def test_the_worst_quitte_ou_double_round(tmp_path: Path) -> None:
    """As many teams as the game takes, named as long as a name may be, each with a
    different answer of 13 characters, the box's question on two lines and a truth of
    20 characters: the bets and the paid round hold at the room's scale."""
    teams = NAMED[:MAX_TEAMS]
    with table_of(tmp_path, "quitte-ou-double", teams) as (served, screens):
        numbers = [typed.replace(" ", "").replace(",", ".") for typed in THIRTEEN[:MAX_TEAMS]]
        answers = [f'answer "{team}" {number}' for team, number in zip(teams, numbers, strict=True)]
        table = revealed(served, screens, "mat-qod-worst", answers, teams)
        labels = [tile.label for tile in qod_board(table.state).tiles]
        assert len(labels) == MAX_TEAMS and {len(label) for label in labels} == {13}
        zones = [f"<{numbers[0]}", *(f"{a}..{b}" for a, b in itertools.pairwise(numbers))]
        for index, team in enumerate(teams):
            served.box(f'bet "{team}" {zones[index]}')
            served.box(f'bet "{team}" {zones[(index + 3) % len(zones)]}')
        keys = worst_read(screens, served, "mat-qod-worst-bets", teams)
        assert all(label in keys for label in labels), (labels, keys)
        served.box(f"truth {LONGEST.answer}")
        keys = worst_read(screens, served, "mat-qod-worst-paid", teams)
        assert LONGEST_NUMBER in keys and all(label in keys for label in labels), keys
        for driver in screens.values():
            payouts_of(driver, teams)
            truth_drawn(driver, "fr", LONGEST)


def longest_truth(lang: str) -> RoundQuestion:
    """The bank's question whose true answer, number and unit, is the longest in `lang`
    (among equals, the one with the longest number)."""

    def length(question: Question) -> tuple[int, int, str]:
        whole = with_unit(question.answer, question.unit, lang)
        shown = number_apart(question.answer, question.unit, lang)[1]
        return len(whole), len(shown), question.id

    return max(builtin(), key=length).asked()


def tv_length(name: str) -> int:
    """The constant `name` of tv.js: how many characters a key number may have."""
    script = (Path(pi_app.web.__file__).parent / "static" / "tv.js").read_text()
    found = re.search(rf"const {name} = (\d+);", script)
    assert found is not None
    return int(found.group(1))


def banks_longest_number() -> str:
    """The longest number of the bank's true answers in fr, de and en (its unit apart)."""
    numbers = [number_apart(q.answer, q.unit, lang)[1] for q in builtin() for lang in LANGUAGES]
    return max(numbers, key=len)


def test_every_truth_of_the_bank_has_its_number_a_key_number() -> None:
    """In each language, every question's number fits a key number on a line of its own
    (tv.js `LINE_LENGTH`): the page draws it 80 px high, its unit beside it."""
    longest = banks_longest_number()
    assert len(longest) <= tv_length("LINE_LENGTH"), longest


def test_a_guess_as_long_as_the_banks_longest_number_is_a_key_number() -> None:
    """A player's guess as long as the bank's longest number (`1 352 617 328`, India's
    population, 13 characters) is a key number on the mat (tv.js `KEY_LENGTH`), not
    drawn at the size of words; the worst mats above hold answers that long."""
    longest = banks_longest_number()
    assert set(LANGUAGES) >= {"fr", "de", "en"}
    assert len(longest) <= tv_length("KEY_LENGTH"), longest
    assert {len(answer) for answer in THIRTEEN} == {tv_length("KEY_LENGTH")}


TRUTH_PARTS = """
const truth = document.getElementById('truth');
const number = truth.querySelector('[data-key-number]');
const unit = truth.querySelector('.unit');
if (!number || !unit) return {whole: truth.textContent, number: null, unit: null};
const own = number.getBoundingClientRect();
const its = unit.getBoundingClientRect();
return {whole: truth.textContent, number: number.textContent, unit: unit.textContent,
  sizes: [truth, number, unit].map((node) => parseFloat(getComputedStyle(node).fontSize)),
  apart: its.left >= own.right - 1 || (its.top + its.bottom) / 2 >= own.bottom};
"""
"""The true answer's parts as the page drew them: its whole text, its key number, its
unit, the font sizes of the sentence, the number and the unit, and whether the unit
stands beside the number or under it (its middle below the number's glyphs' box: the
glyphs' box is taller than the key number's line), never over it."""


def truth_drawn(driver: webdriver.Chrome, lang: str, question: RoundQuestion) -> None:
    """The true answer drawn as the room reads it: its number alone the key number, its
    unit beside it or under it at the size of the sentence's words, all of it shown."""
    _before, shown, after = number_apart(question.answer, question.unit, lang)
    drawn_parts = driver.execute_script(TRUTH_PARTS)
    assert (drawn_parts["number"], drawn_parts["unit"]) == (shown, after), drawn_parts
    sentence, number_size, unit_size = drawn_parts["sizes"]
    assert unit_size == sentence < number_size, drawn_parts["sizes"]
    assert drawn_parts["apart"], drawn_parts
    whole = with_unit(question.answer, question.unit, lang)
    assert " ".join(whole.split()) in " ".join(drawn_parts["whole"].split())


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", ["gambit7", "quitte-ou-double"])
def test_the_banks_longest_truth_has_its_number_a_key_number(
    tmp_path: Path, game: str, lang: str
) -> None:
    """The bank's question with the longest true answer in `lang`, number and unit (a
    country's population, 23 to 25 characters, when this was written), asked by the
    box, answered and scored, on TVs in `lang`: the number is a key number (80 px at
    1920x1080), its unit at the size of words beside it, nothing cut or scrolled."""
    question = longest_truth(lang)
    seats = ("Ana", "Ben", "Cléo")
    with table_of(tmp_path, game, seats, lang=lang) as (served, screens):
        served.box(notation(question))
        for seat, factor in zip(seats, ("0.5", "2", "3"), strict=True):
            typed = int(question.answer * Decimal(factor))
            served.box(
                f'answer "{seat}" "{typed}" en' if game == "gambit7" else f'answer "{seat}" {typed}'
            )
        served.box("reveal")
        if game == "gambit7":
            served.box("close-bets")
            served.box(f'truth "{question.answer}" en')
        else:
            served.box(f"truth {question.answer}")
        shown = number_apart(question.answer, question.unit, lang)[1]
        assert shown in read(screens, served, f"truth-{game}-{lang}")
        for driver in screens.values():
            truth_drawn(driver, lang, question)
