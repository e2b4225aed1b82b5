"""A faulty memory card never stops the box nor hides a recorded game: on real mounts.

Each fault is made for real on a small tmpfs mounted under the test's temporary
folder (root needed; see `tests.table.mounts`): the card filled to its last byte, the
card remounted read-only, a game row whose setup is not JSON, a journal of a newer
version. For each, `tabletop run` is still running after 10 s, and once the fault is
gone every game recorded before it is listed by `tabletop export --list`. The games
are real ones (Gambo, Gambit 7, Cambio) played through the table with their own rules,
so that a separate `tabletop` process knows them.

In-process, the journal goes on while the card refuses writes: the events queue in
memory and reach the disk, in order, once the card takes writes again. A card cannot
be remounted read-only under an open journal (the kernel refuses while a file is open
for writing), so the read-only card meets a journal opened after it failed, as on a box
restarted on a worn card; the full card also meets the open journal of a game in play.
Every wait is bounded by a deadline, never sized for a fast machine.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

import pytest

from pi_app.i18n import set_language
from pi_app.table import Journal, JournalEvent, Table
from pi_app.table.schema import SCHEMA_VERSION
from tests.paths import ROOT
from tests.table.mounts import Card, tmpfs

RUN_SECONDS = 10.0  # how long `tabletop run` must keep running on the faulty card
PATIENCE = 60.0  # seconds a command, a stop or a write may take on a busy machine
NEWER = 99
FAULTS = ("full", "read-only")
WARNINGS = {
    "full": ("nothing new can be kept", "The memory card is full"),
    "read-only": ("nothing new can be kept", "read-only", "tabletop export"),
}
SEATS = ["Ana", "Ben", "Cy"]


@pytest.fixture(autouse=True)
def english() -> None:
    """The messages checked below are read in English (the conftest resets French)."""
    set_language("en")


@pytest.fixture
def card(tmp_path: Path) -> Iterator[Card]:
    """A 2 MB tmpfs: the box's memory card, unmounted after the test whatever happens."""
    with tmpfs(tmp_path / "card") as mounted:
        yield mounted


def _break(card: Card, fault: str) -> None:
    if fault == "full":
        card.fill()
    else:
        card.make_read_only()


def _heal(card: Card, fault: str) -> None:
    if fault == "full":
        card.empty()
    else:
        card.make_writable()


def _wait(condition: Callable[[], bool], what: str, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"not within {seconds:.0f} s: {what}")
        time.sleep(0.05)


# ---- real games, recorded before the fault -----------------------------------------


def _first_legal(table: Table, moves: int | None = None) -> None:
    """Play the first legal action, `moves` times or to the game's end."""
    played = 0
    while table.outcome() is None and (moves is None or played < moves):
        table.play(table.game.legal_actions(table.state)[0])
        played += 1


def record_games(path: Path) -> dict[int, str]:
    """Real games journaled at `path`, the journal then closed: a Gambo game played to
    its end, a Gambit 7 round and a Cambio game in play, a Gambo game abandoned, and
    the Gambo game in play that the box resumes. Returns each game's id and state as
    `tabletop export --list` says it."""
    journal = Journal(path)
    try:
        finished = Table.new(journal, "gambo", ["Alice", "Bruno"], {}, seed=1)
        _first_legal(finished)
        assert finished.outcome() is not None
        gambit = Table.new(journal, "gambit7", SEATS, {"mat": "default"}, seed=1)
        for notation in ('answer "Ana" "1h30" fr', 'answer "Ben" "1:45" fr', 'answer "Cy" 120 fr'):
            gambit.play(notation)
        cambio = Table.new(journal, "cambio", SEATS, {"target": 250}, seed=3)
        _first_legal(cambio, 3)
        abandoned = Table.new(journal, "gambo", ["Alice", "Bruno"], {}, seed=2)
        _first_legal(abandoned, 2)
        abandoned.abandon()
        in_play = Table.new(journal, "gambo", ["Alice", "Bruno"], {}, seed=3)
        _first_legal(in_play, 4)
        journal.flush(PATIENCE)
    finally:
        journal.close()
    return {
        finished.game_id: "finished",
        gambit.game_id: "in play",
        cambio.game_id: "in play",
        abandoned.game_id: "abandoned",
        in_play.game_id: "in play",
    }


