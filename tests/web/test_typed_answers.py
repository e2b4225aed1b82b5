"""Phones show durations and percentages as typed, like the box (views, no browser)."""

from __future__ import annotations

import random
from decimal import Decimal
from typing import Any

from pi_app.rules.gambit7.actions import Answer as G7Answer
from pi_app.rules.gambit7.actions import CloseBets
from pi_app.rules.gambit7.game import GAME as GAMBIT7
from pi_app.rules.quitte_ou_double.game import GAME as QOD
from pi_app.web.games.quitte_ou_double import action as qod_action
from pi_app.web.requests import PhoneRequest
from pi_app.web.views import phone_view

SEATS = ("Ana", "Ben", "Cléo")


def _gambit7(*typed: str) -> Any:
    state = GAMBIT7.new_game(SEATS, {}, random.Random(1))
    for seat, text in zip(SEATS, typed, strict=True):
        state = GAMBIT7.apply(
            state, GAMBIT7.parse_action(GAMBIT7.format_action(G7Answer(seat, text)))
        )
    return GAMBIT7.apply(state, GAMBIT7.parse_action("reveal"))


def _qod(*typed: str, locale: str = "fr") -> Any:
    state = QOD.new_game(SEATS, {"locale": locale}, random.Random(1))
    for seat, text in zip(SEATS, typed, strict=True):
        answer = qod_action(state, PhoneRequest(seat, "answer", {"typed": text, "locale": "fr"}))
        state = QOD.apply(state, QOD.parse_action(QOD.format_action(answer)))
    return QOD.apply(state, QOD.parse_action("reveal"))


def test_gambit7_phone_cases_carry_the_typed_label_and_the_numeric_target() -> None:
    state = _gambit7("90", "1h30", "45 %")
    view = phone_view(GAMBIT7, state, "Ana", 1, locale="fr")["play"]
    cases = {case["target"]: case for case in view["board"] if case["target"] is not None}
    assert cases["90"]["label"] == "1h30"  # Ana typed 90 first; Ben's 1h30 names the case
    assert cases["90"]["writers"] == ["Ana", "Ben"]
    assert cases["45"]["label"] == "45 %"
    assert cases["less"]["label"] == ""
    assert view["your_answer"] == "90"
    assert phone_view(GAMBIT7, state, "Ben", 1)["play"]["your_answer"] == "1h30"


def test_gambit7_phone_labels_plain_numbers_in_the_phone_language() -> None:
    state = GAMBIT7.apply(_gambit7("12345", "1h30", "45 %"), CloseBets())
    labels = [
        case["label"] for case in phone_view(GAMBIT7, state, None, 1, locale="de")["play"]["board"]
    ]
    assert "12.345" in labels and "1h30" in labels and "45 %" in labels


def test_qod_phone_tiles_zones_and_own_answer_show_what_was_typed() -> None:
    state = _qod("1h30", "45 %", "2h")
    assert state.current.answer_map == {"Ana": 90, "Ben": 45, "Cléo": 120}
    view = phone_view(QOD, state, "Ben", 1)["play"]
    assert [tile["label"] for tile in view["tiles"]] == ["45 %", "1h30", "2h"]
    assert [tile["value"] for tile in view["tiles"]] == ["45", "90", "120"]
    assert [zone["name"] for zone in view["zones"]] == ["<45 %", "45 %..1h30", "1h30..2h", ">2h"]
    assert [(zone["low"], zone["high"]) for zone in view["zones"]][1] == ("45", "90")
    assert view["your_answer"] == "45 %"
    state = QOD.apply(state, QOD.typed_truth(state, "1h40"))
    view = phone_view(QOD, state, "Ana", 1)["play"]
    assert view["truth"] == "1h40"
    assert [zone["name"] for zone in view["zones"] if zone["paying"]] == ["1h30..2h"]


def test_qod_phone_scores_and_history_stay_numbers() -> None:
    typed = _qod("1h30", "45 %", "2h")
    typed = QOD.apply(typed, QOD.typed_truth(typed, "1h40"))
    plain = QOD.apply(_qod("90", "45", "120"), QOD.parse_action("truth 100"))
    typed_view = phone_view(QOD, typed, None, 1)
    plain_view = phone_view(QOD, plain, None, 1)
    assert (typed_view["scores"], typed_view["rounds"]) == (
        plain_view["scores"],
        plain_view["rounds"],
    )
    assert typed_view["rounds"][0]["paying_zones"] == ["90..120"]
    assert QOD.export(typed) == QOD.export(plain)


def test_a_qod_phone_answer_keeps_its_typed_form() -> None:
    state = _qod("1h30", "45 %", "12,5", locale="fr")
    assert state.current.typed == (("Ana", "1h30"), ("Ben", "45 %"))
    assert state.current.answer_map["Cléo"] == Decimal("12.5")
