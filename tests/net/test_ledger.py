"""The ledger and the protocol, without a network: one order, one state, everywhere."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pi_app.net import protocol as p
from pi_app.net.box import read_join_code
from pi_app.net.ledger import Ledger
from pi_app.rules.cambio.scoring import RoundResult
from pi_app.rules.cambio.tournament.game import GAME

TABLES = (("Ana", "Ben", "Cleo"), ("Dan", "Eve", "Fay"))
SETTINGS = p.Settings("abcd12", "Tournoi", {"target": 500}, TABLES)
PLAYERS = [name for row in TABLES for name in row] + ["Zed"]


def round_of(box: str, seq: int, table: int, seats: tuple[str, ...], winner: str) -> p.Submission:
    return p.Submission(box, seq, table, seats, RoundResult(winner, "Dollar", "9"))


def test_a_round_is_accepted_once_and_moves_follow_r8() -> None:
    ledger = Ledger(SETTINGS)
    first = round_of("boxa", 1, 0, TABLES[0], "Ana")
    assert ledger.offer(first) is None and ledger.offer(first) is None  # twice: once
    assert len(ledger.rounds) == 1 and ledger.state.score_map["Ana"] == 100
    ledger.offer(round_of("boxb", 1, 1, TABLES[1], "Eve"))
    ledger.offer(round_of("boxa", 2, 0, TABLES[0], "Ana"))  # Ana's second: she moves
    assert ledger.state.seating == (("Eve", "Ben", "Cleo"), ("Dan", "Ana", "Fay"))
    late = round_of("boxb", 2, 1, TABLES[1], "Dan")  # dealt before Ana came: void
    assert "void" in str(ledger.offer(late))
    assert ledger.state.score_map["Dan"] == 0 and ledger.knows(late.id)


def test_refusals_name_the_rule_and_change_nothing() -> None:
    ledger = Ledger(SETTINGS)
    before = ledger.state
    assert "no table 3" in str(ledger.offer(round_of("boxa", 1, 2, (), "Ana")))
    assert "Zed" in str(ledger.offer(round_of("boxa", 2, 0, TABLES[0], "Zed")))
    bad_hand = p.Submission("boxa", 3, 0, TABLES[0], RoundResult("Ana", "Yen", "9+plus"))
    assert ledger.offer(bad_hand) is not None  # a CAMBIO hand in the simple variant
    assert ledger.state == before and ledger.rounds == []


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 1), st.sampled_from(PLAYERS), st.booleans()),
        max_size=25,
    )
)
def test_every_box_folds_the_creators_order_to_the_same_state(
    offers: list[tuple[int, str, bool]],
) -> None:
    creator = Ledger(SETTINGS)
    follower = Ledger(SETTINGS)  # a box hearing every order as it is published
    for seq, (table, winner, stale) in enumerate(offers, start=1):
        seats = TABLES[table] if stale else creator.state.tables[table].seats
        creator.offer(round_of("boxa", seq, table, seats, winner))
        follower = follower.follow(creator.order())
    order = p.Order.from_json(p.loads(p.dumps(creator.order().to_json())))
    member = Ledger.from_order(SETTINGS, order)
    for ledger in (member, follower):
        assert ledger.state == creator.state
        assert ledger.refused == creator.refused
    replayed = GAME.replay(member.record())
    assert replayed["scores"] == creator.state.score_map
    assert replayed["tables"] == [list(row) for row in creator.state.seating]


def test_an_order_that_does_not_extend_the_last_is_folded_again() -> None:
    first = Ledger(SETTINGS)
    first.offer(round_of("boxa", 1, 0, TABLES[0], "Ana"))
    other = Ledger(SETTINGS)
    other.offer(round_of("boxb", 1, 1, TABLES[1], "Dan"))
    followed = first.follow(other.order())
    assert followed.state == other.state and first.state.score_map["Ana"] == 100
    broken = p.Order("abcd12", (round_of("boxc", 1, 0, TABLES[0], "Zed"),))
    with pytest.raises(p.ProtocolError):
        first.follow(broken)
    assert first.state.score_map["Ana"] == 100  # a bad order changes nothing


def test_pending_rounds_are_shown_on_top_until_the_order_decides() -> None:
    ledger = Ledger(SETTINGS)
    mine = [round_of("boxb", 1, 1, TABLES[1], "Dan"), round_of("boxb", 2, 1, TABLES[1], "Zed")]
    view = ledger.view(mine)
    assert view.score_map["Dan"] == 100  # the broken one is left out of the view
    assert ledger.state.score_map["Dan"] == 0


@pytest.mark.parametrize(
    "payload",
    [
        b"",
        b"[]",
        b'{"v": 2}',
        json.dumps({"v": 1, "box": "BAD!", "seq": 1}).encode(),
        json.dumps({"v": 1, "box": "boxa", "seq": 1, "id": "boxa-2", "table": 0}).encode(),
        b"x" * (p.MAX_PAYLOAD + 1),
    ],
)
def test_payloads_that_are_not_the_protocol_are_refused(payload: bytes) -> None:
    with pytest.raises(p.ProtocolError):
        p.Submission.from_json(p.loads(payload))


def test_a_submission_round_trips_through_its_payload() -> None:
    item = p.Submission(
        "boxa", 4, 1, TABLES[1], RoundResult("Eve", "Yen", "9", false_rings=("Dan",))
    )
    assert p.Submission.from_json(p.loads(p.dumps(item.to_json()))) == item


def test_join_codes() -> None:
    assert read_join_code(" ABCD12-k3m9x7p2q8 ") == ("abcd12", "k3m9x7p2q8")
    for bad in ("abcd12", "ab-k3m9x7p2q8", "abcd12-short", "abcd12-k3m9 x7p2q8"):
        with pytest.raises(p.ProtocolError):
            read_join_code(bad)
