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
from pi_app.table.table import Table

_ = Translator("core")


def run(args: argparse.Namespace, config: Config) -> int:
    """The `export` command."""
    journal = Journal(config.journal_path)
    if journal.notice:
        print(journal.notice, file=sys.stderr)
    entries = journal.games()
    if args.list:
        for entry in entries:
            state = (
                _("finished")
                if entry.finished
                else _("abandoned")
                if entry.abandoned
                else _("in play")
            )
            print(f"{entry.id}\t{entry.game}\t{', '.join(entry.setup.get('seats', []))}\t{state}")
        return 0
    finished = [e for e in entries if e.finished]
    chosen = args.game if args.game is not None else (finished[-1].id if finished else None)
    if chosen is None or journal.game(chosen) is None:
        print(_("No finished game to export (see tabletop export --list)."), file=sys.stderr)
        return 2
    text = record_text(Table.load(journal, chosen).export())
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
