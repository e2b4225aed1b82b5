"""Gambit 7 on the host's phone (issue 48): each request is the notations the box's
screen would play, checked by the rules as a tap is; what the host sees before and
after the reveal; each action in the host's words in fr, de and en."""

from __future__ import annotations

import asyncio
import json
import random
from decimal import Decimal
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from pi_app.rules.contract import RuleError
from pi_app.rules.gambit7.game import GAME
from pi_app.rules.gambit7.state import Gambit7State
from pi_app.rules.question import RoundQuestion
from pi_app.web.games.gambit7 import HOST
from pi_app.web.host_play import HostRequest, host_play
from pi_app.web.phone_request import Reply
from tests.web.browser import PATIENCE
from tests.web.conftest import serve

SEATS = ("Ana", "Bo", "Cléo")
ASKED = RoundQuestion("q7", {"fr": "Combien ?", "en": "How many?"}, Decimal(40), "", "atlas")
ASKED_JSON = json.dumps(ASKED.to_json(), ensure_ascii=False)


def played(*notations: str, state: Gambit7State | None = None) -> Gambit7State:
    """The state after `notations`, each checked by the rules."""
    state = state or GAME.new_game(SEATS, {}, random.Random(1))
    for notation in notations:
        state = GAME.apply(state, GAME.parse_action(notation))
    return state


def ask(kind: str, lang: str = "en", **fields: object) -> HostRequest:
    """A host's request of `kind` (its page adds the game and the step)."""
    return HostRequest(kind, dict(fields), lang, game_id=1, step=0)


def play_all(state: Gambit7State, request: HostRequest) -> Gambit7State:
    """The host's request played as the door plays it: each notation in order."""
    notations = HOST.action(state, request)
    assert not isinstance(notations, Reply), notations
    return played(*notations, state=state)


ANSWERED = ('answer "Ana" 28 fr', 'answer "Bo" 25 fr', 'answer "Cléo" 30 fr')


def test_the_game_declares_its_host_play() -> None:
    assert host_play("gambit7") is HOST
    assert set(HOST.kinds) == {"slate", "reveal", "bet", "close", "truth"}
    assert not set(HOST.kinds) & {"next", "undo", "redo"}


def test_a_slate_is_written_and_corrected_before_the_reveal_only() -> None:
    state = played(*ANSWERED)
    assert HOST.action(state, ask("slate", "de", seat="Bo", typed="12,5")) == [
        'answer "Bo" "12,5" de'
    ]
    state = play_all(state, ask("slate", seat="Bo", typed="12"))
    assert dict(state.answers)["Bo"].value == 12
    revealed = play_all(state, ask("reveal"))
    with pytest.raises(RuleError):  # the rules refuse it, as a tap after the reveal
        play_all(revealed, ask("slate", seat="Bo", typed="13"))


