"""Everything a player reads is translated: French first, then German (and English)."""

from __future__ import annotations

from pi_app.i18n import compile_mo, parse_po, translate
from pi_app.i18n_check import all_messages, missing


def test_every_message_in_the_source_has_french_and_german() -> None:
    messages = all_messages()
    assert ("core", "Nothing to undo.") in messages
    gaps = missing(messages)
    assert gaps == [], "\n".join("\t".join(gap) for gap in gaps[:40])


def test_po_parser_reads_escapes_multiline_and_skips_fuzzy() -> None:
    text = (
        'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "a \\"b\\""\nmsgstr ""\n"x "\n"y"\n\n'
        '#, fuzzy\nmsgid "c"\nmsgstr "d"\n\n'
        'msgid "e"\nmsgstr ""\n'
    )
    assert parse_po(text) == {'a "b"': "x y"}


def test_compiled_catalogue_round_trips_through_gettext() -> None:
    import gettext
    import io

    mo = compile_mo({"Hello": "Bonjour", "Zèbre": "Zebra"})
    catalogue = gettext.GNUTranslations(io.BytesIO(mo))
    assert catalogue.gettext("Hello") == "Bonjour"
    assert catalogue.gettext("Zèbre") == "Zebra"
    assert catalogue.gettext("absent") == "absent"


def test_french_is_the_default_and_german_differs() -> None:
    assert translate("Nothing to undo.") == "Rien à annuler."
    assert translate("Nothing to undo.", lang="de") == "Nichts rückgängig zu machen."
    assert translate("Nothing to undo.", lang="en") == "Nothing to undo."


def test_po_parser_reads_plural_entries_and_the_rule_for_plurals() -> None:
    from pi_app.i18n import PLURAL_SEPARATOR, plural_forms

    text = (
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'
        'msgid "{n} game"\nmsgid_plural "{n} games"\n'
        'msgstr[0] "{n} partie"\nmsgstr[1] "{n} parties"\n\n'
        'msgid "{n} pear"\nmsgid_plural "{n} pears"\nmsgstr[0] "{n} poire"\nmsgstr[1] ""\n'
    )
    key = PLURAL_SEPARATOR.join(("{n} game", "{n} games"))
    assert parse_po(text) == {key: PLURAL_SEPARATOR.join(("{n} partie", "{n} parties"))}
    assert plural_forms(text) == "nplurals=2; plural=(n > 1);"


def test_plurals_follow_each_languages_rule() -> None:
    """French says "0 partie" and "1 partie"; German and English "0 Spiele", "0 games"."""
    from pi_app.i18n import Translator

    _ = Translator("display")

    def history(n: int, lang: str) -> str:
        return _.plural("History: {count} game", "History: {count} games", n, lang).format(count=n)

    assert [history(n, "fr") for n in (0, 1, 2)] == [
        "Historique : 0 partie",
        "Historique : 1 partie",
        "Historique : 2 parties",
    ]
    assert [history(n, "de") for n in (0, 1, 2)] == [
        "Verlauf: 0 Spiele",
        "Verlauf: 1 Spiel",
        "Verlauf: 2 Spiele",
    ]
    assert [history(n, "en") for n in (0, 1, 2)] == [
        "History: 0 games",
        "History: 1 game",
        "History: 2 games",
    ]
