"""Quitte ou Double keeps how durations and percentages were typed, for display only."""

from __future__ import annotations

import random
from decimal import Decimal
from pathlib import Path

import pytest

from pi_app.rules.contract import RuleError
from pi_app.rules.quitte_ou_double.actions import Answer, Truth, format_action, parse_action
from pi_app.rules.quitte_ou_double.game import GAME
from pi_app.rules.quitte_ou_double.state import QodState
from pi_app.table.journal import Journal
from pi_app.table.table import Table
from tests.journals import reopen

TEAMS = ("Jaune", "Rouge", "Bleu")


def start(locale: str = "fr") -> QodState:
    state: QodState = GAME.new_game(list(TEAMS), {"locale": locale}, random.Random(7))
    return state


def typed_round(state: QodState, answers: dict[str, str], bets: list[str], truth: str) -> QodState:
    """A round as the box plays it: typed tiles and truth, notations through the journal's
    spelling (format then parse), and bet notations."""
    actions = [GAME.typed_answer(state, team, typed) for team, typed in answers.items()]
    for action in actions:
        state = GAME.apply(state, GAME.parse_action(GAME.format_action(action)))
    for notation in bets:
        state = GAME.apply(state, GAME.parse_action(notation))
    truth_action = GAME.typed_truth(state, truth)
    return GAME.apply(state, GAME.parse_action(GAME.format_action(truth_action)))


# Notation ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (Answer("Jaune", Decimal(90), "1h30"), 'answer "Jaune" 90 "1h30"'),
        (Answer("Jaune", Decimal(90)), 'answer "Jaune" 90'),
        (Answer("Les 7", Decimal("45.5"), "45,5 %"), 'answer "Les 7" 45.5 "45,5 %"'),
        (Truth(Decimal(90), "1:30"), 'truth 90 "1:30"'),
        (Truth(Decimal(175)), "truth 175"),
    ],
)
def test_notation_writes_the_typed_form_after_the_number(action: Answer | Truth, text: str) -> None:
    assert format_action(action) == text
    assert parse_action(text) == action


def test_old_notation_without_the_typed_form_still_reads() -> None:
    assert parse_action('answer "Jaune" 125') == Answer("Jaune", Decimal(125))
    assert parse_action("truth 175") == Truth(Decimal(175))
    assert parse_action('answer "Jaune"  90   "1h30" ') == Answer("Jaune", Decimal(90), "1h30")


@pytest.mark.parametrize(
    "text",
    [
        'answer "Jaune" 90 "1h"',  # a typed form that says another value
        'answer "Jaune" 90 "90"',  # only durations and percentages are kept
        'answer "Jaune" 90 "1h30" 2',
        'answer "Jaune" 90 1h30',
        'answer "Jaune" 90 "1h30',
        'truth 45 "46 %"',
        'truth 45 "45 %" "45 %"',
    ],
)
def test_a_typed_form_that_does_not_fit_is_refused(text: str) -> None:
    with pytest.raises(RuleError):
        parse_action(text)


def test_typed_answers_keep_only_durations_and_percentages() -> None:
    state = start("fr")
    assert GAME.typed_answer(state, "Jaune", " 1 h\u00a030 ") == Answer(
        "Jaune", Decimal(90), "1 h 30"
    )
    assert GAME.typed_answer(state, "Jaune", "45 %") == Answer("Jaune", Decimal(45), "45 %")
    assert GAME.typed_answer(state, "Jaune", "1 234,5") == Answer("Jaune", Decimal("1234.5"))
    assert GAME.typed_truth(state, "500 av. J.-C.") == Truth(Decimal(-500))


# A game --------------------------------------------------------------------------------


