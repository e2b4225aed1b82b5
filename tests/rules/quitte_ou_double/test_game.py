"""Quitte ou Double: the phase machine, refusals, the board, notation and records."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Mapping, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from pi_app.rules.contract import RuleError
from pi_app.rules.quitte_ou_double.actions import (
    Action,
    Answer,
    Bet,
    CloseBets,
    NextRound,
    Reveal,
    Stake,
    Truth,
)
from pi_app.rules.quitte_ou_double.game import GAME
from pi_app.rules.quitte_ou_double.record import play_record
from pi_app.rules.quitte_ou_double.scoring import BANK_TOKENS, Place, bank_count
from pi_app.rules.quitte_ou_double.state import ANSWERS, BETS, PAID, QodState
from pi_app.rules.registry import find_game
from pi_app.table.journal import Journal
from pi_app.table.table import Table
from tests.journals import reopen
from tests.paths import GOLDEN as GOLDEN_ROOT

GOLDEN = GOLDEN_ROOT / "quitte-ou-double"
TEAMS = ("Jaune", "Rouge", "Bleu")


def start(teams: Sequence[str] = TEAMS, **options: object) -> QodState:
    state: QodState = GAME.new_game(list(teams), options, random.Random(7))
    return state


def play(state: QodState, *notations: str) -> QodState:
    for notation in notations:
        state = GAME.apply(state, GAME.parse_action(notation))
    return state


def q(team: str) -> str:
    return json.dumps(team, ensure_ascii=False)


def lay(state: QodState, answers: Mapping[str, int | str]) -> QodState:
    """Each team's tile, then the host turns them up once all are laid."""
    state = play(state, *(f"answer {q(team)} {value}" for team, value in answers.items()))
    return play(state, "reveal") if state.all_laid() else state


def play_round(
    state: QodState,
    answers: Mapping[str, int],
    bets: Mapping[str, Sequence[str]],
    truth: int,
    stakes: Sequence[tuple[str, str, int]] = (),
) -> QodState:
    if state.phase == PAID:
        state = play(state, "next")
    state = lay(state, answers)
    state = play(
        state, *(f"bet {q(team)} {zone}" for team, zones in bets.items() for zone in zones)
    )
    state = play(state, *(f"stake {q(team)} {zone} {n}" for team, zone, n in stakes))
    return play(state, f"truth {truth}")


def refused(state: QodState, notation: str, fragment: str) -> None:
    """The action is refused with `fragment` in its English message; nothing changes."""
    before = copy.deepcopy(state)
    exported = GAME.export(state)
    with pytest.raises(RuleError) as caught:
        GAME.apply(state, GAME.parse_action(notation))
    assert fragment in caught.value.message("en")
    assert caught.value.message("fr") != caught.value.message("en")
    assert state == before
    assert GAME.export(state) == exported


def seventh_round(scores_wanted: int = 4) -> QodState:
    """A game at the betting of round 7 where Jaune holds `scores_wanted` or more tokens."""
    state = start()
    for _ in range(6):
        state = play_round(state, {"Jaune": 10, "Rouge": 20, "Bleu": 30}, {"Jaune": ["10..20"]}, 15)
    state = play(state, "next")
    state = lay(state, {"Jaune": 100, "Rouge": 200, "Bleu": 300})
    assert state.owned("Jaune") >= scores_wanted
    return state


# Setup ------------------------------------------------------------------------------


def test_registry_finds_the_game() -> None:
    assert find_game("quitte-ou-double") is GAME
    assert GAME.name == "quitte-ou-double"
    assert (GAME.min_seats, GAME.max_seats) == (3, 6)


def test_question_choice_is_kept_for_the_whole_game() -> None:
    assert start().setup.question == 1
    state = start(question=3)
    state = play_round(state, {"Jaune": 1, "Rouge": 2, "Bleu": 3}, {}, 2)
    assert play(state, "next").setup.question == 3
    assert GAME.board(state).question == 3
    assert "question" not in json.dumps(GAME.export(state))


