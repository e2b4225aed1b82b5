"""What Cambio says of a scored hand (issue 50), in French, German and English: who won
the round and its points, who lost points, who leads (the winner of the game instead
when the hand ends it); and a Cambio tournament's table speaks like a Cambio table:
STOP, who rang, its scored hands, played through the core's door."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pi_app.box.actors import BOX
from pi_app.box.acts import Play
from pi_app.box.jobs import Jobs
from pi_app.box.session import Session
from pi_app.effects.voice.games.cambio import hand_lines, lead_line, lost_line
from pi_app.effects.voice.players import RecordingSpeech
from pi_app.effects.voice.speech import speech_of
from pi_app.effects.voice.voice import Voice
from pi_app.effects.voice.words import Line
from pi_app.i18n import set_language
from pi_app.rules.cambio.scoring import RoundResult, Settings
from pi_app.table import Journal

SEATS = ("Ana", "Ben", "Cléo", "Dan")
CAMBIO_CARDS = Settings(variant="cambio", false_ring_fine=20)
HAND = RoundResult(
    "Ana", "Dollar", "9", holding=(("Ben", "plus"), ("Ben", "minus")), false_rings=("Cléo",)
)
"""Ana's 9 dollars; Ben kept both CAMBIO cards (40); Cléo rang falsely (the table's 20)."""
BOTH = RoundResult("Dan", "Yen", "9+plus", holding=(("Cléo", "minus"),), false_rings=("Ana",))
"""Dan's double hand in yen; Cléo kept a CAMBIO card and Ana rang falsely: both lose 20."""


@pytest.mark.parametrize(
    ("lang", "texts"),
    [
        (
            "fr",
            [
                "Ana gagne la manche : 100 points.",
                "Ben perd 40 points.",
                "Cléo perd 20 points.",
                "Ana mène avec 1 250 points.",
                "Dan gagne la manche : 160 points.",
                "Ana et Cléo perdent 20 points chacun.",
                "Ben et Dan sont en tête à égalité avec 2 100 points.",
                "Cléo mène avec moins 40 points.",
            ],
        ),
        (
            "de",
            [
                "Ana gewinnt die Runde: 100 Punkte.",
                "Ben verliert 40 Punkte.",
                "Cléo verliert 20 Punkte.",
                "Ana führt mit 1.250 Punkten.",
                "Dan gewinnt die Runde: 160 Punkte.",
                "Ana und Cléo verlieren je 20 Punkte.",
                "Ben und Dan führen gemeinsam mit 2.100 Punkten.",
                "Cléo führt mit minus 40 Punkten.",
            ],
        ),
        (
            "en",
            [
                "Ana wins the round: 100 points.",
                "Ben loses 40 points.",
                "Cléo loses 20 points.",
                "Ana leads with 1,250 points.",
                "Dan wins the round: 160 points.",
                "Ana and Cléo lose 20 points each.",
                "Ben and Dan share the lead with 2,100 points.",
                "Cléo leads with minus 40 points.",
            ],
        ),
    ],
)
def test_a_scored_hand_is_said_in_each_language(lang: str, texts: list[str]) -> None:
    ahead = {"Ana": 1250, "Ben": 300, "Cléo": -20, "Dan": 0}
    tied = {"Ana": 80, "Ben": 2100, "Cléo": -20, "Dan": 2100}
    lines = [
        *hand_lines(HAND, SEATS, CAMBIO_CARDS, ahead, lang),
        *hand_lines(BOTH, SEATS, CAMBIO_CARDS, tied, lang),
        lead_line({"Cléo": -40, "Dan": -60}, lang),
    ]
    assert [line.text for line in lines] == texts
    assert {line.lang for line in lines} == {lang}
    assert [line.kind for line in lines[:4]] == ["round", "lost", "lost", "lead"]


def test_a_hand_that_ends_the_game_names_no_leader() -> None:
    """The voice says the winner of the game then, with the quiz games' own line."""
    lines = hand_lines(HAND, SEATS, CAMBIO_CARDS, {"Ana": 5000}, "en", ended=True)
    assert [line.kind for line in lines] == ["round", "lost", "lost"]


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("fr", "5 joueurs sont en tête à égalité avec 1 200 points."),
        ("de", "5 Spieler führen gemeinsam mit 1.200 Punkten."),
        ("en", "5 players share the lead with 1,200 points."),
    ],
)
def test_a_tournaments_many_leaders_are_counted_not_named(lang: str, text: str) -> None:
    scores = {player: 1200 for player in ("Ana", "Ben", "Cy", "Dan", "Eve")} | {"Fay": 0}
    assert lead_line(scores, lang).text == text
    four = {player: 1200 for player in ("Ana", "Ben", "Cy", "Dan")}
    assert lead_line(four, "en").text == "Ana, Ben, Cy and Dan share the lead with 1,200 points."


def test_one_point_is_said_in_the_singular() -> None:
    assert lost_line(["Ana"], 1, "fr").text == "Ana perd 1 point."
    assert lost_line(["Ana", "Ben"], 1, "de").text == "Ana und Ben verlieren je 1 Punkt."
    assert lead_line({"Ana": 1}, "de").text == "Ana führt mit 1 Punkt."
    assert lead_line({"Ana": 1, "Ben": 1}, "en").text == "Ana and Ben share the lead with 1 point."


