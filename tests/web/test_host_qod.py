"""Quitte ou Double on the host's phone (issue 48): each request is the notations the
box's screen would play, checked by the rules as a tap is; what the host sees before
and after the tiles are turned up; each action in the host's words in fr, de and en."""

from __future__ import annotations

import json
import random
from decimal import Decimal

import pytest

from pi_app.rules.contract import RuleError
from pi_app.rules.question import RoundQuestion
from pi_app.rules.quitte_ou_double.game import GAME
from pi_app.rules.quitte_ou_double.state import QodState
from pi_app.web.games.quitte_ou_double import HOST
from pi_app.web.host_play import HostRequest, host_play
from pi_app.web.phone_request import Reply
from tests.web.test_host_gambit7 import ask

TEAMS = ("Jaune", "Vert", "Noir")
ASKED = RoundQuestion("q9", {"fr": "Combien ?", "de": "Wie viele?"}, Decimal(20), "", "atlas")
ASKED_LINE = "question " + json.dumps(ASKED.to_json(), ensure_ascii=False)
LAID = ('answer "Jaune" 12', 'answer "Vert" 30', 'answer "Noir" 18')


def played(*notations: str, state: QodState | None = None, **options: object) -> QodState:
    state = state or GAME.new_game(TEAMS, options, random.Random(1))
    for notation in notations:
        state = GAME.apply(state, GAME.parse_action(notation))
    return state


def play_all(state: QodState, request: HostRequest) -> QodState:
    notations = HOST.action(state, request)
    assert not isinstance(notations, Reply), notations
    return played(*notations, state=state)


def test_the_game_declares_its_host_play() -> None:
    assert host_play("quitte-ou-double") is HOST
    assert set(HOST.kinds) == {"slate", "reveal", "bet", "stake", "close", "truth"}


def test_a_tile_is_laid_and_corrected_before_the_tiles_are_turned_up_only() -> None:
    state = played(*LAID[:2])
    assert HOST.action(state, ask("slate", "fr", seat="Noir", typed="1h30")) == [
        'answer "Noir" 90 "1h30"'
    ]
    assert HOST.action(state, ask("slate", "de", seat="Vert", typed="12,5")) == [
        'answer "Vert" 12.5'
    ]
    state = play_all(state, ask("slate", seat="Noir", typed="18"))
    with pytest.raises(RuleError):  # a tile is corrected until the reveal, never after
        play_all(play_all(state, ask("reveal")), ask("slate", seat="Noir", typed="19"))
    with pytest.raises(RuleError):  # unreadable, said as the rules say it
        HOST.action(state, ask("slate", seat="Noir", typed="1h99"))
    with pytest.raises(ValueError):
        HOST.action(state, ask("slate", seat="Rose", typed="3"))


def test_the_host_bets_and_stakes_for_a_team_without_a_phone() -> None:
    state = played(
        *LAID, "reveal", state=played(*LAID, "reveal", "truth 20", "next", variants=["permanent"])
    )
    assert HOST.action(state, ask("bet", seat="Vert", low="18", high="30")) == ['bet "Vert" 18..30']
    state = play_all(state, ask("bet", seat="Vert", low="18", high="30"))
    owned = state.owned("Vert")
    assert owned > 0
    assert HOST.action(state, ask("stake", seat="Vert", low="18", high="30", count=1)) == [
        'stake "Vert" 18..30 1'
    ]
    before = HOST.action(played(*LAID), ask("bet", seat="Vert", low="18", high="30"))
    assert isinstance(before, Reply) and not before.ok  # not before the tiles are up


def test_a_card_round_is_paid_with_the_typed_truth_and_the_box_s_with_its_own() -> None:
    state = played(*LAID, "reveal", 'bet "Jaune" 12..18')
    assert HOST.action(state, ask("close")) == ["close-bets"]
    refused = HOST.action(state, ask("truth", "de"))
    assert isinstance(refused, Reply) and refused.message == (
        "Die richtige Antwort von der Karte eingeben."
    )
    assert HOST.action(state, ask("truth", "fr", typed="15")) == ["truth 15"]
    paid = play_all(play_all(state, ask("close")), ask("truth", "fr", typed="15"))
    assert paid.phase == "paid" and paid.score_map() == {"Jaune": 2, "Vert": 0, "Noir": 1}
    asked = played(ASKED_LINE, *LAID, "reveal")
    assert HOST.action(asked, ask("close")) == ["close-bets", "truth 20"]
    assert HOST.action(asked, ask("truth")) == ["truth 20"]
    timed_out = played("close-bets", state=asked)  # the sand timer closed them
    assert HOST.action(timed_out, ask("close")) == ["truth 20"]
    assert HOST.describe(timed_out, "truth 20", "de") == (  # "next" says it before the pay
        "die Box gibt ihre richtige Antwort: Runde 1 ist gewertet"
    )


