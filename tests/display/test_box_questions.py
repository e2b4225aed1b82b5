"""Games without the cards: the box draws each round's question, shows it, gives the
true answer itself with its source, never asks a question twice nor a flagged one,
and Undo and a restart keep the round's question (issue 27)."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal
from typing import Any

import pygame
import pytest

from pi_app.display.games.gambit7 import BetButton
from pi_app.display.games.quitte_ou_double import BetButton as QodButton
from pi_app.display.intents import Press, Undo
from pi_app.display.pages import PageButton
from pi_app.display.questions_view import CardButton
from pi_app.display.scene import Flag, NewGame, Play
from pi_app.i18n import LANGUAGES, set_language
from pi_app.questions.bank import builtin_by_id
from pi_app.questions.kept import replace_pack
from pi_app.questions.numbers import with_unit
from tests.display import layout_checks as checks
from tests.display.layout_checks import drawn_text
from tests.display.test_screens import Drawn

SEATS = ("Alice", "Bruno", "Chloé", "Dimitri")
BOX = {"questions": "box"}


def _shown(app: Any) -> str:
    app.dirty = True
    app.step([])
    return drawn_text(app.canvas.texts)


def _question(app: Any) -> Any:
    return app.table.state.current.question


def _start(app: Any, game: str = "gambit7", extras: dict[str, str] = BOX) -> None:
    app.execute(NewGame(game, SEATS, {}, extras=extras))
    app.step([])


def _round(app: Any) -> None:
    """Every answer, the reveal, a bet each, and Rien ne va plus (Gambit 7)."""
    for seat, value in zip(SEATS, (10, 20, 30, 40), strict=True):
        app.execute(Play(f'answer "{seat}" {value} fr'))
    app.execute(Play("reveal"))
    for seat in SEATS:
        app.execute(Play(f'bet "{seat}" ["less"]'))
    app.step([])
    app.feed(Press(BetButton.CLOSE))
    app.step([])


def test_the_box_asks_the_first_question_and_shows_it(app_factory: Any) -> None:
    app = app_factory()
    _start(app)
    asked = _question(app)
    assert asked is not None
    bank = builtin_by_id()[asked.id]
    assert asked.text["fr"] == bank.text["fr"] and asked.answer == bank.answer
    assert asked.id in app.journal.questions.asked_ids()
    assert bank.text["fr"] in _shown(app)  # the question's card, for the whole table
    assert with_unit(asked.answer, asked.unit, "fr") not in _shown(app)  # not before the end


def test_the_box_gives_the_true_answer_with_its_source_and_scores(app_factory: Any) -> None:
    app = app_factory()
    _start(app)
    app.feed(Press(CardButton.ANSWERS))
    asked = _question(app)
    _round(app)
    state = app.table.state
    assert str(state.phase) == "scored"
    assert state.history[-1].truth.value == asked.answer
    shown = _shown(app)
    assert with_unit(asked.answer, asked.unit, "fr") in shown
    assert asked.source in shown
    app.feed(Press(CardButton.FLAG))  # "Semble fausse", on the answer's card
    app.journal.flush()
    assert [flag[0] for flag in app.journal.questions.flagged()] == [asked.id]
    app.feed(Press(CardButton.SCORES))
    assert "Manche suivante" in _shown(app)


def test_every_round_asks_a_question_never_asked_on_this_box(app_factory: Any) -> None:
    app = app_factory()
    _start(app)
    seen = [_question(app).id]
    for _round_number in range(2, 8):
        _round(app)
        app.execute(Play("next"))
        app.step([])
        seen.append(_question(app).id)
    assert len(set(seen)) == 7
    second = app_factory()  # another evening on the same box
    second.execute(NewGame("gambit7", SEATS, {}, extras=BOX))
    assert second.table.state.current.question.id not in seen


def test_undo_at_a_rounds_start_goes_back_with_its_question_and_redo_brings_it_again(
    app_factory: Any,
) -> None:
    app = app_factory()
    _start(app)
    _round(app)
    app.execute(Play("next"))
    app.step([])
    second = _question(app)
    app.feed(Undo())
    app.step([])
    assert str(app.table.state.phase) == "scored" and app.table.state.round == 1
    app.feed(Press(app_button("redo")))
    app.step([])
    assert app.table.state.round == 2 and _question(app) == second


def app_button(name: str) -> Any:
    from pi_app.display.targets import Button

    return Button(name)


@pytest.mark.parametrize("game", ["gambit7", "quitte-ou-double"])
def test_undo_of_the_first_question_says_why_and_keeps_it(app_factory: Any, game: str) -> None:
    app = app_factory()
    _start(app, game)
    first = _question(app)
    app.feed(Undo())
    app.step([])
    assert _question(app) == first
    assert "rien à annuler" in _shown(app)


def test_a_flagged_question_is_never_asked_again(app_factory: Any) -> None:
    app = app_factory()
    _start(app)
    flagged = _question(app).id
    app.execute(Flag(flagged))
    app.journal.flush()
    assert flagged in {row[0] for row in app.journal.questions.flagged()}
    assert "ne posera plus" in _shown(app)


def test_a_restart_keeps_the_rounds_question_and_asks_nothing_more(app_factory: Any) -> None:
    app = app_factory()
    _start(app)
    asked = _question(app)
    before = set(app.journal.questions.asked_ids())
    second = app_factory()
    second.step([])
    assert second.table.state.current.question == asked
    assert set(second.journal.questions.asked_ids()) == before


def test_a_category_keeps_its_questions(app_factory: Any) -> None:
    app = app_factory()
    _start(app, extras={"questions": "box:science"})
    assert builtin_by_id()[_question(app).id].category == "science"


def test_cards_ask_nothing(app_factory: Any) -> None:
    app = app_factory()
    _start(app, extras={})
    assert _question(app) is None
    assert "Réponse de Alice" in _shown(app) or "Alice" in _shown(app)


def test_quitte_ou_double_from_the_box_gives_the_truth_itself(app_factory: Any) -> None:
    app = app_factory()
    _start(app, "quitte-ou-double")
    asked = _question(app)
    assert asked is not None
    for seat, value in zip(SEATS, (10, 20, 30, 40), strict=True):
        app.execute(Play(f'answer "{seat}" {value}'))
    app.execute(Play("reveal"))
    app.step([])
    app.feed(Press(QodButton.TRUTH))
    app.step([])
    assert app.table.state.current.truth == asked.answer
    assert asked.source in _shown(app)


@pytest.mark.parametrize("size", ["800x480", "480x320"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_longest_questions_fit_their_cards(app_factory: Any, size: str, lang: str) -> None:
    """The longest question of the bank in each language, on its card and its answer's
    card, at both sizes: whole, clear of borders, inside its box."""
    from pi_app.questions.bank import builtin

    longest = max(builtin(), key=lambda q: len(q.text[lang]))
    set_language(lang)
    try:
        app = app_factory(size)
        _start(app)
        table = app.table
        table.undo()  # the drawn question goes; the longest is asked in its place
        app.session.quizmaster.bank = lambda: [longest]
        app.journal.flush()
        from pi_app.box.quizmaster import notation, round_question

        table.play(notation(round_question(longest)))
        app.step([])
        for phase in ("question", "answer"):
            if phase == "answer":
                app.feed(Press(CardButton.ANSWERS))
                _round(app)
            app.dirty = True
            app.step([])
            drawn = Drawn.of(app.canvas)
            found = [
                *checks.shortened(drawn.texts),
                *checks.outside(drawn.texts, app.canvas.rect),
            ]
            found += checks.texts_on_borders(drawn.texts, drawn.panels)
            found += checks.overlapping_texts(drawn.texts, drawn.panels)
            assert not found, (phase, found)
            assert longest.text[lang] in drawn_text(drawn.texts)
    finally:
        set_language("fr")


def test_decimal_answers_read_as_the_language_writes_them() -> None:
    assert with_unit(Decimal("7.87"), "g/cm3", "de").startswith("7,87")


def test_the_home_offers_the_questions_and_the_hosts_packs(app_factory: Any) -> None:
    from pi_app.display.home.targets import GameTap
    from pi_app.questions.question import Question

    pack = Question.from_json(
        {
            "id": "pack:quiz:1",
            "text": {"fr": "Combien de pattes a une araignée ?"},
            "answer": "8",
            "unit": "",
            "source": "Le club",
        },
        pack="quiz",
    )
    first = app_factory()
    replace_pack(first.journal.questions, "quiz", [pack])
    first.journal.flush()
    app = app_factory()  # the box reads its packs when it starts
    app.feed(Press(GameTap("quitte-ou-double")))
    (questions,) = [c for c in app.scene.choices() if c.key == "questions"]
    assert questions.values[-1] == "pack:quiz" and questions.names[-1] == "quiz"
    assert questions.is_plain(len(questions.names) - 1) and not questions.is_plain(0)
    app.execute(NewGame("quitte-ou-double", SEATS, {}, extras={"questions": "pack:quiz"}))
    assert app.table.state.current.question.id == "pack:quiz:1"
    assert "araignée" in _shown(app)


def test_the_sources_are_on_a_screen_of_the_box(app_factory: Any) -> None:

    app = app_factory()
    app.step([])
    app.feed(Press(PageButton("credits")))
    shown = _shown(app)
    assert "GeoNames (geonames.org) · CC BY 4.0" in shown
    assert "Unicode CLDR 47" in shown and "mendeleev" in shown
    app.feed(Press(app_button("back")))
    assert "Sources des questions" not in _shown(app)


def test_a_question_flagged_on_this_box_is_not_drawn_in_the_next_game(app_factory: Any) -> None:
    """Flags and asked questions are kept in the quizmaster as they are journaled: the
    next draw, in this very run of the box, already leaves them out."""
    bank = builtin_by_id()
    two = [bank["country-area:DE"], bank["country-area:FR"]]
    app = app_factory()
    app.session.quizmaster.bank = lambda: two
    _start(app)
    first = _question(app).id
    app.session.quizmaster.flag(two[1].id if first == two[0].id else two[0].id, "phone:Bruno")

    def no_read() -> None:
        raise AssertionError("a round's draw read the journal")

    reads = (app.journal.questions.asked_ids, app.journal.questions.flagged)
    app.journal.questions.asked_ids = app.journal.questions.flagged = no_read
    app.execute(NewGame("gambit7", SEATS, {}, extras=BOX))
    app.journal.questions.asked_ids, app.journal.questions.flagged = reads
    assert _question(app).id == first  # the only one not flagged, asked again rather than none
    app.journal.flush()
    assert {row[2] for row in app.journal.questions.flagged()} == {"phone:Bruno"}


def test_the_card_s_question_number_is_offered_only_while_the_cards_are_read(
    app_factory: Any,
) -> None:
    """Which question of a boxed card the host reads means nothing when the box asks
    its own: the option goes, and the game starts with the rules' default."""
    from pi_app.display.home.targets import Cycle, GameTap, Pick

    def offered(app: Any) -> set[object]:
        _shown(app)
        return {hit.target for hit in app.canvas.hits}

    app = app_factory()
    app.feed(Press(GameTap("quitte-ou-double")))
    app.feed(Press("next"))  # seats -> options
    assert Cycle("question") in offered(app)  # the cards: which of their questions
    app.feed(Press(Cycle("questions")))
    app.feed(Press(Pick("questions", 1)))  # the box's bank
    assert Cycle("questions") in offered(app) and Cycle("question") not in offered(app)
    app.feed(Press("next"))  # start
    assert app.table is not None and app.table.game.name == "quitte-ou-double"
    assert "question" not in app.journal.game(app.table.game_id).setup["options"]
    assert _question(app) is not None  # the box asked the first round's question
    for seat, value in zip(app.table.seats, (10, 20, 30, 40), strict=False):
        app.execute(Play(f'answer "{seat}" {value}'))  # and the round plays on
    app.execute(Play("reveal"))
    app.step([])
    app.feed(Press(QodButton.TRUTH))
    assert app.table.state.current.truth == _question(app).answer


