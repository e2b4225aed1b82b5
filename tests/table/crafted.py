"""Files made by someone with the card in hand, for the tests of what the box reads:
journals and backups whose schema was edited, and the box's commands run in a child
process with a deadline (a read that never ends fails the test, never hangs it)."""

from __future__ import annotations

import os
import resource
import sqlite3
import subprocess
import sys
from pathlib import Path

from pi_app.table import Journal, Table

PATIENCE = 60.0  # seconds a command may take on a loaded machine; a hang takes for ever
ROOT = Path(__file__).resolve().parents[2]
ENDLESS_GAMES = (
    "CREATE VIEW games (id, game, setup, started, finished, abandoned, deleted) AS "
    "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) "
    "SELECT i, 'tiny-race', '{}', 0, 0, 0, 0 FROM n"
)
"""A `games` that never ends: a view counting up without a bound."""


def three_games(path: Path) -> None:
    """A journal of three finished games of the tiny race, closed cleanly."""
    path.parent.mkdir(parents=True, exist_ok=True)
    journal = Journal(path, keep_backups=False)
    for seed in (1, 2, 3):
        table = Table.new(journal, "tiny-race", ["Ana", "Ben"], {"target": 3}, seed=seed)
        table.play("add 1")
        table.play("add 2")
    journal.close()


def edit(path: Path, *statements: str) -> None:
    """Run `statements` on the file as a program other than the box would."""
    db = sqlite3.connect(path, isolation_level=None)
    try:
        for statement in statements:
            db.execute(statement)
    finally:
        db.close()


def version_4_with_a_renamed_column(path: Path) -> None:
    """A journal of version 4 (no statistics yet) of three games whose column
    `finished` reads `finishex` in its schema: SQLite's quick check passes it, and its
    upgrade fails ("no such column: finished")."""
    three_games(path)
    db = sqlite3.connect(path, isolation_level=None)
    try:
        found = db.execute(
            "SELECT type, name FROM sqlite_master WHERE type='trigger' "
            "OR name IN ('results', 'player_totals', 'game_totals', 'kept', 'games_by_end')"
        ).fetchall()
        for kind, name in sorted(found, key=lambda row: row[0] != "trigger"):
            db.execute(f"DROP {kind} IF EXISTS {name}")
        db.execute("PRAGMA user_version=4")
        db.execute("PRAGMA writable_schema=ON")
        db.execute(
            "UPDATE sqlite_master SET sql=replace(sql, 'finished INTEGER', 'finishex INTEGER') "
            "WHERE name='games'"
        )
    finally:
        db.close()
    check = sqlite3.connect(path)
    assert check.execute("PRAGMA quick_check").fetchone()[0] == "ok"
    check.close()


MEMORY = 2 * 1024**3  # bytes of address space a child may take: a runaway read stops there


def _bounded_memory() -> None:
    """In the child, before it runs: an address space of MEMORY at most, so a read
    that grows without end (`/dev/zero`) fails it instead of the machine."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def _path() -> str:
    """The children's PYTHONPATH: this one's first (the package tested), then the tests."""
    return os.pathsep.join(filter(None, (os.environ.get("PYTHONPATH"), str(ROOT))))


def tabletop(
    *args: str, env: dict[str, str] | None = None, stdout: int | None = subprocess.PIPE
) -> subprocess.CompletedProcess[str]:
    """`tabletop ARGS` in a child process, in English unless `env` says otherwise; it
    must end within PATIENCE (a hang fails the test, with what it said)."""
    environment = {**os.environ, "PYTHONPATH": _path(), "TABLETOP_LANG": "en"}
    environment.update(env or {})
    try:
        return subprocess.run(
            [sys.executable, "-m", "pi_app", *args],
            stdout=stdout,
            stderr=subprocess.PIPE,
            text=True,
            env=environment,
            timeout=PATIENCE,
            preexec_fn=_bounded_memory,
            check=False,
        )
    except subprocess.TimeoutExpired as hung:
        raise AssertionError(f"tabletop {' '.join(args)} still ran after {PATIENCE} s") from hung


def python(code: str, *args: str) -> subprocess.CompletedProcess[str]:
    """`code` run by Python in a child process with the tiny race registered, within
    PATIENCE; its output as text."""
    prelude = "import sys\nfrom tests import conftest\n"
    try:
        return subprocess.run(
            [sys.executable, "-c", prelude + code, *args],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": _path()},
            timeout=PATIENCE,
            preexec_fn=_bounded_memory,
            check=False,
        )
    except subprocess.TimeoutExpired as hung:
        raise AssertionError(f"the child still ran after {PATIENCE} s") from hung


def one_line_refusal(done: subprocess.CompletedProcess[str]) -> str:
    """The one line a refused command printed (exit 2, no traceback); returns it."""
    said = done.stderr.strip()
    assert done.returncode == 2, (done.returncode, done.stderr[-2000:])
    assert said and "\n" not in said and "Traceback" not in said, said[-2000:]
    return said
