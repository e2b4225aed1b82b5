"""The Gambit 7 and Quitte ou Double mats guide the host: where the keypad types, the
reveal, the bet panel, the minus key, and the words on the mats (issue 26)."""

from __future__ import annotations

import ast
from decimal import Decimal
from pathlib import Path
from typing import Any

import pygame

from pi_app.display.games import gambit7 as g7_screen
from pi_app.display.games import quitte_ou_double as qod_screen
from pi_app.display.games.gambit7 import BetButton, Case
from pi_app.display.intents import Char, Enter, Press, Undo
from pi_app.display.scene import NewGame, Play
from pi_app.display.targets import KeyTap, SeatTap
from pi_app.i18n import set_language, translate
from pi_app.i18n_check import messages_in
from tests.display.layout_checks import drawn_text

SEATS = ("Alice", "Bruno", "Chloé", "Dimitri")


def _gambit7(app: Any, seats: tuple[str, ...] = SEATS) -> None:
    app.execute(NewGame("gambit7", seats, {}))
    app.step([])


def _type(app: Any, text: str) -> None:
    for char in text:
        app.feed(Char(char))
    app.feed(Enter())
    app.step([])


def _answers(app: Any) -> dict[str, Decimal]:
    return {seat: slate.value for seat, slate in app.table.state.answers}


def _shown(app: Any) -> str:
    app.dirty = True
    app.step([])
    return drawn_text(app.canvas.texts)


def _targets(app: Any) -> list[object]:
    app.dirty = True
    app.step([])
    return [hit.target for hit in app.canvas.hits]


def _to_bets(app: Any, values: tuple[object, ...] = (28, 25, 25, 23)) -> None:
    """Every seat's answer played as the phones would, then the bets open."""
    for seat, value in zip(app.table.state.seats, values, strict=True):
        app.execute(Play(f'answer "{seat}" {value} fr'))
    if str(app.table.state.phase) == "answers":
        app.execute(Play("reveal"))
    app.step([])


def _bet(app: Any, seat: str) -> Any:
    return dict(app.table.state.bets).get(seat)


# ---- 1. answers: the keypad's focus and the reveal ------------------------------------


def test_after_a_restart_the_keypad_types_for_the_next_seat_without_an_answer(
    app_factory: Any,
) -> None:
    app = app_factory()
    _gambit7(app)
    _type(app, "28")
    _type(app, "25")
    second = app_factory()  # the plug was pulled: the box starts again on its journal
    second.step([])
    _type(second, "99")
    assert _answers(second) == {"Alice": 28, "Bruno": 25, "Chloé": 99}


def test_after_an_undo_the_keypad_never_types_over_an_answer(app_factory: Any) -> None:
    app = app_factory()
    _gambit7(app)
    for value in ("28", "25", "25", "23"):
        _type(app, value)
    app.feed(Undo())  # Dimitri's answer is taken back
    app.step([])
    _type(app, "99")
    assert _answers(app) == {"Alice": 28, "Bruno": 25, "Chloé": 25, "Dimitri": 99}


def test_an_answer_from_a_phone_moves_the_keypad_on(app_factory: Any) -> None:
    app = app_factory()
    _gambit7(app)
    _type(app, "28")  # the keypad now types for Bruno
    app.table.play('answer "Bruno" 40 fr')  # ... whose phone answers first
    app.step([])
    _type(app, "7")
    assert _answers(app) == {"Alice": 28, "Bruno": 40, "Chloé": 7}


def test_every_answer_in_the_box_asks_to_reveal_and_a_slate_is_fixed_unseen(
    app_factory: Any,
) -> None:
    app = app_factory()
    _gambit7(app)
    for value in ("28", "25", "25", "23"):
        _type(app, value)
    assert str(app.table.state.phase) == "answers"  # not revealed by the last answer
    assert "reveal" in _targets(app)
    shown = _shown(app)
    assert "Révéler les réponses ?" in shown and "28" not in shown
    _type(app, "5")  # typing (and Enter) now says what to do, and changes nothing
    assert "révélez-les" in app.message[0] and _answers(app)["Alice"] == 28
    app.feed(Press(SeatTap(0)))  # the host fixes Alice's slate, still hidden
    assert "Corriger la réponse de Alice" in _shown(app)
    _type(app, "1234")
    assert _answers(app)["Alice"] == 1234 and str(app.table.state.phase) == "answers"
    assert "1234" not in _shown(app)
    app.feed(Press("reveal"))
    app.step([])
    assert str(app.table.state.phase) == "bets" and "1234" in _shown(app)


