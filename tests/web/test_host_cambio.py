"""Cambio from the host's phone (`web.games.cambio`, `web.games.cambio_tournament`):
each request is the round's one action in the game's notation, the rules refuse what
the phase does not allow, the view holds what the screen shows (the round, who rang,
the hand form's choices, the scores, the tournament's standings), and each action is
said in words in French, German and English."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as seen
from selenium.webdriver.support.ui import Select

from pi_app.rules.cambio.game import GAME, CambioState
from pi_app.rules.cambio.tournament.game import GAME as TOURNAMENT
from pi_app.rules.cambio.tournament.state import TournamentState
from pi_app.rules.contract import RuleError
from pi_app.rules.registry import find_game
from pi_app.web.games.cambio_host import HOST, TOURNAMENT_HOST
from pi_app.web.host_play import HostPlay, HostRequest, host_play
from tests.web.browser import tap, wait
from tests.web.conftest import serve
from tests.web.host_board import hosted, replayed, shot, until
from tests.web.test_server import act, receive

SEATS = ["Ana", "Ben", "Cléo", "Dan"]


def ask(kind: str, **fields: Any) -> HostRequest:
    return HostRequest(kind, fields)


def played(state: Any, play: HostPlay, request: HostRequest, game: Any = GAME) -> Any:
    """The state after the host's request, played as the door plays it."""
    notations = play.action(state, request)
    assert isinstance(notations, list) and len(notations) == 1
    return game.apply(state, game.parse_action(notations[0]))


def new(options: dict[str, Any] | None = None) -> CambioState:
    return GAME.new_game(
        SEATS, options or {"variant": "cambio", "false_ring_fine": 10}, random.Random(0)
    )


def test_both_record_names_find_their_host_play() -> None:
    assert host_play("cambio") is HOST
    assert host_play("cambio-tournament") is TOURNAMENT_HOST
    assert set(HOST.kinds) == {"deal", "open", "bell", "ring", "false_ring", "show"}
    assert TOURNAMENT_HOST.kinds == HOST.kinds


def test_a_round_scored_from_the_host_s_phone_scores_as_its_record() -> None:
    state = new()
    for request in (ask("deal"), ask("open"), ask("bell"), ask("ring", seat="Dan")):
        state = played(state, HOST, request)
    assert state.round.rung_by == "Dan"
    state = played(state, HOST, ask("false_ring"))
    state = played(state, HOST, ask("ring", seat="Ben"))
    holding = {"plus": None, "minus": "Cléo"}
    state = played(state, HOST, ask("show", currency="Yen", hand="9+plus", holding=holding))
    record = {
        "game": "cambio",
        "options": {"variant": "cambio", "false_ring_fine": 10, "target": 5000},
        "seats": SEATS,
        "rounds": [
            {
                "winner": "Ben",
                "currency": "Yen",
                "hand": "9+plus",
                "holding": {"Cléo": ["minus"]},
                "false_rings": ["Dan"],
            }
        ],
    }
    assert state.score_map == find_game("cambio").replay(record)["scores"]
    assert state.score_map == {"Ana": 0, "Ben": 160, "Cléo": -20, "Dan": -10}


def test_the_notations_are_the_screen_s() -> None:
    state = new()
    assert HOST.action(state, ask("deal")) == ["deal"]
    assert HOST.action(state, ask("bell")) == ["bell"]
    assert HOST.action(state, ask("ring", seat="Cléo")) == ['ring "Cléo"']
    assert HOST.action(state, ask("false_ring")) == ["false-ring"]
    shown = ask("show", currency="Dollar", hand="9+odd", holding={"plus": "Ana", "minus": None})
    assert HOST.action(state, shown) == ['show Dollar 9+odd "Ana"=plus']
    assert HOST.action(new({}), ask("show", currency="Franc")) == ["show Franc 9"]


@pytest.mark.parametrize(
    "request_",
    [
        ask("ring", seat=3),
        ask("ring", seat=""),
        ask("ring"),
        ask("show", currency="Euro", hand="9"),
        ask("show", currency="Yen", hand="10"),
        ask("show", currency="Yen", hand="9", holding={"joker": "Ana"}),
        ask("show", currency="Yen", hand="9", holding=["Ana"]),
        ask("show", currency="Yen", hand="9", holding={"plus": 7}),
        ask("stop"),
    ],
)
def test_an_unreadable_request_is_refused_as_one(request_: HostRequest) -> None:
    with pytest.raises(ValueError):
        HOST.action(new(), request_)


