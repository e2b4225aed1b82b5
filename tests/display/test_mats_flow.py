"""The Gambit 7 and Quitte ou Double mats guide the host: where the keypad types, the
reveal, the bet panel, the minus key, and the words on the mats (issue 26)."""

from __future__ import annotations

import ast
from decimal import Decimal
from pathlib import Path
from typing import Any

from pi_app.display.games import gambit7 as g7_screen
from pi_app.display.games.gambit7 import Case
from pi_app.display.intents import Char, Enter, Press
from pi_app.display.scene import NewGame, Play
from pi_app.display.targets import KeyTap
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
