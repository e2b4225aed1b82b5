"""A table's own Gambit 7 mat profile file (rulings R1), read for the rules.

The rules stay pure: they take a profile as the object a record's `options.mat` holds.
Reading the file a table configured (`gambit7.mat` in the configuration) happens here,
and a bad file is refused with its path and what is wrong, in the reader's language.
"""

from __future__ import annotations

import json
from pathlib import Path

from pi_app.errors import describe
from pi_app.i18n import Translator
from pi_app.rules.contract import RuleError
from pi_app.rules.gambit7.mat import MatProfile, mat_error, mat_from_object

_ = Translator("gambit7")


class MatFileError(RuleError):
    """A profile file refused: its path, then what is wrong, both in the reader's language."""

    def __init__(self, path: str, problem: RuleError) -> None:
        super().__init__(problem.msgid, domain="gambit7", **problem.params)
        self.path = path
        self.problem = problem

    def message(self, lang: str | None = None) -> str:
        return _("{path}: {problem}", lang).format(
            path=self.path, problem=self.problem.message(lang)
        )


def load_mat_profile(path: str | Path) -> MatProfile:
    """Read a table's mat profile file (JSON, the shape of a record's `options.mat`)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise mat_error(
            "Cannot read the mat profile {path}: {error}", path=str(path), error=describe(error)
        ) from None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise mat_error(
            "The mat profile {path} is not valid JSON: {error}",
            path=str(path),
            error=describe(error),
        ) from None
    try:
        return mat_from_object(data)
    except RuleError as error:
        raise MatFileError(str(path), error) from None