def test_the_last_answer_from_a_phone_waits_for_the_reveal_too(app_factory: Any) -> None:
    app = app_factory()
    _gambit7(app)
    for value in ("28", "25", "25"):
        _type(app, value)
    app.table.play('answer "Dimitri" 23 fr')  # the last answer comes from a phone
    app.step([])
    assert str(app.table.state.phase) == "answers"
    assert "reveal" in _targets(app)
    view = _phone_view(app)
    assert view["phase"] == "answers" and "board" not in view  # the phones see no mat yet


def _phone_view(app: Any) -> dict[str, Any]:
    from pi_app.web.games import gambit7 as phone

    view: dict[str, Any] = phone.view(app.table.state, "Alice", "fr")
    return view


def test_ok_with_nothing_typed_says_what_is_missing(app_factory: Any) -> None:
    app = app_factory()
    _gambit7(app)
    assert "ok" in _targets(app)  # drawn as not ready, yet it answers a tap
    app.feed(Press("ok"))
    assert app.message is not None and "Alice" in app.message[0]
    assert app.table.state.answers == ()


# ---- 2. bets: the panel, the token, the third chip, the taps that do nothing ---------


def test_the_token_mode_never_carries_over_to_the_next_seat(app_factory: Any) -> None:
    app = app_factory()
    _gambit7(app)
    _to_bets(app)
    app.feed(Press(SeatTap(2)))
    app.feed(Press(BetButton.TOKEN))
    app.feed(Press(Case("28")))
    app.feed(Press(SeatTap(3)))  # the next seat bets chips unless it asks for its token
    app.feed(Press(Case("less")))
    assert _bet(app, "Chloé").gambit7 == 28
    assert _bet(app, "Dimitri").chips == ("less",) and _bet(app, "Dimitri").gambit7 is None


def test_a_third_chip_asks_which_one_moves(app_factory: Any) -> None:
    app = app_factory()
    _gambit7(app)
    _to_bets(app)
    app.feed(Press(Case("25")))
    app.feed(Press(Case("28")))
    before = app.table.state
    app.feed(Press(Case("23")))  # Alice has placed both chips
    assert app.table.state is before  # nothing wiped
    targets = _targets(app)
    assert {g7_screen.MoveChip("25"), g7_screen.MoveChip("28")} <= set(targets)
    assert "Quel jeton de Alice déplacer vers 23 ?" in _shown(app)
    app.feed(Press(g7_screen.MoveChip("28")))
    assert _bet(app, "Alice").chips == (25, 23)
    app.feed(Press(Case("25")))  # both chips on 25 already: said, nothing moves
    app.feed(Press(Case("23")))
    app.feed(Press(BetButton.KEEP))  # ... and a question can be let go
    assert _bet(app, "Alice").chips == (25, 23)


def test_both_chips_on_the_tapped_case_is_said(app_factory: Any) -> None:
    app = app_factory()
    _gambit7(app)
    _to_bets(app)
    app.feed(Press(Case("25")))
    app.feed(Press(Case("25")))
    before = app.table.state
    app.feed(Press(Case("25")))
    assert app.table.state is before
    assert app.message is not None and "déjà sur cette case" in app.message[0]


def test_no_bet_is_acknowledged(app_factory: Any) -> None:
    app = app_factory()
    _gambit7(app)
    _to_bets(app)
    app.feed(Press(SeatTap(1)))
    app.feed(Press(BetButton.CLEAR))
    assert _bet(app, "Bruno") is not None and _bet(app, "Bruno").chips == ()
    assert app.message is not None and "Bruno ne parie rien" in app.message[0]


