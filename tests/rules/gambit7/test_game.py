"""Gambit 7: the phase machine, refusals that change nothing, the board and the mat."""

from __future__ import annotations

import copy
import json
import random
from decimal import Decimal
from pathlib import Path

import pytest

from pi_app.i18n_check import catalogue, messages_in
from pi_app.mats import load_mat_profile
from pi_app.rules import RuleError, find_game
from pi_app.rules.gambit7.actions import (
    Action,
    Answer,
    CloseBets,
    NextRound,
    PlaceBet,
    Reveal,
    Truth,
)
from pi_app.rules.gambit7.game import GAME, Gambit7State, board, payouts
from pi_app.rules.gambit7.mat import (
    CENTRE,
    DEFAULT_PATH,
    default_mat,
    mat_from_object,
)
from pi_app.rules.gambit7.scoring import LESS, placement, winning_target
from pi_app.rules.gambit7.state import Phase
from tests.paths import RULES

D = Decimal
SEATS = ("Rouge", "Jaune", "Vert", "Bleu")


def play(state: Gambit7State, *actions: Action) -> Gambit7State:
    for action in actions:
        state = GAME.apply(state, action)
    return state


def start(seats: tuple[str, ...] = SEATS, options: dict[str, object] | None = None) -> Gambit7State:
    return GAME.new_game(seats, options or {}, random.Random(7))


def answered(state: Gambit7State, values: dict[str, object]) -> Gambit7State:
    """Every seat's answer in `values`, then the host's reveal."""
    return play(
        state,
        *(Answer(seat, D(str(v)) if not isinstance(v, str) else v) for seat, v in values.items()),
        Reveal(),
    )


EXAMPLE = {"Rouge": 28, "Jaune": 25, "Vert": 25, "Bleu": 23}


def refused(state: Gambit7State, action: Action, words: str) -> None:
    """`action` is refused with an English message containing `words`; state untouched."""
    before = copy.deepcopy(state)
    with pytest.raises(RuleError) as caught:
        GAME.apply(state, action)
    assert words in caught.value.message("en")
    assert caught.value.message("fr") != caught.value.message("en")
    assert state == before


def test_registry_finds_gambit7() -> None:
    assert find_game("gambit7") is GAME
    assert (GAME.min_seats, GAME.max_seats) == (3, 7)


def test_round_k_reads_question_k_of_card_k() -> None:
    state = start()
    assert (state.round, state.card, state.question, state.phase) == (1, 1, 1, Phase.ANSWERS)
    state = play(answered(state, EXAMPLE), CloseBets(), Truth(D(27)), NextRound())
    assert (state.round, state.card, state.question) == (2, 2, 2)


def test_answers_change_until_the_host_reveals_them() -> None:
    state = play(start(), Answer("Rouge", "30"), Answer("Rouge", "28"))
    assert dict(state.answers)["Rouge"].value == 28
    state = play(state, Answer("Jaune", "25"), Answer("Vert", "25"), Answer("Bleu", "23"))
    assert state.phase is Phase.ANSWERS  # every answer is in, still hidden
    assert all(view.value is None for view in board(state))
    assert GAME.legal_actions(state) == (Reveal(),)
    state = play(state, Answer("Bleu", "24"))  # a slate fixed before the reveal
    state = play(state, Reveal())
    assert state.phase is Phase.BETS and dict(state.answers)["Bleu"].value == 24
    refused(state, Answer("Rouge", "27"), "answers of round 1 are closed")


def test_a_journal_from_before_the_reveal_step_reveals_at_its_first_bet() -> None:
    every = (Answer(seat, D(str(value))) for seat, value in EXAMPLE.items())
    state = play(start(), *every, PlaceBet("Rouge", (D(25),)))
    assert state.phase is Phase.BETS and dict(state.bets)["Rouge"].chips == (25,)
    state = play(start(), *(Answer(seat, D(str(v))) for seat, v in EXAMPLE.items()), CloseBets())
    assert state.phase is Phase.TRUTH
    refused(play(start(), Answer("Rouge", "3")), PlaceBet("Rouge"), "Bets are not open now")


