"""`tabletop demo questions`: a Gambit 7 round from the box's own questions.

The host picks "Questions: Box: all" on the home; the box shows the round's question
for the table to read, the answers are typed, the bets placed; at Rien ne va plus the
box gives the true answer itself with its source; then the payout, and the screen of
the question data's sources.
"""

from __future__ import annotations

from pi_app.display.driver import DemoDriver
from pi_app.display.targets import Button

ANSWERS = (12, 30, 20, 45)
"""The four slates of the demo's round."""


def questions(d: DemoDriver) -> None:
    """The demo's script (see the module)."""
    from pi_app.display.games.gambit7 import BetButton
    from pi_app.display.home.targets import Cycle, GameTap, Pick
    from pi_app.display.pages import PageButton
    from pi_app.display.questions_view import CardButton
    from pi_app.display.scene import Play

    d.press(GameTap("gambit7"))
    d.press(Button.NEXT)  # the seats as the home named them, then the options
    d.press(Cycle("questions"))
    d.shot("questions-pick")
    d.press(Pick("questions", 1))  # the box's bank, every category
    d.press(Button.NEXT)  # start: the box asks the first question
    d.shot("questions-card")
    d.press(CardButton.ANSWERS)
    seats = d.journal.unfinished()
    assert seats is not None
    for seat, value in zip(seats.setup["seats"], ANSWERS, strict=True):
        d.run(Play(f'answer "{seat}" {value} fr'))
    d.run(Play("reveal"))
    d.run(Play(f'bet "{seats.setup["seats"][0]}" [{ANSWERS[2]}, "less"]'))
    d.run(Play(f'bet "{seats.setup["seats"][1]}" [{ANSWERS[0]}]'))
    d.press(BetButton.CLOSE)  # Rien ne va plus: the box gives the true answer
    d.shot("questions-answer")
    d.press(CardButton.SCORES)
    d.shot("questions-payout")
    d.press(Button.MENU)
    d.press(PageButton("credits"))
    d.shot("questions-sources")
