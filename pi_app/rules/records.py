"""Shared pieces of game records (`RECORDS.md`): field checks and numbers.

A record's fields are checked strictly: a missing field or one the format does not
list is refused, never ignored, so a typo in a record is caught rather than scored.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from decimal import Decimal
from typing import Any

from pi_app.rules.answers import LOCALES, parse_answer
from pi_app.rules.contract import RecordError, RuleError


def check_fields(
    value: object,
    where: str,
    required: Collection[str],
    optional: Collection[str] = (),
) -> Mapping[str, Any]:
    """`value` as a JSON object holding every required field and no unlisted one."""
    if not isinstance(value, Mapping):
        raise RecordError("{where} must be a JSON object.", where=where)
    missing = [name for name in required if name not in value]
    if missing:
        raise RecordError("{where}: missing field {field!r}.", where=where, field=missing[0])
    allowed = set(required) | set(optional)
    unknown = sorted(str(name) for name in value if name not in allowed)
    if unknown:
        raise RecordError("{where}: unknown field {field!r}.", where=where, field=unknown[0])
    return value


def check_list(value: object, where: str) -> list[Any]:
    """`value` as a JSON array."""
    if not isinstance(value, list):
        raise RecordError("{where} must be a JSON array.", where=where)
    return value


def check_str(value: object, where: str) -> str:
    """`value` as a non-empty JSON string."""
    if not isinstance(value, str) or not value:
        raise RecordError("{where} must be a non-empty string.", where=where)
    return value


def check_int(value: object, where: str) -> int:
    """`value` as a JSON integer (not a boolean, not a float)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError("{where} must be a whole number.", where=where)
    return value


def record_locale(record: Mapping[str, Any]) -> str:
    """The record's `"locale"` (default `"fr"`), checked."""
    locale = record.get("locale", "fr")
    if locale not in LOCALES:
        raise RecordError("Unknown locale {locale!r}: use fr, de or en.", locale=locale)
    return str(locale)


def read_number(value: object, locale: str) -> Decimal:
    """A JSON number, or a string the answer parser reads, as a `Decimal`."""
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise RuleError("Cannot read “{typed}” as a number.", typed=str(value))
    return parse_answer(value, locale)


def json_number(value: Decimal | int) -> int | float:
    """A value as a JSON number: an integer where it is whole."""
    if isinstance(value, int):
        return value
    if value == value.to_integral_value():
        return int(value)
    return float(value)