def refused(state: Any, request: HostRequest) -> str:
    """Why the rules refuse the host's request, in English."""
    with pytest.raises(RuleError) as caught:
        played(state, HOST, request)
    return caught.value.message("en")


def test_the_rules_refuse_what_the_phase_does_not_allow() -> None:
    state = new()
    assert refused(state, ask("open")).startswith("Trading opens only after the deal")
    state = played(played(state, HOST, ask("deal")), HOST, ask("open"))
    assert refused(state, ask("show", currency="Yen", hand="9")).startswith("Nobody has rung")
    assert refused(state, ask("ring", seat="Zoé")) == "Zoé is not seated at this table."
    rung = played(state, HOST, ask("ring", seat="Ben"))
    shown = ask("show", currency="Yen", hand="9+plus", holding={})
    assert "CAMBIO-minus card is not in the winning hand" in refused(rung, shown)


def test_the_view_holds_the_round_the_ringer_s_choices_and_the_scores() -> None:
    state = new()
    seen = HOST.view(state, "fr")["tables"][0]
    assert seen["phase"] == "deal" and seen["phase_words"] == "Distribuez les cartes"
    assert seen["title"] == "Tour 1 · donneur Ana" and seen["ten_cards"] == "10 cartes : Ana, Ben"
    assert seen["currencies"] == [["Dollar", 100], ["Deutschemark", 85], ["Yen", 80], ["Franc", 75]]
    for request in (ask("deal"), ask("open"), ask("ring", seat="Dan"), ask("false_ring")):
        state = played(state, HOST, request)
    seen = HOST.view(state, "de")["tables"][0]
    assert seen["phase"] == "trading"
    assert seen["false_rings"] == ["Fehlalarm: Dan (-10 bei der Wertung)"]
    state = played(state, HOST, ask("ring", seat="Ben"))
    seen = HOST.view(state, "en")["tables"][0]
    assert seen["rung_by"] == "Ben" and seen["rang"] == "STOP: Ben rang"
    assert seen["cards"] == [["plus", "CAMBIO-plus"], ["minus", "CAMBIO-minus"]]
    hands = {hand: places for hand, _label, places in seen["hands"]}
    assert hands["9+plus"] == {"plus": [None], "minus": ["Ana", "Cléo", "Dan"]}
    assert hands["9+odd"]["minus"] == [None, "Ana", "Cléo", "Dan"]
    state = played(state, HOST, ask("show", currency="Yen", hand="9+odd", holding={"plus": "Ana"}))
    view = HOST.view(state, "fr")
    seen = view["tables"][0]
    assert seen["scores"] == [["Ana", -20], ["Ben", 80], ["Cléo", 0], ["Dan", -10]]
    assert seen["sheet"] == [
        "Ana -20 : CAMBIO-plus",
        "Ben +80 : 9 cartes identiques + une dixième dépareillée en Yen",
        "Dan -10 : fausse sonnerie",
    ]
    assert view["history"] == [
        "Tour 1 : Ben, 9 cartes identiques + une dixième dépareillée en Yen (+80)"
    ]
    assert view["target"] == 5000 and view["over"] is False


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "fr",
            [
                "les cartes distribuées",
                "le troc ouvert",
                "la sonnette : STOP",
                "Ben a sonné",
                "la fausse sonnerie de Ben",
                "la main de Ben marquée : 9 cartes identiques + CAMBIO-plus (points doublés)"
                " en Yen (+160)",
            ],
        ),
        (
            "de",
            [
                "die Karten ausgeteilt",
                "der Tausch eröffnet",
                "die Klingel: STOPP",
                "Ben hat geklingelt",
                "Fehlalarm von Ben",
                "Blatt von Ben gewertet: 9 gleiche Karten + CAMBIO-plus (doppelte Punkte)"
                " in Yen (+160)",
            ],
        ),
        (
            "en",
            [
                "the cards dealt",
                "trading opened",
                "the bell: STOP",
                "Ben rang",
                "Ben's false ring",
                "Ben's hand scored: 9 identical cards + CAMBIO-plus (double) in Yen (+160)",
            ],
        ),
    ],
)
def test_each_action_is_said_in_words(lang: str, words: list[str]) -> None:
    """What undo takes back, what changed under a stale request: the game's words."""
    state = new()
    said = []
    for notation in ("deal", "open", "bell", 'ring "Ben"'):
        said.append(HOST.describe(state, notation, lang))
        state = GAME.apply(state, GAME.parse_action(notation))
    said.append(HOST.describe(state, "false-ring", lang))
    said.append(HOST.describe(state, 'show Yen 9+plus "Cléo"=minus', lang))
    assert said == words


