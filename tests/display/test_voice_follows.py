"""The voice follows the core's changes (issue 50): the question, all answers in, the
truth and who won the round are said whoever played; an undo stops what is said; a
redo of the reveal sounds and a redo of the payout is said again; the bell's STOP frame
comes before any speech starts; the sand timer's last ten seconds are counted; the
computer's Gambo move is said in words; the host's choices turn each part off."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from pi_app.box import acts
from pi_app.box.acts import Remember
from pi_app.display.games.gambit7 import BetButton
from pi_app.display.games.gambo import engine_label, opponent_extras
from pi_app.display.intents import Bell, Press
from pi_app.display.scene import NewGame, Play, Scene
from pi_app.effects.hearing import SOUNDS, VOICE, VOLUME
from pi_app.effects.voice.players import RecordingSpeech
from pi_app.effects.voice.words import Line, spoken_text
from pi_app.i18n import set_language
from tests.display.test_cues_follow import Heard

SEATS = ("Alice", "Bruno", "Chloé")
DEADLINE = 60.0  # seconds: a rendering takes tens of milliseconds, a busy machine more


class Listening:
    """A box's voice with a recording player: what it queued, and what it played."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.player = RecordingSpeech()
        self.cues = Heard()
        app.box.voice.player = self.player
        app.box.cues.sounds = self.cues
        self.lines: list[Line] = []
        voice = app.box.voice
        queued = voice.say

        def say(line: Line) -> None:
            self.lines.append(line)
            queued(line)

        voice.say = say

    def texts(self, kind: str | None = None) -> list[str]:
        return [line.text for line in self.lines if kind in (None, line.kind)]

    def finish(self) -> None:
        """After the frame: the renderings started, then played as they are drained."""
        self.app.box.publish()
        assert self.app.box.jobs.wait_idle(DEADLINE)

    def played_texts(self) -> list[str]:
        """The texts of the WAV files played, in order."""
        renderer = self.app.box.voice.renderer
        by_path = {renderer.cached(line.text, line.lang): line.text for line in self.lines}
        unknown = [path for path in self.player.played if path not in by_path]
        assert not unknown, (unknown, self.lines, self.player.calls)
        return [by_path[path] for path in self.player.played]


def round_to_payout(app: Any) -> None:
    for seat, value in zip(SEATS, (10, 20, 30), strict=True):
        app.execute(Play(f'answer "{seat}" {value} fr'))
    app.execute(Play("reveal"))
    for seat in SEATS:
        app.execute(Play(f'bet "{seat}" ["less"]'))
    app.step([])
    app.feed(Press(BetButton.CLOSE))  # the box's own true answer pays the round
    app.step([])
    assert str(app.table.state.phase) == "scored"


def test_a_round_of_the_boxs_questions_is_said_in_order(app_factory: Any) -> None:
    app = app_factory()
    heard = Listening(app)
    app.execute(NewGame("gambit7", SEATS, {}, extras={"questions": "box"}))
    app.step([])
    question = app.table.state.current.question
    assert heard.texts("question") == [spoken_text(question.text["fr"], "fr")]
    round_to_payout(app)
    assert [line.kind for line in heard.lines] == ["question", "all-in", "truth", "round"]
    assert heard.texts("all-in") == ["Toutes les réponses sont là."]
    assert heard.texts("truth")[0].startswith("La réponse : ")
    assert "Source : " in heard.texts("truth")[0]
    heard.finish()
    assert heard.played_texts() == heard.texts()  # all of it, in the order it was told
    assert all(call[2] == 0.7 for call in heard.player.calls if call[0] == "play")
    assert heard.cues.played == ["reveal", "payout"]


def test_an_undo_stops_what_is_said_and_drops_what_waits(app_factory: Any) -> None:
    app = app_factory()
    heard = Listening(app)
    app.execute(NewGame("gambit7", SEATS, {}, extras={"questions": "box"}))
    app.step([])
    heard.finish()
    played = len(heard.player.played)
    round_to_payout(app)
    app.box.publish()  # the truth and the round's winner are being rendered
    app.execute(acts.Undo())  # the payout taken back before it was said
    assert heard.player.calls[-1][0] == "stop"
    assert app.box.jobs.wait_idle(DEADLINE)
    assert len(heard.player.played) == played  # nothing of the undone payout is said
    assert heard.player.calls[-1][0] == "stop"


def test_a_redo_of_the_reveal_sounds_and_a_redo_of_the_payout_is_said(app_factory: Any) -> None:
    app = app_factory()
    heard = Listening(app)
    app.execute(NewGame("gambit7", SEATS, {}))  # the host reads the cards: no question
    for seat, value in zip(SEATS, (10, 20, 30), strict=True):
        app.execute(Play(f'answer "{seat}" {value} fr'))
    app.execute(Play("reveal"))
    app.execute(acts.Undo())
    app.execute(acts.Redo())
    assert heard.cues.played == ["reveal", "reveal"]
    app.execute(Play("close-bets"))
    app.execute(Play('truth "25" fr'))
    assert heard.texts("truth") == ["La réponse : 25."]
    app.execute(acts.Undo())
    app.execute(acts.Redo())
    assert heard.texts("truth") == ["La réponse : 25.", "La réponse : 25."]
    heard.finish()
    assert heard.played_texts()[-2:] == heard.texts()[-2:]


