"""What a refusal and a payout say reaches the table whole: a refusal's numbers are on
the message bar's first page (a tap before the bar turns its page takes the message
away), and the payout's names are never cut."""

from __future__ import annotations

import re
from typing import Any

import pytest

from pi_app.display.canvas import ELLIPSIS
from pi_app.display.games.quitte_ou_double import AnswerButton, Zone
from pi_app.display.games.quitte_ou_double import BetButton as QodButton
from pi_app.display.scene import NewGame, Play
from pi_app.display.targets import SeatTap
from pi_app.i18n import set_language

TEAMS = ("Jaune", "Violet", "Vert", "Noir")


def press(app: Any, target: object) -> None:
    from pi_app.display.intents import Press

    app.feed(Press(target))
    app.step([])


def round_two_bets(app: Any) -> None:
    """The bets of round 2 of a "permanent" game, Jaune's to place: Jaune owns 2 gain
    tokens (its two tokens paid in round 1)."""
    app.execute(NewGame("quitte-ou-double", TEAMS, {"variants": ["permanent"]}))
    for team, value in zip(TEAMS, (100, 125, 125, 187), strict=True):
        app.execute(Play(f'answer "{team}" {value}'))
    for play in ('bet "Jaune" 125..187', 'bet "Jaune" 125..187', "truth 175", "next"):
        app.execute(Play(play))
    for team, value in zip(TEAMS, (10, 20, 30, 40), strict=True):
        app.execute(Play(f'answer "{team}" {value}'))
    app.step([])
    press(app, AnswerButton.REVEAL)
    press(app, SeatTap(0))


def stake_refused(app: Any) -> None:
    """Round 2 of a "permanent" game: Jaune owns 2 gain tokens and stakes a third."""
    round_two_bets(app)
    press(app, Zone("20..30"))
    for _n in range(3):
        press(app, QodButton.STAKE)
        press(app, Zone("20..30"))


@pytest.mark.parametrize("language", ["fr", "de", "en"])
@pytest.mark.parametrize("size", ["800x480", "480x320"])
def test_a_refusals_numbers_are_on_the_bars_first_page(
    app_factory: Any, language: str, size: str
) -> None:
    set_language(language)
    try:
        app = app_factory(size)
        stake_refused(app)
        assert app.bar.shown is not None
        text, error, _until = app.bar.shown
        assert error and "3" in text and "2" in text, text
        app.step([])
        first = " ".join(app.bar.layout.pages[0])
    finally:
        set_language("fr")
    assert re.findall(r"\d+", first) == re.findall(r"\d+", text), (first, text)


def payout(app: Any, seats: tuple[str, ...]) -> None:
    """Gambit 7's first payout: the first two seats wrote 25, the winning case."""
    app.execute(NewGame("gambit7", seats, {}))
    for seat, value in zip(seats, (25, 25, 28, 23), strict=True):
        app.execute(Play(f'answer "{seat}" {value} fr'))
    app.execute(Play("reveal"))
    app.execute(Play(f'bet "{seats[0]}" [25, 25]'))
    app.execute(Play(f'bet "{seats[1]}" [25]'))
    app.execute(Play(f'bet "{seats[2]}" [25]'))
    app.execute(Play("close-bets"))
    app.execute(Play("truth 27 fr"))
    app.step([])


@pytest.mark.parametrize("size", ["800x480", "480x320"])
def test_the_payouts_names_are_never_cut(app_factory: Any, size: str) -> None:
    """The winning case's writers once read "Alice, Berna…": its outline leaves a line
    only, so the bets' lane gives way to the names on one line."""
    seats = ("Alice", "Bernadette", "Chloé", "Dimitri")
    app = app_factory(size)
    payout(app, seats)
    texts = [text.text for text in app.canvas.texts]
    assert not [text for text in texts if ELLIPSIS in text], texts
    for seat in seats:
        assert any(seat in text for text in texts), seat
    if size == "800x480":  # the large screen says who wrote the winning answer
        assert "Alice, Bernadette" in texts


def stake_alone(app: Any) -> None:
    """Round 2 of a "permanent" game: Jaune stakes a gain token with no bet token there."""
    round_two_bets(app)
    press(app, QodButton.STAKE)
    press(app, Zone("20..30"))


@pytest.mark.parametrize("language", ["fr", "de"])  # English held on one page before
def test_a_refused_stake_says_what_to_do_on_the_large_screens_first_page(
    app_factory: Any, language: str
) -> None:
    """ "Il est interdit de miser des jetons de gain tout seuls :" was the first page, and
    "placez-les sous un jeton de mise" (what the host does about it) the second, which
    the host's next tap took away: the top bar's place holds three lines at 800x480."""
    set_language(language)
    try:
        app = app_factory("800x480")
        stake_alone(app)
        assert app.bar.shown is not None
        text, error, _until = app.bar.shown
        app.step([])
        pages = app.bar.layout.pages
    finally:
        set_language("fr")
    assert error and "Jaune" in text
    assert len(pages) == 1 and " ".join(pages[0]) == text, pages
