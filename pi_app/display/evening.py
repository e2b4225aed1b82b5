"""`tabletop demo evening`: a whole evening at one table, as the box lives it.

A Gambit 7 game is left for the home after its first round; a Cambio game is started
meanwhile (the Gambit 7 game waits, paused, never thrown away); the Gambit 7 game is
resumed from the list of unfinished games and played to its end; a Gambo game against
the computer, where one Undo takes back the computer's reply and the player's move
together; then the host picks German, and the box is switched off and on: it starts
in German, with the unfinished games still there to resume.

It drives the home's own buttons wherever the evening's flow is the point, and plays
the rounds' moves in the games' notation where only their result matters.
"""

from __future__ import annotations

from pi_app.display.driver import DemoDriver
from pi_app.display.targets import Button

FIRST_ROUND = ((28, 25, 24, 30), 26)
"""Gambit 7's first round, played before the game is paused: answers, then the truth."""


def evening(d: DemoDriver) -> None:
    """The evening's script (see the module)."""
    quiz = _gambit7_first_round(d)
    d.press(Button.MENU)
    d.shot("evening-home-paused")
    _cambio_meanwhile(d)
    _gambit7_resumed_and_finished(d, quiz)
    _gambo_undo(d)
    _restart_in_german(d)


def _gambit7_first_round(d: DemoDriver) -> int:
    """A Gambit 7 game, its first round played; returns its journal id."""
    from pi_app.display.games.gambit7 import DEMO_SEATS
    from pi_app.display.scene import NewGame

    d.run(NewGame("gambit7", DEMO_SEATS))
    _gambit7_round(d, *FIRST_ROUND)
    d.shot("evening-gambit7-first-round")
    entry = d.journal.unfinished()
    assert entry is not None
    return entry.id


def _gambit7_round(d: DemoDriver, values: tuple[int, ...], truth: int) -> None:
    from pi_app.display.games.gambit7 import DEMO_SEATS
    from pi_app.display.scene import Play

    for seat, value in zip(DEMO_SEATS, values, strict=True):
        d.run(Play(f'answer "{seat}" {value} fr'))
    d.run(Play("reveal"))  # the host turns the slates up
    d.run(Play(f'bet "{DEMO_SEATS[0]}" [{values[1]}]'))
    d.run(Play(f'bet "{DEMO_SEATS[1]}" [{values[2]}, {values[2]}]'))
    d.run(Play("close-bets"))
    d.run(Play(f"truth {truth} fr"))


def _cambio_meanwhile(d: DemoDriver) -> None:
    """From the home, a Cambio game started with its seats named, a round played."""
    from pi_app.display.home.targets import GameTap
    from pi_app.display.scene import Play

    d.press(GameTap("cambio"))
    d.press(Button.NEXT)  # the seats as the home named them, then the options
    d.press(Button.NEXT)  # start
    entry = d.journal.unfinished()
    assert entry is not None  # the Cambio game just started: the latest played
    ringer = entry.setup["seats"][1]
    for notation in ("deal", "open", f'ring "{ringer}"', "show Dollar 9"):
        d.run(Play(notation))
    d.shot("evening-cambio")
    d.press(Button.MENU)


def _gambit7_resumed_and_finished(d: DemoDriver, quiz: int) -> None:
    """The list of unfinished games, Gambit 7 resumed there and played to its end."""
    from pi_app.display.games.gambit7 import DEMO_ROUNDS
    from pi_app.display.home.targets import HomeButton, ResumeGame
    from pi_app.display.scene import Play

    d.press(HomeButton.UNFINISHED)
    d.shot("evening-unfinished")
    d.press(ResumeGame(quiz))
    d.shot("evening-gambit7-resumed")
    for values, truth in DEMO_ROUNDS:
        d.run(Play("next"))
        _gambit7_round(d, values, truth)
    d.press(Button.NEXT)
    d.shot("evening-gambit7-final")
    d.press(Button.HOME)


def _gambo_undo(d: DemoDriver) -> None:
    """Against the computer (it opens): a move of Alice's, its reply, then one Undo
    takes both back.

    The engine is paused and its reply played by the script, so the pictures are the
    same on every run; the undo is the box's, as a tap makes it.
    """
    from pi_app.display.games.gambo import (
        DEMO_SETUP,
        engine_label,
        opponent_extras,
    )
    from pi_app.display.scene import NewGame, Play

    with d.computer.paused():
        seats = ("Alice", engine_label("medium"))
        d.run(NewGame("gambo", seats, {"setup": DEMO_SETUP}, opponent_extras("medium")))
        for notation in ("adv b4", "adv a4", "adv b3"):  # the computer opens; Alice; it replies
            d.run(Play(notation))
        d.shot("evening-gambo-reply")
        d.press(Button.UNDO)
        d.shot("evening-gambo-undone")
    d.press(Button.MENU)


def _restart_in_german(d: DemoDriver) -> None:
    """German chosen on the box, the box switched off and on: German, games waiting."""
    from pi_app.display.home.targets import HomeButton, Language

    d.press(Language("de"))
    d.restart()
    d.press(Button.MENU)
    d.shot("evening-restart-de")
    d.press(HomeButton.UNFINISHED)
    d.shot("evening-unfinished-de")
