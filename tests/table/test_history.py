"""The history, the statistics and the chart data, against figures worked out by hand.

Two games are played through the table API on one journal:

Gambit 7, seats Al, Bo, Cy, default mat (R1: centre 6/4, one step out 8/5):
- round 1: answers 10, 20, 30 (20 on the centre), truth 25: the centre wins. Al's one
  chip there pays 6 alone; Bo's slate adds the shared value 4. Al 6, Bo 4, Cy 0.
- round 2: answers 5, 7, 9 (7 on the centre), truth 100: 9 wins, one step above. Bo's
  Gambit 7 token on 9 multiplies Bo's 4 by 7 (R2); Al's token on 5 resets Al to 0; Cy's
  slate adds 5. Al 0, Bo 28, Cy 5.
- rounds 3 to 7: every answer 50, truth 1: Moins que ça wins, nobody bet, no bonus.
  Final: Al 0, Bo 28, Cy 5; Bo wins. Own slate won: Al 0, Bo 1, Cy 1 of 7 rounds each.

Cambio, seats Al, Bo, Cy, target 250 (3 seats: Dollar 100, Deutschemark 85, Yen 80):
Bo Dollar, Bo Yen, Al Dollar, Bo Dollar: Bo 100, 180, 180, 280; Al 0, 0, 100, 100.
Bo reaches the target in round 4 and wins; Bo won rounds 1 and 2 in a row.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pi_app.table import Journal, Table
from pi_app.table.history import History, summary_of
from pi_app.table.players import Player
from pi_app.table.summary import Fact
from tests.table.games import play_gambit7

SEATS = ["Al", "Bo", "Cy"]


def play_cambio(journal: Journal, rounds: list[tuple[str, str]] | None = None) -> Table:
    table = Table.new(journal, "cambio", SEATS, {"target": 250})
    for winner, currency in rounds or [
        ("Bo", "Dollar"),
        ("Bo", "Yen"),
        ("Al", "Dollar"),
        ("Bo", "Dollar"),
    ]:
        for notation in ("deal", "open", f'ring "{winner}"', f"show {currency} 9"):
            table.play(notation)
    return table


@pytest.fixture
def journal(tmp_path: Path) -> Journal:
    made = Journal(tmp_path / "journal.sqlite3")
    yield made
    made.close()


@pytest.fixture
def played(journal: Journal) -> History:
    journal.choices.remember_players([Player(name, i) for i, name in enumerate(SEATS)])
    play_gambit7(journal, SEATS)
    play_cambio(journal)
    unfinished = Table.new(journal, "cambio", SEATS, {"target": 250})
    unfinished.play("deal")
    return History(journal)


def test_the_gambit7_summary_matches_the_hand_count(journal: Journal) -> None:
    summary = summary_of(play_gambit7(journal, SEATS))
    assert summary.scores == {"Al": 0, "Bo": 28, "Cy": 5}
    assert summary.winners == ("Bo",)
    assert summary.series["Al"] == (0, 6, 0, 0, 0, 0, 0, 0)
    assert summary.series["Bo"] == (0, 4, 28, 28, 28, 28, 28, 28)
    assert summary.series["Cy"] == (0, 0, 5, 5, 5, 5, 5, 5)
    assert summary.steps == (1, 2, 3, 4, 5, 6, 7)
    assert summary.own_slate_wins == {"Al": 0, "Bo": 1, "Cy": 1}
    assert Fact("best-round", "Bo", 24, 2) in summary.facts
    assert Fact("token-won", "Bo", 4, 2) in summary.facts  # played on 4 points
    assert Fact("token-lost", "Al", 6, 2) in summary.facts  # played on 6 points
    assert summary.table[1] == ("2", (0.0, 28.0, 5.0))
    assert [(place, seat) for place, seat, _score in summary.ranking()] == [
        (1, "Bo"),
        (2, "Cy"),
        (3, "Al"),
    ]


def test_the_cambio_summary_matches_the_hand_count(journal: Journal) -> None:
    summary = summary_of(play_cambio(journal))
    assert summary.scores == {"Al": 100, "Bo": 280, "Cy": 0}
    assert summary.series["Bo"] == (0, 100, 180, 180, 280)
    assert summary.series["Al"] == (0, 0, 0, 100, 100)
    assert summary.winners == ("Bo",)
    # Bo's +100 in round 1 comes before Al's +100 in round 3: the earliest is kept
    assert summary.facts == (Fact("best-round", "Bo", 100, 1), Fact("streak", "Bo", 2, 2))


def test_the_history_lists_finished_games_newest_first(played: History) -> None:
    assert played.count() == 2
    first, second = played.page(0, 1)[0], played.page(1, 1)[0]
    assert (first.game, second.game) == ("cambio", "gambit7")
    assert first.seats == tuple(SEATS)
    assert first.summary is not None and first.summary.winners == ("Bo",)
    assert played.page(2, 1) == []
    assert [g.id for g in played.page(0, 5)] == [first.id, second.id]


def test_the_history_and_the_export_agree(played: History) -> None:
    from pi_app.replay import replay_record

    for past in played.page(0, 5):
        record = played.record(past.id)
        assert past.summary is not None
        assert replay_record(record)["scores"] == past.summary.scores


def test_statistics_per_player(played: History) -> None:
    stats = {s.name: s for s in played.stats()}
    assert set(stats) == set(SEATS)
    bo, al, cy = stats["Bo"], stats["Al"], stats["Cy"]
    assert (bo.played, bo.won) == (2, 2)
    assert (bo.games["gambit7"].won, bo.games["gambit7"].best) == (1, 28)
    assert (bo.games["cambio"].won, bo.games["cambio"].best) == (1, 280)
    assert (al.played, al.won, al.games["cambio"].best, al.games["gambit7"].best) == (2, 0, 100, 0)
    assert (cy.games["gambit7"].best, cy.games["cambio"].best) == (5, 0)
    assert (bo.slate_wins, bo.slate_rounds) == (1, 7)
    assert (al.slate_wins, cy.slate_wins) == (0, 1)


def test_statistics_progress_counts_every_finished_game(played: History) -> None:
    kept = {s.name: s for s in played.stats()}
    with played.journal._lock:  # a journal made before the statistics were kept
        played.journal._db.execute("DELETE FROM kept")
        played.journal._db.execute("DELETE FROM results")
    heard: list[tuple[int, int]] = []
    assert {s.name: s for s in played.stats(progress=lambda *a: heard.append(a))} == kept
    assert heard == [(1, 2), (2, 2)]  # built once, from every finished game
    heard.clear()
    assert {s.name: s for s in played.stats(progress=lambda *a: heard.append(a))} == kept
    assert heard == []  # kept from then on: nothing folded


def test_an_undo_after_the_end_is_not_served_stale(journal: Journal) -> None:
    history = History(journal)
    table = play_cambio(journal)
    assert history.summary(table.game_id).scores["Bo"] == 280  # type: ignore[union-attr]
    table.undo()
    table.undo()  # round 4 back to trading: Bo's ring and show taken back
    assert history.count() == 0  # no longer finished
    for notation in ('ring "Cy"', "show Dollar 9"):
        table.play(notation)
    assert history.count() == 0  # Cy 100: nobody has reached 250 yet
    for notation in ("deal", "open", 'ring "Bo"', "show Dollar 9"):
        table.play(notation)
    summary = history.summary(table.game_id)
    assert summary is not None and summary.scores == {"Al": 100, "Bo": 280, "Cy": 100}


def test_a_game_that_cannot_be_folded_is_listed_without_a_summary(journal: Journal) -> None:
    table = play_cambio(journal)
    journal.flush()
    with journal._lock:  # a journal written by a box with other rules
        journal._db.execute("UPDATE games SET game='unknown-game' WHERE id=?", (table.game_id,))
    past = History(journal).page(0, 5)
    assert [(p.game, p.summary) for p in past] == [("unknown-game", None)]


def test_gambo_tells_its_biggest_duel_as_its_own_fact(journal: Journal) -> None:
    table = Table.new(journal, "gambo", ["Alice", "Bruno"], {})
    while table.outcome() is None:  # the first legal move each turn: duels come first
        table.play(table.game.legal_actions(table.state)[0])
    summary = summary_of(table)
    assert summary.seats == ("Alice", "Bruno")  # its sides named by the table's seats
    assert [fact.kind for fact in summary.facts] == ["best-duel"]
    assert summary.facts[0].step in summary.steps  # a duel's move
    assert summary.own_slate_wins == {}


def test_a_game_without_hooks_is_charted_from_its_replay(journal: Journal) -> None:
    """The tiny test game has no chart or facts of its own, and its replay lists
    `"moves"`, not `"rounds"`: each move is a point, its biggest gain the fact."""
    table = Table.new(journal, "tiny-race", ["Ann", "Bob"], {"target": 5})
    for move in ("add 1", "add 2", "add 2"):
        table.play(move)
    summary = summary_of(table)
    assert summary.winners == ("Ann",)
    assert summary.series == {"Ann": (0, 1, 1, 3), "Bob": (0, 0, 2, 2)}
    assert summary.facts == (Fact("best-round", "Bob", 2, 2),)
    assert summary.table[2] == ("3", (3.0, 2.0))
    assert summary.own_slate_wins == {}
