"""`tabletop export`: a journaled game as a game record, for `tabletop replay`.

The history screen saves records through the same `record_text`, so a record saved
from the box and one printed by `tabletop export` are the same file.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pi_app.config import Config
from pi_app.errors import describe
from pi_app.i18n import Translator
from pi_app.table.journal import Journal
from pi_app.table.readable import problem_of
from pi_app.table.rows import GameEntry
from pi_app.table.table import Table

_ = Translator("core")


def run(args: argparse.Namespace, config: Config) -> int:
    """The `export` command: a game's record, or the list of every journaled game (a
    game that cannot be read is listed too, with why)."""
    journal = Journal(config.journal_path, keep_backups=False)
    try:
        for said in (journal.notice, journal.error):
            if said:
                print(said, file=sys.stderr)
        entries = journal.games()
        if args.list:
            for entry in entries:
                print(
                    f"{entry.id}\t{entry.game}\t{', '.join(entry.seats)}\t{_state(journal, entry)}"
                )
            return 0
        return _export(args, journal, entries)
    finally:
        journal.close()


def _state(journal: Journal, entry: GameEntry) -> str:
    problem = problem_of(journal, entry)
    if problem is not None:
        return _("unreadable: {why}").format(why=problem)
    if entry.finished:
        return _("finished")
    return _("abandoned") if entry.abandoned else _("in play")


def _export(args: argparse.Namespace, journal: Journal, entries: list[GameEntry]) -> int:
    finished = [e for e in entries if e.finished]
    chosen = args.game if args.game is not None else (finished[-1].id if finished else None)
    entry = None if chosen is None else journal.game(chosen)
    if entry is None:
        print(_("No finished game to export (see tabletop export --list)."), file=sys.stderr)
        return 2
    problem = problem_of(journal, entry)
    if problem is not None:
        print(
            _("Game {id} cannot be read: {why}").format(id=entry.id, why=problem), file=sys.stderr
        )
        return 2
    text = record_text(Table.load(journal, entry.id).export())
    if args.output:
        try:
            args.output.write_text(text, encoding="utf-8")
        except OSError as error:
            where = _("Cannot write {file}: {error}").format(
                file=args.output, error=describe(error)
            )
            print(where, file=sys.stderr)
            return 2
    else:
        print(text, end="")
    return 0


USB_ROOTS = ("/media/", "/run/media/", "/mnt/")
"""Where the system mounts a USB stick (udisks under /media or /run/media; by hand /mnt)."""


def record_text(record: Mapping[str, Any]) -> str:
    """A game record as a file holds it: indented JSON, UTF-8 names kept as written."""
    return json.dumps(record, ensure_ascii=False, indent=1) + "\n"


def usb_folder(
    mounts: Path = Path("/proc/mounts"), roots: tuple[str, ...] = USB_ROOTS
) -> Path | None:
    """The first writable USB stick mounted under `roots`, or None.

    `mounts` is the kernel's table of mounts (a test gives its own).
    """
    try:
        lines = mounts.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return None
    for line in lines:
        fields = line.split()
        if len(fields) < 2:
            continue
        point = fields[1].replace("\\040", " ")
        if point.startswith(roots) and os.access(point, os.W_OK):
            return Path(point)
    return None


def save_record(
    record: Mapping[str, Any],
    game_id: int,
    data_folder: Path,
    usb: Path | None = None,
) -> Path:
    """Write a record to the USB stick `usb` if given, else to `data_folder`/exports.

    Returns the file written; OSError when it cannot be (the caller says why).
    """
    folder = usb or data_folder / "exports"
    folder.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{record.get('game', 'game')}-{game_id}-{stamp}.json"
    path.write_text(record_text(record), encoding="utf-8")
    return path
