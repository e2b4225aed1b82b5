"""Cambio scoring: currencies, winning hands, CAMBIO card fines, one round's result.

Both the single-table game (`cambio`) and the tournament (`cambio-tournament`) score
rounds with these functions, so a hand is worth the same wherever it is shown. A
round's result is checked as a whole before any score moves: a broken rule raises
`RuleError` and nothing is half-scored.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pi_app.i18n import N_
from pi_app.rules.contract import RuleError

DOMAIN = "cambio"

MIN_SEATS = 3
MAX_SEATS = 7

CURRENCIES: tuple[tuple[str, int], ...] = (
    ("Dollar", 100),
    ("Deutschemark", 85),
    ("Yen", 80),
    ("Franc", 75),
    ("Rouble", 70),
    ("Livre", 65),
    ("Lire", 60),
)
"""Every currency with its value, in the rulebook's order: N players use the first N."""

SIMPLE = "simple"
CAMBIO = "cambio"
VARIANTS: tuple[str, ...] = (SIMPLE, CAMBIO)

NINE = "9"
EIGHT_PLUS = "8+plus"
NINE_PLUS = "9+plus"
NINE_ODD = "9+odd"
HANDS: tuple[str, ...] = (NINE, EIGHT_PLUS, NINE_PLUS, NINE_ODD)
"""Winning hands: 9 identical; 8 + CAMBIO-plus; 9 + CAMBIO-plus (double); 9 + odd tenth."""

PLUS = "plus"
MINUS = "minus"
CARDS: tuple[str, ...] = (PLUS, MINUS)
CARD_FINE = 20
"""What each CAMBIO card still held by a player other than the winner costs (40 for both)."""

VARIANT_LABELS: dict[str, str] = {
    SIMPLE: N_("Simple variant"),
    CAMBIO: N_("Variant with the CAMBIO cards"),
}
HAND_LABELS: dict[str, str] = {
    NINE: N_("9 identical cards"),
    EIGHT_PLUS: N_("8 identical cards + CAMBIO-plus"),
    NINE_PLUS: N_("9 identical cards + CAMBIO-plus (double)"),
    NINE_ODD: N_("9 identical cards + an odd tenth card"),
}
TRADING_LABELS: dict[str, str] = {
    "panachee": N_("Mixed trades"),
    "mime": N_("Mimed trades"),
}
"""The trading variants, named for the display; they change no score."""

DEFAULT_TARGET = 5000
DEFAULT_STUDY_SECONDS = 30
DEFAULT_FALSE_RING_FINE = 0
"""R6: a false ring voids nothing; a table may fine it, but by default it costs nothing."""


def currencies_in_play(seat_count: int) -> tuple[tuple[str, int], ...]:
    """The first N currencies for N players: the deck holds one currency per player."""
    return CURRENCIES[:seat_count]


def currency_value(currency: str, seat_count: int) -> int:
    """The value of a currency in play at a table of `seat_count`, or `RuleError`."""
    for name, value in currencies_in_play(seat_count):
        if name == currency:
            return value
    names = ", ".join(name for name, _ in currencies_in_play(seat_count))
    raise RuleError(
        "The {currency} is not in play with {count} players (in play: {names}).",
        domain=DOMAIN,
        currency=currency,
        count=seat_count,
        names=names,
    )


def hand_value(currency: str, hand: str, seat_count: int) -> int:
    """What a winning hand scores: the currency's value, doubled for 9 + CAMBIO-plus."""
    value = currency_value(currency, seat_count)
    return 2 * value if hand == NINE_PLUS else value


def ten_card_seats(seats: Sequence[str], dealer: int, variant: str) -> tuple[str, ...]:
    """Who is dealt 10 cards: in the CAMBIO variant the dealer and the player on the right.

    Seats are listed in the order the deal passes, so the player on the dealer's right
    is the next seat in that order (and the next round's dealer).
    """
    if variant != CAMBIO:
        return ()
    return (seats[dealer % len(seats)], seats[(dealer + 1) % len(seats)])


@dataclass(frozen=True)
class Settings:
    """A game's options. `panachee` and `mime` change trading only, never the score."""

    variant: str = SIMPLE
    target: int | None = DEFAULT_TARGET
    false_ring_fine: int = DEFAULT_FALSE_RING_FINE
    panachee: bool = False
    mime: bool = False
    study_seconds: int = DEFAULT_STUDY_SECONDS

    @property
    def trading_variants(self) -> tuple[str, ...]:
        """The trading variants on (keys of `TRADING_LABELS`), for the display to name."""
        return tuple(name for name in TRADING_LABELS if getattr(self, name))


