"""Nothing is lost by a tap: paused games, the confirmed abandon, the home that keeps
its places, and the host's choices kept across a restart."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from pi_app.display.home.options import OptionsPage, PickPage
from pi_app.display.home.targets import (
    AskAbandon,
    Cycle,
    GameTap,
    HomeButton,
    Language,
    Pick,
    Remembered,
    ResumeGame,
)
from pi_app.display.home.unfinished import ConfirmPage, UnfinishedPage
from pi_app.display.intents import Press
from pi_app.display.scene import GoHome, NewGame, Play
from pi_app.display.screens import Mode
from pi_app.i18n import current_language, set_language, translate, translate_plural
from pi_app.table.players import Player
from tests.display.layout_checks import drawn_text

QUIZ = ("Alice", "Bruno", "Chloé")
CARDS = ("Ana", "Ben", "Cléo", "Dan")


def _(message: str) -> str:
    return translate(message, "display")


def _frame(app: Any) -> Any:
    app.dirty = True
    app.step([])
    return app.canvas


def _hits(app: Any) -> dict[object, pygame.Rect]:
    return {hit.target: pygame.Rect(hit.rect) for hit in _frame(app).hits}


def _shown(app: Any) -> str:
    return drawn_text(_frame(app).texts)


def _paused_gambit7_then_cambio(app: Any) -> tuple[int, int]:
    """A Gambit 7 game with one answer, left for the home, then a Cambio game started."""
    app.execute(NewGame("gambit7", QUIZ, {}))
    app.execute(Play('answer "Alice" "1969" fr'))
    quiz = app.table.game_id
    app.feed(Press("menu"))
    app.feed(Press(GameTap("cambio")))
    app.feed(Press("next"))  # seats -> options
    app.feed(Press("next"))  # start
    assert app.table.game.name == "cambio" and app.screens.mode is Mode.GAME
    return quiz, app.table.game_id


def test_starting_another_game_keeps_the_paused_one(app_factory: Any) -> None:
    app = app_factory()
    quiz, cards = _paused_gambit7_then_cambio(app)
    entry = app.journal.game(quiz)
    assert not entry.abandoned and not entry.finished  # was marked abandoned before
    assert [g.id for g in app.journal.unfinished_games()] == [cards, quiz]
    assert [g.game_id for g in app.ctx().paused] == [cards, quiz]  # the latest played first


def test_a_paused_game_is_resumed_exactly_where_it_was(app_factory: Any) -> None:
    app = app_factory()
    quiz, _cards = _paused_gambit7_then_cambio(app)
    app.execute(Play("deal"))
    app.feed(Press("menu"))
    app.feed(Press(HomeButton.UNFINISHED))
    assert isinstance(app.scene.page, UnfinishedPage)
    listed = _shown(app)
    assert "Gambit 7" in listed and "Cambio" in listed and "Alice" in listed
    assert listed.index("Cambio") < listed.index("Gambit 7")
    app.feed(Press(ResumeGame(quiz)))
    assert app.table.game_id == quiz and app.screens.mode is Mode.GAME
    assert dict(app.table.state.answers)["Alice"].value == 1969
    assert app.ctx().paused[0].game_id == quiz  # now the latest played


def test_the_unfinished_list_says_how_far_each_game_went_in_its_own_steps(
    app_factory: Any,
) -> None:
    """The round reached (of how many, when the game has a set number), or the moves
    played in a game not played in rounds; never the table's events (answers, bets)."""
    app = app_factory()
    app.execute(NewGame("gambit7", QUIZ, {}))
    for seat, year in zip(QUIZ, ("1969", "1970", "1971"), strict=True):
        app.execute(Play(f'answer "{seat}" "{year}" fr'))  # three events, still round 1
    app.execute(NewGame("gambo", ("Alice", "Bruno"), {}))
    for _move in range(3):
        game, state = app.table.game, app.table.state
        app.execute(Play(game.format_action(game.legal_actions(state)[0])))
    app.execute(NewGame("cambio", CARDS, {}))
    app.execute(GoHome())
    app.feed(Press(HomeButton.UNFINISHED))
    listed = _shown(app)
    assert _("Round {round}/{rounds}").format(round=1, rounds=7) in listed  # Gambit 7
    moves = translate_plural("{n} move", "{n} moves", 3, "display")
    assert moves.format(n=3) in listed  # Gambo: three moves, one per player's turn
    assert _("Round {n}").format(n=1) in listed  # Cambio: its first deal, no set number
    assert "3" not in listed.replace(moves.format(n=3), "")  # no count of the answers


