"""`tabletop replay FILE`: re-score a game record (`RECORDS.md`).

Success prints one JSON object and exits 0. A record that breaks a rule, or that is
not a valid record, prints nothing on standard output, one line on standard error
(naming the round or move where a rule broke) and exits 2. A record is read up to
`MAX_RECORD_BYTES`: a file larger than any game's record (or an endless one, such as
/dev/zero) is refused instead of read forever.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from pi_app.config import Config
from pi_app.errors import describe
from pi_app.i18n import Translator
from pi_app.rules.contract import RecordError, RuleError
from pi_app.rules.records import check_str
from pi_app.rules.registry import find_game

_ = Translator("core")

MAX_RECORD_BYTES = 4 * 1024 * 1024  # a long evening's record is a few hundred kB


def _reject_constant(name: str) -> Any:
    raise ValueError(name)


def load_record(text: str) -> dict[str, Any]:
    """Parse a record's JSON (NaN and Infinity refused); `RecordError` if it is not one."""
    try:
        record = json.loads(text, parse_constant=_reject_constant)
    except (ValueError, RecursionError) as error:
        if not isinstance(error, json.JSONDecodeError | RecursionError):  # NaN, Infinity
            raise RecordError(
                "Not a game record: {value} is not a number JSON allows.", value=str(error)
            ) from None
        raise RecordError(
            "Not a game record: the JSON cannot be read ({error}).", error=describe(error)
        ) from None
    if not isinstance(record, dict):
        raise RecordError("Not a game record: it must be a JSON object.")
    return record


def replay_record(record: dict[str, Any]) -> dict[str, Any]:
    """Re-score a parsed record with its game's rules."""
    name = check_str(record.get("game"), "game")
    return find_game(name).replay(record)


def read_record_text(name: str) -> str:
    """The text of a record file (`-`: standard input), at most MAX_RECORD_BYTES.

    Raises OSError, UnicodeDecodeError, or RecordError for a file that is too large.
    """
    if name == "-":
        data = sys.stdin.buffer.read(MAX_RECORD_BYTES + 1)
    else:
        with open(name, "rb") as handle:
            data = handle.read(MAX_RECORD_BYTES + 1)
    if len(data) > MAX_RECORD_BYTES:
        raise RecordError(
            "Not a game record: larger than {limit} MB (a game's record is far smaller).",
            limit=MAX_RECORD_BYTES // (1024 * 1024),
        )
    return data.decode("utf-8")


def run(args: argparse.Namespace, config: Config) -> int:
    """The `replay` command."""
    try:
        text = read_record_text(args.file)
    except (OSError, UnicodeDecodeError) as error:
        message = _("Cannot read {file}: {error}").format(file=args.file, error=describe(error))
        print(message, file=sys.stderr)
        return 2
    except RuleError as error:
        print(error.message(), file=sys.stderr)
        return 2
    try:
        output = json.dumps(replay_record(load_record(text)), ensure_ascii=False)
        _check_writable(output, sys.stdout.encoding or "utf-8")
    except RuleError as error:
        print(" ".join(error.message().split()), file=sys.stderr)
        return 2
    print(output)
    return 0


def _check_writable(output: str, encoding: str) -> None:
    """Refuse (a `RecordError`) an output that holds a lone surrogate (JSON's `\\ud800`
    names half a character, which no text holds), or a character standard output's
    encoding cannot write: the result is printed whole or not at all, never a
    traceback halfway through."""
    for codec in ("utf-8", encoding):
        try:
            output.encode(codec)
        except (UnicodeEncodeError, LookupError) as error:
            bad = output[error.start] if isinstance(error, UnicodeEncodeError) else ""
            code = f"U+{ord(bad):04X}" if bad else "?"
            if codec == "utf-8":
                raise RecordError(
                    "Not a game record: it holds {code}, half of a character (a lone surrogate).",
                    code=code,
                ) from None
            raise RecordError(
                "The result holds {code}, which standard output ({encoding}) cannot write: "
                "set PYTHONIOENCODING=utf-8.",
                code=code,
                encoding=encoding,
            ) from None