def test_typed_answers_keep_what_was_typed() -> None:
    state = play(
        start(),
        Answer("Rouge", " 1h30 "),
        Answer("Jaune", "12,5"),
        Answer("Vert", "1.234,5", "de"),
        Answer("Bleu", D("0.25"), "en"),
    )
    slates = dict(state.answers)
    assert slates["Rouge"].value == 90 and slates["Rouge"].typed == "1h30"
    assert slates["Jaune"].value == D("12.5")
    assert slates["Vert"].value == D("1234.5")
    assert slates["Bleu"].typed == "0.25"


def test_reveal_names_the_missing_seats() -> None:
    state = play(start(), Answer("Rouge", "3"), Answer("Vert", "4"))
    refused(state, Reveal(), "No answer yet from “Jaune”, “Bleu”")


def test_unreadable_answer_is_refused() -> None:
    refused(start(), Answer("Rouge", "1.5"), "ambiguous")
    refused(start(), Answer("Rouge", "beaucoup"), "Cannot read")
    refused(start(), Answer("Rouge", "3", "it"), "Unknown locale")


def test_rulebook_example_scores_chips_shared_and_alone() -> None:
    bets = answered(start(), EXAMPLE)
    shared = play(
        bets,
        PlaceBet("Rouge", (D(25), D(25))),
        PlaceBet("Jaune", (D(25),)),
        CloseBets(),
        Truth("27"),
    )
    assert shared.scores == (8, 8, 4, 0)
    alone = play(bets, PlaceBet("Rouge", (D(25), D(25))), CloseBets(), Truth("27"))
    assert alone.scores[0] == 12


def test_bet_is_replaced_until_bets_close() -> None:
    state = play(
        answered(start(), EXAMPLE), PlaceBet("Rouge", (D(28),)), PlaceBet("Rouge", (), D(25))
    )
    assert dict(state.bets)["Rouge"].gambit7 == 25
    assert dict(state.bets)["Rouge"].chips == ()
    state = play(state, CloseBets())
    refused(state, PlaceBet("Rouge", (D(25),)), "Bets are not open now")


@pytest.mark.parametrize(
    ("action", "words"),
    [
        (PlaceBet("Rouge", (D(26),)), "No answer 26 faces a case"),
        (PlaceBet("Rouge", (), D(24)), "No answer 24 faces a case"),
        (PlaceBet("Rouge", (D(25), D(25), D(28))), "A seat has 2 chips, not 3"),
        (PlaceBet("Rouge", (D(25),), D(25)), "instead of chips, never with them"),
        (PlaceBet("Noir", (D(25),)), "There is no seat “Noir”"),
        (Answer("Rouge", "3"), "answers of round 1 are closed"),
        (Truth("27"), "after the bets are closed"),
        (NextRound(), "Round 1 is not scored yet"),
        (Reveal(), "already revealed"),
    ],
)
def test_broken_rules_in_bets_change_nothing(action: Action, words: str) -> None:
    refused(answered(start(), EXAMPLE), action, words)


def test_centre_case_is_empty_with_an_even_count_and_refuses_chips() -> None:
    state = answered(start(), {"Rouge": 1, "Jaune": 2, "Vert": 3, "Bleu": 4})
    cases = board(state)
    assert cases[1 + CENTRE].value is None
    assert cases[1 + CENTRE].target is None
    assert [view.value for view in cases[1:]] == [None, 1, 2, None, 3, 4, None]


def test_placement_follows_the_odd_even_rule() -> None:
    for count in range(1, 8):
        cases = [case for case, _value in placement(D(v) for v in range(count))]
        below = [case for case in cases if case < CENTRE]
        above = [case for case in cases if case > CENTRE]
        assert len(below) == len(above) == count // 2
        assert (CENTRE in cases) == (count % 2 == 1)
        assert cases == sorted(cases) and len(set(cases)) == count
        assert all(0 <= case < 7 for case in cases)


def test_equal_answers_share_one_case() -> None:
    assert placement([D(5), D(5), D(7)]) == ((2, D(5)), (4, D(7)))


def test_winning_target_is_largest_answer_not_above_truth() -> None:
    values = [D(23), D(25), D(28)]
    assert winning_target(values, D(27)) == 25
    assert winning_target(values, D(28)) == 28
    assert winning_target(values, D(22)) == LESS


