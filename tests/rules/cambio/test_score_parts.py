"""What makes a Cambio score, part by part, and where the CAMBIO cards may be: what the
screens show is what the rules count."""

from __future__ import annotations

import itertools

import pytest

from pi_app.rules.cambio.round import possible_shows
from pi_app.rules.cambio.scoring import (
    CARD_FINE,
    CARD_PART,
    CARDS,
    HAND_PART,
    HANDS,
    NINE_PLUS,
    RING_PART,
    RoundResult,
    ScorePart,
    Settings,
    card_places,
    false_ring_fines,
    hand_value,
    score_changes,
    score_parts,
)

SEATS = ("Ana", "Ben", "Cleo", "Dan")
CAMBIO = Settings(variant="cambio", false_ring_fine=10)


def test_a_fined_score_is_made_of_its_card_and_its_false_ring() -> None:
    result = RoundResult("Ben", "Yen", NINE_PLUS, (("Dan", "minus"),), ("Dan", "Ana", "Dan"))
    parts = score_parts(result, SEATS, CAMBIO)
    assert parts["Ben"] == (ScorePart(HAND_PART, 160, NINE_PLUS, "Yen"),)
    assert parts["Dan"] == (
        ScorePart(CARD_PART, -CARD_FINE, card="minus"),
        ScorePart(RING_PART, -20),
    )
    assert parts["Ana"] == (ScorePart(RING_PART, -10),)
    assert parts["Cleo"] == ()
    assert score_changes(result, SEATS, CAMBIO) == {"Ana": -10, "Ben": 160, "Cleo": 0, "Dan": -40}


def test_a_false_ring_without_a_fine_is_no_part_of_the_score() -> None:
    result = RoundResult("Ben", "Yen", "9", false_rings=("Dan",))
    assert score_parts(result, SEATS, Settings())["Dan"] == ()
    assert false_ring_fines(("Dan", "Dan"), Settings()) == {"Dan": 0}
    assert false_ring_fines(("Dan", "Ana", "Dan"), CAMBIO) == {"Dan": 20, "Ana": 10}


def test_every_possible_round_adds_up_as_the_rulebook_counts() -> None:
    for winner in SEATS:
        for show in possible_shows(SEATS, winner, "cambio"):
            rings = ("Ana", "Dan")
            result = RoundResult(winner, show.currency, show.hand, show.holding, rings)
            expected = dict.fromkeys(SEATS, 0)
            expected[winner] += hand_value(show.currency, show.hand, len(SEATS))
            for seat, _card in show.holding:
                expected[seat] -= CARD_FINE
            for seat in rings:
                expected[seat] -= CAMBIO.false_ring_fine
            parts = score_parts(result, SEATS, CAMBIO)
            assert {seat: sum(p.points for p in found) for seat, found in parts.items()} == expected


@pytest.mark.parametrize("hand", HANDS)
def test_card_places_are_exactly_the_holdings_the_rules_accept(hand: str) -> None:
    places = card_places(SEATS, "Ben", hand)
    assert "Ben" not in places["plus"] + places["minus"]  # the winner is never fined (R7)
    built = set()
    for spots in itertools.product(*(places[card] for card in CARDS)):
        built.add(
            tuple((seat, card) for seat, card in zip(spots, CARDS, strict=True) if seat is not None)
        )
    accepted = {
        show.holding for show in possible_shows(SEATS, "Ben", "cambio") if show.hand == hand
    }
    assert {frozenset(way) for way in built} == {frozenset(way) for way in accepted}