def test_every_unfinished_game_is_there_after_a_restart(app_factory: Any) -> None:
    first = app_factory()
    quiz, cards = _paused_gambit7_then_cambio(first)
    again = app_factory()
    assert again.table.game_id == cards  # the latest played is at the table
    assert [g.game_id for g in again.ctx().paused] == [cards, quiz]
    again.execute(GoHome())
    again.feed(Press(HomeButton.UNFINISHED))
    again.feed(Press(ResumeGame(quiz)))
    assert dict(again.table.state.answers)["Alice"].value == 1969


def test_abandoning_asks_first_and_the_game_stays_in_the_history(app_factory: Any) -> None:
    app = app_factory()
    quiz, cards = _paused_gambit7_then_cambio(app)
    app.feed(Press("menu"))
    app.feed(Press(HomeButton.UNFINISHED))
    app.feed(Press(AskAbandon(quiz)))
    assert isinstance(app.scene.page, ConfirmPage)
    assert _("Abandon this game?") in _shown(app) and "Gambit 7" in _shown(app)
    app.feed(Press(HomeButton.KEEP))  # changed their mind: nothing happens
    assert isinstance(app.scene.page, UnfinishedPage) and not app.journal.game(quiz).abandoned
    app.feed(Press(AskAbandon(quiz)))
    app.feed(Press(HomeButton.CONFIRM_ABANDON))
    assert app.journal.game(quiz).abandoned
    assert [g.game_id for g in app.ctx().paused] == [cards]
    assert app.table.game_id == cards  # the game at the table is untouched
    assert app.message is not None and "Gambit 7" in app.message[0]
    assert [g.id for g in app.journal.history.past_games(10)] == [quiz]  # listed by the history


def test_abandoning_the_game_at_the_table_leaves_the_next_one_ready(app_factory: Any) -> None:
    app = app_factory()
    quiz, cards = _paused_gambit7_then_cambio(app)
    app.feed(Press("menu"))
    app.feed(Press(HomeButton.UNFINISHED))
    app.feed(Press(AskAbandon(cards)))
    app.feed(Press(HomeButton.CONFIRM_ABANDON))
    assert app.screens.mode is Mode.HOME and app.table.game_id == quiz
    app.feed(Press(HomeButton.RESUME))
    assert app.table.game_id == quiz and app.screens.mode is Mode.GAME


def test_the_home_s_buttons_keep_their_places_when_a_game_waits(app_factory: Any) -> None:
    app = app_factory()
    empty = _hits(app)
    assert _("No unfinished game.") in _shown(app)
    app.execute(NewGame("cambio", CARDS, {}))
    app.execute(GoHome())
    waiting = _hits(app)
    assert HomeButton.RESUME in waiting and HomeButton.RESUME not in empty
    for target, rect in empty.items():  # the games, History, the languages
        assert waiting[target] == rect, target


def test_a_remembered_player_keeps_its_place_when_another_is_seated(app_factory: Any) -> None:
    app = app_factory()
    app.journal.choices.remember_players(
        [Player(name, i) for i, name in enumerate(("Tom", "Paul"))]
    )
    app.feed(Press(GameTap("cambio")))
    before = _hits(app)
    first = min((t for t in before if isinstance(t, Remembered)), key=lambda t: before[t].top)
    app.feed(Press(first))
    after = _hits(app)
    assert {t: r for t, r in after.items() if isinstance(t, Remembered)} == {
        t: r for t, r in before.items() if isinstance(t, Remembered)
    }
    app.feed(Press(first))  # the same place again: said, not someone else seated
    assert app.message is not None and first.name in app.message[0]
    assert [s for s in app.scene.seats if s in ("Tom", "Paul")] == [first.name]


def test_options_are_picked_from_their_list(app_factory: Any) -> None:
    app = app_factory()
    app.feed(Press(GameTap("cambio")))
    app.feed(Press("next"))
    app.feed(Press(Cycle("variant")))
    hits = _hits(app)
    assert isinstance(app.scene.page, PickPage)
    assert {Pick("variant", 0), Pick("variant", 1)} <= set(hits)
    app.feed(Press("back"))  # nothing picked: nothing changed
    assert isinstance(app.scene.page, OptionsPage) and app.scene.picks.get("variant", 0) == 0
    app.feed(Press(Cycle("variant")))
    app.feed(Press(Pick("variant", 1)))
    app.feed(Press("next"))
    assert app.table.state.settings.variant == "cambio"


