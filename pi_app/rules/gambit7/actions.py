"""Gambit 7 actions and their one-line notation.

Each action is a value object with a paired parse and format, in the manner of
python-chess moves. After the action's word come JSON values, so seat names with
spaces, quotes or accents survive the journal, and numbers keep every digit
(`Decimal`, never float):

    question {"id": "c1", ...}    the round's question, as the box asked it
    answer "Rouge" "1h30" fr      a typed answer, read in its locale
    answer "Rouge" 28 fr          a number
    reveal                        close the answers
    bet "Jaune" [25, "less"]      0 to 2 chips, each on an answer value or "less"
    bet "Vert" {"gambit7": 28}    the Gambit 7 token instead of chips
    close-bets
    truth "27" fr                 the true answer read from the card
    next                          the next round
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, TypeAlias

from pi_app.i18n import Translator
from pi_app.rules.answers import LOCALES, bounded
from pi_app.rules.contract import RuleError
from pi_app.rules.gambit7.scoring import LESS, Target
from pi_app.rules.question import RoundQuestion

_ = Translator("gambit7")

_DECODER = json.JSONDecoder(parse_float=Decimal, parse_int=Decimal)
Typed: TypeAlias = str | Decimal
"""What a seat or the host typed: text to read in a locale, or a number already read."""


@dataclass(frozen=True)
class Ask:
    """The box asks the round's question itself (rather than the host reading a card);
    the round keeps it for the record. It changes no score."""

    question: RoundQuestion


@dataclass(frozen=True)
class Answer:
    """A seat writes (or rewrites) its answer for this round."""

    seat: str
    typed: Typed
    locale: str = "fr"


@dataclass(frozen=True)
class Reveal:
    """Close the answers and place them on the mat."""


@dataclass(frozen=True)
class PlaceBet:
    """A seat's whole bet, replacing any earlier one this round."""

    seat: str
    chips: tuple[Target, ...] = ()
    gambit7: Target | None = None


@dataclass(frozen=True)
class CloseBets:
    """Rien ne va plus: no bet changes after this."""


@dataclass(frozen=True)
class Truth:
    """The true answer, read from the back of the card."""

    typed: Typed
    locale: str = "fr"


@dataclass(frozen=True)
class NextRound:
    """Leave the scored round for the next question."""


Action: TypeAlias = Ask | Answer | Reveal | PlaceBet | CloseBets | Truth | NextRound

_BARE: dict[str, Action] = {"reveal": Reveal(), "close-bets": CloseBets(), "next": NextRound()}


def notation_error(message: str, **params: object) -> RuleError:
    """Notation that cannot be read, in the gambit7 catalogue."""
    return RuleError(message, domain="gambit7", **params)


_LINE_BREAKS = {0x85: "\\u0085", 0x2028: "\\u2028", 0x2029: "\\u2029"}


def _dump(value: Any) -> str:
    """JSON on one line: the line breaks JSON leaves raw are escaped too."""
    return json.dumps(value, ensure_ascii=False).translate(_LINE_BREAKS)


def _number(value: Decimal) -> str:
    return f"{value:f}"


def _typed(value: Typed) -> str:
    return _number(value) if isinstance(value, Decimal) else _dump(value)


def _target(value: Target) -> str:
    return _dump(LESS) if value == LESS else _number(Decimal(value))


def format_action(action: Action) -> str:
    """The notation of an action; `parse_action` reads it back to an equal action."""
    if isinstance(action, Ask):
        return f"question {_dump(action.question.to_json())}"
    if isinstance(action, Answer):
        return f"answer {_dump(action.seat)} {_typed(action.typed)} {action.locale}"
    if isinstance(action, PlaceBet):
        if action.gambit7 is not None and not action.chips:
            bet = f'{{"gambit7": {_target(action.gambit7)}}}'
        elif action.gambit7 is not None:
            chips = ", ".join(map(_target, action.chips))
            bet = f'{{"chips": [{chips}], "gambit7": {_target(action.gambit7)}}}'
        else:
            bet = "[" + ", ".join(map(_target, action.chips)) + "]"
        return f"bet {_dump(action.seat)} {bet}"
    if isinstance(action, Truth):
        return f"truth {_typed(action.typed)} {action.locale}"
    for word, bare in _BARE.items():
        if action == bare:
            return word
    raise notation_error("Unknown Gambit 7 action.")