def test_the_token_instead_of_chips_says_the_chips_come_back(app_factory: Any) -> None:
    app = app_factory()
    _gambit7(app)
    _to_bets(app)
    app.feed(Press(Case("25")))
    app.feed(Press(BetButton.TOKEN))
    app.feed(Press(Case("28")))
    assert _bet(app, "Alice").gambit7 == 28 and _bet(app, "Alice").chips == ()
    assert app.message is not None and "au lieu de ses jetons" in app.message[0]


def test_a_tap_on_the_closed_mat_says_why_nothing_moves(app_factory: Any) -> None:
    app = app_factory()
    _gambit7(app)
    _to_bets(app)
    app.execute(Play("close-bets"))
    app.step([])
    assert Case("25") in _targets(app)
    app.feed(Press(Case("25")))
    assert app.message is not None and "bonne réponse" in app.message[0]
    app.feed(Press("ok"))  # the true answer not typed yet
    assert app.message is not None and "bonne réponse" in app.message[0]


def test_scores_show_while_answering_and_betting(app_factory: Any) -> None:
    app = app_factory()
    _gambit7(app)
    _to_bets(app)
    app.execute(Play('bet "Alice" [25, 25]'))
    app.execute(Play("close-bets"))
    app.execute(Play("truth 27 fr"))
    app.execute(Play("next"))
    app.step([])
    assert app.table.state.scores == (12, 4, 4, 0)
    answering = _shown(app)
    assert "12 pts" in answering and "4 pts" in answering
    _to_bets(app)
    texts = {text.text for text in app.canvas.texts}
    assert {"12", "4", "0"} <= texts  # each seat's cell in the bet panel


def test_each_seat_shows_its_chips_left_and_a_mark_once_it_has_bet() -> None:
    from pi_app.display.widgets import Hand
    from pi_app.rules.gambit7.scoring import Bet

    assert g7_screen._hand(None) == Hand(2, 2)
    assert g7_screen._hand(Bet((Decimal(25),))) == Hand(1, 2, done=True)
    assert g7_screen._hand(Bet()) == Hand(2, 2, done=True)
    assert g7_screen._hand(Bet((), Decimal(25))) == Hand(0, 2, token=True, done=True)


def test_the_check_mark_is_drawn_once_a_seat_has_bet(app_factory: Any) -> None:
    app = app_factory()
    _gambit7(app)
    _to_bets(app)
    cell = next(hit.rect for hit in app.canvas.hits if hit.target == SeatTap(1))
    before = pygame.image.tobytes(app.painter.surface.subsurface(cell), "RGB")
    app.feed(Press(SeatTap(0)))  # Bruno's cell is no longer the selected one either way
    app.execute(Play('bet "Bruno" []'))
    app.dirty = True
    app.step([])
    assert pygame.image.tobytes(app.painter.surface.subsurface(cell), "RGB") != before


# ---- 3. the minus key ---------------------------------------------------------------


def test_the_keypad_minus_key_turns_the_number_negative(app_factory: Any) -> None:
    app = app_factory("480x320")
    _gambit7(app)
    assert KeyTap("sign") in _targets(app) and "±" in _shown(app)
    for key in ("1", "2", "sign"):
        app.feed(Press(KeyTap(key)))
    assert app.scene.entry.text == "-12"
    app.feed(Press(KeyTap("sign")))
    app.feed(Press(KeyTap("sign")))
    app.feed(Press("ok"))
    app.step([])
    assert _answers(app) == {"Alice": -12}


def test_a_negative_tile_on_the_quitte_ou_double_keypad(app_factory: Any) -> None:
    app = app_factory()
    app.execute(NewGame("quitte-ou-double", ("Jaune", "Violet", "Vert"), {}))
    app.step([])
    for key in ("5", "sign"):
        app.feed(Press(KeyTap(key)))
    app.feed(Press("ok"))
    assert app.table.state.current.answer_map == {"Jaune": -5}


# ---- 4. the words on the mats ---------------------------------------------------------