def test_tiles_zones_and_truth_show_durations_as_typed_while_scoring_minutes() -> None:
    state = typed_round(
        start("fr"),
        {"Jaune": "1h30", "Rouge": "90", "Bleu": "2h"},
        ['bet "Jaune" 90..120', 'bet "Rouge" >120', 'bet "Bleu" <90'],
        "1h45",
    )
    current = state.current
    assert current.answer_map == {"Jaune": 90, "Rouge": 90, "Bleu": 120}
    assert current.truth == 105
    shown = GAME.board(state)
    assert [tile.label for tile in shown.tiles] == ["1h30", "2h"]
    assert [tile.teams for tile in shown.tiles] == [("Jaune", "Rouge"), ("Bleu",)]
    assert [zone.name for zone in shown.zones] == ["<1h30", "1h30..2h", ">2h"]
    assert shown.paying_zones == ("1h30..2h",)
    assert shown.truth == "1h45"
    assert state.score_map() == {"Jaune": 2, "Rouge": 1, "Bleu": 1}


def test_percentages_show_as_typed_and_plain_numbers_in_the_table_locale() -> None:
    state = typed_round(
        start("de"),
        {"Jaune": "45 %", "Rouge": "12,5%", "Bleu": "12345"},
        [],
        "50",
    )
    shown = GAME.board(state)
    assert [tile.label for tile in shown.tiles] == ["12,5%", "45 %", "12.345"]
    assert shown.zones[1].name == "12,5%..45 %"
    assert shown.truth == "50"


def test_the_first_typed_form_names_a_stack_of_equal_answers() -> None:
    state = typed_round(start("fr"), {"Jaune": "90", "Rouge": "1:30", "Bleu": "1h30"}, [], "100")
    assert [tile.label for tile in GAME.board(state).tiles] == ["1:30"]


def test_export_is_the_same_whether_a_duration_was_typed_or_its_minutes() -> None:
    bets = ['bet "Jaune" 90..120', 'bet "Rouge" <45']
    typed = typed_round(start(), {"Jaune": "1h30", "Rouge": "45 %", "Bleu": "2h"}, bets, "1h45")
    plain = typed_round(start(), {"Jaune": "90", "Rouge": "45", "Bleu": "120"}, bets, "105")
    assert typed.current.typed == (("Jaune", "1h30"), ("Rouge", "45 %"), ("Bleu", "2h"))
    assert plain.current.typed == ()
    record = GAME.export(typed)
    assert record == GAME.export(plain)
    assert record["rounds"][0]["answers"] == {"Jaune": 90, "Rouge": 45, "Bleu": 120}
    assert record["rounds"][0]["truth"] == 105
    assert record["rounds"][0]["bets"] == {"Jaune": ["90..120"], "Rouge": ["<45"]}
    assert GAME.replay(record)["scores"] == typed.score_map()


def test_an_old_journal_folds_exactly_as_before(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "journal.sqlite3")
    table = Table.new(journal, "quitte-ou-double", list(TEAMS), {}, seed=1)
    old = ['answer "Jaune" 90', 'answer "Rouge" 45', 'answer "Bleu" 120', 'bet "Jaune" 90..120']
    for notation in [*old, "truth 105"]:
        table.play(notation)
    expected = start()
    for notation in [*old, "truth 105"]:
        expected = GAME.apply(expected, GAME.parse_action(notation))
    resumed = Table.resume(reopen(table))
    assert resumed is not None
    assert resumed.state == table.state == expected
    assert resumed.state.current.typed == () and resumed.state.current.truth_typed is None
    assert [tile.label for tile in GAME.board(resumed.state).tiles] == ["45", "90", "120"]


def test_a_journal_keeps_the_typed_form_across_a_restart(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "journal.sqlite3")
    table = Table.new(journal, "quitte-ou-double", list(TEAMS), {}, seed=1)
    for team, typed in (("Jaune", "1h30"), ("Rouge", "45 %"), ("Bleu", "2h")):
        table.play(GAME.typed_answer(table.state, team, typed))
    table.play("reveal")
    resumed = Table.resume(reopen(table))
    assert resumed is not None
    assert resumed.state == table.state
    assert [tile.label for tile in GAME.board(resumed.state).tiles] == ["45 %", "1h30", "2h"]
