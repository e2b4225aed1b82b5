"""Quitte ou Double's actions and their one-line notation, as kept in the journal.

    question {"id": "c1", ...}  the box asks the round's question (its JSON on one line)
    answer "Jaune" 125          a team lays its tile (the value it wrote)
    answer "Jaune" 90 "1h30"    the same, with how a duration or percentage was typed
    reveal                      every tile is laid: the host turns them up, bets open
    bet "Jaune" 125..187        a team puts a bet token in a zone (<100, >187, 125..187)
    stake "Jaune" 125..187 3    a team slips 3 gain tokens under its bet token there
    close-bets                  the bets' sand timer ran out: no token moves any more
    truth 175                   the host reads the true answer: the round is paid
    truth 45 "45 %"             the same, with how it was typed
    next                        the tiles are wiped and the next round begins

Team names are JSON strings, so spaces, quotes and accents survive the round trip.
Numbers are written in one fixed convention (decimal point, no grouping) so that a
journal reads the same whatever the table's language; they are read back through the
answer parser like every other number. The typed text, a JSON string after the number,
is only for display (`shown_answer`): it is kept for durations and percentages, must
read as the number it follows, and journals written without it read as before.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal

from pi_app.rules.answers import parse_answer, typed_form
from pi_app.rules.question import RoundQuestion
from pi_app.rules.quitte_ou_double.scoring import Place, refuse

NOTATION_LOCALE = "en"


@dataclass(frozen=True)
class Ask:
    """The box asks the round's question itself (rather than the host reading a card);
    the round keeps it for the record. It changes no score."""

    question: RoundQuestion


@dataclass(frozen=True)
class Answer:
    """A team lays its tile showing `value`."""

    team: str
    value: Decimal
    typed: str | None = None
    """How a duration or percentage was typed (`1h30` for 90); None for other answers."""


@dataclass(frozen=True)
class Reveal:
    """Every team has laid its tile: the host turns the tiles up and the bets open."""


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
    typed: str | None = None
    """How a duration or percentage was typed, as for `Answer`."""


@dataclass(frozen=True)
class CloseBets:
    """The bets' sand timer ran out: no bet token or stake moves until the truth."""


@dataclass(frozen=True)
class NextRound:
    """The tiles are wiped and the next question is asked."""


Action = Ask | Answer | Reveal | Bet | Stake | CloseBets | Truth | NextRound


def write_number(value: Decimal) -> str:
    """A value in the notation's one spelling: `-12.5`, `1000`, `0` (never `1E+3`, `0.00`)."""
    return f"{value.normalize() if value else Decimal(0):f}"


def _read_number(text: str) -> Decimal:
    return parse_answer(text, NOTATION_LOCALE)


def typed_answer(team: str, typed: str, locale: str) -> Answer:
    """A team's tile as typed in `locale`, keeping the text when it is worth showing."""
    value = parse_answer(typed, locale)
    return Answer(team, value, typed_form(value, typed, locale))


def typed_truth(typed: str, locale: str) -> Truth:
    """The true answer as typed in `locale`, keeping the text as `typed_answer` does."""
    value = parse_answer(typed, locale)
    return Truth(value, typed_form(value, typed, locale))


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
    if isinstance(action, Ask):
        return f"question {_quote(action.question.to_json())}"
    if isinstance(action, Answer):
        return f"answer {_quote(action.team)} {_value(action.value, action.typed)}"
    if isinstance(action, Bet):
        return f"bet {_quote(action.team)} {write_place(action.place)}"
    if isinstance(action, Stake):
        return f"stake {_quote(action.team)} {write_place(action.place)} {action.count}"
    if isinstance(action, Truth):
        return f"truth {_value(action.value, action.typed)}"
    if isinstance(action, CloseBets):
        return "close-bets"
    if isinstance(action, Reveal):
        return "reveal"
    return "next"


_LINE_BREAKS = {ord(ch): f"\\u{ord(ch):04x}" for ch in "\x85\u2028\u2029"}


