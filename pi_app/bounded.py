"""Reading what the box did not write, within bounds of time, size and depth.

A journal, a backup, the record of a clean stop, a settings row or a pack's question
may have been made by anyone with the card in hand. So every file the box opens of
its own accord must be a regular file (a FIFO blocks its reader for ever, `/dev/zero`
never ends) and is read up to a size; every JSON text is read up to a size and a
depth (Python's parser recurses: a deeply nested array raises RecursionError, and
what reads the value afterwards recurses again). What is out of bounds is refused
with `OutOfBounds`, one translated line, never a traceback or a hang.
"""

from __future__ import annotations

import errno
import itertools
import json
import os
import re
import stat
from pathlib import Path
from typing import Any

from pi_app.errors import OutOfBounds
from pi_app.i18n import Translator

_ = Translator("core")

JSON_BYTES = 1024 * 1024  # the longest JSON text the box reads (its own are far shorter)
JSON_DEPTH = 64  # the deepest nesting it reads (its own is a few levels)
_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def regular_or_absent(path: Path) -> bool:
    """Whether a file the box is about to open exists (False: there is none); raises
    `OutOfBounds` when something else is there (a folder, a FIFO, a device, or a
    symbolic link to one of them), which nothing should open."""
    try:
        found = os.stat(path)
    except FileNotFoundError:
        return False
    except OSError as error:
        if error.errno == errno.ENAMETOOLONG:  # no such file can exist
            return False
        raise
    if not stat.S_ISREG(found.st_mode):
        raise OutOfBounds(_("{path} is not a regular file").format(path=path))
    return True


def read_file(path: Path, limit: int) -> bytes:
    """The bytes of the regular file `path`, at most `limit` of them (`OutOfBounds`
    beyond, or for a file that is not a regular one; OSError when it cannot be read).
    Opened without blocking, so a FIFO put in its place is refused, not waited on."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OutOfBounds(_("{path} is not a regular file").format(path=path))
        data = os.read(fd, limit + 1)
    finally:
        os.close(fd)
    if len(data) > limit:
        raise OutOfBounds(
            _("{path} is larger than {size} KB").format(path=path, size=limit // 1024)
        )
    return data


def too_deep(text: str, depth: int = JSON_DEPTH) -> bool:
    """Whether the JSON or TOML text `text` nests arrays and objects deeper than `depth`
    (its strings left out; a text that does not parse may say either)."""
    brackets = _NOT_BRACKETS.sub("", _STRINGS.sub("", text))
    levels = itertools.accumulate(_STEP[mark] for mark in brackets)
    return max(levels, default=0) > depth


def loads(text: str | bytes, limit: int = JSON_BYTES, depth: int = JSON_DEPTH) -> Any:
    """`json.loads` within bounds: `OutOfBounds` for a text longer than `limit` or
    nested deeper than `depth`; ValueError (json's) for one that is not JSON."""
    if isinstance(text, bytes):
        text = text.decode("utf-8")
    if len(text) > limit:
        raise OutOfBounds(_("the JSON text is longer than {size} KB").format(size=limit // 1024))
    if too_deep(text, depth):
        raise OutOfBounds(_("the JSON text is nested more than {depth} levels").format(depth=depth))
    try:
        return json.loads(text)
    except RecursionError:  # never reached within the depth above; kept as a last guard
        raise OutOfBounds(
            _("the JSON text is nested more than {depth} levels").format(depth=depth)
        ) from None
