"""Write .po catalogues: keeps a domain's three files in the same order and format.

`merge_po(path, translations)` adds or updates entries and keeps the rest, so a
maintainer (or a script) can grow a catalogue without hand-editing quotes and escapes.
A plural entry is given as `parse_po` reads it: its English forms joined by
`PLURAL_SEPARATOR`, and its translated forms joined the same way.
"""

from __future__ import annotations

import json
from pathlib import Path

from pi_app.i18n import PLURAL_FORMS, PLURAL_SEPARATOR, parse_po


def header(lang: str) -> str:
    """The header entry of a catalogue in `lang`: UTF-8, and its rule for plurals."""
    rule = PLURAL_FORMS.get(lang, PLURAL_FORMS["en"])
    return (
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        f'"Plural-Forms: {rule}\\n"\n'
    )


def _quote(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def _entry(msgid: str, msgstr: str) -> str:
    if PLURAL_SEPARATOR not in msgid:
        return f"msgid {_quote(msgid)}\nmsgstr {_quote(msgstr)}\n"
    singular, plural = msgid.split(PLURAL_SEPARATOR, 1)
    lines = [f"msgid {_quote(singular)}", f"msgid_plural {_quote(plural)}"]
    for index, form in enumerate(msgstr.split(PLURAL_SEPARATOR)):
        lines.append(f"msgstr[{index}] {_quote(form)}")
    return "\n".join(lines) + "\n"


def format_po(entries: dict[str, str], lang: str = "en") -> str:
    """A whole .po file in `lang` holding `entries` (msgid -> msgstr), sorted by msgid."""
    blocks = [header(lang)]
    for msgid in sorted(entries):
        blocks.append(_entry(msgid, entries[msgid]))
    return "\n".join(blocks)


def merge_po(path: Path, translations: dict[str, str]) -> None:
    """Add or replace `translations` in the catalogue at `path` (created if absent);
    the language is the folder's (`<lang>/LC_MESSAGES/<domain>.po`)."""
    entries = parse_po(path.read_text(encoding="utf-8")) if path.exists() else {}
    entries.update(translations)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(format_po(entries, path.parent.parent.name), encoding="utf-8")