class _Word(str):
    """A bare word of the notation (a locale), as opposed to a quoted JSON string."""

    __slots__ = ()


def _tokens(text: str, start: int) -> list[Any]:
    """The JSON values and bare words of `text` from `start`."""
    tokens: list[Any] = []
    index = start
    while True:
        while index < len(text) and text[index].isspace():
            index += 1
        if index == len(text):
            return tokens
        if text[index] in '"[{-0123456789':
            try:
                value, index = _DECODER.raw_decode(text, index)
            except ValueError:
                raise notation_error("Cannot read the action “{text}”.", text=text) from None
            tokens.append(value)
        else:
            end = index
            while end < len(text) and not text[end].isspace():
                end += 1
            tokens.append(_Word(text[index:end]))
            index = end


def _seat(value: Any, text: str) -> str:
    if not isinstance(value, str) or isinstance(value, _Word):
        raise notation_error("Cannot read the action “{text}”: quote the seat name.", text=text)
    return value


def _typed_value(value: Any, text: str) -> Typed:
    if isinstance(value, Decimal):
        return bounded(value, value)
    if isinstance(value, str) and not isinstance(value, _Word):
        return value
    raise notation_error("Cannot read the action “{text}”.", text=text)


def _locale(tokens: list[Any], text: str) -> str:
    locale = tokens[0] if tokens else _Word("fr")
    if not isinstance(locale, _Word) or locale not in LOCALES or len(tokens) > 1:
        raise notation_error("Cannot read the action “{text}”.", text=text)
    return str(locale)


def _parse_target(value: Any, text: str) -> Target:
    if value == LESS:
        return LESS
    if isinstance(value, Decimal):
        return bounded(value, value)
    raise notation_error(
        "Cannot read the action “{text}”: a target is an answer value or “less”.", text=text
    )


def _parse_bet(seat: str, value: Any, text: str) -> PlaceBet:
    if isinstance(value, list):
        return PlaceBet(seat, tuple(_parse_target(item, text) for item in value))
    if isinstance(value, dict) and "gambit7" in value and set(value) <= {"gambit7", "chips"}:
        chips = value.get("chips", [])
        if not isinstance(chips, list):
            raise notation_error("Cannot read the action “{text}”.", text=text)
        return PlaceBet(
            seat,
            tuple(_parse_target(item, text) for item in chips),
            _parse_target(value["gambit7"], text),
        )
    raise notation_error(
        "Cannot read the action “{text}”: a bet is a list of 0 to 2 chips or a Gambit 7 token.",
        text=text,
    )


def parse_action(text: str) -> Action:
    """Read an action from its notation; `RuleError` quoting the text when it cannot."""
    text = text.strip()
    word = text.split(maxsplit=1)[0] if text else ""
    tokens = _tokens(text, len(word))
    if word in _BARE and not tokens:
        return _BARE[word]
    if word == "question" and len(tokens) == 1 and isinstance(tokens[0], dict):
        return Ask(RoundQuestion.from_json(tokens[0]))
    if word == "answer" and len(tokens) >= 2:
        seat, typed = _seat(tokens[0], text), _typed_value(tokens[1], text)
        return Answer(seat, typed, _locale(tokens[2:], text))
    if word == "bet" and len(tokens) == 2:
        return _parse_bet(_seat(tokens[0], text), tokens[1], text)
    if word == "truth" and len(tokens) >= 1:
        return Truth(_typed_value(tokens[0], text), _locale(tokens[1:], text))
    raise notation_error("Cannot read the action “{text}”.", text=text)