def test_the_host_sees_every_tile_before_they_are_turned_up_and_the_gains_after() -> None:
    state = played(ASKED_LINE, 'answer "Jaune" 12', 'answer "Noir" 90 "1h30"')
    seen = HOST.view(state, "de")
    assert seen["slates"] == [
        {"seat": "Jaune", "answer": "12"},
        {"seat": "Vert", "answer": None},
        {"seat": "Noir", "answer": "1h30"},
    ]
    assert seen["box_knows"] is True and seen["can"] == ["slate"] and seen["tiles"] == []
    assert seen["question"] == {"id": "q9", "text": "Wie viele?", "lang": "de"}
    state = played('answer "Vert" 30', "reveal", 'bet "Vert" 12..30', state=state)
    seen = HOST.view(state, "en")
    assert seen["can"] == ["bet", "close", "truth"]
    assert [tile["label"] for tile in seen["tiles"]] == ["12", "30", "1h30"]
    assert seen["tokens_left"] == {"Jaune": 2, "Vert": 1, "Noir": 2}
    paid = HOST.view(play_all(state, ask("close")), "fr")
    assert paid["phase"] == "paid" and paid["truth"] == "20" and paid["can"] == []
    assert paid["gains"] == {"Jaune": 1, "Vert": 2, "Noir": 0}
    assert paid["question"]["answer"].startswith("20")


WORDS = {
    "fr": [
        "tuile de Noir corrigée : 19",
        "Vert a posé une tuile : 1h30",
        "les tuiles sont retournées",
        "Vert a posé un jeton de mise sur 18..30",
        "Vert a misé 2 jetons de gain sur 18..30",
        "les mises sont closes",
        "la bonne réponse est 20 : la manche 1 est payée",
        "la manche 2 commence",
    ],
    "de": [
        "Plättchen von Noir auf 19 korrigiert",
        "Vert hat ein Plättchen gelegt: 1h30",
        "die Plättchen sind aufgedeckt",
        "Vert hat einen Wettchip auf 18..30 gesetzt",
        "Vert hat 2 Gewinnchips auf 18..30 gesetzt",
        "die Einsätze sind geschlossen",
        "die richtige Antwort ist 20: Runde 1 ist ausgezahlt",
        "Runde 2 beginnt",
    ],
    "en": [
        "Noir's tile corrected to 19",
        "Vert laid a tile: 1h30",
        "the tiles are turned up",
        "Vert put a bet token on 18..30",
        "Vert staked 2 gain tokens on 18..30",
        "the bets are closed",
        "the true answer is 20: round 1 is paid",
        "round 2 begins",
    ],
}


@pytest.mark.parametrize("lang", ["fr", "de", "en"])
def test_each_action_in_the_host_s_words(lang: str) -> None:
    laying = played('answer "Jaune" 12', 'answer "Noir" 18')
    bets = played(*LAID, "reveal")
    said = [
        HOST.describe(laying, 'answer "Noir" 19', lang),
        HOST.describe(laying, 'answer "Vert" 90 "1h30"', lang),
        HOST.describe(played(*LAID), "reveal", lang),
        HOST.describe(bets, 'bet "Vert" 18..30', lang),
        HOST.describe(bets, 'stake "Vert" 18..30 2', lang),
        HOST.describe(bets, "close-bets", lang),
        HOST.describe(bets, "truth 20", lang),
        HOST.describe(played("truth 20", state=bets), "next", lang),
    ]
    assert said == WORDS[lang]
    assert HOST.describe(bets, "gibberish", lang) == "gibberish"
    assert HOST.describe(bets, 'stake "Vert" 18..30 1', "en") == (
        "Vert staked 1 gain token on 18..30"
    )
