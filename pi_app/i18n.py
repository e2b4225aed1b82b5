"""Translations through gettext catalogues, French first.

Messages are written in English in the code (the gettext convention) and translated
through `.po` catalogues kept in `pi_app/locale/<lang>/LC_MESSAGES/<domain>.po`.
The catalogues are compiled in memory when first used, so the source tree needs no
build step and a fresh clone runs as it is. Each part of the program owns its own
domain (one per game, one for the devices, one for the display, `core` for the rest)
so that catalogues stay small and are edited independently.

French is the default language because the rulebooks are French; `set_language`
switches the whole program (the table, the display and rule messages alike).
"""

from __future__ import annotations

import ast
import gettext
import io
import struct
from functools import cache
from pathlib import Path

LANGUAGES: tuple[str, ...] = ("fr", "de", "en")
DEFAULT_LANGUAGE = "fr"
LOCALE_DIR = Path(__file__).parent / "locale"

_current = DEFAULT_LANGUAGE
_lookups: set[tuple[str, str]] | None = None


def set_language(lang: str) -> None:
    """Switch every later translation to `lang` (one of LANGUAGES)."""
    global _current
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; expected one of {', '.join(LANGUAGES)}")
    _current = lang


def current_language() -> str:
    """The language that translations use now."""
    return _current


def _unquote(fragment: str) -> str:
    """Read one quoted .po string fragment, with its C-style escapes."""
    value = ast.literal_eval(fragment)
    if not isinstance(value, str):
        raise ValueError(f"not a string: {fragment}")
    return value


def parse_po(text: str) -> dict[str, str]:
    """Parse the msgid/msgstr pairs of a .po file (no plurals, no contexts).

    Entries with an empty msgstr or marked fuzzy are left out, so gettext falls back
    to the English msgid for them, exactly as msgfmt would.
    """
    entries: dict[str, str] = {}
    msgid: list[str] | None = None
    msgstr: list[str] | None = None
    fuzzy = False
    current: list[str] | None = None

    def flush() -> None:
        if msgid is not None and msgstr is not None and not fuzzy:
            key, value = "".join(msgid), "".join(msgstr)
            if key and value:
                entries[key] = value

    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("#,") and "fuzzy" in line:
            flush()
            msgid, msgstr, current, fuzzy = None, None, None, True
        elif line.startswith("msgid "):
            if msgstr is not None:
                flush()
                fuzzy = False
            msgid, msgstr = [_unquote(line[6:])], None
            current = msgid
        elif line.startswith("msgstr "):
            msgstr = [_unquote(line[7:])]
            current = msgstr
        elif line.startswith('"') and current is not None:
            current.append(_unquote(line))
    flush()
    return entries


def compile_mo(entries: dict[str, str]) -> bytes:
    """Build the bytes of a GNU .mo file, the format `gettext.GNUTranslations` reads.

    The header entry always declares UTF-8, which gettext needs to decode the rest.
    """
    entries = {**entries, "": "Content-Type: text/plain; charset=UTF-8\n"}
    keys = sorted(entries)
    ids = [k.encode() for k in keys]
    strs = [entries[k].encode() for k in keys]
    count = len(keys)
    header = 7 * 4
    ids_table = header
    strs_table = ids_table + count * 8
    data_start = strs_table + count * 8
    offsets: list[int] = []
    blob = b""
    for item in ids + strs:
        offsets.extend((len(item), data_start + len(blob)))
        blob += item + b"\0"
    out = struct.pack("<7I", 0x950412DE, 0, count, ids_table, strs_table, 0, 0)
    out += struct.pack(f"<{len(offsets)}I", *offsets)
    return out + blob


@cache
def _catalogue(lang: str, domain: str) -> gettext.NullTranslations:
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"
    if not path.exists():
        return gettext.NullTranslations()
    entries = parse_po(path.read_text(encoding="utf-8"))
    return gettext.GNUTranslations(io.BytesIO(compile_mo(entries)))


def record_lookups() -> set[tuple[str, str]]:
    """Start remembering every (domain, message) translated; the test suite checks them all."""
    global _lookups
    _lookups = set()
    return _lookups


def translate(message: str, domain: str = "core", lang: str | None = None) -> str:
    """Translate an English message into `lang` (default: the current language)."""
    if _lookups is not None:
        _lookups.add((domain, message))
    return _catalogue(lang or _current, domain).gettext(message)


def N_(message: str) -> str:
    """Mark a message for extraction without translating it yet."""
    return message


class Translator:
    """A domain's `_`: `_ = Translator("gambit7")` then `_("Round {n}").format(n=3)`."""

    def __init__(self, domain: str) -> None:
        self.domain = domain

    def __call__(self, message: str, lang: str | None = None) -> str:
        return translate(message, self.domain, lang)
