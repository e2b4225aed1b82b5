"""Every scene of every scripted game, at both sizes: text stays in its box, is legible,
and what the scene must show is there."""

from __future__ import annotations

from dataclasses import dataclass, is_dataclass
from enum import Enum
from pathlib import Path

import pygame
import pytest

from pi_app.display.canvas import Animated, Canvas, Hit, PanelDraw, TextDraw
from pi_app.display.demo import Driver, play
from pi_app.display.keyboard import LAYOUTS
from pi_app.i18n import set_language, translate
from tests.display.layout_checks import (
    covered_texts,
    cut_names,
    drawn_text,
    outside,
    overlapping_texts,
    texts_on_borders,
    too_small,
)

SIZES = ("800x480", "480x320")
GAMBIT7_SEATS = ("Alice", "Bruno", "Chloé", "Dimitri")
CAMBIO_SEATS = ("Ana", "Ben", "Cléo", "Dan")
QOD_TEAMS = ("Jaune", "Violet", "Vert", "Noir")

# scene shot -> strings that must be drawn on it
REQUIRED: dict[str, tuple[str, ...]] = {
    "home-keyboard": ("Done", "Cancel", "Space", "«", "Aa"),
    "home-keyboard-accents": ("Zoé", "é", "ç", "ß", "ü", "Done", "Space"),
    "gambit7-answers": GAMBIT7_SEATS,
    "gambit7-reveal": GAMBIT7_SEATS,
    "gambit7-bets": (*GAMBIT7_SEATS, "Less than that", "15"),
    "gambit7-truth": ("27",),
    "gambit7-payout": (*GAMBIT7_SEATS, "27"),
    "gambit7-final": GAMBIT7_SEATS,
    "cambio-deal": (*CAMBIO_SEATS, "Dollar", "100", "Franc", "75"),
    "cambio-study": CAMBIO_SEATS,
    "cambio-trading": CAMBIO_SEATS,
    "cambio-false-ring": (*CAMBIO_SEATS, "-10"),
    "cambio-stop": (*CAMBIO_SEATS, "STOP"),
    "cambio-rung": ("Ben", "STOP"),
    "cambio-scores": (*CAMBIO_SEATS, "160", "-20"),
    "qod-answers": QOD_TEAMS,
    "qod-reveal": QOD_TEAMS,
    "qod-bets": (*QOD_TEAMS, "125..187", "<100", ">187"),
    "qod-paid": (*QOD_TEAMS, "175"),
    "qod-stake": (*QOD_TEAMS, "+1"),
    "qod-closed": (*QOD_TEAMS, "No more bets."),
    "gambo-start": ("Alice", "Bruno"),
    "gambo-selected": ("Alice", "Bruno"),
    "gambo-swapped": ("Alice", "17"),  # the central row numbered, as its moves name it
    "tournament-deal": ("Ana", "Ben", "Eve", "Dollar"),
    "tournament-moves": ("Ben", "Ivy", "80"),
    "history-final": GAMBIT7_SEATS,
    "history-cambio-final": ("Ana", "Ben", "Chloé", "Dan", "275"),
    "history-list": ("Cambio", "Gambit 7"),
    "history-game": GAMBIT7_SEATS,
    "history-rounds": ("Alice", "Bruno", "42"),
    "history-stats": ("Chloé", "Alice"),
    "history-player": ("Chloé", "Gambit 7", "Cambio"),
}
# terms drawn in the current language: the domain that translates them
TERMS: dict[str, str] = {
    "Less than that": "display",
    "STOP": "display",
    "Done": "display",
    "Cancel": "display",
    "Space": "display",
    "No more bets.": "display",
}
GAMES = (
    "gambit7",
    "cambio",
    "quitte-ou-double",
    "gambo",
    "cambio-tournament",
    "history",
    "evening",
)
LANGUAGES = ("fr", "de", "en")
CASES = [(g, s, lang) for lang in LANGUAGES for g in GAMES for s in SIZES]