@pytest.mark.parametrize(
    "fields",
    [{"seat": "Zed", "typed": "1"}, {"seat": "Bo"}, {"seat": "Bo", "typed": "x" * 41}, {}],
)
def test_a_malformed_slate_is_unreadable(fields: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        HOST.action(played(), ask("slate", **fields))


def test_the_reveal_waits_for_every_slate() -> None:
    state = played(*ANSWERED[:2])
    with pytest.raises(RuleError):
        play_all(state, ask("reveal"))
    assert played(*ANSWERED, "reveal").phase == "bets"


def test_the_host_bets_for_a_seat_without_a_phone() -> None:
    state = played(*ANSWERED, "reveal")
    assert HOST.action(state, ask("bet", seat="Cléo", chips=["28", "less"])) == [
        'bet "Cléo" [28, "less"]'
    ]
    assert HOST.action(state, ask("bet", seat="Cléo", chips=[], gambit7="30")) == [
        'bet "Cléo" {"gambit7": 30}'
    ]
    before = HOST.action(played(*ANSWERED), ask("bet", seat="Ana", chips=["28"]))
    assert isinstance(before, Reply) and not before.ok  # not before the reveal


def test_closing_a_card_round_then_typing_its_truth() -> None:
    state = played(*ANSWERED, "reveal", 'bet "Ana" [28]')
    assert HOST.action(state, ask("close")) == ["close-bets"]
    refused = HOST.action(state, ask("truth", "fr"))
    assert isinstance(refused, Reply) and refused.message == (
        "Tapez la bonne réponse lue sur la carte."
    )
    assert HOST.action(state, ask("truth", "fr", typed="29")) == ["close-bets", 'truth "29" fr']
    closed = play_all(state, ask("close"))
    assert HOST.action(closed, ask("truth", "en", typed="1,000.5")) == ['truth "1,000.5" en']
    scored = play_all(closed, ask("truth", "fr", typed="29"))
    assert scored.phase == "scored" and scored.scores == (10, 0, 0)  # 6 a chip alone, 4 a slate


def test_closing_a_round_of_the_box_gives_the_box_s_truth() -> None:
    state = played(f"question {ASKED_JSON}", *ANSWERED, "reveal")
    assert HOST.action(state, ask("close")) == ["close-bets", "truth 40 fr"]
    assert HOST.action(state, ask("truth")) == ["close-bets", "truth 40 fr"]
    assert play_all(state, ask("close")).phase == "scored"
    closed = played("close-bets", state=state)  # "next" says it before it is played:
    assert HOST.describe(closed, "truth 40 fr", "fr") == (  # never the answer's number
        "la boîte donne sa bonne réponse : la manche 1 est comptée"
    )


def test_the_host_sees_every_slate_before_the_reveal_and_the_payouts_after() -> None:
    state = played(f"question {ASKED_JSON}", *ANSWERED[:2])
    seen = HOST.view(state, "en")
    assert seen["phase"] == "answers" and seen["box_knows"] is True
    assert seen["slates"] == [
        {"seat": "Ana", "answer": "28"},
        {"seat": "Bo", "answer": "25"},
        {"seat": "Cléo", "answer": None},
    ]
    assert seen["can"] == ["slate"] and "board" not in seen
    assert seen["question"] == {"id": "q7", "text": "How many?", "lang": "en"}  # no answer yet
    state = played('answer "Cléo" "1h30" fr', "reveal", 'bet "Bo" [25, 25]', state=state)
    seen = HOST.view(state, "de")
    assert seen["can"] == ["bet", "close", "truth"]
    assert [case["label"] for case in seen["board"]][3:6] == ["25", "28", "1h30"]
    assert seen["bets"][1] == {"seat": "Bo", "placed": True, "chips": ["25", "25"], "gambit7": None}
    assert seen["bets"][0]["placed"] is False
    scored = HOST.view(play_all(state, ask("close")), "fr")
    assert scored["truth"] == "40" and scored["can"] == []
    assert scored["question"]["answer"].startswith("40")
    paid = {payout["seat"]: payout for payout in scored["payouts"]}
    assert paid["Ana"]["slate_bonus"] == paid["Ana"]["after"] > 0  # 28 wins: 40 is under 1h30
    assert paid["Bo"]["after"] == 0


def test_a_card_round_says_the_box_does_not_know() -> None:
    seen = HOST.view(played(), "fr")
    assert seen["box_knows"] is False and seen["card"] == 1 and "question" not in seen
    assert seen["rounds"] == 7 and seen["finished"] is False


WORDS = {
    "fr": [
        "ardoise de Bo corrigée : 12",
        "Cléo a écrit 30",
        "les réponses sont retournées",
        "Ana a parié",
        "Bo ne parie rien à cette manche",
        "les mises sont closes",
        "la bonne réponse est 40 : la manche 1 est comptée",
        "la manche 2 commence",
    ],
    "de": [
        "Antwortkarte von Bo auf 12 korrigiert",
        "Cléo hat 30 geschrieben",
        "die Antworten sind aufgedeckt",
        "Ana hat gewettet",
        "Bo wettet in dieser Runde nicht",
        "die Einsätze sind geschlossen",
        "die richtige Antwort ist 40: Runde 1 ist gewertet",
        "Runde 2 beginnt",
    ],
    "en": [
        "Bo's slate corrected to 12",
        "Cléo wrote 30",
        "the answers are turned up",
        "Ana placed a bet",
        "Bo bets nothing this round",
        "the bets are closed",
        "the true answer is 40: round 1 is scored",
        "round 2 begins",
    ],
}


@pytest.mark.parametrize("lang", ["fr", "de", "en"])
def test_each_action_in_the_host_s_words(lang: str) -> None:
    answers = played(*ANSWERED[:2])
    bets = played(*ANSWERED, "reveal")
    said = [
        HOST.describe(answers, 'answer "Bo" "12" fr', lang),
        HOST.describe(answers, 'answer "Cléo" 30 fr', lang),
        HOST.describe(played(*ANSWERED), "reveal", lang),
        HOST.describe(bets, 'bet "Ana" [28]', lang),
        HOST.describe(bets, 'bet "Bo" []', lang),
        HOST.describe(bets, "close-bets", lang),
        HOST.describe(played("close-bets", state=bets), "truth 40 fr", lang),
        HOST.describe(played("close-bets", "truth 40 fr", state=bets), "next", lang),
    ]
    assert said == WORDS[lang]
    assert HOST.describe(bets, "no such action", lang) == "no such action"


def test_the_host_s_words_are_in_every_catalogue() -> None:
    assert {"reveal", "close", "truth_typed", "bet_for"} <= set(HOST.texts)


async def _next(socket: aiohttp.ClientWebSocketResponse, kind: str) -> dict[str, Any]:
    """The next message of `kind` from the box (a busy machine is only slower)."""
    while True:
        message: dict[str, Any] = json.loads((await socket.receive(timeout=PATIENCE)).data)
        if message["type"] == kind:
            return message


def test_a_host_s_request_on_a_stale_view_is_refused_in_the_game_s_words(
    tmp_path: Path,
) -> None:
    """The host bets for Cléo on the view shown before Ana's bet and the closing of the
    bets: refused, saying what changed meanwhile, in the host's language."""
    served = serve(tmp_path, "gambit7", SEATS)
    try:
        for notation in (*ANSWERED, "reveal"):
            served.box(notation)

        async def scenario() -> dict[str, Any]:
            async with aiohttp.ClientSession(served.url) as session:
                socket = await session.ws_connect("/host/ws")
                key = served.host_key.current()
                await socket.send_json({"type": "hello", "key": key, "lang": "fr"})
                shown = await _next(socket, "host")
                assert shown["play"]["phase"] == "bets"
                for notation in ('bet "Ana" [28]', "close-bets"):
                    await asyncio.to_thread(served.box, notation)
                request = {"type": "bet", "id": "h1", "lang": "fr", "seat": "Cléo"}
                request.update(game=shown["game_id"], step=shown["step"], chips=["30"])
                await socket.send_json(request)
                return await _next(socket, "reply")

        reply = asyncio.run(scenario())
    finally:
        served.stop()
    assert reply["ok"] is False
    assert reply["message"] == "Pas fait : entre-temps, Ana a parié; les mises sont closes."
