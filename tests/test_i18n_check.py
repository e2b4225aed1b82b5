"""The translation checker catches what players would read untranslated: planted
messages, texts shown as written, rule words put into messages, hand-made plurals."""

from __future__ import annotations

from pathlib import Path

import pytest

from pi_app import i18n, i18n_check

PLANTED = """
from pi_app.display.scene import Notice
from pi_app.i18n import Translator

_ = Translator("display")
_g7 = Translator("gambit7")
CARDS = ("plus", "minus")


def refuse():
    return (Notice(_g7("A planted refusal nobody translated."), True),)


def tell(canvas, box):
    canvas.text("Planted words", box)
    canvas.button(box, f"Planted {len(CARDS)} label", "target")
    return Notice("Planted notice")


def label(card):
    return _("CAMBIO-{card}").format(card="planted-minus")


def count(n):
    return _.plural("{n} planted apple", "{n} planted apples", n).format(n=n)


def by_hand(n):
    return _("{n} planted pear(s)").format(n=n)
"""


@pytest.fixture
def planted(tmp_path: Path) -> Path:
    """A package holding one module with untranslated messages of every kind."""
    package = tmp_path / "planted"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "screen.py").write_text(PLANTED, encoding="utf-8")
    return package


def test_a_message_of_a_second_translator_is_found_and_required(planted: Path) -> None:
    """`_g7 = Translator("gambit7")`: its messages are the gambit7 catalogue's to hold
    (an English refusal once reached the French screen this way)."""
    messages = i18n_check.all_messages(planted)
    found = ("gambit7", "A planted refusal nobody translated.")
    assert found in messages
    gaps = i18n_check.missing(messages)
    assert ("fr", *found) in gaps and ("de", *found) in gaps


def test_texts_shown_as_written_are_reported(planted: Path) -> None:
    shown = [text for _where, text in i18n_check.untranslated(planted)]
    assert "Planted words" in shown  # canvas.text("...")
    assert "Planted {} label" in shown  # a button's label, an f-string
    assert "Planted notice" in shown  # Notice("...")
    assert "planted-minus" in shown  # a word put into a translated message
    assert all(
        where.startswith("planted/screen.py:") for where, _t in i18n_check.untranslated(planted)
    )


def test_plural_messages_are_found_and_need_every_form(planted: Path) -> None:
    messages = i18n_check.all_messages(planted)
    key = i18n.PLURAL_SEPARATOR.join(("{n} planted apple", "{n} planted apples"))
    assert ("display", key) in messages
    gaps = i18n_check.missing(messages)
    assert ("fr", "display", key) in gaps and ("de", "display", key) in gaps


def test_a_plural_written_by_hand_is_reported(planted: Path) -> None:
    messages = i18n_check.all_messages(planted)
    assert ("display", "{n} planted pear(s)") in i18n_check.hand_made_plurals(messages)


def test_a_message_not_written_in_english_needs_an_english_entry() -> None:
    assert not i18n_check.is_english("Moins que ça")
    assert i18n_check.is_english("Counting the games… {done} of {total}")
    gaps = i18n_check.missing({("gambit7", "Planté là, ça")})
    assert [lang for lang, _d, _m in gaps] == ["fr", "de", "en"]


def test_every_catalogue_declares_its_languages_rule_for_plurals() -> None:
    assert i18n_check.wrong_plural_rules() == []


def test_words_drawn_outside_any_translation_are_found() -> None:
    o, c = i18n_check.OPEN, i18n_check.CLOSE
    drawn = f"{o}Tour {c}1{o} · donneur {c}Ana {o}CAMBIO-{c}minus{o}: {c}Ben{o}{c} QR c7 G7"
    assert i18n_check.unmarked_words(drawn, {"Ana", "Ben"}) == ["minus"]
    assert (
        i18n_check.unmarked_words(i18n_check.closed(f"{o}Tour {c}2{o} · donneur Be…"), {"Ben"})
        == []
    )
    assert i18n_check.unmarked_words("Dim…", {"Dimitri"}) == []
    assert i18n_check.unmarked_words("Cambio (tournoi)", set()) == ["tournoi"]


@pytest.fixture(scope="module")
def on_screen() -> set[tuple[str, str, str]]:
    """What every demo draws untranslated, French screens at 800x480."""
    return set(i18n_check.screens())


def test_every_word_on_the_demo_screens_is_translated(on_screen: set[tuple[str, str, str]]) -> None:
    """ "CAMBIO-minus" was drawn on the French screen: the card's word from the rules."""
    assert on_screen == set()


def test_nothing_in_the_package_is_shown_as_written() -> None:
    assert i18n_check.untranslated() == []


def test_no_count_is_written_by_hand() -> None:
    assert i18n_check.hand_made_plurals(i18n_check.all_messages()) == []