@pytest.mark.parametrize(
    ("teams", "options", "fragment"),
    [
        (("A", "B"), {}, "3 to 6 teams, not 2"),
        (tuple("ABCDEFG"), {}, "3 to 6 teams, not 7"),
        (("A", "B", "A"), {}, "same name"),
        (("A", "B", " "), {}, "needs a name"),
        (TEAMS, {"question": 4}, "question 1, 2 or 3"),
        (TEAMS, {"question": True}, "question 1, 2 or 3"),
        (TEAMS, {"variants": ["turbo"]}, "Unknown variant 'turbo'"),
        (TEAMS, {"variants": "permanent"}, "list of names"),
        (TEAMS, {"variants": ["permanent", "permanent"]}, "listed twice"),
        (TEAMS, {"locale": "it"}, "Unknown locale"),
        (TEAMS, {"mat": "x"}, "Unknown option 'mat'"),
    ],
)
def test_bad_setup_is_refused(
    teams: Sequence[str], options: dict[str, object], fragment: str
) -> None:
    with pytest.raises(RuleError) as caught:
        start(teams, **options)
    assert fragment in caught.value.message("en")


# The phase machine ---------------------------------------------------------------------


def test_phases_follow_the_rulebook_steps() -> None:
    state = start()
    assert state.phase == ANSWERS
    refused(state, 'bet "Jaune" <10', "Every team must lay its tile")
    refused(state, "truth 5", "Every team must lay its tile")
    refused(state, "next", "Every team must lay its tile")
    state = play(state, 'answer "Jaune" 12', 'answer "Jaune" 10')  # a tile fixed, face down
    assert state.current.answer_map == {"Jaune": 10}
    refused(state, 'answer "Vert" 12', "No team is called Vert")
    refused(state, "reveal", "waiting for Rouge, Bleu")
    state = play(state, 'answer "Rouge" 20', 'answer "Bleu" 30')
    assert state.phase == ANSWERS and GAME.board(state).tiles == ()  # still face down
    assert GAME.legal_actions(state) == [Reveal()]
    state = play(state, "reveal")
    assert state.phase == BETS
    refused(state, 'answer "Bleu" 31', "it is time to bet")
    refused(state, "next", "it is time to bet")
    state = play(state, "truth 25")
    assert state.phase == PAID
    refused(state, 'bet "Jaune" <10', "This round is paid")
    refused(state, "truth 26", "This round is paid")
    state = play(state, "next")
    assert (state.current.number, state.phase) == (2, ANSWERS)


def test_a_journal_from_before_the_reveal_step_turns_the_tiles_up_at_its_first_bet() -> None:
    laid = ('answer "Jaune" 10', 'answer "Rouge" 20', 'answer "Bleu" 30')
    state = play(start(), *laid, 'bet "Jaune" <10')
    assert state.phase == BETS and len(state.current.tokens) == 1
    assert play(start(), *laid, "truth 25").phase == PAID
    refused(play(start(), laid[0]), 'bet "Jaune" <10', "Every team must lay its tile")


def test_the_game_ends_after_round_7_with_shared_wins() -> None:
    state = start()
    for number in range(1, 8):
        assert GAME.outcome(state) is None
        state = play_round(state, {"Jaune": 10, "Rouge": 20, "Bleu": 30}, {}, 25)
        assert state.current.number == number
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winners == ("Rouge", "Bleu")
    assert dict(outcome.scores) == {"Jaune": 0, "Rouge": 7, "Bleu": 7}
    refused(state, "next", "round 7 was the last")
    assert GAME.legal_actions(state) == []


# Paying --------------------------------------------------------------------------------


def test_rulebook_example_175() -> None:
    teams = ("Jaune", "Violet", "Vert", "Noir")
    state = lay(start(teams), {"Jaune": 100, "Violet": 250, "Vert": 125, "Noir": 187})
    state = play(
        state,
        'bet "Jaune" 125..187',
        'bet "Jaune" 125..187',
        'bet "Violet" 125..187',
        'bet "Violet" >250',
        'bet "Vert" 100..125',
        'bet "Noir" <100',
        "truth 175",
    )
    assert state.score_map() == {"Jaune": 2, "Violet": 1, "Vert": 1, "Noir": 1}
    board = GAME.board(state)
    assert board.paying_zones == ("125..187",)
    assert [(t.label, t.earns) for t in board.tiles] == [
        ("100", False),
        ("125", True),
        ("187", True),
        ("250", False),
    ]


def test_exact_answer_pays_both_zones_and_only_the_exact_tile() -> None:
    state = lay(start(), {"Jaune": 10, "Rouge": 20, "Bleu": 30})
    state = play(state, 'bet "Jaune" 20..30', 'bet "Bleu" 10..20', 'bet "Bleu" >30', "truth 20")
    assert state.score_map() == {"Jaune": 1, "Rouge": 1, "Bleu": 1}
    assert GAME.board(state).paying_zones == ("10..20", "20..30")