def test_the_token_mark_never_runs_into_the_answer_s_writers(app_factory: Any) -> None:
    app = app_factory()
    seats = ("Marie-Claire", "Paul-Henri", "Chloé", "Dimitri")
    _gambit7(app, seats)
    _to_bets(app, (1969, 1969, 1971, 1950))
    app.execute(Play('bet "Marie-Claire" {"gambit7": 1969}'))
    app.step([])
    texts = app.canvas.texts
    writers = [t for t in texts if t.source == "Marie-Claire, Paul-Henri"]
    assert "Marie-Claire" in drawn_text(writers) and "Paul-Henri" in drawn_text(writers)
    lane = [t for t in texts if "G7" in t.text]  # the token's words, where they fit whole
    for writer in writers:  # whole, on one line or two, and clear of the token's words
        for bets in lane:
            assert bets.rect[0] - (writer.rect[0] + writer.rect[2]) >= 10, (writer, bets)


def test_the_no_answer_case_message_is_in_the_screen_s_language(app_factory: Any) -> None:
    app = app_factory()
    _gambit7(app, SEATS)
    _to_bets(app, (1, 2, 3, 4))  # an even count: the blue centre case faces no answer
    app.feed(Press(Case(None)))
    assert app.message is not None
    assert app.message[0].startswith("Aucune réponse en face de cette case")


