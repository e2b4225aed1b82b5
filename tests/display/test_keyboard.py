"""The on-screen keyboard for seat names: layouts, accents, limits, refusals, both sizes."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from pi_app.display.home.options import OptionsPage
from pi_app.display.home.targets import GameTap
from pi_app.display.intents import Back, Bell, Char, Enter, Erase, Press
from pi_app.display.keyboard import ACCENTS, LAYOUTS, MAX_NAME, NameEditor, capital
from pi_app.display.targets import KbKey, SeatTap
from pi_app.i18n import set_language, translate
from tests.display.layout_checks import drawn_text, outside, too_small

SIZES = ("800x480", "480x320")
REQUIRED_ACCENTS = "éèêàçùôîïëüöäß"


@pytest.fixture(autouse=True)
def french() -> Iterator[None]:
    set_language("fr")
    yield
    set_language("fr")


def _keyboard(app: Any, seat: int = 1, game: str = "gambit7") -> None:
    """Home, a game, then a tap on a seat: the keyboard for its name."""
    app.step([])
    app.feed(Press(GameTap(game)))
    app.feed(Press(SeatTap(seat)))
    app.step([])


def _keys(app: Any, *keys: str) -> None:
    for key in keys:
        app.feed(Press(KbKey(key)))
    app.step([])


def _letter_keys(app: Any) -> list[str]:
    """The character keys on screen, in drawing order (row by row)."""
    return [
        hit.target.key
        for hit in app.canvas.hits
        if isinstance(hit.target, KbKey) and len(hit.target.key) == 1
    ]


@pytest.mark.parametrize(("lang", "first"), [("fr", "azerty"), ("de", "qwertz"), ("en", "qwerty")])
def test_letters_follow_the_language_layout(app_factory: Any, lang: str, first: str) -> None:
    set_language(lang)
    app = app_factory("480x320")
    _keyboard(app)
    keys = _letter_keys(app)
    assert "".join(keys[:6]) == first
    assert sorted(keys) == sorted("".join(LAYOUTS[lang]))
    assert set("abcdefghijklmnopqrstuvwxyz") <= set(keys)


def test_accents_page_has_the_common_accented_letters(app_factory: Any) -> None:
    app = app_factory("480x320")
    _keyboard(app)
    _keys(app, "page")
    keys = set(_letter_keys(app))
    assert set(REQUIRED_ACCENTS) <= keys and " " not in keys
    assert keys == set("".join(ACCENTS))
    _keys(app, "page")
    assert "a" in _letter_keys(app)


def test_typed_name_replaces_the_colour_and_words_start_with_capitals(app_factory: Any) -> None:
    app = app_factory()
    _keyboard(app)
    shown = drawn_text(app.canvas.texts)
    assert "Bleu" in shown and "Z" in shown.split()  # keys show the case they type
    _keys(app, "z", "o", "page", "é", "page", "space", "l", "e", "e", "done")
    home = app.scene
    assert home.editor is None
    assert home.seats[1] == "Zoé Lee"
    assert home.seats[0] == "Orange"


def test_case_key_flips_one_letter_and_erase_fixes_a_typed_name(app_factory: Any) -> None:
    app = app_factory()
    _keyboard(app)
    _keys(app, "case", "d", "e", "case", "g", "erase", "erase", "e", "done")
    assert app.scene.seats[1] == "de"
    app.feed(Press(SeatTap(1)))  # a typed name is kept and edited, not replaced
    _keys(app, "erase", "space", "l", "a", "done")
    assert app.scene.seats[1] == "d La"


def test_empty_name_is_refused_with_a_message_and_nothing_changes(app_factory: Any) -> None:
    app = app_factory()
    _keyboard(app)
    _keys(app, "erase", "space", "done")  # the colour is cleared, a lone space is not typed
    assert app.message is not None and app.message[1]
    assert app.message[0] == translate("A seat needs a name.", "display", "fr")
    assert app.scene.editor is not None
    assert app.scene.seats[1] == "Bleu"


def test_duplicate_name_is_refused_whatever_its_case(app_factory: Any) -> None:
    app = app_factory()
    _keyboard(app)
    _keys(app, "o", "r", "a", "n", "g", "e", "done")
    assert app.message is not None and app.message[1] and "Orange" in app.message[0]
    assert app.scene.seats == ["Orange", "Bleu", "Vert", "Jaune"]
    assert app.scene.editor is not None  # still open, to be corrected
    _keys(app, "page", "2", "done")
    assert app.scene.seats[1] == "Orange2"


def test_names_stop_at_the_limit_and_letter_keys_grey_out(app_factory: Any) -> None:
    app = app_factory("480x320")
    _keyboard(app)
    _keys(app, *("a" * (MAX_NAME + 5)))
    editor = app.scene.editor
    assert editor is not None and len(editor.text) == MAX_NAME
    assert _letter_keys(app) == []  # greyed: no tap lands
    assert f"{MAX_NAME}/{MAX_NAME}" in drawn_text(app.canvas.texts)
    _keys(app, "erase")
    assert len(_letter_keys(app)) == len("".join(LAYOUTS["fr"]))


def test_cancel_and_escape_keep_the_old_name(app_factory: Any) -> None:
    app = app_factory()
    _keyboard(app)
    _keys(app, "x", "cancel")
    assert app.scene.editor is None and app.scene.seats[1] == "Bleu"
    app.feed(Press(SeatTap(2)))
    app.feed(Char("Q"))
    app.feed(Back())
    assert app.scene.editor is None and app.scene.seats[2] == "Vert"


def test_physical_keyboard_types_into_the_same_editor(app_factory: Any) -> None:
    app = app_factory()
    app.step([])
    app.feed(Press(GameTap("gambit7")))
    for char in "Jean":
        app.feed(Char(char))  # typing on the selected seat opens its editor
    app.feed(Bell(0.0))  # the space bar is the bell's key: a space while typing
    for char in "Luc":
        app.feed(Char(char))
    app.feed(Erase())
    app.feed(Char("c"))
    app.feed(Enter())
    app.step([])
    assert app.scene.seats[0] == "Jean Luc"
    assert app.scene.editor is None and app.table is None
    app.feed(Enter())  # Enter outside the editor moves on as before
    assert isinstance(app.scene.page, OptionsPage)
    app.feed(Press("next"))
    assert app.table is not None and app.table.state.seats[0] == "Jean Luc"


def test_editor_capitals_follow_word_starts() -> None:
    editor = NameEditor.open(0, "Orange")
    assert editor.capitals  # the whole default name is replaced by the first key
    editor.press("m")
    editor.press("-")
    assert editor.capitals and editor.text == "M-"
    editor.press("case")
    editor.press("j")
    assert editor.text == "M-j" and not editor.capitals
    assert capital("ß") == "ß" and capital("é") == "É"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["fr", "de", "en"])
def test_keyboard_fits_and_is_legible(app_factory: Any, size: str, lang: str) -> None:
    set_language(lang)
    app = app_factory(size)
    _keyboard(app)
    frames = [list(app.canvas.texts)]
    _keys(app, "page")
    frames.append(list(app.canvas.texts))
    _keys(app, *("W" * MAX_NAME))  # the widest letter, in capitals
    frames.append(list(app.canvas.texts))
    for texts in frames:
        assert texts
        assert not outside(texts, app.canvas.rect)
        assert not too_small(texts, 18)
        shown = drawn_text(texts)
        for label in ("Done", "Cancel", "Space"):
            assert translate(label, "display", lang) in shown
        assert "…" not in shown  # nothing shortened