def test_board_shows_writers_chips_tokens_and_winner() -> None:
    state = play(
        answered(start(), EXAMPLE),
        PlaceBet("Rouge", (D(25), D(25))),
        PlaceBet("Jaune", (D(25), LESS)),
        PlaceBet("Vert", (), D(28)),
    )
    cases = board(state)
    centre = cases[1 + CENTRE]
    assert (centre.value, centre.seats, centre.alone, centre.shared, centre.star) == (
        25,
        ("Jaune", "Vert"),
        6,
        4,
        4,
    )
    assert centre.chips == (("Rouge", 2), ("Jaune", 1))
    assert cases[0].case == LESS and cases[0].chips == (("Jaune", 1),)
    assert cases[0].alone == cases[0].shared == 15 and cases[0].star is None
    assert cases[1 + CENTRE + 1].tokens == ("Vert",)
    assert not any(view.winning for view in cases)
    scored = play(state, CloseBets(), Truth("27"))
    assert [view.case for view in board(scored) if view.winning] == [CENTRE]


def test_board_hides_answers_before_the_reveal() -> None:
    state = play(start(), Answer("Rouge", "5"))
    assert all(view.value is None and not view.seats for view in board(state))


def test_payout_detail_follows_r2_order() -> None:
    state = answered(start(), EXAMPLE)
    state = play(state, PlaceBet("Rouge", (D(25), D(25))), CloseBets(), Truth("27"), NextRound())
    state = answered(state, EXAMPLE)
    state = play(
        state,
        PlaceBet("Rouge", (), D(25)),
        PlaceBet("Jaune", (D(25), D(25))),
        PlaceBet("Vert", (), D(28)),
        CloseBets(),
        Truth("27"),
    )
    detail = {payout.seat: payout for payout in payouts(state)}
    rouge = detail["Rouge"]
    assert (rouge.before, rouge.token, rouge.after_token, rouge.after) == (12, "won", 84, 84)
    jaune = detail["Jaune"]
    # R3: Rouge's token does not make Jaune's chips shared.
    assert (jaune.chips, jaune.chip_value, jaune.chip_gain, jaune.slate_bonus) == (2, 6, 12, 4)
    vert = detail["Vert"]
    assert (vert.before, vert.token, vert.after_token, vert.slate_bonus, vert.after) == (
        4,
        "lost",
        0,
        4,
        4,
    )
    assert payouts(state, 1)[0].chip_gain == 12


def test_seven_rounds_then_game_over_with_shared_win() -> None:
    state = start(("A", "B", "C"))
    for number in range(1, 8):
        state = answered(state, {"A": 1, "B": 2, "C": 3})
        bet = PlaceBet("A", (D(2),)) if number % 2 else PlaceBet("B", (D(2),))
        state = play(state, bet, CloseBets(), Truth("2"))
        if number < 7:
            assert GAME.outcome(state) is None
            assert GAME.legal_actions(state) == (NextRound(),)
            state = play(state, NextRound())
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.termination == "rounds"
    # B: 7 slate bonuses of 4, 3 chips alone of 6 = 46; A: 4 chips alone of 6 = 24.
    assert state.scores == (24, 46, 0)
    assert outcome.winners == ("B",)
    assert ranking(state) == ((1, "B", 46), (2, "A", 24), (3, "C", 0))
    refused(state, NextRound(), "Gambit 7 has 7 rounds, there is no round 8")
    assert GAME.legal_actions(state) == ()


def ranking(state: Gambit7State) -> tuple[tuple[int, str, float], ...]:
    """The ranking the end-of-game screen shows, from the game's record and its replay."""
    from pi_app.table.summary import summarise

    record = GAME.export(state)
    return tuple(summarise(state.seats, record, GAME.replay(record)).ranking())


def test_ranking_shares_places() -> None:
    state = answered(start(("A", "B", "C")), {"A": 1, "B": 1, "C": 3})
    state = play(state, CloseBets(), Truth("2"))
    # Answers 1 and 3 sit one step below and above the empty centre: star 5.
    assert ranking(state) == ((1, "A", 5), (1, "B", 5), (3, "C", 0))


@pytest.mark.parametrize("seats", [("A", "B"), tuple("ABCDEFGH"), ("A", "B", "A"), ("A", "", "C")])
def test_seat_counts_and_names_are_checked(seats: tuple[str, ...]) -> None:
    with pytest.raises(RuleError) as caught:
        start(seats)
    assert caught.value.domain == "gambit7"


def test_legal_bets_are_all_accepted() -> None:
    state = answered(start(("A", "B", "C")), {"A": 1, "B": 2, "C": 2})
    actions = GAME.legal_actions(state)
    # Per seat: targets less, 1, 2: 1 + 3 + 6 chip bets and 3 tokens.
    assert len(actions) == 3 * 13 + 1
    for action in actions:
        GAME.apply(state, action)


