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
