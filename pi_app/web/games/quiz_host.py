"""What the host's phone does alike in the two quiz games, Gambit 7 and Quitte ou Double.

In both the host turns the answers up, corrects a seat's slate (or a team's tile)
before that, closes the bets and gives the true answer: typed from a card on the
phone's keypad, or the box's own when the box asked the question. Each game's host
module (`gambit7_host`, `quitte_ou_double_host`) builds its own notations; what they
read alike from a request, and the words they share, are here.

A seat without a phone is still played from the host's phone: its bets go through
the game's phone play (`web.games.PhonePlay.action`) as if its phone had sent them,
so the host's bet is read exactly as a player's.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal

from pi_app.i18n import N_, Translator
from pi_app.rules.answers import shown_answer
from pi_app.rules.question import RoundQuestion
from pi_app.rules.registry import find_game
from pi_app.web.games import PhonePlay, phone_play
from pi_app.web.host_play import HostRequest
from pi_app.web.phone_request import PhoneRequest, Reply
from pi_app.web.requests import typed_text
from pi_app.web.views import Json

_ = Translator("host")

TYPE_THE_TRUTH = N_("Type the true answer read on the card.")
"""The host asked for the box's true answer where the host reads the question from a
card: the box does not know it."""

CLOSED = N_("the bets are closed")
NEXT = N_("round {round} begins")
ASKED = N_("the box asks the question of round {round}")
BOX_TRUTH = N_("the box gives its true answer: round {round} is scored")
"""The box's own true answer in words without the number: "next" says it before the
round is scored, where a player may glance at the host's phone."""


def is_box_answer(asked: RoundQuestion | None, value: Decimal) -> bool:
    """Whether a true answer is the one of the question the box asked (said without
    its number until the round is scored: `BOX_TRUTH`)."""
    return asked is not None and asked.answer == value


def seat_of(request: HostRequest, seats: Sequence[str]) -> str:
    """The seat a request names; ValueError when it names none of the table's."""
    seat = request.fields.get("seat")
    if not isinstance(seat, str) or seat not in seats:
        raise ValueError("seat")
    return seat


def typed_of(request: HostRequest) -> tuple[str, str]:
    """What the host typed (a slate, a true answer) and its locale, read as a phone's."""
    return typed_text(request)


def has_typed(request: HostRequest) -> bool:
    """Whether the host typed a true answer (else the box's own is asked for)."""
    return request.fields.get("typed") not in (None, "")


def no_truth(request: HostRequest) -> Reply:
    """The refusal of the box's true answer where the box does not know it."""
    return Reply(False, _(TYPE_THE_TRUTH, request.lang))


def as_phone(
    game: str, state: object, request: HostRequest, seats: Sequence[str]
) -> Sequence[str] | Reply:
    """The notation of a request the host makes for a seat (a bet, a stake), read by
    the game's phone play as that seat's phone's own request, refusals included."""
    play = phone_play(game)
    if not isinstance(play, PhonePlay):
        raise LookupError(game)
    fields = {key: value for key, value in request.fields.items() if key != "seat"}
    asked = PhoneRequest(seat_of(request, seats), request.kind, fields, request.lang)
    played = play.action(state, asked)
    if isinstance(played, Reply):
        return played
    return [find_game(game).format_action(played)]


def phone_view(game: str, state: object, locale: str) -> Json:
    """What a spectator's phone sees of the game (the mat, the bets): the host sees it
    all, and more (`slates`)."""
    play = phone_play(game)
    if not isinstance(play, PhonePlay):
        raise LookupError(game)
    return play.view(state, None, locale)


def slates(
    seats: Sequence[str], written: Iterable[tuple[str, Decimal, str | None]], locale: str
) -> list[Json]:
    """Each seat's slate as written (None: not yet), in seat order: the host sees
    them before they are turned up, to correct one."""
    shown = {seat: shown_answer(value, typed, locale) for seat, value, typed in written}
    return [{"seat": seat, "answer": shown.get(seat)} for seat in seats]


TEXTS = {
    "round": N_("Round {round} of {rounds}"),
    "card": N_("Card {card}, question {question}"),
    "box_knows": N_("The box knows the true answer."),
    "card_truth": N_("The true answer is on the card: type it."),
    "slates": N_("Slates"),
    "no_slate": N_("not written"),
    "correct": N_("Correct"),
    "correcting": N_("{seat}'s slate"),
    "write": N_("Write"),
    "cancel": N_("Close the keypad"),
    "erase": N_("Erase"),
    "sign": N_("Change the sign"),
    "reveal": N_("Turn the answers up"),
    "waiting": N_("Waiting for {seats}"),
    "close": N_("Close the bets"),
    "close_truth": N_("Close the bets: the answer is {answer}"),
    "truth_box": N_("Give the box's true answer"),
    "truth_typed": N_("Score with {answer}"),
    "truth_label": N_("The true answer"),
    "bets": N_("Bets"),
    "scored": N_("Round scored: the answer was {answer}."),
    "next_hint": N_("“Next” starts the next round."),
    "less": N_("Less than that"),
    "pays": N_("pays {alone} alone, {shared} shared"),
    "empty": N_("empty"),
    "payout": N_("{seat}: {before} → {after}"),
}
"""The words the two quiz games' host scripts share (key -> msgid, domain "host")."""
