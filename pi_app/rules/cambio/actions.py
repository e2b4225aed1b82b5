"""Cambio actions and their one-line notation, as journaled by the table.

A round moves through phases, one action each: `deal`, `open` (the chair's bell opens
trading, when the study time ends or the chair rings early), `bell` (the bell rang during
trading: everything stops before anyone says who rang), `ring "Ben"` (names the ringer,
after `bell` or straight from trading as records replay it), then either `false-ring`
(R6: trading resumes) or `show Yen 9+plus "Cleo"=minus` (the ringer's hand, and who kept
which CAMBIO card).
`stop` ends the game when the table decides to. Player names are written as JSON
strings, so spaces, quotes and accents survive the round trip.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from pi_app.rules.cambio.scoring import DOMAIN
from pi_app.rules.contract import RuleError


@dataclass(frozen=True)
class Deal:
    """The cards are dealt; the study time starts."""


@dataclass(frozen=True)
class Open:
    """The chair's bell: trading is open."""


@dataclass(frozen=True)
class BellRang:
    """The bell rang during trading: everything stops at once, the ringer not yet named.

    Journaled on its own so that the stop survives a restart before the host names who
    rang; records leave it out (a recorded round only needs `ring`).
    """


@dataclass(frozen=True)
class Ring:
    """`seat` rang the bell: everything stops until its hand is seen."""

    seat: str


@dataclass(frozen=True)
class FalseRing:
    """The ringer's hand was not complete (R6): nothing is void, trading resumes."""


@dataclass(frozen=True)
class Show:
    """The ringer's complete hand, and the CAMBIO cards the others kept (seat, card)."""

    currency: str
    hand: str
    holding: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Stop:
    """The table ends the game here; an unfinished round is not scored."""


CambioAction = Deal | Open | BellRang | Ring | FalseRing | Show | Stop

_WORDS: dict[str, CambioAction] = {
    "deal": Deal(),
    "open": Open(),
    "bell": BellRang(),
    "false-ring": FalseRing(),
    "stop": Stop(),
}
_LINE_BREAKS = {"\x85": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"}


@dataclass(frozen=True)
class Token:
    """A bare word, or a quoted name possibly followed by `=word`."""

    text: str
    quoted: bool = False
    suffix: str | None = None


def quote(name: str) -> str:
    """A name as a JSON string on one line (line separators escaped too)."""
    text = json.dumps(name, ensure_ascii=False)
    for raw, escaped in _LINE_BREAKS.items():
        text = text.replace(raw, escaped)
    return text


def _bad(text: str) -> RuleError:
    return RuleError("Cannot read the Cambio action {text!r}.", domain=DOMAIN, text=text)


def _word_end(text: str, start: int) -> int:
    end = start
    while end < len(text) and not text[end].isspace() and text[end] != '"':
        end += 1
    return end


def tokenize(text: str) -> list[Token]:
    """Split a notation into words and JSON-quoted names (`"Ana Lou"=minus` is one token)."""
    decoder = json.JSONDecoder()
    tokens: list[Token] = []
    index = 0
    while index < len(text):
        if text[index].isspace():
            index += 1
            continue
        if text[index] == '"':
            try:
                name, index = decoder.raw_decode(text, index)
            except ValueError:
                raise _bad(text) from None
            suffix = None
            if index < len(text) and text[index] == "=":
                end = _word_end(text, index + 1)
                suffix = text[index + 1 : end]
                index = end
            tokens.append(Token(name, quoted=True, suffix=suffix))
            continue
        end = _word_end(text, index)
        tokens.append(Token(text[index:end]))
        index = end
    return tokens


def _parse_show(tokens: list[Token], text: str) -> Show:
    if len(tokens) < 3 or tokens[1].quoted or tokens[2].quoted:
        raise _bad(text)
    holding: list[tuple[str, str]] = []
    for token in tokens[3:]:
        if not token.quoted or not token.suffix:
            raise _bad(text)
        holding.append((token.text, token.suffix))
    return Show(tokens[1].text, tokens[2].text, tuple(holding))


def parse_tokens(tokens: list[Token], text: str) -> CambioAction:
    """An action from its tokens (the tournament reads its table prefix first)."""
    if not tokens or tokens[0].quoted:
        raise _bad(text)
    head = tokens[0].text
    if head in _WORDS and len(tokens) == 1:
        return _WORDS[head]
    if head == "ring" and len(tokens) == 2 and tokens[1].quoted and tokens[1].suffix is None:
        return Ring(tokens[1].text)
    if head == "show":
        return _parse_show(tokens, text)
    raise _bad(text)


def parse_action(text: str) -> CambioAction:
    """Read one action from its notation, or `RuleError`."""
    return parse_tokens(tokenize(text), text)


def _plain_word(word: str) -> bool:
    return bool(word) and all(not c.isspace() and c not in '"=' for c in word)


def format_action(action: CambioAction) -> str:
    """The notation `parse_action` reads back to the same action."""
    for word, value in _WORDS.items():
        if action == value:
            return word
    if isinstance(action, Ring):
        return f"ring {quote(action.seat)}"
    if isinstance(action, Show):
        if not (_plain_word(action.currency) and _plain_word(action.hand)):
            raise _bad(repr(action))
        parts = ["show", action.currency, action.hand]
        for seat, card in action.holding:
            if not _plain_word(card):
                raise _bad(repr(action))
            parts.append(f"{quote(seat)}={card}")
        return " ".join(parts)
    raise _bad(repr(action))
