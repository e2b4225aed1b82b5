"""The ledger and the protocol, without a network: one order, one state, everywhere."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pi_app.net import protocol as p
from pi_app.net.joining import read_join_code
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
        max_size=40,
    )
)
def test_every_box_folds_the_creators_order_to_the_same_state(
    offers: list[tuple[int, str, bool]],
) -> None:
    creator = Ledger(SETTINGS)
    follower = Ledger(SETTINGS)  # a box hearing every increment as it is published
    for seq, (table, winner, stale) in enumerate(offers, start=1):
        seats = TABLES[table] if stale else creator.state.tables[table].seats
        at = len(creator.log)
        creator.offer(round_of("boxa", seq, table, seats, winner))
        increment = p.Stretch("abcd12", at, tuple(creator.log[at:]))
        follower.extend(p.Stretch.from_json(p.loads(p.dumps(increment.to_json()))))
    late = Ledger(SETTINGS)  # a box joining at the end: the pages, in turn
    for number in range(len(creator.log) // p.PAGE + 1):
        late.extend(p.Stretch.from_json(p.loads(p.dumps(creator.page(number).to_json()))))
    order = p.Order.from_json(p.loads(p.dumps(creator.order().to_json())))
    member = Ledger.from_order(SETTINGS, order)  # a store kept before increments
    for ledger in (member, follower, late):
        assert ledger.state == creator.state
        assert ledger.refused == creator.refused
        assert ledger.rounds == creator.rounds
    assert follower.log == late.log == creator.log
    replayed = GAME.replay(member.record())
    assert replayed["scores"] == creator.state.score_map
    assert replayed["tables"] == [list(row) for row in creator.state.seating]


def test_a_stretch_past_the_end_or_against_the_order_held_changes_nothing() -> None:
    creator = Ledger(SETTINGS)
    for seq, winner in enumerate(("Ana", "Ben", "Zed", "Cleo"), start=1):
        creator.offer(round_of("boxa", seq, 0, creator.state.tables[0].seats, winner))
    assert isinstance(creator.log[2], p.Refusal) and "Zed" in creator.log[2].reason
    box = Ledger(SETTINGS)
    box.extend(p.Stretch("abcd12", 0, tuple(creator.log[:1])))
    before = (box.state, list(box.log), dict(box.refused))
    with pytest.raises(p.ProtocolError, match="missing"):
        box.extend(p.Stretch("abcd12", 2, tuple(creator.log[2:])))  # entry 1 missed
    other = round_of("boxb", 1, 1, TABLES[1], "Dan")
    with pytest.raises(p.ProtocolError, match="differs"):
        box.extend(p.Stretch("abcd12", 0, (other, creator.log[1])))
    broken = round_of("boxc", 1, 0, TABLES[0], "Zed")
    with pytest.raises(p.ProtocolError, match="does not play"):
        box.extend(p.Stretch("abcd12", 1, (creator.log[1], creator.log[2], broken)))
    twice = creator.log[1]
    with pytest.raises(p.ProtocolError, match="twice"):
        box.extend(p.Stretch("abcd12", 1, (creator.log[1], twice)))
    assert (box.state, box.log, box.refused) == before  # nothing changed by any of them
    assert box.extend(p.Stretch("abcd12", 0, tuple(creator.log))) == creator.log[1:]
    assert box.state == creator.state and box.extend(p.Stretch("abcd12", 1, ())) == []


def test_a_round_too_large_for_a_page_is_refused() -> None:
    ledger = Ledger(SETTINGS)
    huge = p.Submission(
        "boxa", 1, 0, TABLES[0], RoundResult("Ana", "Dollar", "9", false_rings=("Ben",) * 3000)
    )
    assert "more than the order takes" in str(ledger.offer(huge))
    assert ledger.rounds == [] and len(p.dumps(ledger.page(0).to_json())) < p.MAX_PAYLOAD


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
