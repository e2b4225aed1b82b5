"""Quitte ou Double's actions and their one-line notation, as kept in the journal.

    answer "Jaune" 125          a team lays its tile (the value it wrote)
    bet "Jaune" 125..187        a team puts a bet token in a zone (<100, >187, 125..187)
    stake "Jaune" 125..187 3    a team slips 3 gain tokens under its bet token there
    truth 175                   the host reads the true answer: the round is paid
    next                        the tiles are wiped and the next round begins

Team names are JSON strings, so spaces, quotes and accents survive the round trip.
Numbers are written in one fixed convention (decimal point, no grouping) so that a
journal reads the same whatever the table's language; they are read back through the
answer parser like every other number.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal

from pi_app.rules.answers import parse_answer
from pi_app.rules.quitte_ou_double.scoring import Place, refuse

NOTATION_LOCALE = "en"


@dataclass(frozen=True)
class Answer:
    """A team lays its tile showing `value`."""

    team: str
    value: Decimal


@dataclass(frozen=True)
class Bet:
    """A team puts one of its bet tokens at `place`."""

    team: str
    place: Place


@dataclass(frozen=True)
class Stake:
    """A team slips `count` gain tokens under its bet token at `place`."""

    team: str
    place: Place
    count: int


@dataclass(frozen=True)
class Truth:
    """The host reads the true answer; the round is paid."""

    value: Decimal


@dataclass(frozen=True)
class NextRound:
    """The tiles are wiped and the next question is asked."""


Action = Answer | Bet | Stake | Truth | NextRound


def write_number(value: Decimal) -> str:
    """A value in the notation's one spelling: `-12.5`, `1000`, `0` (never `1E+3`, `0.00`)."""
    return f"{value.normalize() if value else Decimal(0):f}"


def _read_number(text: str) -> Decimal:
    return parse_answer(text, NOTATION_LOCALE)


def read_place(text: str, read: Callable[[str], Decimal]) -> Place:
    """A place from `"<A"`, `">Z"`, `"A..B"` or a tile `"A"`, each value read by `read`."""
    text = text.strip()
    if text.startswith("<"):
        return Place(None, read(text[1:]))
    if text.startswith(">"):
        return Place(read(text[1:]), None)
    if ".." in text:
        low, _, high = text.partition("..")
        return Place(read(low), read(high))
    if not text:
        raise refuse("A bet token needs a zone such as “<100”, “100..125” or “>187”.")
    value = read(text)
    return Place(value, value)


def write_place(place: Place) -> str:
    """The notation of a place (its values in the notation's convention)."""
    match place.low, place.high:
        case None, Decimal() as high:
            return "<" + write_number(high)
        case Decimal() as low, None:
            return ">" + write_number(low)
        case Decimal() as low, Decimal() as high:
            return (
                write_number(low) if low == high else f"{write_number(low)}..{write_number(high)}"
            )
    raise ValueError("a place needs at least one answer")


def format_action(action: Action) -> str:
    """The one-line notation `parse_action` reads back."""
    if isinstance(action, Answer):
        return f"answer {_team(action.team)} {write_number(action.value)}"
    if isinstance(action, Bet):
        return f"bet {_team(action.team)} {write_place(action.place)}"
    if isinstance(action, Stake):
        return f"stake {_team(action.team)} {write_place(action.place)} {action.count}"
    if isinstance(action, Truth):
        return f"truth {write_number(action.value)}"
    return "next"


_LINE_BREAKS = {ord(ch): f"\\u{ord(ch):04x}" for ch in "\x85\u2028\u2029"}


def _team(team: str) -> str:
    """A team name as a JSON string, kept on one line even with exotic line breaks."""
    return json.dumps(team, ensure_ascii=False).translate(_LINE_BREAKS)


def parse_action(text: str) -> Action:
    """Read an action from its notation, or `RuleError` saying what was expected."""
    verb, _, rest = text.strip().partition(" ")
    if verb == "next" and not rest.strip():
        return NextRound()
    if verb == "truth":
        return Truth(_read_number(_one_word(rest, text)))
    if verb in ("answer", "bet", "stake"):
        team, words = _split_team(rest, text)
        return _team_action(verb, team, words, text)
    raise refuse(
        "Cannot read the action “{text}”: expected answer, bet, stake, truth or next.", text=text
    )


def _team_action(verb: str, team: str, words: list[str], text: str) -> Action:
    expected = {"answer": 1, "bet": 1, "stake": 2}[verb]
    if len(words) != expected:
        raise _bad_notation(text)
    if verb == "answer":
        return Answer(team, _read_number(words[0]))
    place = read_place(words[0], _read_number)
    if verb == "bet":
        return Bet(team, place)
    if re.fullmatch("[0-9]+", words[1]) is None or int(words[1]) < 1:
        raise refuse("A stake is a whole number of gain tokens, at least 1 (“{text}”).", text=text)
    return Stake(team, place, int(words[1]))


def _split_team(rest: str, text: str) -> tuple[str, list[str]]:
    """The JSON-quoted team name at the start of `rest`, and the words after it."""
    rest = rest.strip()
    try:
        team, end = json.JSONDecoder().raw_decode(rest)
    except json.JSONDecodeError:
        raise _bad_notation(text) from None
    if not isinstance(team, str) or (end < len(rest) and not rest[end].isspace()):
        raise _bad_notation(text)
    return team, rest[end:].split()


def _one_word(rest: str, text: str) -> str:
    words = rest.split()
    if len(words) != 1:
        raise _bad_notation(text)
    return words[0]


def _bad_notation(text: str) -> Exception:
    return refuse(
        "Cannot read the action “{text}”: write the team's name in quotes, e.g. "
        'answer "Jaune" 125, bet "Jaune" 125..187, stake "Jaune" 125..187 3.',
        text=text,
    )
