"""`tabletop journal backups|restore N|statistics`: the journal's automatic backups, by
hand, and its statistics counted again from scratch.

A restore never deletes anything: the journal it replaces is renamed beside it
(`journal.sqlite3.replaced-<stamp>`), and it refuses while a box process starts or
has the journal open, so a running game cannot be cut from under the table. The
backup is made ready beside the journal first (`restoring`): only a journal this
version reads, without views or triggers of its own, owned as the file it replaces.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import time
from pathlib import Path

from pi_app.config import Config
from pi_app.errors import Refusal, describe
from pi_app.i18n import Translator
from pi_app.table import backups, restoring
from pi_app.table.disk import JournalDamaged
from pi_app.table.lock import unused
from pi_app.table.opening import set_aside

_ = Translator("core")


def run(args: argparse.Namespace, config: Config) -> int:
    """The `journal` command."""
    path = config.journal_path
    if args.action == "backups":
        return _list(path)
    if args.action == "statistics":
        return _statistics(path)
    return _restore(path, int(args.number), time.time())


def _statistics(path: Path) -> int:
    """Fold every finished game again and keep its results as the statistics (they are
    kept as games end; this makes them again, as after a fix to a game's rules)."""
    from pi_app.table.history import History
    from pi_app.table.journal import Journal

    journal = Journal(path, keep_backups=False)
    try:
        if not journal.writable:
            raise Refusal(journal.error or _("The journal cannot be written."))
        folded = History(journal).rebuild_stats()
    finally:
        journal.close()
    print(
        _.plural(
            "The statistics were counted again from {count} finished game.",
            "The statistics were counted again from {count} finished games.",
            len(folded),
        ).format(count=len(folded))
    )
    return 0


def _list(path: Path) -> int:
    found = backups.listed(path)
    if not found:
        print(_("No backup yet: one is made after a game ends, at most every 30 minutes."))
        return 0
    for number, backup in enumerate(found, start=1):
        games = backups.count_games(backup.path)
        count = (
            _("cannot be read")
            if games is None
            else _.plural("{count} game", "{count} games", games).format(count=games)
        )
        print(f"{number}\t{_when(backup.made)}\t{count}\t{backup.size // 1024} KB\t{backup.path}")
    return 0


def _when(seconds: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(seconds))


def _restore(path: Path, number: int, now: float) -> int:
    found = backups.listed(path)
    if not 1 <= number <= len(found):
        raise Refusal(
            _("There is no backup {number} (see tabletop journal backups).").format(number=number)
        )
    backup = found[number - 1]
    if not backups.readable(backup.path):
        raise Refusal(_("The backup {number} cannot be read.").format(number=number))
    try:
        with unused(path):
            part = restoring.prepared(backup.path, path)
            kept = set_aside(path, now, "replaced") if path.exists() else None
            os.replace(part, path)
            backups.sync(path.parent)
    except JournalDamaged as error:
        raise Refusal(
            _("The backup {number} is not a journal this version reads ({why}).").format(
                number=number, why=describe(error)
            )
        ) from None
    except (OSError, sqlite3.Error) as error:
        raise Refusal(
            _("The backup could not be restored: {error}").format(error=describe(error))
        ) from None
    said = _("The backup of {when} is restored.").format(when=_when(backup.made))
    if kept is not None:
        said += " " + _("The journal it replaces is kept as {kept}.").format(kept=kept.name)
    print(said)
    return 0