def _option_int(options: Mapping[str, Any], key: str, default: int | None, low: int) -> int | None:
    value = options.get(key, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise RuleError(
            "The option {option} must be a whole number of at least {low}.",
            domain=DOMAIN,
            option=key,
            low=low,
        )
    return value


def _option_bool(options: Mapping[str, Any], key: str) -> bool:
    value = options.get(key, False)
    if not isinstance(value, bool):
        raise RuleError("The option {option} must be true or false.", domain=DOMAIN, option=key)
    return value


OPTION_NAMES: tuple[str, ...] = (
    "variant",
    "target",
    "false_ring_fine",
    "panachee",
    "mime",
    "study_seconds",
)


def read_settings(options: Mapping[str, Any]) -> Settings:
    """The settings of a new game from its options; unknown options are refused.

    `target` may be `None` for a game the table stops by hand.
    """
    unknown = sorted(str(key) for key in options if key not in OPTION_NAMES)
    if unknown:
        raise RuleError("Unknown Cambio option {option}.", domain=DOMAIN, option=unknown[0])
    variant = options.get("variant", SIMPLE)
    if variant not in VARIANTS:
        raise RuleError(
            "Unknown variant {variant!r}: use simple or cambio.", domain=DOMAIN, variant=variant
        )
    fine = _option_int(options, "false_ring_fine", DEFAULT_FALSE_RING_FINE, 0)
    study = _option_int(options, "study_seconds", DEFAULT_STUDY_SECONDS, 1)
    return Settings(
        variant=str(variant),
        target=_option_int(options, "target", DEFAULT_TARGET, 1),
        false_ring_fine=DEFAULT_FALSE_RING_FINE if fine is None else fine,
        panachee=_option_bool(options, "panachee"),
        mime=_option_bool(options, "mime"),
        study_seconds=DEFAULT_STUDY_SECONDS if study is None else study,
    )


def check_seat_names(seats: Sequence[str]) -> tuple[str, ...]:
    """Seat names as a tuple: 3 to 7 distinct non-empty names."""
    if not MIN_SEATS <= len(seats) <= MAX_SEATS:
        raise RuleError(
            "Cambio is played by 3 to 7 players, not {count}.", domain=DOMAIN, count=len(seats)
        )
    for seat in seats:
        if not isinstance(seat, str) or not seat.strip():
            raise RuleError("Every player needs a name.", domain=DOMAIN)
    if len(set(seats)) != len(seats):
        raise RuleError("Two players have the same name.", domain=DOMAIN)
    return tuple(seats)


@dataclass(frozen=True)
class RoundResult:
    """A won round as the table saw it: the record's round, in plain data.

    `holding` lists the CAMBIO cards other players kept, as (seat, card) pairs;
    `false_rings` the seats that rang on an incomplete hand before the winner (R6).
    """

    winner: str
    currency: str
    hand: str
    holding: tuple[tuple[str, str], ...] = ()
    false_rings: tuple[str, ...] = ()


def _check_seated(seat: str, seats: Sequence[str]) -> None:
    if seat not in seats:
        raise RuleError("{seat} is not seated at this table.", domain=DOMAIN, seat=seat)


def _check_hand(result: RoundResult, variant: str) -> None:
    if result.hand not in HANDS:
        raise RuleError(
            "Unknown hand {hand!r}: use 9, 8+plus, 9+plus or 9+odd.",
            domain=DOMAIN,
            hand=result.hand,
        )
    if variant == SIMPLE and result.hand != NINE:
        raise RuleError(
            "In the simple variant only 9 identical cards win; {hand} needs the CAMBIO cards.",
            domain=DOMAIN,
            hand=result.hand,
        )


# One message per card, so each language names the card its own way (CAMBIO-moins).
_IN_TWO_HANDS: dict[str, str] = {
    PLUS: N_("The CAMBIO-plus card cannot be in two hands ({first} and {second})."),
    MINUS: N_("The CAMBIO-minus card cannot be in two hands ({first} and {second})."),
}
_NOT_PLACED: dict[str, str] = {
    PLUS: N_("The CAMBIO-plus card is not in the winning hand: name who still holds it."),
    MINUS: N_("The CAMBIO-minus card is not in the winning hand: name who still holds it."),
}


def _check_holding(result: RoundResult, seats: Sequence[str]) -> None:
    """R7 and the deck: the winner is never fined, each CAMBIO card is in one hand only."""
    holders: dict[str, str] = {}
    if result.hand in (EIGHT_PLUS, NINE_PLUS):
        holders[PLUS] = result.winner
    for seat, card in result.holding:
        _check_seated(seat, seats)
        if card not in CARDS:
            raise RuleError(
                "Unknown CAMBIO card {card!r}: use plus or minus.", domain=DOMAIN, card=card
            )
        if seat == result.winner:
            raise RuleError(
                "{seat} won the round: the winner is never fined for a CAMBIO card (R7).",
                domain=DOMAIN,
                seat=seat,
            )
        if card in holders:
            raise RuleError(
                _IN_TWO_HANDS[card],
                domain=DOMAIN,
                first=holders[card],
                second=seat,
            )
        holders[card] = seat
    _check_every_card_somewhere(result, holders)


def _check_every_card_somewhere(result: RoundResult, holders: Mapping[str, str]) -> None:
    """The whole deck is dealt, so a CAMBIO card not in the winning hand is in another.

    Only a 9 + odd hand leaves the CAMBIO-minus unplaced: it may be the odd tenth (R7).
    """
    for card in CARDS:
        if card in holders or (card == MINUS and result.hand == NINE_ODD):
            continue
        raise RuleError(_NOT_PLACED[card], domain=DOMAIN)


def check_result(result: RoundResult, seats: Sequence[str], variant: str) -> int:
    """Check a won round against the rules; the winning hand's value."""
    _check_seated(result.winner, seats)
    value = hand_value(result.currency, result.hand, len(seats))
    _check_hand(result, variant)
    if variant == CAMBIO:
        _check_holding(result, seats)
    elif result.holding:
        raise RuleError("There are no CAMBIO cards in the simple variant.", domain=DOMAIN)
    for seat in result.false_rings:
        _check_seated(seat, seats)
    return value


HAND_PART = "hand"
CARD_PART = "card"
RING_PART = "false-ring"


@dataclass(frozen=True)
class ScorePart:
    """One part of a seat's score change in a round, so a screen can say how it is made.

    `kind` is `HAND_PART` (the winning hand: `hand` shown in `currency`), `CARD_PART`
    (a CAMBIO card kept: `card`) or `RING_PART` (a false ring fined, R6).
    """

    kind: str
    points: int
    hand: str = ""
    currency: str = ""
    card: str = ""


def score_parts(
    result: RoundResult, seats: Sequence[str], settings: Settings
) -> dict[str, tuple[ScorePart, ...]]:
    """What makes each seat's score change in a checked round, part by part.

    R7: the winner is never fined for a CAMBIO card; R6: a false ring costs the
    table's fine (0 by default: then it is no part of the score). A seat whose score
    does not move has no parts.
    """
    value = check_result(result, seats, settings.variant)
    parts: dict[str, list[ScorePart]] = {seat: [] for seat in seats}
    parts[result.winner].append(ScorePart(HAND_PART, value, result.hand, result.currency))
    for seat, card in result.holding:
        parts[seat].append(ScorePart(CARD_PART, -CARD_FINE, card=card))
    for seat, fine in false_ring_fines(result.false_rings, settings).items():
        if fine:
            parts[seat].append(ScorePart(RING_PART, -fine))
    return {seat: tuple(found) for seat, found in parts.items()}


def false_ring_fines(false_rings: Sequence[str], settings: Settings) -> dict[str, int]:
    """What the false rings of a round cost each seat that rang falsely, in ringing order.

    R6: each false ring costs the table's fine (0 by default), charged when the round
    is won; a round the table stops unfinished charges nothing.
    """
    fines: dict[str, int] = {}
    for seat in false_rings:
        fines[seat] = fines.get(seat, 0) + settings.false_ring_fine
    return fines


def score_changes(result: RoundResult, seats: Sequence[str], settings: Settings) -> dict[str, int]:
    """Each seat's score change for a checked round: the sum of its parts (`score_parts`)."""
    return {
        seat: sum(part.points for part in parts)
        for seat, parts in score_parts(result, seats, settings).items()
    }


def card_places(seats: Sequence[str], winner: str, hand: str) -> dict[str, tuple[str | None, ...]]:
    """Where each CAMBIO card may be when `winner` shows `hand` (None: in the winning hand).

    The whole deck is dealt, so a card not in the winning hand is another seat's: the
    CAMBIO-plus is in the hand of 8 + CAMBIO-plus and 9 + CAMBIO-plus, and never the odd
    tenth card (9 identical + CAMBIO-plus is the double hand); the CAMBIO-minus is in the
    winning hand only as the odd tenth card (R7). The places are in seat order, the
    winning hand first where it is one.
    """
    others: tuple[str | None, ...] = tuple(seat for seat in seats if seat != winner)
    plus = (None,) if hand in (EIGHT_PLUS, NINE_PLUS) else others
    minus = (None, *others) if hand == NINE_ODD else others
    return {PLUS: plus, MINUS: minus}
