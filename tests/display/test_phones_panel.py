"""The QR panel over a game: nothing of the game moves over it (the drawn LED ring, the
sand timer): its title stays whole while the timer runs under it, and the ring comes
back when it closes."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pygame
import pytest

from pi_app.box.actors import phone
from pi_app.box.acts import TakeSeat
from pi_app.box.seats import SeatBook
from pi_app.devices.ring import LedRing, SimRing
from pi_app.display.demo import FakeClock, make_app
from pi_app.display.intents import Press
from pi_app.display.phones_panel import PhonesPanel
from pi_app.display.scene import NewGame, StartTimer
from pi_app.display.targets import Button, FreeSeat, SeatCode
from pi_app.effects.ring import DeviceRing
from pi_app.i18n import set_language
from pi_app.web.hub import Hub

SEATS = ("Ana", "Ben", "Cléo")


@contextmanager
def box_without_leds(folder: Path, clock: FakeClock, size: str) -> Iterator[Any]:
    """A box with phones and no LEDs (its ring drawn in the top bar), a game begun."""
    ring = LedRing(SimRing())
    panel = PhonesPanel(Hub(SeatBook(None)), lambda secret: [f"http://10.0.0.2:8080/j/{secret}"])
    app: Any = make_app(
        size, folder / "journal.sqlite3", clock, {}, ring=DeviceRing(ring), phones=panel
    )
    try:
        app.execute(NewGame("gambit7", SEATS, {}))
        app.step([])
        yield app
    finally:
        app.journal.close()
        ring.close()
        pygame.display.quit()


def _panel_area(app: Any) -> pygame.Rect:
    """Where the panel lies: the screen less the theme's margin."""
    return app.canvas.rect.inflate(-2 * app.theme.pad, -2 * app.theme.pad)


def _pixels(app: Any, area: pygame.Rect) -> bytes:
    return pygame.image.tobytes(app.painter.surface.subsurface(area), "RGB")


@pytest.mark.parametrize("size", ["800x480", "480x320"])
def test_the_drawn_ring_stays_off_the_open_panel(
    tmp_path: Path, clock: FakeClock, size: str
) -> None:
    with box_without_leds(tmp_path, clock, size) as box:
        assert box.canvas.animated  # the drawn ring in the top bar, before the panel opens
        box.feed(Press(Button.PHONES))
        box.execute(StartTimer("answers", 30))  # the ring runs the sand timer under the panel
        box.step([])
        area = _panel_area(box)
        assert any(t.text == "Scannez pour jouer" for t in box.canvas.texts)
        assert [a.rect for a in box.canvas.animated if a.rect.colliderect(area)] == []
        still = _pixels(box, area)
        for _ in range(8):  # the timer runs on under the panel: no frame paints over it
            clock.advance(0.25)
            box.step([])
        assert _pixels(box, area) == still
        box.feed(Press(Button.PHONES_CLOSE))
        box.step([])
        assert box.canvas.animated  # the panel closed: the ring is drawn again


@pytest.mark.parametrize("size", ["800x480", "480x320"])
def test_the_panel_s_seat_buttons_say_what_they_do(
    tmp_path: Path, clock: FakeClock, size: str
) -> None:
    """A seat a phone holds offers to release it; a free one, to show its own code:
    plain words in each language, whole on their buttons."""
    words = {
        "fr": ("Libérer", "Son code"),
        "de": ("Freigeben", "Code zeigen"),
        "en": ("Release", "Show code"),
    }
    for lang, (release, show) in words.items():
        set_language(lang)
        try:
            with box_without_leds(tmp_path / lang, clock, size) as box:
                assert box.session.act(TakeSeat("Ben", phone("Ben"))).ok
                box.feed(Press(Button.PHONES))
                box.step([])
                buttons = {hit.target: pygame.Rect(hit.rect) for hit in box.canvas.hits}
                assert _label(box, buttons[FreeSeat("Ben")]) == release
                assert _label(box, buttons[SeatCode("Ana")]) == show
        finally:
            set_language("fr")


def _label(app: Any, button: pygame.Rect) -> str:
    """The label of `button` (the panel is drawn over the game: its texts are recorded
    too), checked whole: drawn inside its box."""
    inside = [t for t in app.canvas.texts if button.contains(pygame.Rect(t.box))]
    assert len(inside) == 1 and pygame.Rect(inside[0].box).contains(pygame.Rect(inside[0].rect))
    return inside[0].text