# ---- `tabletop` as a separate process ----------------------------------------------


@dataclass
class Ran:
    """What a `tabletop run` did: still running at the deadline, and what it wrote."""

    running: bool
    code: int | None
    stderr: str


class Box:
    """`tabletop` run as the box runs it: simulated devices, no phones, no Wi-Fi, no
    sound, a configuration and data folders of its own (outside the card), English."""

    def __init__(self, home: Path) -> None:
        self.home = home
        home.mkdir()
        self.config = home / "box.toml"
        self.config.write_text(
            '[phones]\nenabled = false\n\n[wifi]\nhotspot = "never"\n\n[sound]\nmute = true\n',
            encoding="utf-8",
        )
        env = {k: v for k, v in os.environ.items() if k not in ("TABLETOP_CONFIG", "TABLETOP_LANG")}
        env.update(
            SDL_VIDEODRIVER="dummy",
            SDL_AUDIODRIVER="dummy",
            PYGAME_HIDE_SUPPORT_PROMPT="1",
            PYTHONUNBUFFERED="1",
            XDG_CONFIG_HOME=str(home / "config"),
            XDG_DATA_HOME=str(home / "data"),
        )
        self.env = env

    def argv(self, journal: Path, *command: str) -> list[str]:
        return [
            sys.executable,
            "-m",
            "pi_app",
            "--config",
            str(self.config),
            "--lang",
            "en",
            "--journal",
            str(journal),
            "--hardware",
            "sim",
            *command,
        ]

    def run(self, journal: Path) -> Ran:
        """`tabletop run` for RUN_SECONDS, then stopped (SIGTERM, then SIGKILL)."""
        err_path, out_path = self.home / "run.stderr", self.home / "run.stdout"
        with open(out_path, "wb") as out, open(err_path, "wb") as err:
            child = subprocess.Popen(
                self.argv(journal, "run"), stdout=out, stderr=err, env=self.env, cwd=ROOT
            )
            try:
                child.wait(RUN_SECONDS)
                running = False
            except subprocess.TimeoutExpired:
                running = child.poll() is None
            finally:
                _stop(child)
        return Ran(running, child.returncode, err_path.read_text(errors="replace"))

    def command(self, journal: Path, *command: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            self.argv(journal, *command),
            capture_output=True,
            text=True,
            env=self.env,
            cwd=ROOT,
            timeout=PATIENCE,
            check=False,
        )

    def listed(self, journal: Path) -> dict[int, str]:
        """`tabletop export --list`: each game's id and state; it must exit 0."""
        done = self.command(journal, "export", "--list")
        assert done.returncode == 0, done.stderr
        assert "Traceback" not in done.stderr, done.stderr
        states = {}
        for line in done.stdout.splitlines():
            number, _game, _seats, state = line.split("\t")
            states[int(number)] = state
        return states


def _stop(child: subprocess.Popen[bytes]) -> None:
    if child.poll() is None:
        child.send_signal(signal.SIGTERM)
        try:
            child.wait(PATIENCE)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait(PATIENCE)


@pytest.fixture
def box(tmp_path: Path) -> Box:
    return Box(tmp_path / "box")


def _assert_ran(ran: Ran) -> None:
    assert ran.running, f"tabletop run ended (exit {ran.code}) within {RUN_SECONDS:.0f} s:\n" + (
        ran.stderr
    )
    assert "Traceback" not in ran.stderr, ran.stderr


# ---- the box on a faulty card ------------------------------------------------------


@pytest.mark.parametrize("fault", FAULTS)
def test_the_box_runs_on_a_faulty_card_and_lists_every_game_once_it_is_healed(
    card: Card, box: Box, fault: str
) -> None:
    path = card.folder / "journal.sqlite3"
    recorded = record_games(path)
    _break(card, fault)
    ran = box.run(path)
    _assert_ran(ran)
    for words in WARNINGS[fault]:
        assert words in ran.stderr, ran.stderr
    _heal(card, fault)
    assert box.listed(path) == recorded