def _quote(value: str | dict[str, object]) -> str:
    """A team name, typed text or question as JSON, kept on one line even with exotic
    line breaks."""
    return json.dumps(value, ensure_ascii=False).translate(_LINE_BREAKS)


def _value(value: Decimal, typed: str | None) -> str:
    """A number, then how it was typed when that is kept (`90 "1h30"`)."""
    return write_number(value) if typed is None else f"{write_number(value)} {_quote(typed)}"


def parse_action(text: str) -> Action:
    """Read an action from its notation, or `RuleError` saying what was expected."""
    verb, _, rest = text.strip().partition(" ")
    if verb == "next" and not rest.strip():
        return NextRound()
    if verb == "close-bets" and not rest.strip():
        return CloseBets()
    if verb == "reveal" and not rest.strip():
        return Reveal()
    if verb == "truth":
        return Truth(*_read_value(rest, text))
    if verb == "question":
        return Ask(RoundQuestion.from_json(_json_object(rest, text)))
    if verb in ("answer", "bet", "stake"):
        team, after = _json_text(rest, text)
        return _team_action(verb, team, after, text)
    raise refuse(
        "Cannot read the action “{text}”: expected question, answer, reveal, bet, stake, "
        "close-bets, truth or next.",
        text=text,
    )


def _team_action(verb: str, team: str, after: str, text: str) -> Action:
    if verb == "answer":
        return Answer(team, *_read_value(after, text))
    words = after.split()
    if len(words) != {"bet": 1, "stake": 2}[verb]:
        raise _bad_notation(text)
    place = read_place(words[0], _read_number)
    if verb == "bet":
        return Bet(team, place)
    if re.fullmatch("[0-9]+", words[1]) is None or int(words[1]) < 1:
        raise refuse("A stake is a whole number of gain tokens, at least 1 (“{text}”).", text=text)
    return Stake(team, place, int(words[1]))


def _json_text(rest: str, text: str) -> tuple[str, str]:
    """The JSON string at the start of `rest` (a team, or typed text) and what follows."""
    rest = rest.strip()
    try:
        value, end = json.JSONDecoder().raw_decode(rest)
    except json.JSONDecodeError:
        raise _bad_notation(text) from None
    if not isinstance(value, str) or (end < len(rest) and not rest[end].isspace()):
        raise _bad_notation(text)
    return value, rest[end:]


_QUESTION_DECODER = json.JSONDecoder(parse_float=Decimal, parse_int=Decimal)
"""Numbers in a question read as written, whatever their length (the question then
refuses one that is too long)."""


def _json_object(rest: str, text: str) -> object:
    """The one JSON value that is the rest of a `question` line."""
    rest = rest.strip()
    try:
        value, end = _QUESTION_DECODER.raw_decode(rest)
    except (ValueError, RecursionError):
        value, end = None, -1
    if end != len(rest):
        raise refuse(
            "Cannot read the action “{text}”: a question is written as one JSON object.",
            text=text,
        )
    return value


def _read_value(rest: str, text: str) -> tuple[Decimal, str | None]:
    """A number, then optionally how it was typed: `90` or `90 "1h30"`.

    The typed text must be a duration or percentage reading as that number, else the
    display would show one value while the score counts another.
    """
    words = rest.split(maxsplit=1)
    if not words:
        raise _bad_notation(text)
    value = _read_number(words[0])
    if len(words) == 1:
        return value, None
    typed, after = _json_text(words[1], text)
    form = typed_form(value, typed, NOTATION_LOCALE)
    if form is None or after.strip():
        raise _bad_notation(text)
    return value, form


def _bad_notation(text: str) -> Exception:
    return refuse(
        "Cannot read the action “{text}”: write the team's name in quotes, e.g. "
        'answer "Jaune" 125, bet "Jaune" 125..187, stake "Jaune" 125..187 3.',
        text=text,
    )
