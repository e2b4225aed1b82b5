"""Every message the box's screen can show reaches the table whole, at both sizes, in
every language: each translated message of the domains the screen uses (the display,
the core, the devices, the games' rules, the questions), long names and large numbers
in its placeholders, laid out in the narrowest places a message takes (a game's top
bar beside the phones' button and the drawn ring, the phones' panel, the seat-name
keyboard's field, the history's title).

"Maximilian wettet in dieser Runde" without its "nicht." says the opposite of the
message: no word may be lost or shortened, and a message that takes several pages
says so on each ("1/2"), so that no page reads as the whole message. This extends
the demos' sweep for cut words (`test_cambio_flow`) from the scripted screens to
every message."""

from __future__ import annotations

import string
from pathlib import Path
from typing import Any

import pygame
import pytest

from pi_app.box.seats import SeatBook
from pi_app.devices.ring import LedRing, SimRing
from pi_app.display.canvas import Canvas, TextDraw
from pi_app.display.demo import FakeClock, make_app
from pi_app.display.home.targets import GameTap
from pi_app.display.intents import Press
from pi_app.display.message_bar import PAGE_SECONDS, MessageBar
from pi_app.display.pages import PageButton
from pi_app.display.phones_panel import PhonesPanel
from pi_app.display.scene import NewGame
from pi_app.display.targets import Button, SeatTap
from pi_app.display.theme import LARGE_TEXT
from pi_app.effects.ring import DeviceRing
from pi_app.i18n import LANGUAGES, LOCALE_DIR, PLURAL_SEPARATOR, parse_po, set_language
from pi_app.web.hub import Hub
from tests.display import layout_checks as checks

SIZES = ("800x480", "480x320")
PHONES_DOMAIN = "web"
"""The phones' own words: shown on the phones, never on the box's screen."""
NAMES = {
    "seat": "Maximilian",
    "team": "Marie-Gabrielle",
    "player": "Jean-Baptiste",
    "name": "Maximilian",
    "winner": "Marie-Gabrielle",
    "holder": "Bartholomew",
    "who": "Anne-Sophie",
    "other": "Christophe",
    "first": "Marie-Gabrielle",
    "second": "Jean-Baptiste",
    "names": "Marie-Gabrielle, Jean-Baptiste",
    "winners": "Marie-Gabrielle, Jean-Baptiste",
    "seats": "Maximilian, Anne-Sophie",
    "teams": "Marie-Gabrielle, Christophe",
    "country": "Bosnien und Herzegowina",
    "city": "Villeneuve-d'Ascq",
}
"""Long realistic names for the placeholders that hold names."""
TEXTS = {
    "error": "[Errno 28] No space left on device",
    "why": "[Errno 28] No space left on device",
    "problem": "[Errno 28] No space left on device",
    "file": "/media/pi/MY STICK/cambio-12-20261121-203000.json",
    "path": "/media/pi/MY STICK/cambio-12-20261121-203000.json",
    "folder": "/media/pi/MY STICK/tabletop",
    "text": "Maximilian 123456",
    "typed": "1234567,89",
    "game": "Quitte ou Double",
}
"""Long realistic texts for the placeholders that hold one."""
NUMBER = 1234567
"""A large number for every other placeholder."""


def screen_domains() -> list[str]:
    """The catalogues whose messages the screen may show: all but the phones' own."""
    folder = LOCALE_DIR / "fr" / "LC_MESSAGES"
    return sorted(path.stem for path in folder.glob("*.po") if path.stem != PHONES_DOMAIN)


def translations(lang: str) -> list[str]:
    """Every message of the screen's domains in `lang`, each form of a plural one, with
    its placeholders filled (a msgid whose translation is missing is shown as it is)."""
    found: list[str] = []
    for domain in screen_domains():
        english = parse_po(_po("fr", domain))  # French first: the complete catalogue
        translated = parse_po(_po(lang, domain))
        for msgid in sorted(english):
            text = translated.get(msgid, msgid)
            found.extend(filled(form) for form in text.split(PLURAL_SEPARATOR))
    return found


def _po(lang: str, domain: str) -> str:
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"
    return path.read_text(encoding="utf-8") if path.exists() else ""


def filled(text: str) -> str:
    """`text` with long names, long texts and large numbers in its placeholders."""
    values: dict[str, object] = {}
    for _literal, field, spec, _conversion in string.Formatter().parse(text):
        if field is None:
            continue
        key = field.split(".")[0].split("[")[0]
        if spec:
            values[key] = NUMBER
        else:
            values[key] = NAMES.get(key, TEXTS.get(key, NUMBER))
    return text.format(**values)


# ---- the places a message takes ------------------------------------------------------