@pytest.mark.parametrize("size", ["800x480", "480x320"])
@pytest.mark.parametrize("game", ["gambit7", "quitte-ou-double"])
def test_the_question_card_shows_who_has_answered(app_factory: Any, size: str, game: str) -> None:
    """While the box's question is up, the table sees which phones have answered (as
    the answers' screen says it): every seat's name, "…" for each one still awaited."""
    app = app_factory(size)
    _start(app, game)
    suffix = " fr" if game == "gambit7" else ""

    def answered() -> list[str]:
        """The seats shown as answered: their names in an outlined cell."""
        _shown(app)
        drawn = Drawn.of(app.canvas)
        found = [*checks.shortened(drawn.texts), *checks.outside(drawn.texts, app.canvas.rect)]
        found += checks.texts_on_borders(drawn.texts, drawn.panels)
        found += checks.overlapping_texts(drawn.texts, drawn.panels)
        assert not found, found
        names = {text.text: pygame.Rect(text.rect) for text in drawn.texts}
        assert all(seat in names for seat in SEATS), names
        outlined = [pygame.Rect(panel.rect) for panel in drawn.panels if panel.border]
        return [seat for seat in SEATS if any(r.contains(names[seat]) for r in outlined)]

    assert answered() == []
    for seat, value in zip(SEATS[:2], (10, 20), strict=True):
        app.execute(Play(f'answer "{seat}" {value}{suffix}'))
    assert _question(app).text["fr"] in _shown(app)  # the card is still up
    assert answered() == list(SEATS[:2])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_seven_seats_leave_the_longest_question_whole(app_factory: Any, lang: str) -> None:
    """Seven long names would take the question's room on the small screen: then the
    seats are shown by their colours on one line, and the question stays whole."""
    from pi_app.box.quizmaster import notation, round_question
    from pi_app.questions.bank import builtin

    seats = ("Alexandra-Maria", "Bernadette", "Chloé", "Dimitri", "Emmanuelle", "Friedrich")
    longest = max(builtin(), key=lambda q: len(q.text[lang]))
    set_language(lang)
    try:
        app = app_factory("480x320")
        app.execute(NewGame("gambit7", (*seats, "Gustav"), {}, extras=BOX))
        app.step([])
        app.table.undo()
        app.session.quizmaster.bank = lambda: [longest]
        app.journal.flush()
        app.table.play(notation(round_question(longest)))
        shown = _shown(app)
        drawn = Drawn.of(app.canvas)
    finally:
        set_language("fr")
    assert not checks.shortened(drawn.texts)
    assert longest.text[lang] in shown
    names = [seat for seat in (*seats, "Gustav") if seat in shown]
    if names:  # the seats by name, every one of them whole
        assert len(names) == 7
    else:  # else by their colours, on one line
        lines = Counter(panel.rect[1] for panel in drawn.panels)
        assert max(lines.values()) >= 7