def test_grosses_tetes_pays_the_exact_tiles_1_plus_3() -> None:
    state = lay(start(variants=["grosses-tetes"]), {"Jaune": 7, "Rouge": 7, "Bleu": 9})
    state = play(state, "truth 7")
    assert state.score_map() == {"Jaune": 4, "Rouge": 4, "Bleu": 0}
    state = play_round(state, {"Jaune": 1, "Rouge": 3, "Bleu": 9}, {}, 2)
    assert state.score_map() == {"Jaune": 5, "Rouge": 5, "Bleu": 0}


# Refusals, state unchanged ---------------------------------------------------------------


@pytest.fixture
def betting() -> QodState:
    return lay(start(), {"Jaune": 100, "Rouge": 125, "Bleu": 187})


@pytest.mark.parametrize(
    ("notation", "fragment"),
    [
        ('bet "Jaune" 125', "never on a tile (125)"),
        ('bet "Jaune" 100..187', "100 and 187 are not neighbouring answers"),
        ('bet "Jaune" 125..100', "write the smaller answer first"),
        ('bet "Jaune" <125', "only the smallest answer (100) has a zone below it"),
        ('bet "Jaune" >125', "only the largest answer (187) has a zone above it"),
        ('bet "Jaune" 110..125', "No tile shows 110"),
        ('bet "Vert" <100', "No team is called Vert"),
        ('stake "Jaune" <100 1', "staked only in round 7"),
    ],
)
def test_broken_bets_are_refused(betting: QodState, notation: str, fragment: str) -> None:
    refused(betting, notation, fragment)


def test_a_third_bet_token_is_refused(betting: QodState) -> None:
    state = play(betting, 'bet "Rouge" <100', 'bet "Rouge" 125..187')
    refused(state, 'bet "Rouge" >187', "Rouge has already placed its 2 bet tokens")


def test_closed_bets_refuse_every_token_and_stake_until_the_truth(betting: QodState) -> None:
    state = play(betting, 'bet "Jaune" <100', "close-bets")
    assert state.phase == BETS and state.current.bets_closed
    refused(state, 'bet "Rouge" <100', "Time is up: no more bets")
    refused(state, "close-bets", "Time is up: no more bets")
    refused(start(), "close-bets", "Every team must lay its tile")
    paid = play(state, "truth 90")  # the truth pays the tokens placed before the close
    assert paid.owned("Jaune") == 2  # its token in the paying zone, its tile beside it
    following = play(paid, "next")
    assert not following.current.bets_closed  # a new round opens its bets again
    staking = play(seventh_round(), 'bet "Jaune" <100', "close-bets")
    refused(staking, 'stake "Jaune" <100 1', "Time is up: no more bets")


def test_round_7_stakes_win_double_or_are_lost() -> None:
    state = seventh_round()
    owned = state.owned("Jaune")
    state = play(state, 'bet "Jaune" 200..300', 'stake "Jaune" 200..300 3', 'bet "Jaune" <100')
    refused(state, f'stake "Jaune" <100 {owned - 2}', f"refused: Jaune owns {owned} gain tokens")
    refused(state, 'stake "Jaune" 100..200 1', "cannot be staked alone")
    refused(state, 'stake "Rouge" 100..200 1', "cannot be staked alone")
    state = play(state, 'bet "Rouge" 100..200', "truth 250")
    # 3 gain tokens under a bet token in the paying zone: kept, and 1 + 3 won.
    assert state.owned("Jaune") == owned + 4
    board = GAME.board(state)
    assert dict(board.gains)["Jaune"] == 4


def test_lost_stakes_leave_the_team() -> None:
    state = seventh_round()
    owned = state.owned("Jaune")
    state = play(state, 'bet "Jaune" <100', f'stake "Jaune" <100 {owned}', "truth 250")
    assert state.owned("Jaune") == 0


def test_permanent_allows_stakes_from_round_2_only() -> None:
    state = lay(start(variants=["permanent"]), {"Jaune": 10, "Rouge": 20, "Bleu": 30})
    state = play(state, 'bet "Jaune" 10..20', 'bet "Jaune" 10..20')
    refused(state, 'stake "Jaune" 10..20 1', "staked only in round 7")
    state = play(state, "truth 15", "next")
    state = lay(state, {"Jaune": 10, "Rouge": 20, "Bleu": 30})
    state = play(state, 'bet "Jaune" 10..20', 'stake "Jaune" 10..20 3', "truth 15")
    assert state.owned("Jaune") == 3 + 1 + 3 + 1