class Recorder(Driver):
    """A driver that keeps the texts of every picture it takes, what else the frame
    drew (boxes, animated regions, tap regions), the names at the table, and the same
    frame with a long message shown."""

    def __init__(self, *args: object) -> None:
        self.frames: dict[str, tuple[list[TextDraw], pygame.Rect]] = {}
        self.targets: dict[str, list[object]] = {}
        self.drawn: dict[str, Drawn] = {}
        self.with_message: dict[str, Drawn] = {}
        self.names: dict[str, set[str]] = {}
        self.lang = "fr"
        super().__init__(*args)  # type: ignore[arg-type]

    def shot(self, name: str) -> Path | None:
        path = super().shot(name)
        canvas = self.app.canvas
        self.frames[name] = (list(canvas.texts), canvas.rect)
        self.targets[name] = [hit.target for hit in canvas.hits]
        self.drawn[name] = Drawn.of(canvas)
        table = self.app.table
        seats = set() if table is None else set(table.seats)
        self.names[name] = seats | {player.name for player in self.app.journal.choices.players(100)}
        self.app.flash_message(message_for_every_screen(), error=True)
        self.app.step([])
        self.with_message[name] = Drawn.of(self.app.canvas)
        self.app.bar.clear()
        self.app.dirty = True
        self.app.step([])
        return path


@dataclass(frozen=True)
class Drawn:
    """What one frame drew, for the layout checks."""

    texts: list[TextDraw]
    panels: list[PanelDraw]
    animated: list[Animated]
    hits: list[Hit]
    message: pygame.Rect | None

    @classmethod
    def of(cls, canvas: Canvas) -> Drawn:
        covers = [pygame.Rect(p.rect) for p in canvas.panels if p.cover]
        return cls(
            list(canvas.texts),
            list(canvas.panels),
            list(canvas.animated),
            list(canvas.hits),
            covers[-1] if covers else None,
        )


def message_for_every_screen() -> str:
    """A refusal as long as they come, with a path that no line holds whole."""
    text = translate("The record could not be saved: {error}", "display")
    return text.format(error="/media/pi/MY STICK/cambio-12-20261121-203000.json: no space left")


@pytest.fixture(scope="module", params=CASES, ids=lambda p: "-".join(p))
def recorded(request: pytest.FixtureRequest) -> tuple[str, Recorder]:
    game, size, lang = request.param
    set_language(lang)
    try:
        driver = play(game, None, size, Recorder)
    finally:
        set_language("fr")
    assert isinstance(driver, Recorder)
    driver.lang = lang
    return size, driver


def test_every_scene_was_pictured(recorded: tuple[str, Recorder]) -> None:
    _size, driver = recorded
    names = set(driver.frames)
    prefixes = {n.split("-")[0] for n in names} - {"home"}
    if prefixes == {"evening"}:
        return  # the evening replays the games' demos: its own test says what it shows
    expected = {name for name in REQUIRED if name.split("-")[0] in prefixes}
    assert expected and expected <= names
    if "gambit7" in prefixes:  # its script opens the seat-name keyboard on both pages
        assert {"home-keyboard", "home-keyboard-accents"} <= names


def test_keyboard_letters_are_in_the_language_layout(recorded: tuple[str, Recorder]) -> None:
    _size, driver = recorded
    for name, (texts, _screen) in driver.frames.items():
        if name.startswith("home-keyboard"):
            assert "…" not in drawn_text(texts), name  # no key label shortened
        if name == "home-keyboard":
            letters = [t.text for t in texts if len(t.text) == 1 and t.text.isalpha()]
            # a name starts with a capital, so the keys show capitals
            assert "".join(letters[:10]) == LAYOUTS[driver.lang][0].upper()


def test_no_text_outside_its_box(recorded: tuple[str, Recorder]) -> None:
    _size, driver = recorded
    for name, (texts, screen) in driver.frames.items():
        assert texts, name
        bad = outside(texts, screen)
        assert not bad, f"{name}: {bad[:3]}"