def _game_bar(app: Any) -> None:
    """A game's top bar with the phones' button and the drawn ring beside its title."""
    app.execute(NewGame("gambit7", ("Maximilian", "Marie-Gabrielle", "Jean-Baptiste"), {}))
    app.step([])


def _phones_panel(app: Any) -> None:
    """The phones' panel over the game: a message takes its title's place."""
    _game_bar(app)
    app.feed(Press(Button.PHONES))
    app.step([])


def _keyboard(app: Any) -> None:
    """The home's seat-name keyboard: a message takes its name field's place."""
    app.step([])
    app.feed(Press(GameTap("gambit7")))
    app.feed(Press(SeatTap(1)))
    app.step([])


def _history(app: Any) -> None:
    """The history's list: a message takes its title's place."""
    app.step([])
    app.feed(Press(PageButton("history")))
    app.step([])


PLACES = {
    "game-bar": _game_bar,
    "phones-panel": _phones_panel,
    "keyboard": _keyboard,
    "history": _history,
}


def frame(folder: Path, size: str, place: str, large: bool = False) -> Canvas:
    """The frame of `place` at `size` on a box with phones and no LEDs (its ring drawn
    in the top bar), as the screen drew it, without a message; with large text if
    `large` (the host's setting)."""
    ring = LedRing(SimRing())
    panel = PhonesPanel(Hub(SeatBook(None)), lambda secret: [f"http://10.0.0.2:8080/j/{secret}"])
    config = {LARGE_TEXT: large}
    app: Any = make_app(
        size, folder / "journal.sqlite3", FakeClock(), config, ring=DeviceRing(ring), phones=panel
    )
    try:
        PLACES[place](app)
        app.bar.clear()
        app.dirty = True
        app.step([])
        canvas: Canvas = app.canvas
        copy = Canvas(canvas.surface.copy(), canvas.theme, canvas.fonts)
        copy.texts, copy.hits = list(canvas.texts), list(canvas.hits)
        copy.panels, copy.animated = list(canvas.panels), list(canvas.animated)
        copy.message_place, copy.drawn = canvas.message_place, canvas.drawn
        return copy
    finally:
        app.journal.close()
        ring.close()


def shown_pages(canvas: Canvas, text: str) -> tuple[pygame.Rect, list[list[TextDraw]]]:
    """The message's box and what each of its pages draws over the frame of `canvas`
    (the frame is left as it was)."""
    now = [0.0]
    bar = MessageBar(lambda: now[0])
    bar.say(text, error=True)
    bar.lay_out(canvas)
    assert bar.layout is not None
    pages = []
    for page in range(bar.pages()):
        now[0] = page * PAGE_SECONDS + 0.5
        texts, panels, drawn = len(canvas.texts), len(canvas.panels), canvas.drawn
        bar.draw(canvas)
        pages.append(canvas.texts[texts:])
        del canvas.texts[texts:], canvas.panels[panels:]
        canvas.drawn = drawn
    return bar.layout.box, pages


def page_mark(page: int, pages: int) -> str:
    """How a page says which it is: "1/2"."""
    return f"{page}/{pages}"


def cut(canvas: Canvas, text: str) -> list[str]:
    """What is wrong with how `text` is shown on `canvas` (nothing: it is shown whole)."""
    box, pages = shown_pages(canvas, text)
    count = len(pages)
    marks = {page_mark(page, count) for page in range(1, count + 1)} if count > 1 else set()
    words = [t.text for page in pages for t in page if t.text not in marks]
    bad = []
    if "".join("".join(words).split()) != "".join(text.split()):  # a path cut is whole
        bad.append(f"words lost: {words!r}")
    for page in pages:
        bad.extend(f"{t.text!r} shortened" for t in checks.shortened(page))
        bad.extend(f"{t.text!r} outside" for t in checks.outside(page, box))
        bad.extend(checks.overlapping_texts(page, []))
    for number, page in enumerate(pages, 1):
        if count > 1 and page_mark(number, count) not in [t.text for t in page]:
            bad.append(f"page {number} of {count} does not say so")
    return bad


@pytest.mark.parametrize("large", [False, True], ids=["text", "large-text"])
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("place", sorted(PLACES))
def test_every_message_is_shown_whole(
    tmp_path: Path, place: str, size: str, lang: str, large: bool
) -> None:
    set_language(lang)
    try:
        canvas = frame(tmp_path, size, place, large)
        messages = translations(lang)
    finally:
        set_language("fr")
    assert len(messages) > 500 and canvas.message_place is not None
    found = {}
    for text in messages:
        bad = cut(canvas, text)
        if bad:
            found[text] = bad
    assert not found, f"{len(found)} cut, e.g. {list(found.items())[:5]}"