def test_the_language_chosen_on_the_box_survives_a_restart(app_factory: Any) -> None:
    app = app_factory()
    app.feed(Press(Language("de")))
    assert current_language() == "de"
    set_language("fr")  # what a new start's command line would set from the config
    app_factory()
    assert current_language() == "de"
    set_language("fr")
    app_factory(**{"language.given": True})  # `tabletop --lang fr` wins
    assert current_language() == "fr"


def test_a_game_s_seats_and_options_are_offered_again_after_a_restart(
    app_factory: Any,
) -> None:
    app = app_factory()
    app.feed(Press(GameTap("cambio")))
    app.scene.seats[1] = "Zoé"
    app.feed(Press("remove"))  # the selected seat (the first) goes: 3 seats
    app.feed(Press("next"))
    app.feed(Press(Cycle("variant")))
    app.feed(Press(Pick("variant", 1)))
    app.feed(Press("next"))
    assert app.table.state.settings.variant == "cambio"
    again = app_factory()
    again.execute(GoHome())
    again.feed(Press(GameTap("cambio")))
    home = again.scene
    assert len(home.seats) == 3 and home.seats[0] == "Zoé"
    assert home.picks["variant"] == 1


def test_an_abandoned_game_stays_in_the_history_until_the_host_deletes_it(
    app_factory: Any, tmp_path: Any
) -> None:
    from pi_app.display.history.scene import HistoryButton, OpenGame, history_page
    from pi_app.display.scene import Abandon, OpenPage

    app = app_factory()
    quiz, _cards = _paused_gambit7_then_cambio(app)
    app.execute(Abandon(quiz))
    app.execute(OpenPage(history_page))
    history = app.scene
    history.usb = lambda: tmp_path  # type: ignore[method-assign]
    assert OpenGame(quiz) in _hits(app) and _("abandoned") in _shown(app)
    app.feed(Press(OpenGame(quiz)))
    assert HistoryButton.DELETE in _hits(app)
    app.feed(Press(HistoryButton.EXPORT))  # its record can still be saved
    assert app.message is not None and not app.message[1]
    app.feed(Press(HistoryButton.DELETE))
    assert history.view == "delete" and HistoryButton.CONFIRM_DELETE in _hits(app)
    app.feed(Press("back"))  # kept
    assert history.view == "game" and history.count == 1
    app.feed(Press(HistoryButton.DELETE))
    app.feed(Press(HistoryButton.CONFIRM_DELETE))
    assert history.view == "list" and history.count == 0 and OpenGame(quiz) not in _hits(app)
    assert app.journal.game(quiz) is not None  # out of the history, still in the journal
    assert app.journal.events(quiz)


def test_a_finished_game_cannot_be_deleted(app_factory: Any) -> None:
    from pi_app.display.history.scene import HistoryButton, OpenGame, history_page
    from pi_app.display.scene import OpenPage

    app = app_factory()
    app.execute(NewGame("cambio", CARDS, {"target": 100}))
    for notation in ("deal", "open", 'ring "Ana"', "show Dollar 9"):
        app.execute(Play(notation))
    assert app.table.outcome() is not None
    app.execute(OpenPage(history_page))
    app.feed(Press(OpenGame(app.table.game_id)))
    assert HistoryButton.DELETE not in _hits(app)
    app.journal.delete(app.table.game_id)
    assert app.journal.history.past_count() == 1


def test_each_game_at_the_table_keeps_its_own_screen_memory(app_factory: Any) -> None:
    from pi_app.display.scene import Resume

    @dataclass
    class Kept:
        value: int = 0

    app = app_factory()
    app.execute(NewGame("gambo", ("Alice", "Bruno"), {}))
    gambo = app.table.game_id
    first = app.screens.memory.of(Kept)
    first.value = 7
    app.execute(GoHome())
    app.execute(NewGame("cambio", CARDS, {}))
    assert app.screens.memory.of(Kept) is not first  # what one game's screens keep
    app.execute(Resume(gambo))
    assert app.screens.memory.of(Kept) is first and first.value == 7
