"""`tabletop replay FILE`: re-score a game record (`RECORDS.md`).

Success prints one JSON object and exits 0. A record that breaks a rule, or that is
not a valid record, prints nothing on standard output, one line on standard error
(naming the round or move where a rule broke) and exits 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from pi_app.config import Config
from pi_app.i18n import Translator
from pi_app.rules.contract import RecordError, RuleError
from pi_app.rules.records import check_str
from pi_app.rules.registry import find_game

_ = Translator("core")


def _reject_constant(name: str) -> Any:
    raise ValueError(name)


def load_record(text: str) -> dict[str, Any]:
    """Parse a record's JSON (NaN and Infinity refused); `RecordError` if it is not one."""
    try:
        record = json.loads(text, parse_constant=_reject_constant)
    except (ValueError, RecursionError) as error:
        raise RecordError(
            "Not a game record: the JSON cannot be read ({error}).", error=error
        ) from None
    if not isinstance(record, dict):
        raise RecordError("Not a game record: it must be a JSON object.")
    return record


def replay_record(record: dict[str, Any]) -> dict[str, Any]:
    """Re-score a parsed record with its game's rules."""
    name = check_str(record.get("game"), "game")
    return find_game(name).replay(record)


def run(args: argparse.Namespace, config: Config) -> int:
    """The `replay` command."""
    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8") as handle:
                text = handle.read()
    except (OSError, UnicodeDecodeError) as error:
        print(_("Cannot read {file}: {error}").format(file=args.file, error=error), file=sys.stderr)
        return 2
    try:
        output = replay_record(load_record(text))
    except RuleError as error:
        print(" ".join(error.message().split()), file=sys.stderr)
        return 2
    print(json.dumps(output, ensure_ascii=False))
    return 0
