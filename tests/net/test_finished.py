"""A finished tournament is closed for good: no box takes it up again at a restart.

Seen by a user: after a Cambio tournament across boxes had ended, every restart of a
box took it up again: the creating box started Mosquitto again, the joined box said
it was offline and its table played on. A tournament that ended is kept in each box's
journal (its history) once; at the next start neither box links to anything nor
starts Mosquitto. While the boxes still run after the end, the creator keeps its
broker (a box that missed the last round reads it there), and a joined box, which
holds the whole order, does not reach again for a broker it lost.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from pi_app.box.tournament import BoxTournament
from pi_app.net.broker import Broker
from pi_app.net.ports import free_port
from pi_app.net.table import TournamentTable
from pi_app.table import Journal
from pi_app.table.history import History
from tests.net.harness import need_mosquitto, wait_until

SEATS = ("Ana", "Ben", "Cleo", "Dan", "Eve", "Fay")
PATIENCE = 60.0


@dataclass
class Box:
    """One box's tournament side, its folder and its journal."""

    folder: Path
    config: dict[str, Any]
    journal: Journal
    network: BoxTournament

    @classmethod
    def make(cls, folder: Path, config: dict[str, Any]) -> Box:
        journal = Journal(folder / "journal.sqlite3")
        return cls(folder, config, journal, BoxTournament(config, folder, lambda: None))

    @property
    def table(self) -> TournamentTable:
        assert self.network.table is not None
        return self.network.table

    def shut(self) -> None:
        """The box stops (its tournament store closed, its journal kept open here)."""
        self.network.close()
        if self.network.store is not None:
            self.network.store.close()
            self.network.store = None


def polled(boxes: list[Box], check: Callable[[], bool], what: str) -> None:
    """Poll every box, as its loop does between frames, until `check` holds."""

    def step() -> bool:
        for box in boxes:
            box.network.poll(box.journal)
        return check()

    wait_until(step, PATIENCE, what)


def play_round(table: TournamentTable, winner: str) -> None:
    for action in ("deal", "open", f'ring "{winner}"', "show Dollar 9"):
        table.play(f"table {table.index} {action}")


@pytest.fixture
def ended(tmp_path: Path) -> Iterator[tuple[Box, Box]]:
    """Two boxes whose tournament ended: Ana won twice at table 1 (200, the target)."""
    need_mosquitto()
    port = free_port()
    one = Box.make(tmp_path / "one", {"tournament.port": port})
    two = Box.make(tmp_path / "two", {"tournament.broker": "127.0.0.1", "tournament.port": port})
    try:
        made = one.network.create(SEATS, {"variant": "simple", "target": 200}, 2)
        two.network.join(made.box.me.tid, made.box.me.join, 1)
        polled([one, two], lambda: two.table.state is not None, "box two has the settings")
        play_round(made, "Ana")
        play_round(made, "Ana")
        polled(
            [one, two],
            lambda: one.table.archived is not None and two.table.archived is not None,
            "the end kept in both journals",
        )
        yield one, two
    finally:
        for box in (one, two):
            box.shut()
            box.journal.close()


def test_a_finished_tournament_is_not_taken_up_again_at_a_restart(
    ended: tuple[Box, Box], monkeypatch: pytest.MonkeyPatch
) -> None:
    spawned: list[int] = []
    spawn = Broker._spawn

    def counted(broker: Broker) -> Any:
        spawned.append(broker.port)
        return spawn(broker)

    monkeypatch.setattr(Broker, "_spawn", counted)
    for box in ended:
        kept = History(box.journal).page(0, 5)
        record = History(box.journal).record(kept[0].id)
        box.shut()
        again = BoxTournament(box.config, box.folder, lambda: None)
        try:
            assert again.resume() is None
            assert again.table is None and again.broker is None
        finally:
            again.close()
            if again.store is not None:
                again.store.close()
        past = History(box.journal).page(0, 5)  # the record stays in the history, once
        assert [p.game for p in past] == ["cambio-tournament"]
        assert History(box.journal).record(past[0].id) == record
    assert spawned == []  # no Mosquitto started by the creator


def test_after_the_end_a_joined_box_lets_a_lost_broker_go(ended: tuple[Box, Box]) -> None:
    one, two = ended
    joined = two.table.box
    polled([one, two], lambda: joined.online, "box two online after the end")
    broker = one.network.broker
    assert broker is not None and broker.process is not None and broker.process.poll() is None
    assert one.table.box.link is not None  # the creator keeps serving the end
    broker.kill()  # the creating box goes (its broker with it), never to come back
    polled([two], lambda: joined.link is None, "box two stops reaching for the broker")
    assert not joined.online and two.table.outcome() is not None