def tournament() -> TournamentState:
    players = ["Ana", "Ben", "Cléo", "Dan", "Eve", "Fay", "Gus", "Hal"]
    return TOURNAMENT.new_game(players, {"tables": 2}, random.Random(0))


def test_a_tournament_plays_the_same_requests_at_a_table() -> None:
    state = tournament()
    assert TOURNAMENT_HOST.action(state, ask("deal", table=1)) == ["table 1 deal"]
    for table, winner, currency in ((0, "Ben", "Dollar"), (1, "Fay", "Yen"), (0, "Ben", "Franc")):
        for request in (
            ask("deal"),
            ask("open"),
            ask("ring", seat=winner),
            ask("show", currency=currency),
        ):
            request = HostRequest(request.kind, {**request.fields, "table": table})
            state = played(state, TOURNAMENT_HOST, request, TOURNAMENT)
    view = TOURNAMENT_HOST.view(state, "fr")
    assert [row["player"] for row in view["standings"]][:3] == ["Ben", "Fay", "Ana"]
    assert view["standings"][0] == {"player": "Ben", "score": 175, "table": 1, "wins": 0}
    assert view["moves"] == ["Ben : va à la table 2, place 2", "Fay : va à la table 1, place 2"]
    assert [table["seats"] for table in view["tables"]] == [
        ["Ana", "Fay", "Cléo", "Dan"],
        ["Eve", "Ben", "Gus", "Hal"],
    ]
    assert TOURNAMENT_HOST.describe(state, "table 1 deal", "de") == "Tisch 2: die Karten ausgeteilt"


@pytest.mark.parametrize("table", [2, -1, True, "0", None])
def test_a_tournament_request_names_one_of_its_tables(table: object) -> None:
    with pytest.raises(ValueError):
        TOURNAMENT_HOST.action(tournament(), ask("deal", table=table))


def test_a_cambio_round_is_scored_from_the_host_s_phone_on_a_box_without_screen_or_bell(
    tmp_path: Path,
) -> None:
    """Chromium as the host (360x640) deals, opens trading, stops it, names a false ring
    then the ringer, and scores the hand; the journal replays to the same scores."""
    options = {"variant": "cambio", "false_ring_fine": 10}
    shots = tmp_path / "shots"
    with hosted(tmp_path, "cambio", SEATS, options) as box:
        driver = box.driver
        for button in ("#deal", "#open"):
            tap(driver, button)
        shot(driver, shots, "host-cambio-trading")
        tap(driver, "#bell")
        until(lambda: box.table.state.round.phase == "stopped")
        tap(driver, '[data-seat="Dan"]')
        tap(driver, "#false-ring")
        until(lambda: box.table.state.round.false_rings == ("Dan",))
        tap(driver, "#undo")  # the page says first what Undo takes back, in Cambio's words
        asked = wait(driver, lambda d: d.find_element(By.ID, "confirm-words").text)
        tap(driver, "#confirm-no")
        tap(driver, '#cambio[data-phase="trading"] [data-seat="Ben"]')  # rung from trading
        tap(driver, "#currency-2")
        tap(driver, '[id="hand-9+plus"]')
        holder = wait(driver, seen.element_to_be_clickable((By.ID, "holder-minus")))
        Select(holder).select_by_visible_text("Cléo")
        shot(driver, shots, "host-cambio-hand")
        tap(driver, "#show")
        until(lambda: len(box.table.state.history) == 1)
        wait(driver, seen.presence_of_element_located((By.ID, "sheet")))
        shot(driver, shots, "host-cambio-scored")
        scores = box.table.state.score_map
        sheet = driver.find_element(By.ID, "sheet").text
        game_id = box.table.game_id
    assert scores == {"Ana": 0, "Ben": 160, "Cléo": -20, "Dan": -10}
    assert asked == "Annuler : la fausse sonnerie de Dan ?"
    assert "Ben +160" in sheet and "Cléo -20 : CAMBIO-moins" in sheet
    assert replayed(tmp_path / "journal.sqlite3", game_id, tmp_path)["scores"] == scores


