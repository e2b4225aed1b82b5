"""Gambo from the host's phone and from a seated player's phone (`web.games.gambo`):
the board and the legal moves of the side to move as the rules list them, a move as
its notation (the rules check it), a phone that moves only its own side, and each
move said in the game's words in French, German and English."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as seen

from pi_app.box.acts import Play
from pi_app.rules.contract import RuleError
from pi_app.rules.gambo.board import SQUARE_NAMES, front_of
from pi_app.rules.gambo.game import GAME, PASS, GamboState, legal_actions, winner_side
from pi_app.rules.registry import find_game
from pi_app.table import Journal, Table
from pi_app.web.games import phone_play
from pi_app.web.games.gambo import PHONE
from pi_app.web.games.gambo_host import HOST
from pi_app.web.host_play import HostRequest, host_play
from pi_app.web.phone_request import PhoneRequest, Reply
from pi_app.web.requests import act_of
from tests.web.browser import phone as browser_phone
from tests.web.browser import tap, wait
from tests.web.host_board import SMALL, Hosted, hosted, replayed, shot, until

SETUP = {
    "A": ["E1", "C2", "M3", "E2", "C3", "M1", "E3", "C1", "M2"],
    "B": ["M1", "E3", "C2", "M2", "E1", "C3", "M3", "E2", "C1"],
}


def new() -> GamboState:
    return GAME.new_game(["Alice", "Bruno"], {"setup": SETUP}, random.Random(0))


def after(state: GamboState, *notations: str) -> GamboState:
    for notation in notations:
        state = GAME.apply(state, GAME.parse_action(notation))
    return state


def move(notation: object) -> HostRequest:
    return HostRequest("move", {"move": notation})


def test_gambo_declares_its_host_and_its_phones() -> None:
    assert host_play("gambo") is HOST and HOST.kinds == ("move",)
    assert phone_play("gambo") is PHONE and PHONE.kinds == ("move",)


def test_the_view_lists_every_legal_move_by_the_piece_that_makes_it() -> None:
    """A tap on a piece, then on a square: each pair is one legal move, and every
    legal move is one pair (a swap from either of its pieces)."""
    state = after(new(), "adv b4", "adv a4", "adv b3")
    view = HOST.view(state, "fr")
    assert view["to_move"] == 0 and view["sides"] == ["A", "B"] and not view["must_pass"]
    assert view["pieces"]["c9"] == [1, "E1"] and view["pieces"]["c8"] == [0, "C3"]
    offered = {n for reach in view["targets"].values() for n in reach.values()}
    legal = {GAME.format_action(a) for a in legal_actions(state) if a.kind != PASS}
    assert offered == legal
    assert view["targets"]["c8"]["c9"] == "duel c8 c9"
    assert view["targets"]["a0"]["c0"] == "adv a0"
    assert view["targets"]["a0"]["a1"] == view["targets"]["a1"]["a0"] == "swap a0 a1"
    assert view["last_squares"] == ["b3", "c7"]
    for start, reach in view["targets"].items():
        for end, notation in reach.items():
            if notation.startswith("adv"):
                assert SQUARE_NAMES[front_of(SQUARE_NAMES.index(start))] == end


def test_a_move_is_its_notation_and_the_rules_check_it() -> None:
    state = new()
    assert HOST.action(state, move("adv b4")) == ["adv b4"]
    assert HOST.action(state, move("B: adv b4")) == ["B: adv b4"]
    with pytest.raises(RuleError):
        HOST.action(state, move("jump b4"))
    for bad in (None, 4, "", "adv b4" * 20):
        with pytest.raises(ValueError):
            HOST.action(state, move(bad))
    with pytest.raises(ValueError):
        HOST.action(state, HostRequest("deal", {}))
    with pytest.raises(RuleError) as caught:  # A's piece while B moves: the door's refusal
        after(state, HOST.action(state, move("adv a4"))[0])
    assert caught.value.message("en") == "a4 is not one of your start squares."


def test_a_whole_game_from_the_host_s_taps_replays_to_the_same_scores() -> None:
    """Each side plays the first move the view offers (a pass when it must) to the end."""
    state = new()
    while not state.finished:
        view = HOST.view(state, "en")
        first = next(iter(view["targets"].values()), None)
        notation = "pass" if view["must_pass"] else next(iter(first.values()))
        (played,) = HOST.action(state, move(notation))
        state = after(state, played)
    view = HOST.view(state, "en")
    assert view["finished"] and view["targets"] == {} and view["winner"] in (0, 1)
    replayed = find_game("gambo").replay(GAME.export(state))
    assert replayed["scores"] == {"A": state.scores[0], "B": state.scores[1]}
    assert sum(len(pairs) for pairs in view["taken"]) == 9


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "fr",
            [
                "Bruno : l'éléphant 1 avance en c9",
                "Alice : le chat 2 et le chat 3 permutent",
                "Bruno : l'éléphant 1 prend le chat 3 en c8 : +3",
                "Bruno : la souris 2 attaque le chat 3 en c8 et perd : +6 pour Alice",
            ],
        ),
        (
            "de",
            [
                "Bruno: Elefant 1 zieht nach c9",
                "Alice: Katze 2 und Katze 3 tauschen die Plätze",
                "Bruno: Elefant 1 schlägt Katze 3 auf c8: +3",
                "Bruno: Maus 2 greift Katze 3 auf c8 an und verliert: +6 für Alice",
            ],
        ),
        (
            "en",
            [
                "Bruno: elephant 1 advances to c9",
                "Alice: cat 2 and cat 3 swap places",
                "Bruno: elephant 1 takes cat 3 on c8: +3",
                "Bruno: mouse 2 attacks cat 3 on c8 and loses: +6 for Alice",
            ],
        ),
    ],
)
def test_each_move_is_said_in_the_game_s_words(lang: str, words: list[str]) -> None:
    start = new()
    facing = after(start, "adv b4", "adv a4")
    said = [
        HOST.describe(start, "adv b4", lang),
        HOST.describe(after(start, "adv b4"), "swap a1 a4", lang),
        HOST.describe(facing, "duel c9 c8", lang),
    ]
    mouse = after(facing, "swap b3 c9", "adv a0")  # B's mouse 2 faces A's cat 3
    said.append(HOST.describe(mouse, "duel c9 c8", lang))
    assert said == words
    assert HOST.describe(start, "adv a4", lang) == "adv a4"  # refused: said as sent


def test_the_last_duel_s_bonus_and_a_pass_are_said() -> None:
    state = new()
    while state.duels < 8 or not any(a.kind == "duel" for a in legal_actions(state)):
        state = after(state, GAME.format_action(legal_actions(state)[0]))
    duel = next(a for a in legal_actions(state) if a.kind == "duel")
    assert HOST.describe(state, GAME.format_action(duel), "fr").endswith("(dernier duel : +4)")


def phone(seat: str | None, notation: object, lang: str = "fr") -> Any:
    return PHONE.action(new(), PhoneRequest(seat or "", "move", {"move": notation}, lang))


def test_a_player_s_phone_moves_its_own_side_only() -> None:
    assert phone("Bruno", "adv b4") == "adv b4"  # B moves first
    refused = phone("Alice", "adv a4")
    assert isinstance(refused, Reply) and not refused.ok
    assert refused.message == "Ce n’est pas à vous : l’autre camp joue."
    assert (
        phone("Alice", "adv a4", "de").message == "Sie sind nicht am Zug: die andere Seite zieht."
    )
    with pytest.raises(ValueError):
        phone("Bruno", ["adv b4"])


def test_a_phone_sees_the_board_and_which_side_is_its_own() -> None:
    state = new()
    assert PHONE.view(state, "Alice", "en")["side"] == 0
    assert PHONE.view(state, "Bruno", "en")["side"] == 1
    spectator = PHONE.view(state, None, "en")
    assert spectator["side"] is None
    assert {key: value for key, value in spectator.items() if key != "side"} == HOST.view(
        state, "en"
    )


def _host_moves(box: Hosted, shots: Path) -> None:
    """Alice's moves from the host's page until the board is empty: each time the page
    shows her to move in the position the box holds, her first offered move is tapped
    (a piece, then its square; Pass when no move is legal)."""
    driver, table = box.driver, box.table
    pictured = False
    while not table.state.finished:
        state = until(lambda: _alice_to_move(driver, table))
        if state is True:
            break
        view = HOST.view(state, "fr")
        played = len(state.history)
        if view["must_pass"]:
            tap(driver, "#pass")
        else:
            start, reach = next(iter(view["targets"].items()))
            tap(driver, f'[data-square="{start}"]')
            if not pictured:
                shot(driver, shots, "host-gambo-picked", "#board")
                pictured = True
            tap(driver, f'[data-square="{next(iter(reach))}"]')
        until(lambda played=played: len(table.state.history) > played)


def _alice_to_move(driver: Any, table: Any) -> Any:
    """The state when the page shows Alice to move in it; True once the game is over."""
    state = table.state
    if state.finished:
        return True
    shown = driver.execute_script(
        "const g = document.getElementById('gambo');"
        " return g ? [g.dataset.played, g.dataset.toMove] : null;"
    )
    if state.to_move != 0 or shown != [str(len(state.history)), "A"]:
        return None
    return state


def test_a_gambo_game_against_the_computer_is_played_from_the_host_s_phone(
    tmp_path: Path,
) -> None:
    """Chromium as the host (360x640) plays Alice's side against the computer (easy, side
    B, which moves first) to the end, on a box without screen or bell; the computer
    replies through the box; the journal replays to the same scores."""
    shots = tmp_path / "shots"
    seats = ["Alice", "Ordinateur (facile)"]
    extras = {"opponent": {"B": "easy"}}
    with hosted(tmp_path, "gambo", seats, {"setup": SETUP}, extras) as box:
        wait(box.driver, seen.presence_of_element_located((By.ID, "board")))
        shot(box.driver, shots, "host-gambo-start", "#game-part")
        _host_moves(box, shots)
        until(lambda: box.driver.find_elements(By.CSS_SELECTOR, '#gambo[data-to-move=""]'))
        shot(box.driver, shots, "host-gambo-over", "#game-part")
        hint = box.driver.find_element(By.ID, "hint").text
        scores, game_id = box.table.state.scores, box.table.game_id
        winner = box.table.state.seats[winner_side(box.table.state) or 0]
    assert hint == f"{'Alice' if winner == 'Alice' else 'Ordinateur (facile)'} gagne"
    result = replayed(tmp_path / "journal.sqlite3", game_id, tmp_path)
    assert result["finished"] and result["scores"] == {"A": scores[0], "B": scores[1]}


def test_a_second_phone_plays_its_own_side_against_the_host_s_phone(tmp_path: Path) -> None:
    """Bruno's phone (side B, which moves first) and the host's page (Alice's side) play
    a Gambo game between two people: each moves only its own side; Bruno's advance, the
    host's answer and Bruno's duel reach the journal."""
    shots = tmp_path / "shots"
    with hosted(tmp_path, "gambo", ["Alice", "Bruno"], {"setup": SETUP}) as box:
        with browser_phone("fr") as bruno:
            bruno.set_window_size(*SMALL)
            bruno.get(f"{box.url}/j/{box.hub.secret_for(box.table.game_id)}")
            tap(bruno, '[data-seat="Bruno"]')
            wait(bruno, seen.presence_of_element_located((By.CSS_SELECTOR, "#board")))
            for square in ("b4", "c9"):
                tap(bruno, f'#board [data-square="{square}"]')
            until(lambda: box.table.state.history == ("adv b4",))
            wait(box.driver, lambda d: d.find_elements(By.CSS_SELECTOR, '#gambo[data-played="1"]'))
            tap(bruno, '#board [data-square="c9"]')  # Alice's turn: Bruno's taps do nothing
            for square in ("a4", "c8"):
                tap(box.driver, f'#board [data-square="{square}"]')
            until(lambda: box.table.state.history == ("adv b4", "adv a4"))
            wait(bruno, lambda d: d.find_elements(By.CSS_SELECTOR, '#gambo[data-played="2"]'))
            tap(bruno, '#board [data-square="c9"]')
            shot(bruno, shots, "phone-gambo-duel", "#gambo")
            tap(bruno, '#board [data-square="c8"]')
            until(lambda: len(box.table.state.history) == 3)
            said = wait(bruno, lambda d: d.find_element(By.CSS_SELECTOR, "#gambo p.small").text)
            shot(bruno, shots, "phone-gambo-after-duel", "#gambo")
        assert box.table.state.history == ("adv b4", "adv a4", "duel c9 c8")
        assert box.table.state.scores == (0, 3)
    assert said == "Bruno : l'éléphant 1 prend le chat 3 en c8 : +3"


def test_a_phone_holding_the_computer_s_seat_only_watches(tmp_path: Path) -> None:
    """The computer's seat may be held by a phone, to follow the game: its moves are
    the computer's, and a move sent from that phone is refused in its language."""
    journal = Journal(tmp_path / "journal.sqlite3")
    try:
        seats = ["Alice", "Ordinateur (facile)"]
        table = Table.new(
            journal, "gambo", seats, {"setup": SETUP}, extras={"opponent": {"B": "easy"}}
        )
        move = {"move": "adv b4"}  # B's move, B to move: the rules would take it
        refused = act_of(table, PhoneRequest("Ordinateur (facile)", "move", move, "de"))
        assert isinstance(refused, Reply) and not refused.ok
        assert (
            refused.message
            == "Der Computer spielt diesen Platz: dieses Telefon verfolgt seine Züge."
        )
        people = Table.new(journal, "gambo", ["Alice", "Bruno"], {"setup": SETUP})
        assert isinstance(act_of(people, PhoneRequest("Bruno", "move", move, "de")), Play)
    finally:
        journal.close()


def test_the_host_never_plays_the_computer_s_move(tmp_path: Path) -> None:
    """The host's page offers no move while the computer is to move, and the box
    refuses one made anyway (a hand-made request): the computer's side is its own."""
    from pi_app.web.host_tables import game_acts

    journal = Journal(tmp_path / "journal.sqlite3")
    try:
        seats = ["Alice", "Ordinateur (facile)"]
        table = Table.new(
            journal, "gambo", seats, {"setup": SETUP}, extras={"opponent": {"B": "easy"}}
        )
        request = HostRequest("move", {"move": "adv b4"}, "fr", table.game_id)  # B to move
        refused = game_acts(table, request)
        assert isinstance(refused, Reply) and not refused.ok
        assert refused.message == "C’est à l’ordinateur de jouer : son coup passe d’abord."
        people = Table.new(journal, "gambo", ["Alice", "Bruno"], {"setup": SETUP})
        request = HostRequest("move", {"move": "adv b4"}, "fr", people.game_id)
        assert [type(act) for act in game_acts(people, request)] == [Play]  # type: ignore[arg-type]
    finally:
        journal.close()