def test_the_box_runs_with_a_game_whose_setup_is_not_json(card: Card, box: Box) -> None:
    path = card.folder / "journal.sqlite3"
    recorded = record_games(path)
    broken = max(recorded)  # the game in play the box offers to resume
    with closing(sqlite3.connect(path)) as db:
        db.execute("UPDATE games SET setup='{not json' WHERE id=?", (broken,))
        db.commit()
    _assert_ran(box.run(path))
    listed = box.listed(path)
    assert set(listed) == set(recorded)
    assert listed[broken].startswith("unreadable: "), listed[broken]
    assert len(listed[broken]) > len("unreadable: ")  # with the reason
    assert {n: s for n, s in listed.items() if n != broken} == {
        n: s for n, s in recorded.items() if n != broken
    }


def _user_version(path: Path) -> int:
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        return int(db.execute("PRAGMA user_version").fetchone()[0])


def test_the_box_runs_on_a_newer_journal_and_never_changes_it(card: Card, box: Box) -> None:
    path = card.folder / "journal.sqlite3"
    recorded = record_games(path)
    with closing(sqlite3.connect(path)) as db:
        db.execute(f"PRAGMA user_version={NEWER}")
    before = path.read_bytes()
    ran = box.run(path)
    _assert_ran(ran)
    assert "newer version" in ran.stderr, ran.stderr
    assert path.read_bytes() == before
    wal = path.with_name(path.name + "-wal")
    assert not wal.exists() or wal.stat().st_size == 0
    assert box.listed(path) == recorded
    assert path.read_bytes() == before
    assert _user_version(path) == NEWER


@pytest.mark.parametrize("command", [("export", "--list"), ("run",)], ids=["export", "run"])
def test_a_newer_journal_that_does_not_read_is_refused_in_one_line(
    card: Card, box: Box, command: tuple[str, ...]
) -> None:
    path = card.folder / "journal.sqlite3"
    with closing(sqlite3.connect(path)) as db:
        db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
        db.execute("INSERT INTO notes (text) VALUES ('kept')")
        db.commit()
        db.execute(f"PRAGMA user_version={NEWER}")
    before = path.read_bytes()
    done = box.command(path, *command)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert f"journal version {NEWER}" in lines[0], lines[0]
    assert f"reads up to {SCHEMA_VERSION}" in lines[0], lines[0]
    assert "Traceback" not in done.stderr
    assert path.read_bytes() == before


# ---- the journal goes on while the card refuses writes, and catches up --------------


def _moves(table: Table, count: int) -> list[JournalEvent]:
    events = []
    for _ in range(count):
        table.play("add 1")
        events.append(JournalEvent("action", "add 1"))
    return events


def test_a_card_that_fills_up_in_play_keeps_the_game_and_writes_it_once_emptied(
    card: Card,
) -> None:
    path = card.folder / "journal.sqlite3"
    journal = Journal(path)
    fresh = None
    try:
        table = Table.new(journal, "tiny-race", ["Ana", "Ben"], {"target": 10_000}, seed=3)
        events = _moves(table, 20)
        journal.flush(PATIENCE)
        card.fill()
        deadline = time.monotonic() + PATIENCE
        while journal.error is None:  # play on until a commit meets the full card
            assert time.monotonic() < deadline, "the full card never refused a write"
            events += _moves(table, 1)
            _wait(lambda: journal.error is not None or journal.pending == 0, "a commit")
        assert not journal.writable
        events += _moves(table, 10)  # play goes on
        assert table.state.total == len(events)
        assert journal.pending > 0
        assert [e.id for e in journal.games()] == [table.game_id]  # reads answer at once
        card.empty()
        _wait(lambda: journal.pending == 0, "the queued events written once emptied")
        assert journal.error is None and journal.writable
        fresh = Journal(path)
        resumed = Table.resume(fresh)
        assert resumed is not None and resumed.state == table.state
        assert fresh.events(table.game_id) == events
    finally:
        journal.close()
        if fresh is not None:
            fresh.close()


