"""The message bar: it goes by itself, takes no tap and hides nothing a player needs."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pygame
import pytest

from pi_app.display import message_bar
from pi_app.display.canvas import TextDraw
from pi_app.display.demo import FakeClock
from pi_app.display.history.scene import HistoryButton, HistoryScene, OpenGame
from pi_app.display.intents import Press, wait_events
from pi_app.display.pages import PageButton
from pi_app.display.scene import NewGame, Play
from pi_app.display.targets import Button
from tests.display.test_history_screens import finish_cambio

SEATS = ("Alice", "Bruno", "Chloé", "Dimitri")
LONG = (
    "Aucune réponse n’est face à cette case : un jeton ne peut pas y aller, "
    "choisissez une autre case ou une autre réponse."
)


def tap(app: Any, target: object) -> None:
    """A finger on the middle of what the screen drew for `target`, through the loop."""
    rects = [hit.rect for hit in app.canvas.hits if hit.target == target]
    assert rects, f"{target!r} is not on screen"
    event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rects[-1].center, button=1)
    app.step([event])


def touch(app: Any, target: object) -> None:
    """A finger on `target`, as a touch screen reports it: the touch, then the mouse
    click SDL makes of it (which says it came from a touch)."""
    rect = [hit.rect for hit in app.canvas.hits if hit.target == target][-1]
    width, height = app.painter.surface.get_size()
    finger = pygame.event.Event(
        pygame.FINGERDOWN, x=rect.centerx / width, y=rect.centery / height, finger_id=0
    )
    twin = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1, touch=True)
    app.step([finger, twin])


def settle(app: Any) -> None:
    """Let the journal write what is queued: while it writes, the loop looks at it
    every half second, which is not what these tests are about."""
    app.journal.flush(30)
    app.step([])


def drawn(app: Any) -> str:
    return " ".join(text.text for text in app.canvas.texts)


def _title(app: Any) -> str:
    """The first round's title, as the screen draws it."""
    return next(t.text for t in app.canvas.texts if t.text.startswith("Manche"))


def bets_screen(app: Any) -> None:
    """Gambit 7, every answer in: the bets, with "Rien ne va plus" at the bottom."""
    app.execute(NewGame("gambit7", SEATS, {}))
    for seat, value in zip(SEATS, (28, 25, 25, 23), strict=True):
        app.execute(Play(f'answer "{seat}" {value} fr'))
    app.step([])


@pytest.mark.parametrize("drawing", [0.0123, 0.4567])
def test_a_message_goes_by_itself_when_the_loop_wakes_for_it(
    app_factory: Any, clock: FakeClock, drawing: float
) -> None:
    """The loop sleeps as long as `wait_ms` says: waking then, the message is gone (a
    wait cut short by a millisecond used to find it still there, and then slept until
    the next input)."""
    app = app_factory()
    settle(app)
    app.flash_message("Partie enregistrée")
    app.step([])
    assert "Partie enregistrée" in drawn(app)
    clock.advance(drawing)  # the frame took some time to draw
    clock.advance(app.wait_ms() / 1000)
    app.step([])
    assert app.message is None
    assert "Partie enregistrée" not in drawn(app)
    assert app.wait_ms() >= 1000  # and the box sleeps again


def test_a_wait_with_no_time_left_does_not_block(app_factory: Any) -> None:
    """pygame.event.wait(0) waits for ever: a wait of 0 ms must only look at the queue."""
    app_factory()
    pygame.event.clear()
    returned = threading.Event()

    def wait() -> None:
        wait_events(0, blocking=True)
        returned.set()

    thread = threading.Thread(target=wait, daemon=True)
    thread.start()
    finished = returned.wait(20)
    if not finished:  # free the waiting thread before failing
        pygame.event.post(pygame.event.Event(pygame.USEREVENT))
        thread.join(5)
    assert finished


def _message_lines(app: Any) -> list[TextDraw]:
    return [t for t in app.canvas.texts if t.text and t.text in LONG]


def test_a_long_message_turns_its_pages_whole_then_goes(app_factory: Any, clock: FakeClock) -> None:
    app = app_factory("480x320")
    bets_screen(app)
    settle(app)
    app.flash_message(LONG, error=True)
    app.step([])
    pages: list[str] = []
    for _wake in range(200):  # the loop wakes for each page, then for the end
        if app.message is None:
            break
        shown = " ".join(t.text for t in _message_lines(app))
        if not pages or pages[-1] != shown:
            pages.append(shown)
        clock.advance(app.wait_ms() / 1000)
        app.step([])
    assert app.message is None
    assert len(pages) > 1
    assert " ".join(pages) == LONG  # every word, in order, none cut
    assert len(pages) * message_bar.PAGE_SECONDS > message_bar.MESSAGE_SECONDS


def test_the_message_covers_no_button_nor_the_bets(app_factory: Any) -> None:
    """A Gambit 7 message once covered "Rien ne va plus": it takes the title's place."""
    for size in ("800x480", "480x320"):
        app = app_factory(size)
        bets_screen(app)
        app.flash_message(LONG, error=True)
        app.step([])
        lines = [pygame.Rect(t.rect) for t in _message_lines(app)]
        assert lines
        box = lines[0].unionall(lines[1:]).inflate(2 * app.theme.gap, 4)
        assert [hit.target for hit in app.canvas.hits if hit.rect.colliderect(box)] == []
        assert Button.MENU in [hit.target for hit in app.canvas.hits]
        own = {app.bar.layout.mark(page) for page in range(app.bar.pages())}  # "1/3"
        hidden = [
            t.text
            for t in app.canvas.texts
            if pygame.Rect(t.rect).colliderect(box) and t.text not in LONG and t.text not in own
        ]
        assert hidden == [_title(app)]  # the title only: "Rien ne va plus" stays in view


def test_a_tap_on_export_exports_once_and_says_so(
    app_factory: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = app_factory()
    finish_cambio(app)
    app.feed(Press("menu"))
    app.feed(Press(PageButton("history")))
    app.feed(Press(OpenGame(app.table.game_id)))
    app.step([])
    saved: list[int] = []
    from pi_app import export

    real = export.save_record

    def counted(*args: Any, **kwargs: Any) -> Path:
        saved.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(export, "save_record", counted)
    monkeypatch.setattr(HistoryScene, "usb", lambda self: tmp_path)
    tap(app, HistoryButton.EXPORT)
    assert len(saved) == 1
    assert app.message is not None and str(tmp_path) in app.message[0]
    tap(app, HistoryButton.EXPORT)  # a second tap is a second export, not swallowed
    assert len(saved) == 2
    touch(app, HistoryButton.EXPORT)  # a finger: SDL sends a touch and its mouse twin
    assert len(saved) == 3


def test_a_tap_while_a_message_is_shown_does_what_it_would_without_it(
    app_factory: Any,
) -> None:
    app = app_factory()
    finish_cambio(app)
    app.feed(Press("menu"))
    app.feed(Press(PageButton("history")))
    app.feed(Press(OpenGame(app.table.game_id)))
    app.step([])
    scene = app.scene
    assert isinstance(scene, HistoryScene) and not scene.rounds_view
    app.flash_message(LONG)
    app.step([])
    tap(app, HistoryButton.TOGGLE)  # the button under where the bar used to be
    assert scene.rounds_view  # reached once: the rounds are shown
    assert app.message is not None  # and the message stays its few seconds


def test_no_bar_catches_a_tap(app_factory: Any) -> None:
    app = app_factory()
    bets_screen(app)
    app.flash_message(LONG, error=True)
    app.step([])
    assert Button.DISMISS not in [hit.target for hit in app.canvas.hits]
