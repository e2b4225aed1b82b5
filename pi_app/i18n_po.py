"""Write .po catalogues: keeps a domain's three files in the same order and format.

`merge_po(path, translations)` adds or updates entries and keeps the rest, so a
maintainer (or a script) can grow a catalogue without hand-editing quotes and escapes.
"""

from __future__ import annotations

import json
from pathlib import Path

from pi_app.i18n import parse_po

HEADER = 'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n'


def _quote(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def format_po(entries: dict[str, str]) -> str:
    """A whole .po file holding `entries` (msgid -> msgstr), sorted by msgid."""
    blocks = [HEADER]
    for msgid in sorted(entries):
        blocks.append(f"msgid {_quote(msgid)}\nmsgstr {_quote(entries[msgid])}\n")
    return "\n".join(blocks)


def merge_po(path: Path, translations: dict[str, str]) -> None:
    """Add or replace `translations` in the catalogue at `path` (created if absent)."""
    entries = parse_po(path.read_text(encoding="utf-8")) if path.exists() else {}
    entries.update(translations)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(format_po(entries), encoding="utf-8")