def test_a_tournament_s_table_is_dealt_from_its_tab_and_its_standings_are_shown(
    tmp_path: Path,
) -> None:
    """The host's page (German) shows a tab per table and the standings of every
    player; a deal at the second table is that table's."""
    players = ["Ana", "Ben", "Cléo", "Dan", "Eve", "Fay", "Gus", "Hal"]
    shots = tmp_path / "shots"
    with hosted(tmp_path, "cambio-tournament", players, {"tables": 2}, lang="de") as box:
        driver = box.driver
        tap(driver, "#table-1")
        tap(driver, "#deal")
        until(lambda: box.table.state.tables[1].round.phase == "study")
        tap(driver, "#open")
        tap(driver, '[data-seat="Fay"]')
        tap(driver, "#currency-0")
        tap(driver, "#show")
        until(lambda: box.table.state.score_map["Fay"] == 100)
        rows = wait(driver, lambda d: scored_standings(d, "100"))  # read whole, in one look
        first = rows[0]
        shot(driver, shots, "host-cambio-tournament", "#tables")
        assert box.table.state.tables[0].round.phase == "deal"
    assert len(rows) == len(players)
    assert first.split() == ["Fay", "Tisch", "2", "hier", "gewonnene", "Runden:", "1", "100"]


def scored_standings(driver: Any, score: str) -> list[str] | None:
    """The standings' rows as text once the first shows `score`: the page redraws the
    table on every state, so the rows are read in one look (a stale one: not yet)."""
    texts = [row.text for row in driver.find_elements(By.CSS_SELECTOR, "#standings tr")]
    return texts if texts and score in texts[0].split() else None


def test_two_hosts_racing_the_second_hears_what_the_first_did_in_cambio_s_words(
    tmp_path: Path,
) -> None:
    """Two host pages see the same round; the first's ring is played, the second's
    bell, made on the view before it, is refused with the ring said in its language."""
    served = serve(tmp_path, "cambio", tuple(SEATS))

    async def host(session: aiohttp.ClientSession, lang: str) -> Any:
        socket = await session.ws_connect("/host/ws")
        await socket.send_json({"type": "hello", "key": served.host_key.current(), "lang": lang})
        return socket

    async def shown(socket: Any, phase: str) -> dict[str, Any]:
        while True:
            message = await receive(socket, "host")
            if message["play"]["tables"][0]["phase"] == phase:
                return message

    async def scenario() -> list[dict[str, Any]]:
        async with aiohttp.ClientSession(served.url) as session:
            first, second = await host(session, "fr"), await host(session, "de")
            for kind, phase in (("deal", "deal"), ("open", "study")):
                now = await shown(second, phase)  # the steps are the table's, for both
                fields = {"type": kind, "id": kind, "game": now["game_id"], "step": now["step"]}
                assert (await act(first, **fields))["ok"]
            trading = await shown(second, "trading")
            made = {"game": trading["game_id"], "step": trading["step"], "lang": "de"}
            ring = {"type": "ring", "id": "r", "seat": "Ben", **made, "lang": "fr"}
            replies = [await act(first, **ring)]
            replies.append(await act(second, type="bell", id="b", **made))
            return replies

    try:
        rang, late = asyncio.run(scenario())
        assert served.owner.table.state.round.rung_by == "Ben"
    finally:
        served.stop()
    assert rang["ok"] and not late["ok"]
    assert late["message"] == "Nicht ausgeführt. Inzwischen: Ben hat geklingelt."


def test_a_box_of_a_tournament_across_boxes_waits_for_its_settings() -> None:
    """Until the tournament's settings arrive its table's state is None: the host sees
    nothing of it, and a request is refused with the screen's words."""
    assert TOURNAMENT_HOST.view(None, "fr") == {}
    with pytest.raises(RuleError) as caught:
        TOURNAMENT_HOST.action(None, ask("deal", table=0))
    assert caught.value.message("en") == "The tournament's settings have not arrived yet."