def test_staking_needs_the_variant_or_round_7() -> None:
    state = play_round(start(), {"Jaune": 10, "Rouge": 20, "Bleu": 30}, {"Jaune": ["10..20"]}, 15)
    state = lay(play(state, "next"), {"Jaune": 10, "Rouge": 20, "Bleu": 30})
    state = play(state, 'bet "Jaune" 10..20')
    refused(state, 'stake "Jaune" 10..20 1', "staked only in round 7")


# Board --------------------------------------------------------------------------------


def test_board_hides_tiles_until_all_are_laid() -> None:
    state = play(start(), 'answer "Jaune" 10')
    board = GAME.board(state)
    assert board.tiles == () and board.zones == ()
    assert board.waiting == ("Rouge", "Bleu")


def test_board_shows_stacks_zones_tokens_and_stakes() -> None:
    state = seventh_round()
    state = play(state, 'bet "Jaune" 200..300', 'bet "Jaune" 200..300', 'stake "Jaune" 200..300 2')
    state = play(state, 'bet "Rouge" <100')
    board = GAME.board(state)
    assert [zone.name for zone in board.zones] == ["<100", "100..200", "200..300", ">300"]
    middle = board.zones[2]
    assert [(b.team, b.tokens, b.stake) for b in middle.bets] == [("Jaune", 2, 2)]
    assert [(b.team, b.tokens, b.stake) for b in board.zones[0].bets] == [("Rouge", 1, 0)]
    assert board.paying_zones == () and board.truth is None
    assert board.bank == BANK_TOKENS - sum(state.scores)


def test_board_names_zones_in_the_table_locale_and_stacks_equal_answers() -> None:
    state = start(("A", "B", "C", "D"), locale="fr")
    state = lay(state, {"A": "12.5", "B": 12345, "C": 12345, "D": 3})
    board = GAME.board(state)
    assert [zone.name for zone in board.zones] == ["<3", "3..12,5", "12,5..12 345", ">12 345"]
    assert [tile.teams for tile in board.tiles] == [("D",), ("A",), ("B", "C")]


def test_bank_counts_down_from_90_and_goes_below_zero() -> None:
    assert bank_count([0, 0, 0]) == 90
    state = start(variants=["permanent"])
    for _ in range(7):
        if state.phase == PAID and state.current.number == 7:
            break
        if state.phase == PAID:
            state = play(state, "next")
        state = lay(state, {"Jaune": 10, "Rouge": 20, "Bleu": 30})
        state = play(state, 'bet "Jaune" 10..20', 'bet "Jaune" 10..20')
        if state.owned("Jaune"):
            state = play(state, f'stake "Jaune" 10..20 {state.owned("Jaune")}')
        state = play(state, "truth 15")
    assert GAME.board(state).bank == 90 - sum(state.scores) < 0


# Notation -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "action",
    [
        Answer("Équipe « du fond »", Decimal("-12.5")),
        Bet('Les "Têtes"', Place(None, Decimal(100))),
        Bet("A B", Place(Decimal(100), None)),
        Bet("A", Place(Decimal("1.5"), Decimal(2))),
        Bet("A", Place(Decimal(7), Decimal(7))),
        Stake("A  B", Place(Decimal(-3), Decimal(-1)), 12),
        Truth(Decimal("1234567.25")),
        CloseBets(),
        NextRound(),
    ],
)
def test_notation_round_trips(action: Action) -> None:
    text = GAME.format_action(action)
    assert "\n" not in text
    assert GAME.parse_action(text) == action


def test_typed_answers_use_the_table_locale() -> None:
    state = start(locale="fr")
    assert GAME.typed_answer(state, "Jaune", "1 234,5").value == Decimal("1234.5")
    assert GAME.typed_answer(state, "Jaune", "1h30").value == 90
    with pytest.raises(RuleError):
        GAME.typed_answer(state, "Jaune", "1.5")


# Listing ------------------------------------------------------------------------------


def test_legal_actions_list_bets_and_stakes() -> None:
    state = start()
    assert GAME.legal_actions(state) == []
    state = lay(state, {"Jaune": 1, "Rouge": 2, "Bleu": 2})
    listed = GAME.legal_actions(state)
    assert Bet("Jaune", Place(Decimal(1), Decimal(2))) in listed
    assert listed[0] == CloseBets() and len(listed) == 1 + 3 * 3
    assert GAME.legal_actions(play(state, "close-bets")) == []
    state = play(state, 'bet "Jaune" <1', 'bet "Jaune" <1')
    assert not [a for a in GAME.legal_actions(state) if getattr(a, "team", "") == "Jaune"]
    for action in GAME.legal_actions(state):
        GAME.apply(state, action)
    assert GAME.legal_actions(play(state, "truth 3")) == [NextRound()]
    state = seventh_round()
    state = play(state, 'bet "Jaune" <100')
    stakes = [a for a in GAME.legal_actions(state) if isinstance(a, Stake)]
    assert [a.count for a in stakes] == list(range(1, state.owned("Jaune") + 1))


