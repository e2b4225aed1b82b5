"""Game screens through the app: home to a game, Gambo's engine, Quitte ou Double, tournaments."""

from __future__ import annotations

import time
from typing import Any

from pi_app.display.games.cambio_tournament import announcements
from pi_app.display.games.gambo import Square, engine_level, opponent_extras
from pi_app.display.games.quitte_ou_double import Zone
from pi_app.display.home.options import OptionsPage
from pi_app.display.home.targets import Cycle, GameTap, Pick
from pi_app.display.intents import Char, Enter, Erase, Press
from pi_app.display.scene import NewGame, Play
from pi_app.display.targets import KbKey, KeyTap, SeatTap
from pi_app.i18n import set_language
from tests.display.layout_checks import drawn_text


def test_home_to_a_cambio_game_with_options(app_factory: Any) -> None:
    app = app_factory("480x320")
    app.step([])
    app.feed(Press(GameTap("cambio")))
    app.feed(Press("next"))  # seats -> options
    app.step([])
    assert isinstance(app.scene.page, OptionsPage)
    app.feed(Press(Cycle("variant")))
    app.feed(Press(Pick("variant", 1)))  # simple -> with CAMBIO cards
    app.feed(Press("next"))  # start
    app.step([])
    assert app.table is not None and app.table.game.name == "cambio"
    assert app.table.state.settings.variant == "cambio"
    assert app.table.state.seats == ("Orange", "Bleu", "Vert", "Jaune")


def test_gambo_engine_moves_through_the_table_off_the_ui_thread(app_factory: Any) -> None:
    app = app_factory()
    app.execute(NewGame("gambo", ("Alice", "Ordinateur"), {}, opponent_extras("easy")))
    assert app.table.state.to_move == 1  # B, the engine, moves first
    assert app.session.computer.thinking  # its search runs off the loop: played at a drain
    deadline = time.monotonic() + 60
    while app.table.state.to_move == 1 and time.monotonic() < deadline:
        app.step()  # the screen keeps answering while the engine searches
        time.sleep(0.01)
    assert len(app.table.state.history) == 1
    assert len(app.journal.events(app.table.game_id)) == 1


def test_gambo_selection_highlights_legal_moves_and_plays_one(app_factory: Any) -> None:
    app = app_factory()
    app.execute(NewGame("gambo", ("Alice", "Bruno"), {}))
    app.step([])
    b_start = 9  # b0: B moves first
    app.feed(Press(Square(b_start)))
    app.step([])
    targets = app.scene.targets(app.ctx())
    legal = {app.table.game.format_action(a) for a in app.table.game.legal_actions(app.table.state)}
    assert targets and set(targets.values()) <= legal
    square, notation = next((s, n) for s, n in targets.items() if n.startswith("adv"))
    app.feed(Press(Square(square)))
    app.step([])
    assert app.table.state.history == (notation,) or len(app.table.state.history) == 1


def test_quitte_ou_double_bets_and_a_stake_refused_in_round_1(app_factory: Any) -> None:
    app = app_factory()
    teams = ("Jaune", "Violet", "Vert", "Noir")
    app.execute(NewGame("quitte-ou-double", teams, {}))
    for value in ("100", "125", "125", "187"):
        for char in value:
            app.feed(Char(char))
        app.feed(Enter())
    app.feed(Press("reveal"))
    app.step([])
    assert app.table.state.phase == "bets"
    app.feed(Press(Zone("125..187")))
    assert len(app.table.state.current.tokens) == 1
    before = app.table.state
    app.execute(Play('stake "Jaune" 125..187 1'))  # staking is for round 7
    assert app.table.state is before and app.message is not None