def test_the_stop_frame_is_shown_before_any_speech_starts(app_factory: Any) -> None:
    app = app_factory()
    heard = Listening(app)
    app.execute(NewGame("cambio", ("Ana", "Ben", "Cléo", "Dan"), {"variant": "simple"}))
    for notation in ("deal", "open"):
        app.execute(Play(notation))
    app.step([])
    busy_at_stop: list[bool] = []

    def presented(scene: Scene) -> None:
        if scene.name == "cambio-stop":
            busy_at_stop.append(app.box.jobs.busy(app.box.voice))

    app.on_present = presented
    app.feed(Bell(app.clock()))
    assert heard.texts() == ["Stop !"] and not app.box.jobs.busy(app.box.voice)
    app.step([])
    assert busy_at_stop and busy_at_stop[0] is False  # the frame first, then the voice
    assert heard.texts() == ["Stop !"]
    app.execute(Play('ring "Ben"'))
    assert heard.texts() == ["Stop !", "Ben a sonné."]
    heard.finish()
    assert heard.played_texts() == ["Stop !", "Ben a sonné."]


def test_the_sand_timers_last_ten_seconds_are_counted(app_factory: Any, english: None) -> None:
    app = app_factory()
    heard = Listening(app)
    app.execute(NewGame("gambit7", SEATS, {}))
    app.show.start_timer("answers", 12)
    for _ in range(14):
        app.clock.advance(1.0)
        app.step([])
    assert heard.texts("countdown") == ["Ten seconds left.", *map(str, range(9, 0, -1))]
    assert heard.cues.played[-1] == "time-up"


def test_the_computers_move_is_said_in_words(app_factory: Any) -> None:
    set_language("en")
    try:
        app = app_factory()
        heard = Listening(app)
        setup = {
            "A": ["E1", "C2", "M3", "E2", "C3", "M1", "E3", "C1", "M2"],
            "B": ["M1", "E3", "C2", "M2", "E1", "C3", "M3", "E2", "C1"],
        }
        app.execute(
            NewGame("gambo", ("Alice", "Engine"), {"setup": setup}, opponent_extras("easy"))
        )
        end = time.monotonic() + DEADLINE
        while not heard.texts("move") and time.monotonic() < end:
            app.step([])
            time.sleep(0.01)
        said = heard.texts("move")
        assert len(said) == 1 and said[0].startswith(engine_label("easy") + " ")
        verbs = (" advances the ", " swaps the ", " takes the ", " attacks the ", " passes.")
        assert any(verb in said[0] for verb in verbs), said
    finally:
        set_language("fr")


def test_the_hosts_choices_turn_the_voice_and_the_sounds_off(app_factory: Any) -> None:
    app = app_factory()
    heard = Listening(app)
    assert app.session.act(Remember(VOICE, False)).ok
    assert app.session.act(Remember(VOLUME, 0.3)).ok
    app.execute(NewGame("gambit7", SEATS, {}))
    for seat, value in zip(SEATS, (10, 20, 30), strict=True):
        app.execute(Play(f'answer "{seat}" {value} fr'))
    app.execute(Play("reveal"))
    assert heard.cues.played == ["reveal"] and not heard.player.played
    heard.finish()
    assert not heard.player.played  # sounds only
    assert app.session.act(Remember(SOUNDS, False)).ok
    assert app.session.act(Remember(VOICE, True)).ok
    app.execute(Play("close-bets"))
    app.execute(Play('truth "25" fr'))
    heard.finish()
    assert heard.cues.played == ["reveal"]  # the payout's cue is off
    volumes = [call[2] for call in heard.player.calls if call[0] == "play"]
    assert volumes and set(volumes) == {0.3}  # the truth and the round, at the host's volume


def test_the_choices_are_kept_across_a_restart(app_factory: Any, tmp_path: Path) -> None:
    app = app_factory()
    app.session.act(Remember(VOICE, False))
    app.session.act(Remember(VOLUME, 0.4))
    app.journal.flush()
    again = app_factory()
    assert again.session.settings[VOICE] is False and again.session.settings[VOLUME] == 0.4


def test_quitte_ou_double_says_its_question_all_tiles_and_the_truth(
    app_factory: Any, english: None
) -> None:
    from pi_app.display.games.quitte_ou_double import BetButton as QodButton

    app = app_factory()
    heard = Listening(app)
    teams = ("Alice", "Bruno", "Chloé", "Dimitri")
    app.execute(NewGame("quitte-ou-double", teams, {}, extras={"questions": "box"}))
    app.step([])
    asked = app.table.state.current.question
    for team, value in zip(teams, (10, 20, 30, 40), strict=True):
        app.execute(Play(f'answer "{team}" {value}'))
    app.execute(Play("reveal"))
    app.step([])
    app.feed(Press(QodButton.TRUTH))
    app.step([])
    assert [line.kind for line in heard.lines][:3] == ["question", "all-in", "truth"]
    assert heard.texts("question") == [spoken_text(asked.text["en"], "en")]
    assert heard.texts("all-in") == ["All answers are in."]
    assert heard.texts("truth")[0].startswith("The answer: ")
    heard.finish()
    assert heard.played_texts() == heard.texts()


def test_the_true_answer_is_rendered_when_the_question_is_asked(app_factory: Any) -> None:
    """The payout's first sentence is ready before the payout: it is said at once."""
    from pi_app.effects.voice.words import truth_line

    app = app_factory()
    heard = Listening(app)
    app.execute(NewGame("gambit7", SEATS, {}, extras={"questions": "box"}))
    app.step([])
    heard.finish()
    question = app.table.state.current.question
    truth = truth_line(question.answer, question, "fr")
    kept = app.box.voice.renderer.cached(truth.text, truth.lang)
    assert kept.exists() and truth.text not in heard.played_texts()  # ready, not said
    round_to_payout(app)
    assert heard.texts("truth") == [truth.text]
    heard.finish()
    assert heard.played_texts()[-2:] == [truth.text, heard.texts("round")[0]]
