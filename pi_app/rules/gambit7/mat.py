"""Gambit 7 mat profiles (rulings R1): what each case of the betting mat pays, as data.

The rulebooks print the values only on the mat, and printings differ, so the values are
never literals in code: the shipped default lives in `pi_app/data/mats/default.json` and
a table whose mat differs loads its own file (`pi_app.mats`) of the same shape as a record's
`options.mat` object: `{"alone": [7 values], "shared": [7 values], "less": n}`, the
answer cases from the lowest to the highest, index 3 being the blue centre case.
The starred slate bonus of a case is its shared value (R1: the German rulebook calls it
the case's smallest value).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Any

from pi_app.i18n import Translator
from pi_app.rules.contract import RuleError

_ = Translator("gambit7")

CASES = 7
"""Answer cases on the mat: three below the blue centre, the centre, three above."""
CENTRE = 3
"""Index of the blue centre case, counted from the lowest case."""
DEFAULT_NAME = "default"
DEFAULT_PATH = files("pi_app").joinpath("data", "mats", "default.json")
"""Package data, found wherever the package is installed (a wheel, a zip, a clone)."""
_FIELDS = ("alone", "shared", "less")


@dataclass(frozen=True)
class MatProfile:
    """The values printed on one mat: per answer case alone and shared, and Moins que ça."""

    alone: tuple[int, ...]
    shared: tuple[int, ...]
    less: int

    def star(self, case: int) -> int:
        """The slate bonus of an answer case: its shared value (rulings R1)."""
        return self.shared[case]

    def to_object(self) -> dict[str, Any]:
        """The profile as a record's `options.mat` object."""
        return {"alone": list(self.alone), "shared": list(self.shared), "less": self.less}


def mat_error(message: str, **params: object) -> RuleError:
    """A mat profile refused, with a message in the gambit7 catalogue."""
    return RuleError(message, domain="gambit7", **params)


def _value(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise mat_error(
            "Mat profile: “{name}” values must be whole numbers of 0 or more, not {value}.",
            name=name,
            value=json.dumps(value, ensure_ascii=False),
        )
    return value


def _cases(value: object, name: str) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) != CASES:
        raise mat_error(
            "Mat profile: “{name}” must list the 7 answer cases, lowest first.", name=name
        )
    return tuple(_value(item, name) for item in value)


def mat_from_object(value: object) -> MatProfile:
    """A profile from its JSON object, checked; `RuleError` saying what is wrong."""
    if not isinstance(value, Mapping):
        raise mat_error("Mat profile: expected an object with “alone”, “shared” and “less”.")
    missing = [name for name in _FIELDS if name not in value]
    if missing:
        raise mat_error("Mat profile: the field “{name}” is missing.", name=missing[0])
    unknown = sorted(str(name) for name in value if name not in _FIELDS)
    if unknown:
        raise mat_error("Mat profile: unknown field “{name}”.", name=unknown[0])
    alone, shared = _cases(value["alone"], "alone"), _cases(value["shared"], "shared")
    for case, (one, many) in enumerate(zip(alone, shared, strict=True)):
        if many > one:
            raise mat_error(
                "Mat profile: case {case} pays more shared ({shared}) than alone ({alone}).",
                case=case + 1,
                shared=many,
                alone=one,
            )
    return MatProfile(alone, shared, _value(value["less"], "less"))


@cache
def default_mat() -> MatProfile:
    """The shipped default profile (rulings R1).

    It is package data, read once like a constant table; a table's own profile file is
    read outside the rules, by `pi_app.mats.load_mat_profile`.
    """
    return mat_from_object(json.loads(DEFAULT_PATH.read_text(encoding="utf-8")))


def resolve_mat(option: object) -> MatProfile:
    """The profile named by `options.mat`: `"default"` or a profile object."""
    if option == DEFAULT_NAME:
        return default_mat()
    if isinstance(option, Mapping):
        return mat_from_object(option)
    raise mat_error(
        "The mat option must be “default” or a mat profile object, not {value}.",
        value=json.dumps(option, ensure_ascii=False, default=str),
    )


def mat_option(mat: MatProfile) -> str | dict[str, Any]:
    """What a record writes for `mat`: `"default"` when it is the default profile."""
    return DEFAULT_NAME if mat == default_mat() else mat.to_object()
