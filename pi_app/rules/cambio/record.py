"""Reading and writing the Cambio parts of game records (`RECORDS.md`, cambio sections).

A record's round says who won, with which currency and hand, who kept which CAMBIO
card and who rang falsely before; both `cambio` and `cambio-tournament` records
share that shape, and their options.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pi_app.rules.cambio.scoring import DOMAIN, RoundResult, Settings, read_settings
from pi_app.rules.contract import RecordError, RuleError
from pi_app.rules.records import check_fields, check_int, check_list, check_str

TARGET = "target"
"""A game's termination: a player reached the target score."""
STOPPED = "stopped"
"""A game's termination: the table stopped it."""

ROUND_FIELDS: tuple[str, ...] = ("winner", "currency", "hand")
ROUND_OPTIONAL: tuple[str, ...] = ("holding", "false_rings")
RECORD_OPTIONS: tuple[str, ...] = ("variant", "target", "false_ring_fine")
"""Exactly the options `RECORDS.md` lists: the public format is not extended here."""


def read_options(record: Mapping[str, Any]) -> Settings:
    """The settings of a record; a record without `target` plays the rounds given."""
    options = check_fields(record.get("options", {}), "options", (), RECORD_OPTIONS)
    for key in ("target", "false_ring_fine"):
        if key in options:
            check_int(options[key], f"options.{key}")
    if "variant" in options:
        check_str(options["variant"], "options.variant")
    return read_settings({"target": None, **options})


def write_options(settings: Settings) -> dict[str, Any]:
    """The record options of a game (the trading variants are not part of records).

    The false-ring fine (R6) is written only when the table set one, as `RECORDS.md`
    reads an omitted fine as 0: a game without it keeps its record unchanged.
    """
    options: dict[str, Any] = {"variant": settings.variant}
    if settings.target is not None:
        options["target"] = settings.target
    if settings.false_ring_fine:
        options["false_ring_fine"] = settings.false_ring_fine
    return options


def read_seats(value: object, where: str) -> list[str]:
    """A JSON array of seat names."""
    return [check_str(seat, where) for seat in check_list(value, where)]


def _read_holding(value: object) -> tuple[tuple[str, str], ...]:
    if not isinstance(value, Mapping):
        raise RecordError("{where} must be a JSON object.", where="holding")
    pairs: list[tuple[str, str]] = []
    for seat, cards in value.items():
        for card in check_list(cards, "holding"):
            pairs.append((str(seat), check_str(card, "holding")))
    return tuple(pairs)


def read_result(value: object, extra: tuple[str, ...] = ()) -> RoundResult:
    """A round of a record as a `RoundResult` (`extra`: fields the caller reads itself)."""
    fields = check_fields(value, "round", ROUND_FIELDS + extra, ROUND_OPTIONAL)
    false_rings = check_list(fields.get("false_rings", []), "false_rings")
    return RoundResult(
        winner=check_str(fields["winner"], "winner"),
        currency=check_str(fields["currency"], "currency"),
        hand=check_str(fields["hand"], "hand"),
        holding=_read_holding(fields.get("holding", {})),
        false_rings=tuple(check_str(seat, "false_rings") for seat in false_rings),
    )


def write_result(result: RoundResult) -> dict[str, Any]:
    """A round as the record writes it (empty holding and false rings left out)."""
    out: dict[str, Any] = {
        "winner": result.winner,
        "currency": result.currency,
        "hand": result.hand,
    }
    if result.holding:
        holding: dict[str, list[str]] = {}
        for seat, card in result.holding:
            holding.setdefault(seat, []).append(card)
        out["holding"] = holding
    if result.false_rings:
        out["false_rings"] = list(result.false_rings)
    return out


def top_seats(scores: Mapping[str, int]) -> list[str]:
    """Every seat sharing the highest score, in seat order."""
    if not scores:
        return []
    best = max(scores.values())
    return [seat for seat, score in scores.items() if score == best]


def replay_ending(
    termination: str | None, target: int | None, scores: Mapping[str, int]
) -> dict[str, Any]:
    """`winners`, `finished` and `termination` of a replay (`RECORDS.md`).

    Without a target the record is the whole game ("play the rounds given"), so its
    leaders are its winners; with one, the game is over only once the target is reached,
    and `winners` stays empty until then, as for every game.
    """
    finished = termination is not None or target is None
    return {
        "winners": top_seats(scores) if finished else [],
        "finished": finished,
        "termination": termination or ("rounds" if target is None else None),
    }


def game_over_error(
    termination: str | None, target: int | None, scores: Mapping[str, int]
) -> RuleError:
    """Why nothing more can be played: the target reached (by whom), or the table stopped."""
    if termination == TARGET and target is not None:
        return RuleError(
            "The game is over: {seats} reached the target of {target} points.",
            domain=DOMAIN,
            seats=", ".join(top_seats(scores)),
            target=target,
        )
    return RuleError("The game is over: the table stopped it.", domain=DOMAIN)