def test_text_is_legible_at_arms_length(recorded: tuple[str, Recorder]) -> None:
    size, driver = recorded
    for name, (texts, _screen) in driver.frames.items():
        small = too_small(texts, 18)
        assert not small, f"{size} {name}: {small[:3]}"


def test_every_button_has_a_typed_target(recorded: tuple[str, Recorder]) -> None:
    """A button's target is an enum member or a frozen dataclass that scenes `match`
    on: never bare text or a tuple, which a typo would turn into a dead button."""
    _size, driver = recorded
    for name, targets in driver.targets.items():
        assert targets, name
        loose = [
            target
            for target in targets
            if not isinstance(target, Enum)
            and not (is_dataclass(target) and type(target).__dataclass_params__.frozen)  # type: ignore[attr-defined]
        ]
        assert not loose, f"{name}: {loose[:3]}"


def test_required_elements_are_drawn(recorded: tuple[str, Recorder]) -> None:
    _size, driver = recorded
    for name, (texts, _screen) in driver.frames.items():
        shown = drawn_text(texts)
        for term in REQUIRED.get(name, ()):
            required = translate(term, TERMS[term], driver.lang) if term in TERMS else term
            assert required in shown, f"{name}: {required!r} not drawn in {shown!r}"


def test_home_lists_the_installed_games_and_languages() -> None:
    driver = play("gambit7", None, "480x320", Recorder)
    assert isinstance(driver, Recorder)
    shown = drawn_text(driver.frames["home"][0])
    for word in ("Gambit 7", "Cambio", "FR", "DE", "EN"):
        assert word in shown
    seats = drawn_text(driver.frames["home-seats"][0])
    assert "Orange" in seats and "+" in seats


# ---- what a player sees: no text on a border, over another, under a widget, no name cut


def test_no_text_touches_a_border(
    recorded: tuple[str, Recorder],
) -> None:
    _size, driver = recorded
    bad = {n: texts_on_borders(d.texts, d.panels) for n, d in driver.drawn.items()}
    assert not {n: b for n, b in bad.items() if b}


def test_no_text_overlaps_another(
    recorded: tuple[str, Recorder],
) -> None:
    _size, driver = recorded
    bad = {n: overlapping_texts(d.texts, d.panels) for n, d in driver.drawn.items()}
    assert not {n: b for n, b in bad.items() if b}


def test_no_widget_is_drawn_over_a_text(
    recorded: tuple[str, Recorder],
) -> None:
    _size, driver = recorded
    bad = {n: covered_texts(d.texts, d.panels, d.animated) for n, d in driver.drawn.items()}
    assert not {n: b for n, b in bad.items() if b}


def test_names_are_drawn_whole(
    recorded: tuple[str, Recorder],
) -> None:
    _size, driver = recorded
    bad = {n: cut_names(d.texts, driver.names[n]) for n, d in driver.drawn.items()}
    assert not {n: b for n, b in bad.items() if b}


def test_a_message_hides_only_the_title(recorded: tuple[str, Recorder]) -> None:
    """On every screen a long message takes the title's place: no button nor anything
    moving under it, its text whole and clear of its border, and nothing else of the
    screen made worse (the frame's other checks as without it)."""
    _size, driver = recorded
    for name, drawn in driver.with_message.items():
        box = drawn.message
        assert box is not None, name
        assert [h.target for h in drawn.hits if h.rect.colliderect(box)] == [], name
        assert [a.rect for a in drawn.animated if a.rect.colliderect(box)] == [], name
        assert box.width >= drawn_width(driver, name) // 4, name
        after = max(p.order for p in drawn.panels if p.cover)
        own = [t for t in drawn.texts if t.order > after and box.colliderect(t.box)]
        assert own and not outside(own, pygame.Rect(box)), name
        assert "…" not in drawn_text(own), name
        before = driver.drawn[name]
        for check in (texts_on_borders, overlapping_texts):
            assert len(check(drawn.texts, drawn.panels)) <= len(
                check(before.texts, before.panels)
            ), name


def drawn_width(driver: Recorder, name: str) -> int:
    return driver.frames[name][1].width
