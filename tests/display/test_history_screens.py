"""Players offered by the home, the history screens, the end of a game, and its chart."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pygame
import pytest

from pi_app.display import theme as th
from pi_app.display.chart import chart_layout, spread
from pi_app.display.demo import FakeClock
from pi_app.display.final import FinalScene
from pi_app.display.history.scene import HistoryScene, OpenGame, StatsOf
from pi_app.display.home.scene import HomeScene
from pi_app.display.home.targets import GameTap, Remembered
from pi_app.display.intents import Back, Press
from pi_app.display.pages import PageButton
from pi_app.display.scene import NewGame, Play, ShowFinal
from pi_app.display.titles import winners_line
from pi_app.export import record_text, usb_folder
from pi_app.i18n import translate, translate_plural
from pi_app.replay import replay_record
from pi_app.table.players import Player
from tests.display.layout_checks import drawn_text, outside, too_small

SEATS = ("Al", "Bo", "Cy")
CAMBIO_ROUNDS = (("Bo", "Dollar"), ("Bo", "Yen"), ("Al", "Dollar"), ("Bo", "Dollar"))


def _(message: str) -> str:
    return translate(message, "display")


def finish_cambio(app: Any, colours: list[int] | None = None) -> None:
    """Bo 280, Al 100, Cy 0 at the target of 250 (see tests/table/test_history.py)."""
    extras = {"colours": colours} if colours else {}
    app.execute(NewGame("cambio", SEATS, {"target": 250}, extras))
    for winner, currency in CAMBIO_ROUNDS:
        for notation in ("deal", "open", f'ring "{winner}"', f"show {currency} 9"):
            app.execute(Play(notation))
    app.step([])


def texts(app: Any) -> str:
    app.dirty = True
    app.step([])
    return drawn_text(app.canvas.texts)


def check_layout(app: Any) -> None:
    canvas = app.canvas
    assert not outside(canvas.texts, canvas.rect)
    assert not too_small(canvas.texts, 18)


def test_the_home_offers_remembered_players_one_tap_each(app_factory: Any) -> None:
    app = app_factory()
    app.journal.choices.remember_players([Player("Bo", 5), Player("Al", 2)])
    app.feed(Press(GameTap("cambio")))
    app.step([])
    home = app.scene
    assert isinstance(home, HomeScene)
    assert home.offered() == ["Al", "Bo"]  # remembered together: by name
    shown = texts(app)
    assert "Al" in shown and "Bo" in shown
    app.feed(Press(Remembered("Bo")))
    assert home.seats[0] == "Bo" and home.selected == 1
    app.feed(Press(Remembered("Al")))
    assert home.seats[:2] == ["Bo", "Al"] and home.offered() == []
    # Bo keeps 5, Al 2; seat 3 finds its own colour (2) taken: the first free one, 0
    assert home.seat_colours() == (5, 2, 0, 3)
    app.step([])
    assert app.canvas.seat_colour(0) == th.SEAT_COLOURS[5]
    app.feed(Press(Remembered("Bo")))  # already seated: refused, nothing changes
    assert home.seats[:2] == ["Bo", "Al"]
    assert app.message is not None and app.message[1]


def test_a_new_game_remembers_typed_names_with_their_colours(app_factory: Any) -> None:
    app = app_factory()
    app.feed(Press(GameTap("cambio")))
    home = app.scene
    home.seats = ["Zoé", home.seats[1], "Yann"]  # seat 1 keeps the colour name it was given
    app.feed(Press("next"))
    app.feed(Press("next"))
    assert app.table is not None and app.table.extras["colours"] == [0, 1, 2]
    assert app.journal.choices.players() == [Player("Yann", 2), Player("Zoé", 0)]


def test_a_two_player_game_says_so_without_plus_and_minus(app_factory: Any) -> None:
    app = app_factory()
    app.feed(Press(GameTap("gambo")))
    shown = texts(app)
    assert translate_plural("{n} player", "{n} players", 2, "display").format(n=2) in shown
    targets = {hit.target for hit in app.canvas.hits}
    assert "add" not in targets and "remove" not in targets
    check_layout(app)
    app.feed(Back())
    app.feed(Press(GameTap("cambio")))
    assert translate_plural("{n} player", "{n} players", 3, "display").format(n=3) not in texts(app)
    assert "add" in {hit.target for hit in app.canvas.hits}


def test_the_end_of_a_game_ranks_charts_and_celebrates(app_factory: Any, clock: FakeClock) -> None:
    app = app_factory()
    finish_cambio(app, colours=[3, 6, 0])
    app.feed(Press("final"))
    app.step([])
    assert isinstance(app.scene, FinalScene)
    shown = texts(app)
    assert winners_line(["Bo"]) in shown
    assert _("{seat} won {count} rounds in a row").format(seat="Bo", count=2) in shown
    assert "280" in shown and "100" in shown
    check_layout(app)
    for _step in range(12):
        clock.advance(0.2)
        app.step([])
    flashes = [call[1] for call in app.show.ring.calls if call[0] == "flash"]
    assert flashes == [th.SEAT_COLOURS[6]] * 6  # Bo's own colour, six times
    app.feed(Press("undo"))  # the last round was wrong: back to the game
    app.step([])
    assert not isinstance(app.scene, FinalScene) and app.table.outcome() is None


@pytest.mark.parametrize("size", ["800x480", "480x320"])
def test_the_history_lists_opens_and_charts_a_game(app_factory: Any, size: str) -> None:
    app = app_factory(size)
    finish_cambio(app)
    app.feed(Press("menu"))
    app.feed(Press(PageButton("history")))
    app.step([])
    scene = app.scene
    assert isinstance(scene, HistoryScene) and scene.count == 1
    check_layout(app)
    app.feed(Press(OpenGame(app.table.game_id)))
    shown = texts(app)
    assert all(seat in shown for seat in SEATS)  # the names at the lines' ends
    check_layout(app)
    app.feed(Press("toggle"))
    shown = texts(app)
    assert "280" in shown and "180" in shown  # Bo after rounds 4 and 2
    check_layout(app)
    app.feed(Press("back"))
    app.feed(Press("back"))
    assert isinstance(app.scene, HomeScene)


def test_a_past_game_is_exported_to_a_usb_stick_or_the_data_folder(
    app_factory: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = app_factory()
    finish_cambio(app)
    game_id = app.table.game_id
    app.feed(Press("menu"))
    app.feed(Press(PageButton("history")))
    app.feed(Press(OpenGame(game_id)))
    stick = tmp_path / "stick"
    stick.mkdir()
    monkeypatch.setattr(HistoryScene, "usb", lambda self: stick)
    app.feed(Press("export"))
    saved = list(stick.glob("*.json"))
    assert len(saved) == 1 and str(saved[0]) in app.message[0]
    record = json.loads(saved[0].read_text(encoding="utf-8"))
    assert saved[0].read_text(encoding="utf-8") == record_text(app.table.export())
    assert replay_record(record)["scores"] == {"Al": 100, "Bo": 280, "Cy": 0}
    monkeypatch.setattr(HistoryScene, "usb", lambda self: None)
    app.feed(Press("export"))
    kept = list((app.journal.path.parent / "exports").glob("*.json"))
    assert len(kept) == 1 and str(kept[0]) in app.message[0]


def test_usb_sticks_are_found_in_the_mount_table(tmp_path: Path) -> None:
    stick = tmp_path / "media" / "pi" / "MY STICK"
    stick.mkdir(parents=True)
    mounts = tmp_path / "mounts"
    mounts.write_text(
        "/dev/mmcblk0p2 / ext4 rw 0 0\n"
        f"/dev/sda1 {str(stick).replace(' ', chr(92) + '040')} vfat rw 0 0\n",
        encoding="utf-8",
    )
    assert usb_folder(mounts, roots=(str(tmp_path / "media"),)) == stick
    assert usb_folder(mounts, roots=("/media/",)) is None
    assert usb_folder(tmp_path / "no-such-file") is None


def test_statistics_are_counted_in_the_background(app_factory: Any) -> None:
    app = app_factory()
    finish_cambio(app)
    app.journal.choices.remember_players([Player(seat, i) for i, seat in enumerate(SEATS)])
    app.feed(Press("menu"))
    app.feed(Press(PageButton("history")))
    app.feed(Press("stats"))
    app.scene.job.finished.wait(10)
    app.step([])
    app.feed(Press(StatsOf("Bo")))
    shown = texts(app)
    assert "Bo" in shown and "280" in shown
    check_layout(app)


def test_chart_points_follow_the_scores(app_factory: Any) -> None:
    app = app_factory()
    finish_cambio(app)
    summary = FinalScene(app.table).summary
    layout = chart_layout(summary, pygame.Rect(0, 0, 400, 200), 60, 20)
    bo, al, cy = layout.lines["Bo"], layout.lines["Al"], layout.lines["Cy"]
    assert len(bo) == 5  # before round 1, then after each of the four
    assert [x for x, _y in bo] == sorted({x for x, _y in bo})
    assert bo[-1][1] < al[-1][1] < cy[-1][1]  # 280 above 100 above 0 (y grows downwards)
    assert bo[0] == al[0] == cy[0]  # everyone starts at 0
    assert layout.plot.collidepoint(bo[-1]) or bo[-1][1] == layout.plot.y


def test_names_at_line_ends_never_overlap() -> None:
    placed = spread([("a", 50), ("b", 52), ("c", 51), ("d", 190)], 20, 10, 190)
    ys = sorted(placed.values())
    assert all(later - earlier >= 20 for earlier, later in itertools.pairwise(ys))
    assert all(10 <= y <= 190 for y in ys)
    crowded = spread([(str(i), 100) for i in range(30)], 20, 0, 100)
    assert len(crowded) == 6 and max(crowded.values()) <= 100


def test_a_tournament_ends_on_the_same_final_screen(app_factory: Any) -> None:
    app = app_factory("480x320")
    players = ("Ana", "Ben", "Cléo", "Dan", "Eve", "Fay")
    app.execute(NewGame("cambio-tournament", players, {"tables": 2, "target": 150}))
    for table, winner, currency in ((0, "Ben", "Dollar"), (1, "Eve", "Yen"), (0, "Ben", "Yen")):
        for action in ("deal", "open", f'ring "{winner}"', f"show {currency} 9"):
            app.execute(Play(f"table {table} {action}"))
    assert app.table.outcome() is not None
    app.feed(Press("final"))
    assert isinstance(app.scene, FinalScene)
    shown = texts(app)
    assert winners_line(["Ben"]) in shown and "180" in shown
    check_layout(app)


def test_a_gambo_game_ends_with_its_duels_charted(app_factory: Any) -> None:
    app = app_factory("480x320")
    app.execute(NewGame("gambo", ("Alice", "Bruno"), {}))
    table = app.table
    while table.outcome() is None:  # the first legal move each turn: duels come first
        table.play(table.game.legal_actions(table.state)[0])
    app.step([])
    app.feed(Press("final"))
    assert isinstance(app.scene, FinalScene)
    summary = app.scene.summary
    assert len(summary.steps) == 9  # one point per duel, the ninth ending the game
    assert summary.scores == {"Alice": table.state.scores[0], "Bruno": table.state.scores[1]}
    shown = texts(app)
    assert _("Biggest duel: {seat} +{points} (move {step})").split(":")[0] in shown
    check_layout(app)


def test_a_shared_win_celebrates_every_winner_in_turn(app_factory: Any, clock: FakeClock) -> None:
    app = app_factory()
    app.execute(NewGame("gambit7", SEATS, {}, {"colours": [4, 0, 6]}))
    for number in range(1, 8):  # every answer above the truth, nobody bets: 0 all round
        for seat in SEATS:
            app.execute(Play(f'answer "{seat}" 50 fr'))
        app.execute(Play("close-bets"))
        app.execute(Play("truth 1 fr"))
        if number < 7:
            app.execute(Play("next"))
    app.execute(ShowFinal())
    for _step in range(20):
        clock.advance(0.2)
        app.step([])
    flashes = [call[1] for call in app.show.ring.calls if call[0] == "flash"]
    assert flashes == [th.SEAT_COLOURS[c] for c in (4, 0, 6)] * 2
    assert winners_line(["Al", "Bo", "Cy"]) in texts(app)
