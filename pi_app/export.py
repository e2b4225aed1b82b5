"""`tabletop export`: a journaled game as a game record, for `tabletop replay`."""

from __future__ import annotations

import argparse
import json
import sys

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
    text = json.dumps(Table.load(journal, chosen).export(), ensure_ascii=False, indent=1)
    if args.output:
        try:
            args.output.write_text(text + "\n", encoding="utf-8")
        except OSError as error:
            where = _("Cannot write {file}: {error}").format(
                file=args.output, error=describe(error)
            )
            print(where, file=sys.stderr)
            return 2
    else:
        print(text)
    return 0