def test_tournament_announces_seat_moves_by_name_and_table(app_factory: Any) -> None:
    app = app_factory()
    players = ("Ana", "Ben", "Cléo", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")
    app.execute(NewGame("cambio-tournament", players, {"tables": 2}))
    for _ in range(2):
        for action in ("deal", "open", 'ring "Ben"', "show Dollar 9"):
            app.execute(Play(f"table 0 {action}"))
    app.step([])
    lines = announcements(app.table.state)
    assert any("Ben" in line and "2" in line for line in lines)
    shown = " ".join(t.text for t in app.canvas.texts)
    assert "Ben" in shown and lines[0] in shown


def _type(app: Any, text: str) -> None:
    for char in text:
        app.feed(Char(char))
    app.feed(Enter())


def test_a_refused_answer_stays_on_its_seat_to_be_corrected(app_factory: Any) -> None:
    app = app_factory()
    app.execute(NewGame("gambit7", ("Zoé", "Ciel", "Vert"), {}))
    app.step([])
    _type(app, "1h30")
    assert app.scene.answering(app.table.state) == 1 and app.scene.entry.text == ""
    before = app.table.state
    _type(app, "1.5")  # a dot in French: refused as ambiguous, never guessed
    assert app.table.state is before and app.message is not None
    assert app.scene.answering(app.table.state) == 1 and app.scene.entry.text == "1.5"
    for _ in range(3):
        app.feed(Erase())
    _type(app, "1,5")
    assert app.message is None, app.message
    assert dict(app.table.state.answers)["Ciel"] is not None
    assert app.scene.answering(app.table.state) == 2


def test_a_refused_tile_stays_on_its_team(app_factory: Any) -> None:
    app = app_factory()
    app.execute(NewGame("quitte-ou-double", ("Jaune", "Violet", "Vert"), {}))
    app.step([])
    _type(app, "12 34")  # thousands are grouped by three digits: refused
    assert app.message is not None
    assert app.scene.team == 0 and app.scene.entry.text == "12 34"


def test_a_duration_can_be_typed_on_the_keypad_alone(app_factory: Any) -> None:
    app = app_factory("480x320")
    app.execute(NewGame("gambit7", ("Zoé", "Ciel", "Vert"), {}))
    app.step([])
    for key in ("1", ":", "3", "0"):
        app.feed(Press(KeyTap(key)))
    assert app.scene.entry.text == "1:30"
    app.feed(Press("ok"))
    assert app.message is None
    assert str(dict(app.table.state.answers)["Zoé"].value) == "90"


def test_home_starts_gambo_against_the_engine_as_table_data(app_factory: Any) -> None:
    app = app_factory()
    app.step([])
    app.feed(Press(GameTap("gambo")))
    app.feed(Press(SeatTap(0)))
    for key in ("a", "l", "i", "c", "e", "done"):
        app.feed(Press(KbKey(key)))
    app.feed(Press("next"))  # seats -> options
    app.feed(Press(Cycle("opponent")))
    app.feed(Press(Pick("opponent", 2)))  # medium -> hard
    app.feed(Press("next"))
    table = app.table
    expected = {"opponent": {"B": "hard"}, "colours": [0, 1]}
    assert table is not None and table.extras == expected
    assert table.state.seats == ("Alice", "Ordinateur (difficile)")
    entry = app.journal.game(table.game_id)
    assert entry.setup["extras"] == expected
    assert [p.name for p in app.journal.choices.players()] == ["Alice"]  # the engine is no player
    assert "opponent" not in entry.setup["options"]  # the rules never see it
    assert engine_level(table, 1) == "hard" and engine_level(table, 0) is None
    app.render()  # drawn without a step: the engine's search is not started
    assert "Ordinateur (difficile)" in drawn_text(app.canvas.texts)
    set_language("de")
    try:
        app.dirty = True
        app.render()
        assert "Computer (schwer)" in drawn_text(app.canvas.texts)
    finally:
        set_language("fr")
    second = app_factory()  # a restart on the same journal
    assert second.table.extras == expected
    second.render()
    shown = drawn_text(second.canvas.texts)
    assert "Ordinateur (difficile)" in shown and "Alice" in shown
    assert "pass" not in {hit.target for hit in second.canvas.hits}


def test_two_people_at_gambo_have_no_engine_whatever_their_names(app_factory: Any) -> None:
    app = app_factory()
    app.execute(NewGame("gambo", ("Alice", "Engine (hard)"), {}))
    assert app.table.extras == {}
    assert engine_level(app.table, 0) is None and engine_level(app.table, 1) is None
    app.render()
    assert "Engine (hard)" in drawn_text(app.canvas.texts)  # a name, shown as typed


def test_gambit7_bets_close_when_their_sand_timer_runs_out(app_factory: Any, clock: Any) -> None:
    app = app_factory()
    app.execute(NewGame("gambit7", ("Zoé", "Ciel", "Vert"), {}))
    app.step([])
    for answer in ("10", "20", "30"):
        _type(app, answer)
    app.feed(Press("reveal"))
    app.step([])
    assert app.table.state.phase.name == "BETS"
    app.feed(Press("timer"))
    app.step([])
    clock.advance(29.0)
    app.step([])
    assert app.table.state.phase.name == "BETS"
    clock.advance(1.5)
    app.step([])
    assert app.table.state.phase.name != "BETS"
    assert app.journal.events(app.table.game_id)[-1].action == "close-bets"


def test_quitte_ou_double_bets_stop_when_their_sand_timer_runs_out(
    app_factory: Any, clock: Any
) -> None:
    app = app_factory()
    app.execute(NewGame("quitte-ou-double", ("Jaune", "Violet", "Vert"), {}))
    app.step([])
    for answer in ("100", "125", "187"):
        _type(app, answer)
    app.feed(Press("reveal"))
    app.step([])
    app.feed(Press("timer"))
    app.step([])
    clock.advance(31.0)
    app.step([])
    # The end of the sand timer is an event of the game, journaled like a tap.
    assert app.journal.events(app.table.game_id)[-1].action == "close-bets"
    assert app.table.state.current.bets_closed
    before = app.table.state
    app.feed(Press(Zone("125..187")))
    assert app.table.state is before and app.message is not None
    app.feed(Press("timer"))  # turning the hourglass again does not reopen them...
    assert app.show.timer is None or app.show.timer.done(clock())
    app.feed(Press(Zone("125..187")))
    assert app.table.state is before
    app.feed(Press("undo"))  # ... undo does, as for any event
    assert not app.table.state.current.bets_closed
    app.feed(Press(Zone("125..187")))
    assert len(app.table.state.current.tokens) == 1
