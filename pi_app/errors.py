"""Python's and SQLite's errors told in the reader's language.

Their own texts are English ("'utf-8' codec can't decode byte 0xff ..."); a refusal
shown to a player or a host must not switch language halfway. `describe` turns the
errors that reach people (reading files, parsing JSON and TOML, the journal's storage)
into a short translated phrase, keeping the facts (the byte, the line, the column).
"""

from __future__ import annotations

import errno
import json
import re
import sqlite3
import tomllib

from pi_app.i18n import Translator

_ = Translator("core")

_TOML_WHERE = re.compile(r"\(at line (\d+), column (\d+)\)")


class OutOfBounds(ValueError):
    """A file or a text the box did not write, refused for its kind, size or depth
    (`pi_app.bounded`): its message is already said in the reader's language."""


class Refusal(RuntimeError):
    """What stops a command before it starts, told in one translated line (exit 2):
    `tabletop` prints it, never a traceback."""


def describe(error: BaseException) -> str:
    """A short phrase saying what went wrong, in the current language."""
    if isinstance(error, OutOfBounds):
        return str(error)
    if isinstance(error, UnicodeDecodeError):
        return _("not UTF-8 text (byte 0x{byte:02x} at position {position})").format(
            byte=error.object[error.start], position=error.start
        )
    if isinstance(error, json.JSONDecodeError):
        return _("invalid JSON at line {line}, column {column}").format(
            line=error.lineno, column=error.colno
        )
    if isinstance(error, tomllib.TOMLDecodeError):
        where = _TOML_WHERE.search(str(error))
        if where is None:
            return _("invalid TOML")
        return _("invalid TOML at line {line}, column {column}").format(
            line=where.group(1), column=where.group(2)
        )
    if isinstance(error, RecursionError):
        return _("nested too deeply")
    if isinstance(error, OSError):
        return _describe_os(error)
    if isinstance(error, sqlite3.Error):
        return storage_problem(error)
    return type(error).__name__


def _describe_os(error: OSError) -> str:
    known = {
        errno.ENOENT: _("no such file or folder"),
        errno.EACCES: _("permission denied"),
        errno.EPERM: _("permission denied"),
        errno.EISDIR: _("it is a folder, not a file"),
        errno.ENOTDIR: _("a part of the path is not a folder"),
        errno.ENOSPC: _("no space left on the device"),
        errno.EROFS: _("the storage is read-only"),
        errno.EIO: _("input/output error"),
    }
    if error.errno in known:
        return known[error.errno]
    code = errno.errorcode.get(error.errno or 0, str(error.errno))
    return _("system error {code}").format(code=code)


def storage_problem(error: sqlite3.Error) -> str:
    """Why SQLite could not write, in the reader's language (SQLite's text is English)."""
    name = getattr(error, "sqlite_errorname", "") or ""
    if name.startswith("SQLITE_FULL"):
        return _("the storage is full")
    if name.startswith(("SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_PERM")):
        return _("the storage cannot be written to")
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        return _("another program is using the journal")
    if name.startswith(("SQLITE_NOTADB", "SQLITE_CORRUPT")) or not name:
        return _("the file is damaged or is not a journal")
    if name.startswith("SQLITE_IOERR"):
        return _("the storage reports an input/output error")
    return _("database error {code}").format(code=name or type(error).__name__)