def test_the_translation_check_sees_every_message_of_the_mats() -> None:
    """A message translated through a second translator (`_g7`) was never seen by the
    check: every translator of the display is bound to `_`, which the check reads."""
    games = Path(g7_screen.__file__).parent
    aliases = []
    for path in sorted(games.parent.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
                called = node.value.func
                if isinstance(called, ast.Name) and called.id == "Translator":
                    names = [t.id for t in node.targets if isinstance(t, ast.Name)]
                    aliases += [f"{path.name}: {name}" for name in names if name != "_"]
    assert aliases == []
    found = set(messages_in(games / "gambit7.py"))
    assert ("display", "No answer faces this case: a chip cannot go there.") in found
    assert ("display", "Less than that") in found


def test_the_english_mat_names_less_than_that_as_the_phone_does(app_factory: Any) -> None:
    from pi_app.web.texts import TEXTS

    app = app_factory()
    _gambit7(app)
    _to_bets(app)
    set_language("en")
    try:
        shown = _shown(app)
    finally:
        set_language("fr")
    phone = translate(TEXTS["less"], "web", "en")
    assert phone == "Less than that"
    assert phone in shown and "Moins que ça" not in shown


def test_a_quitte_ou_double_loss_reads_with_one_sign(app_factory: Any) -> None:
    app = app_factory()
    teams = ("Jaune", "Violet", "Vert")
    app.execute(NewGame("quitte-ou-double", teams, {"variants": ["permanent"]}))
    for play in (
        'answer "Jaune" 10',
        'answer "Violet" 20',
        'answer "Vert" 30',
        'bet "Jaune" 10..20',
        "truth 15",
        "next",
        'answer "Jaune" 30',
        'answer "Violet" 10',
        'answer "Vert" 20',
        'bet "Jaune" >30',
        'stake "Jaune" >30 1',
        "truth 15",
    ):
        app.execute(Play(play))
    shown = _shown(app)
    assert "-1 = 1" in shown and "+-" not in shown


# ---- Quitte ou Double: the same guidance on its column of tiles -----------------------

TEAMS = ("Jaune", "Violet", "Vert", "Noir")


def _qod(app: Any, variants: tuple[str, ...] = ()) -> None:
    app.execute(NewGame("quitte-ou-double", TEAMS, {"variants": list(variants)}))
    app.step([])


def _tiles(app: Any) -> dict[str, Decimal]:
    return dict(app.table.state.current.answer_map)


def test_after_a_restart_the_keypad_lays_the_next_team_s_tile(app_factory: Any) -> None:
    app = app_factory()
    _qod(app)
    _type(app, "100")
    _type(app, "125")
    second = app_factory()
    second.step([])
    _type(second, "187")
    assert second.message is None, second.message
    assert _tiles(second) == {"Jaune": 100, "Violet": 125, "Vert": 187}


def test_every_tile_laid_the_box_asks_to_turn_them_up(app_factory: Any) -> None:
    app = app_factory()
    _qod(app)
    for value in ("100", "125", "125"):
        _type(app, value)
    app.table.play('answer "Noir" 187')  # the last tile comes from a phone
    app.step([])
    assert app.table.state.phase == "answers" and "reveal" in _targets(app)
    assert "Retourner les tuiles ?" in _shown(app) and "187" not in _shown(app)
    app.feed(Press(SeatTap(0)))  # Jaune's tile corrected before anyone sees it
    assert "Corriger la tuile de Jaune" in _shown(app)
    _type(app, "1234")
    assert _tiles(app)["Jaune"] == 1234 and "1234" not in _shown(app)
    app.feed(Press("reveal"))
    app.step([])
    assert app.table.state.phase == "bets" and "1234" in _shown(app)


def test_the_stake_mode_never_carries_over_to_the_next_team(app_factory: Any) -> None:
    app = app_factory()
    _qod(app, ("permanent",))
    for play in ('answer "Jaune" 10', 'answer "Violet" 20', 'answer "Vert" 30'):
        app.execute(Play(play))
    app.execute(Play('answer "Noir" 40'))
    app.execute(Play('bet "Jaune" 10..20'))
    app.execute(Play("truth 15"))
    app.execute(Play("next"))
    for play in ('answer "Jaune" 10', 'answer "Violet" 20', 'answer "Vert" 30'):
        app.execute(Play(play))
    app.execute(Play('answer "Noir" 40'))
    app.execute(Play('bet "Jaune" 20..30'))
    app.step([])
    app.feed(Press(SeatTap(0)))
    app.feed(Press(qod_screen.BetButton.STAKE))
    app.feed(Press(qod_screen.Zone("20..30")))  # Jaune stakes a gain token
    app.feed(Press(SeatTap(1)))  # Violet lays a bet token unless it asks to stake
    app.feed(Press(qod_screen.Zone("20..30")))
    tokens = app.table.state.current.tokens
    assert [(t.team, t.stake) for t in tokens] == [("Jaune", 1), ("Violet", 0)]


def test_each_team_shows_its_gain_tokens_and_a_mark_once_both_tokens_are_down(
    app_factory: Any,
) -> None:
    app = app_factory()
    _qod(app)
    for play in ('answer "Jaune" 10', 'answer "Violet" 20', 'answer "Vert" 30'):
        app.execute(Play(play))
    app.execute(Play('answer "Noir" 40'))
    app.execute(Play("reveal"))
    app.step([])
    cell = next(hit.rect for hit in app.canvas.hits if hit.target == SeatTap(1))
    before = pygame.image.tobytes(app.painter.surface.subsurface(cell), "RGB")
    app.execute(Play('bet "Violet" <10'))
    app.dirty = True
    app.step([])
    once = pygame.image.tobytes(app.painter.surface.subsurface(cell), "RGB")
    assert once != before  # a bet token left the hand
    app.execute(Play('bet "Violet" <10'))
    app.dirty = True
    app.step([])
    assert pygame.image.tobytes(app.painter.surface.subsurface(cell), "RGB") != once  # both down


def test_ok_with_no_tile_typed_says_what_is_missing(app_factory: Any) -> None:
    app = app_factory()
    _qod(app)
    app.feed(Press("ok"))
    assert app.message is not None and "Jaune" in app.message[0]


def test_a_tap_on_a_closed_or_paid_zone_says_why_nothing_moves(
    app_factory: Any, clock: Any
) -> None:
    app = app_factory()
    _qod(app)
    for play in ('answer "Jaune" 10', 'answer "Violet" 20', 'answer "Vert" 30'):
        app.execute(Play(play))
    app.execute(Play('answer "Noir" 40'))
    app.execute(Play("reveal"))
    app.execute(Play("close-bets"))  # the bets' sand timer ran out
    assert qod_screen.Zone("10..20") in _targets(app)
    app.feed(Press(qod_screen.Zone("10..20")))
    assert app.message is not None and "rien ne va plus" in app.message[0]
    app.execute(Play("truth 15"))
    assert qod_screen.Zone("10..20") in _targets(app)
    app.feed(Press(qod_screen.Zone("10..20")))
    assert app.message is not None and "payée" in app.message[0]