@pytest.mark.parametrize("fault", FAULTS)
def test_a_game_in_play_goes_on_from_a_faulty_card_and_is_written_once_healed(
    card: Card, fault: str
) -> None:
    path = card.folder / "journal.sqlite3"
    journal = Journal(path)
    table = Table.new(journal, "tiny-race", ["Ana", "Ben"], {"target": 10_000}, seed=3)
    events = _moves(table, 5)
    journal.close()
    _break(card, fault)
    journal = Journal(path)  # the box restarted on the faulty card
    fresh = None
    try:
        assert journal.error is not None and "nothing new can be kept" in journal.error
        resumed = Table.resume(journal)
        assert resumed is not None and resumed.state == table.state
        events += _moves(resumed, 7)
        assert journal.pending == 7
        assert journal.error is not None and not journal.writable
        assert resumed.state.total == 12
        _heal(card, fault)
        _wait(lambda: journal.pending == 0, "the queued events written once healed")
        assert journal.error is None and journal.writable
        fresh = Journal(path)
        assert fresh.error is None
        again = Table.load(fresh, table.game_id)
        assert again.state == resumed.state
        assert fresh.events(table.game_id) == events
    finally:
        journal.close()
        if fresh is not None:
            fresh.close()


@pytest.mark.parametrize("fault", FAULTS)
def test_a_new_game_on_a_card_faulty_at_start_is_written_once_healed(
    card: Card, fault: str
) -> None:
    path = card.folder / "journal.sqlite3"
    journal = Journal(path)
    first = Table.new(journal, "tiny-race", ["Ana", "Ben"], {"target": 3}, seed=3)
    first.play("add 1")
    first.play("add 2")
    journal.close()
    _break(card, fault)
    journal = Journal(path)
    fresh = None
    try:
        assert journal.error is not None
        for words in WARNINGS[fault]:
            assert words in journal.error, journal.error
        assert [(e.id, e.finished) for e in journal.games()] == [(first.game_id, True)]
        table = Table.new(journal, "tiny-race", ["Cy", "Di"], {"target": 5}, seed=4)
        assert table.game_id == first.game_id + 1
        for move in ("add 2", "add 1", "add 2"):
            table.play(move)
        assert table.outcome() is not None  # a whole game played on the faulty card
        assert journal.pending > 0 and not journal.writable
        _heal(card, fault)
        _wait(lambda: journal.pending == 0, "the new game written once healed")
        assert journal.error is None
        fresh = Journal(path)
        entries = fresh.games()
        assert [(e.id, e.finished) for e in entries] == [
            (first.game_id, True),
            (table.game_id, True),
        ]
        assert Table.load(fresh, table.game_id).state == table.state
    finally:
        journal.close()
        if fresh is not None:
            fresh.close()


def test_a_read_only_card_left_with_the_wal_of_a_pulled_plug_is_written_once_healed(
    card: Card,
) -> None:
    """A card that turned read-only after a stop that was not clean still holds the
    journal's -wal and -shm: SQLite then opens the journal read-only without a word.
    The box must see that at its start (nothing new kept, play goes on in memory) and
    write the queued events once the card takes writes again, never a connection that
    stays "readonly" for good."""
    path = card.folder / "journal.sqlite3"
    journal = Journal(path)
    table = Table.new(journal, "tiny-race", ["Ana", "Ben"], {"target": 10_000}, seed=3)
    _moves(table, 5)
    journal.close()
    left_open = "import os, sqlite3, sys; db = sqlite3.connect(sys.argv[1]); "
    left_open += "db.execute('SELECT COUNT(*) FROM games').fetchone(); os._exit(0)"
    subprocess.run([sys.executable, "-c", left_open, str(path)], check=True, timeout=60)
    assert (card.folder / "journal.sqlite3-shm").exists()  # the pulled plug's leftovers
    card.make_read_only()
    journal = Journal(path)
    try:
        assert journal.error is not None and not journal.writable
        resumed = Table.resume(journal)
        assert resumed is not None and resumed.state == table.state
        _moves(resumed, 7)
        card.make_writable()
        _wait(lambda: journal.pending == 0, "the queued events written once healed")
    finally:
        journal.close()
    with closing(sqlite3.connect(path)) as db:
        assert db.execute("SELECT COUNT(*) FROM events").fetchone()[0] == 12