def test_default_mat_is_the_shipped_file() -> None:
    mat = default_mat()
    assert json.loads(DEFAULT_PATH.read_text()) == mat.to_object()
    assert (mat.alone[CENTRE], mat.shared[CENTRE], mat.less) == (6, 4, 15)
    assert [mat.star(case) for case in range(7)] == list(mat.shared)


def test_custom_mat_from_file_and_options(tmp_path: Path) -> None:
    profile = {"alone": [20, 15, 11, 9, 11, 15, 20], "shared": [10, 8, 6, 5, 6, 8, 10], "less": 25}
    path = tmp_path / "pub.json"
    path.write_text(json.dumps(profile))
    mat = load_mat_profile(path)
    assert mat == mat_from_object(profile)
    state = start(options={"mat": mat.to_object()})
    assert state.mat == mat
    assert GAME.export(state)["options"] == {"mat": profile}
    assert GAME.export(start(options={"mat": "default"}))["options"] == {"mat": "default"}


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{", "is not valid JSON"),
        ('{"alone": [1], "shared": [1], "less": 1}', "must list the 7 answer cases"),
        ('{"alone": [1,1,1,1,1,1,1], "shared": [1,1,1,1,1,1,1]}', "“less” is missing"),
        (
            '{"alone": [1,1,1,1,1,1,1], "shared": [1,1,1,1,1,1,1], "less": 1, "x": 2}',
            "unknown field “x”",
        ),
        (
            '{"alone": [1,1,1,1,1,1,-1], "shared": [1,1,1,1,1,1,1], "less": 1}',
            "whole numbers of 0 or more, not -1",
        ),
        ('{"alone": [1,1,1,1,1,1,1.5], "shared": [1,1,1,1,1,1,1], "less": 1}', "not 1.5"),
        (
            '{"alone": [1,1,1,1,1,1,1], "shared": [1,1,1,2,1,1,1], "less": 1}',
            "case 4 pays more shared (2) than alone (1)",
        ),
        ("[]", "expected an object"),
    ],
)
def test_bad_mat_profile_files_are_explained(tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "mat.json"
    path.write_text(text)
    with pytest.raises(RuleError) as caught:
        load_mat_profile(path)
    assert words in caught.value.message("en")
    assert str(path) in caught.value.message("en")


def test_missing_mat_profile_file_is_explained(tmp_path: Path) -> None:
    with pytest.raises(RuleError) as caught:
        load_mat_profile(tmp_path / "none.json")
    assert "Cannot read the mat profile" in caught.value.message("en")


def test_unknown_option_and_bad_mat_option_are_refused() -> None:
    with pytest.raises(RuleError) as caught:
        start(options={"timer": 30})
    assert "Unknown Gambit 7 option “timer”" in caught.value.message("en")
    with pytest.raises(RuleError) as caught:
        start(options={"mat": "mats/pub.json"})
    assert "“default” or a mat profile object" in caught.value.message("en")


def test_every_message_is_translated_in_french_and_german() -> None:
    found = set()
    for path in (RULES / "gambit7").rglob("*.py"):
        found |= {msgid for domain, msgid in messages_in(path) if domain == "gambit7"}
    assert len(found) > 20
    for lang in ("fr", "de"):
        entries = catalogue(lang, "gambit7")
        assert sorted(found - set(entries)) == []
        for msgid in found:
            fields = {part.split("}")[0] for part in msgid.split("{")[1:]}
            assert {part.split("}")[0] for part in entries[msgid].split("{")[1:]} == fields


def test_notation_examples_read_as_documented() -> None:
    assert GAME.parse_action('answer "Dan le Grand" "1h30"') == Answer("Dan le Grand", "1h30")
    assert GAME.parse_action('bet "Vert" {"gambit7": 28}') == PlaceBet("Vert", (), D(28))
    assert GAME.parse_action('bet "Jaune" [25, "less"]') == PlaceBet("Jaune", (D(25), LESS))
    assert GAME.parse_action("truth 27.5 en") == Truth(D("27.5"), "en")
    assert GAME.format_action(PlaceBet("Bleu")) == 'bet "Bleu" []'
    assert GAME.format_action(CloseBets()) == "close-bets"
