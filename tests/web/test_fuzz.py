"""Arbitrary JSON in every field of every message, against a real server, for both games.

After each message: the table's owner still answers, a good request from another seat
still succeeds, and the journal read back by a second journal folds through the rules
(it holds only legal events) to the very state the owner holds.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pi_app.box.acts import Undo
from pi_app.web import phone, sockets
from tests.web.conftest import SEATS, Served, serve
from tests.web.test_attacks import DEADLINE, alive, gambit7_bets, journaled
from tests.web.test_server import act, claim, hello

NUMBERISH = st.sampled_from(
    ["1e5000", "-1e-5000", "1e1000000000", "9" * 1000, "less", "1h30", "45 %", "<10", "10..20"]
) | st.decimals(allow_nan=True).map(str)
"""Text that reads, or almost reads, as a number: where the parsers are tried hardest."""
SCALARS = st.one_of(
    NUMBERISH,
    st.none() | st.booleans(),
    st.integers(min_value=-(10**40), max_value=10**40),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=24) | st.just("\ud800"),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=8,
)
FIELDS = {  # every message type, with the fields it carries
    "hello": ("token", "secret"),
    "lang": ("lang",),
    "answer": ("typed", "locale"),
    "bet": ("chips", "gambit7", "low", "high"),
    "stake": ("low", "high", "count"),
    "close-bets": (),
    "launch": ("seat",),
}


@st.composite
def messages(draw: st.DrawFn) -> dict[str, Any]:
    """A message of any type with any JSON in each of its fields, and sometimes others."""
    kind = draw(st.sampled_from(sorted(FIELDS)))
    message: dict[str, Any] = {"type": draw(st.just(kind) | VALUES)}
    for name in FIELDS[kind]:
        message[name] = draw(st.one_of(NUMBERISH, VALUES, st.lists(NUMBERISH, max_size=3)))
    extra = st.sampled_from(["id", "lang", "seat", *FIELDS["bet"], *FIELDS["answer"]])
    message.update(draw(st.dictionaries(extra, VALUES, max_size=3)))
    return message


GOOD = {
    "gambit7": {"type": "bet", "chips": []},  # Ben clears his bet: always legal in the bets
    "quitte-ou-double": {"type": "bet", "low": None, "high": "10"},  # undone each time
}


class Fuzzed:
    """A table in its bets, Ana's phone sending what hypothesis makes, Ben's the good one."""

    def __init__(self, folder: Path, game: str) -> None:
        seats = SEATS if game == "gambit7" else SEATS[:3]
        self.served: Served = serve(folder, game, seats)
        self.game = game
        if game == "gambit7":
            gambit7_bets(self.served)
        else:
            for team, value in zip(seats, (10, 20, 30), strict=True):
                self.served.box(f'answer "{team}" {value}')
            self.served.box("reveal")
        self.tokens = asyncio.run(self._claim())

    async def _claim(self) -> dict[str, str]:
        async with aiohttp.ClientSession(self.served.url) as session:
            return {seat: await claim(session, self.served.secret, seat) for seat in ("Ana", "Ben")}

    async def send(self, message: dict[str, Any]) -> None:
        """Ana's phone says hello, then `message`; the first answer (or a close) comes."""
        async with aiohttp.ClientSession(self.served.url) as session:
            ana, _ = await hello(session, token=self.tokens["Ana"])
            await ana.send_str(json.dumps(message))
            await ana.receive(timeout=DEADLINE)
            ben, _ = await hello(session, token=self.tokens["Ben"])
            reply = await act(ben, **GOOD[self.game])
            assert reply["ok"], reply
        if self.game == "quitte-ou-double":  # Ben's token is taken back for the next one
            self.served.owner.act(Undo())


@pytest.fixture(scope="module", params=["gambit7", "quitte-ou-double"])
def fuzzed(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Fuzzed]:
    burst = phone.BURST
    phone.BURST = 10**6  # flooding is tested on its own: here every message counts
    made = Fuzzed(tmp_path_factory.mktemp(request.param), request.param)
    yield made
    made.served.stop()
    phone.BURST = burst


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(message=messages())
@example(message={"type": "bet", "chips": ["1e1000000000"]})  # the attacks seen: always tried
@example(message={"type": "bet", "chips": [], "gambit7": "1e5000"})
@example(message={"type": "bet", "low": "1e5000", "high": None})
@example(message={"type": "stake", "low": "10", "high": "20", "count": 10**40})
@example(message={"type": "answer", "typed": "\ud800", "locale": "fr"})
@example(message={"type": "answer", "typed": [[[[[]]]]], "id": 1e300})
def test_any_json_in_any_field_leaves_the_table_whole(
    fuzzed: Fuzzed, message: dict[str, Any]
) -> None:
    if len(json.dumps(message)) > sockets.MAX_MESSAGE:  # too big is closed unread: tested apart
        message = {"type": message["type"]}
    asyncio.run(fuzzed.send(message))
    alive(fuzzed.served)
    events = journaled(fuzzed.served)
    assert all(isinstance(event, str) and event for event in events)
