"""The sounds follow the table's moments, not the screen that asked (issue 45): a Redo
of the reveal sounds as the reveal did, a phone's refusal is the phone's own, and a
refusal of a tap on the box sounds its error."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pi_app.box import acts
from pi_app.box.actors import phone
from pi_app.box.changes import Refused
from pi_app.display.demo import FakeClock, make_app
from pi_app.display.scene import NewGame, Play
from pi_app.effects.sound import CUES


class Heard:
    """The sounds a box played, by cue."""

    def __init__(self) -> None:
        self.played: list[str] = []

    def play(self, name: str) -> None:
        self.played.append(name)


def test_a_redo_of_the_reveal_sounds_as_the_reveal_did(tmp_path: Path) -> None:
    app: Any = make_app("800x480", tmp_path / "journal.sqlite3", FakeClock(), {})
    heard = Heard()
    app.box.cues.sounds = heard
    try:
        app.execute(NewGame("gambit7", ("Ana", "Ben", "Cy"), {}))
        for seat, value in (("Ana", 3), ("Ben", 5), ("Cy", 8)):
            app.execute(Play(f'answer "{seat}" {value} fr'))
        app.execute(Play("reveal"))
        assert heard.played == ["reveal"]
        app.execute(acts.Undo())
        assert heard.played == ["reveal"]  # an undo is no moment
        app.execute(acts.Redo())
        assert heard.played == ["reveal", "reveal"]
        app.session.changes.publish(Refused("no", phone("Ana")))
        assert heard.played == ["reveal", "reveal"]  # the phone's, not the box's
        app.execute(Play("next"))  # refused: the round is not scored
        assert heard.played[-1] == "error"
    finally:
        app.journal.close()


def test_every_cue_the_moments_play_is_synthesised() -> None:
    from pi_app.effects.cues import CUES as PLAYED

    assert set(PLAYED.values()) <= set(CUES)