class Heard:
    """A voice's lines, as it queued them (a recording player: the voice is on)."""

    def __init__(self, voice: Voice) -> None:
        self.lines: list[Line] = []
        queued = voice.say

        def say(line: Line) -> None:
            self.lines.append(line)
            queued(line)

        voice.say = say  # type: ignore[method-assign]

    def texts(self) -> list[str]:
        return [line.text for line in self.lines]


@pytest.fixture
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("fr")


@pytest.fixture
def session(tmp_path: Path, english: None) -> Iterator[tuple[Session, Heard]]:
    """A box's core with its voice listening (a recording player), no screen."""
    journal = Journal(tmp_path / "journal.sqlite3")
    made = Session({"phones.enabled": False}, journal, jobs=Jobs())
    voice = Voice(made.changes, made.jobs, made.settings, lambda: 0.0, player=RecordingSpeech())
    try:
        yield made, Heard(voice)
    finally:
        voice.close()
        made.close()
        journal.close()


def test_a_cambio_tournament_has_the_words_of_a_cambio_table() -> None:
    assert type(speech_of("cambio-tournament")).__name__ == "CambioTournamentSpeech"


def test_a_tournament_table_across_boxes_speaks_like_a_cambio_table(
    session: tuple[Session, Heard], tmp_path: Path
) -> None:
    """This box's table of a tournament (the creator's: it orders its own rounds),
    played through the core's door: the bell's STOP, who rang, the hand scored, and the
    tournament's leader (scores follow the players across the tables)."""
    from pi_app.net.box import TournamentBox
    from pi_app.net.store import TournamentStore
    from pi_app.net.table import TournamentTable

    core, heard = session
    store = TournamentStore(tmp_path / "tournament.sqlite3")
    tables = [["Ana", "Ben", "Cy"], ["Dan", "Eve", "Fay"]]
    box, _code = TournamentBox.create(
        store, "Tournoi", tables, {"variant": "simple"}, "127.0.0.1", 1
    )
    try:
        core.shelf.seat(TournamentTable(box), BOX)
        for notation in ("table 0 deal", "table 0 open", "table 0 bell"):
            assert core.act(Play(notation)).ok
        assert heard.texts() == ["Stop!"]
        assert core.act(Play('table 0 ring "Ben"')).ok
        assert heard.texts() == ["Stop!", "Ben rang."]
        assert core.act(Play("table 0 show Dollar 9")).ok
        assert heard.texts()[2:] == [
            "Ben wins the round: 100 points.",
            "Ben leads with 100 points.",
        ]
    finally:
        box.close()
        store.close()


def test_a_tournament_played_at_one_box_speaks_at_each_table(
    session: tuple[Session, Heard],
) -> None:
    """A tournament whose tables all play at this box: each table's ringer and hands."""
    from pi_app.box.acts import NewGame

    core, heard = session
    players = ("Ana", "Ben", "Cy", "Dan", "Eve", "Fay")
    assert core.act(NewGame("cambio-tournament", players, {"tables": 2})).ok
    for notation in ("deal", "open", 'ring "Eve"', "show Dollar 9"):
        assert core.act(Play(f"table 1 {notation}")).ok
    assert heard.texts() == [
        "Eve rang.",
        "Eve wins the round: 100 points.",
        "Eve leads with 100 points.",
    ]
    for notation in ("deal", "open", "bell", 'ring "Ana"', "show Yen 9"):
        assert core.act(Play(f"table 0 {notation}")).ok
    assert heard.texts()[3:] == [
        "Stop!",
        "Ana rang.",
        "Ana wins the round: 80 points.",
        "Eve leads with 100 points.",
    ]


def test_a_cambio_game_played_through_the_door_says_each_hand_then_its_winner(
    session: tuple[Session, Heard],
) -> None:
    """The winner of the game is the quiz games' line, said after the hand that ends it."""
    from pi_app.box.acts import NewGame

    core, heard = session
    options = {"variant": "cambio", "target": 150}
    assert core.act(NewGame("cambio", ("Ana", "Ben", "Cy"), options)).ok
    for notation in ("deal", "open", "bell", 'ring "Cy"', 'show Yen 9 "Ana"=plus "Ben"=minus'):
        assert core.act(Play(notation)).ok
    assert heard.texts() == [
        "Stop!",
        "Cy rang.",
        "Cy wins the round: 80 points.",
        "Ana and Ben lose 20 points each.",
        "Cy leads with 80 points.",
    ]
    for notation in ("deal", "open", 'ring "Ana"', 'show Dollar 9+plus "Ben"=minus'):
        assert core.act(Play(notation)).ok
    assert heard.texts()[5:] == [
        "Ana rang.",
        "Ana wins the round: 200 points.",
        "Ben loses 20 points.",
        "Ana wins the game!",
    ]


def test_a_stopped_tournament_says_its_winner(session: tuple[Session, Heard]) -> None:
    from pi_app.box.acts import NewGame

    core, heard = session
    players = ("Ana", "Ben", "Cy")
    assert core.act(NewGame("cambio-tournament", players, {"target": 100})).ok
    for notation in ("deal", "open", 'ring "Cy"', "show Dollar 9"):
        assert core.act(Play(f"table 0 {notation}")).ok
    assert heard.texts() == ["Cy rang.", "Cy wins the round: 100 points.", "Cy wins the game!"]