# Records ------------------------------------------------------------------------------


def test_export_is_a_record_that_replays_to_the_same_scores() -> None:
    state = start(("A b", "C", "D"), variants=["permanent", "grosses-tetes"], locale="de")
    state = lay(state, {"A b": "12.5", "C": 1250, "D": 7})
    state = play(state, 'bet "A b" 12.5..1250', 'bet "C" <7', "truth 12.5", "next")
    state = lay(state, {"A b": 1, "C": 2, "D": 3})
    state = play(state, 'bet "A b" 1..2', 'stake "A b" 1..2 4', "truth 1.5", "next")
    record = GAME.export(state)
    assert record["locale"] == "de"
    assert record["options"] == {"variants": ["grosses-tetes", "permanent"]}
    assert record["rounds"][0]["answers"]["A b"] == "12,5"
    assert record["rounds"][1]["bets"]["A b"] == [{"zone": "1..2", "stake": 4}]
    output = GAME.replay(json.loads(json.dumps(record)))
    assert output["scores"] == state.score_map() == {"A b": 11, "C": 1, "D": 0}


@pytest.mark.parametrize(
    "path",
    sorted(p for p in GOLDEN.glob("*.json") if not p.name.endswith(".out.json")),
    ids=lambda p: p.name,
)
def test_golden_games_export_to_records_with_the_same_scores(path: Path) -> None:
    record = json.loads(path.read_text(encoding="utf-8"))
    states = play_record(record)
    exported = GAME.export(states[-1])
    assert GAME.replay(exported)["scores"] == GAME.replay(record)["scores"]
    assert len(exported["rounds"]) == len(record["rounds"])


def test_replay_refuses_unknown_fields_and_names_the_round() -> None:
    base = {"game": "quitte-ou-double", "seats": list(TEAMS), "rounds": []}
    answers = {"Jaune": 1, "Rouge": 2, "Bleu": 3}
    cases: list[tuple[dict[str, Any], str]] = [
        ({**base, "extra": 1}, "unknown field 'extra'"),
        ({**base, "options": {"question": 2}}, "unknown field 'question'"),
        (
            {**base, "rounds": [{"answers": answers, "truth": 2, "bets": {"Vert": []}}]},
            "round 1: bets: unknown field 'Vert'",
        ),
        (
            {
                **base,
                "rounds": [
                    {
                        "answers": answers,
                        "truth": 2,
                        "bets": {"Jaune": [{"zone": "<1", "stakes": 1}]},
                    }
                ],
            },
            "unknown field 'stakes'",
        ),
        (
            {**base, "rounds": [{"answers": answers, "truth": 2, "bets": {"Jaune": [1]}}]},
            "round 1: A bet token goes in a zone between tiles, never on a tile (1)",
        ),
    ]
    for record, fragment in cases:
        with pytest.raises(RuleError) as caught:
            GAME.replay(record)
        assert fragment in caught.value.message("en")


# At the table -------------------------------------------------------------------------


def test_a_journaled_table_plays_undoes_resumes_and_exports(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "journal.sqlite3")
    table = Table.new(journal, "quitte-ou-double", list(TEAMS), {"question": 2}, seed=1)
    for notation in ('answer "Jaune" 10', 'answer "Rouge" 20', 'answer "Bleu" 30'):
        table.play(notation)
    table.play(Bet("Jaune", Place(Decimal(10), Decimal(20))))
    with pytest.raises(RuleError):
        table.play('bet "Rouge" 20')
    table.play('bet "Rouge" >30')
    table.undo()
    table.play("close-bets")  # the bets' sand timer ran out: an event like any other
    with pytest.raises(RuleError):
        table.play('bet "Rouge" >30')
    table.undo()  # undo reopens the bets
    table.play('bet "Bleu" >30')
    table.play("close-bets")
    closed = Table.resume(reopen(table))
    assert closed is not None and closed.state.current.bets_closed  # a resumed box too
    table.play("truth 15")
    resumed = Table.resume(reopen(table))
    assert resumed is not None
    assert resumed.state == table.state
    assert resumed.state.setup.question == 2
    assert resumed.state.score_map() == {"Jaune": 2, "Rouge": 1, "Bleu": 0}
    assert GAME.replay(resumed.export())["scores"] == {"Jaune": 2, "Rouge": 1, "Bleu": 0}
