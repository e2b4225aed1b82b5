"""Translations through gettext catalogues, French first.

Messages are written in English in the code (the gettext convention) and translated
through `.po` catalogues kept in `pi_app/locale/<lang>/LC_MESSAGES/<domain>.po`.
The catalogues are compiled in memory when first used, so the source tree needs no
build step and a fresh clone runs as it is. Each part of the program owns its own
domain (one per game, one for the devices, one for the display, `core` for the rest)
so that catalogues stay small and are edited independently.

A message with a count has a singular and a plural in English and as many forms as
each language needs (`Translator.plural`, gettext's ngettext); each catalogue's header
declares its language's rule (`Plural-Forms`, PLURAL_FORMS): "1 partie", "2 parties".

French is the default language because the rulebooks are French; `set_language`
switches the whole program (the table, the display and rule messages alike).
"""

from __future__ import annotations

import ast
import gettext
import io
import re
import struct
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

LANGUAGES: tuple[str, ...] = ("fr", "de", "en")
DEFAULT_LANGUAGE = "fr"
LOCALE_DIR = Path(__file__).parent / "locale"

_current = DEFAULT_LANGUAGE
_lookups: set[tuple[str, str]] | None = None
_marks: tuple[str, str] | None = None


def set_language(lang: str) -> None:
    """Switch every later translation to `lang` (one of LANGUAGES)."""
    global _current
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; expected one of {', '.join(LANGUAGES)}")
    _current = lang


def language_of(given: str) -> str | None:
    """The language a setting such as `TABLETOP_LANG` names, in the forms a locale
    takes (`en`, `EN`, `en_US.UTF-8`, `de-CH`, `fr_FR@euro`), or None when it names
    none of LANGUAGES."""
    code = re.split(r"[_.@-]", given.strip(), maxsplit=1)[0].lower()
    return code if code in LANGUAGES else None


def current_language() -> str:
    """The language that translations use now."""
    return _current


def _unquote(fragment: str) -> str:
    """Read one quoted .po string fragment, with its C-style escapes (a fragment
    without any is read as it is: every start reads the catalogues it shows)."""
    inner = fragment[1:-1]
    plain = '"' not in inner and "\\" not in inner
    if plain and len(fragment) >= 2 and fragment[0] == fragment[-1] == '"':
        return inner
    value = ast.literal_eval(fragment)
    if not isinstance(value, str):
        raise ValueError(f"not a string: {fragment}")
    return value


PLURAL_SEPARATOR = "\0"
"""Joins a plural entry's English forms (its key) and its translations (its value), as
in a .mo file: `"{n} game\0{n} games"` -> `"{n} partie\0{n} parties"`."""
PLURAL_FORMS: dict[str, str] = {
    "fr": "nplurals=2; plural=(n > 1);",
    "de": "nplurals=2; plural=(n != 1);",
    "en": "nplurals=2; plural=(n != 1);",
}
"""Each language's rule for plurals, as its catalogues' headers declare it: French
says "1 partie" and "0 partie", German and English "0 Spiele", "0 games"."""


def parse_po(text: str) -> dict[str, str]:
    """Parse the entries of a .po file (no contexts), plural ones included.

    A plural entry (`msgid`, `msgid_plural`, `msgstr[0]`, `msgstr[1]`...) is kept
    under its two English forms joined by PLURAL_SEPARATOR, its translations joined
    the same way. Entries with an empty msgstr (or an empty plural form) or marked
    fuzzy are left out, so gettext falls back to the English msgid for them, exactly
    as msgfmt would. The header (the empty msgid) is read by `plural_forms`.
    """
    entries: dict[str, str] = {}
    parts: dict[str, list[str]] = {}
    fuzzy = False
    current: list[str] | None = None

    def flush() -> None:
        if fuzzy or "msgid" not in parts:
            return
        key = "".join(parts["msgid"])
        if "msgid_plural" in parts:
            key += PLURAL_SEPARATOR + "".join(parts["msgid_plural"])
            forms = sorted(
                (n for n in parts if n.startswith("msgstr[")), key=lambda n: int(n[7:-1])
            )
            values = ["".join(parts[name]) for name in forms]
            value = PLURAL_SEPARATOR.join(values) if values and all(values) else ""
        else:
            value = "".join(parts.get("msgstr", []))
        if key and value:
            entries[key] = value

    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("#,") and "fuzzy" in line:
            flush()
            parts, current, fuzzy = {}, None, True
        elif line.startswith(("msgid ", "msgid_plural ", "msgstr ", "msgstr[")):
            name, _space, quoted = line.partition(" ")
            if name == "msgid":
                if "msgstr" in parts or any(k.startswith("msgstr[") for k in parts):
                    flush()
                    fuzzy = False
                parts = {}
            current = parts[name] = [_unquote(quoted)]
        elif line.startswith('"') and current is not None:
            current.append(_unquote(line))
    flush()
    return entries


def po_header(text: str) -> str:
    """The header of a .po file: the translation of the empty msgid, its first entry."""
    header: list[str] = []
    inside = False
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("msgid "):
            if inside or _unquote(line[6:]):
                break
            inside = True
        elif inside and line.startswith("msgstr "):
            header.append(_unquote(line[7:]))
        elif inside and header and line.startswith('"'):
            header.append(_unquote(line))
    return "".join(header)


def plural_forms(text: str) -> str | None:
    """The `Plural-Forms` a .po file's header declares (None when it declares none)."""
    for line in po_header(text).splitlines():
        name, _colon, value = line.partition(":")
        if name.strip() == "Plural-Forms":
            return value.strip()
    return None


def compile_mo(entries: dict[str, str], plurals: str | None = None) -> bytes:
    """Build the bytes of a GNU .mo file, the format `gettext.GNUTranslations` reads.

    The header entry always declares UTF-8, which gettext needs to decode the rest,
    and the language's rule for plurals when given (`plural_forms`).
    """
    about = "Content-Type: text/plain; charset=UTF-8\n"
    if plurals:
        about += f"Plural-Forms: {plurals}\n"
    entries = {**entries, "": about}
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
    text = path.read_text(encoding="utf-8")
    mo = compile_mo(parse_po(text), plural_forms(text))
    return gettext.GNUTranslations(io.BytesIO(mo))


def record_lookups() -> set[tuple[str, str]]:
    """Start remembering every (domain, message) translated; the test suite checks them all."""
    global _lookups
    _lookups = set()
    return _lookups


@contextmanager
def marked(opening: str, closing: str) -> Iterator[None]:
    """Mark every translation (and every `verbatim` text) between `opening` and
    `closing` while inside: `i18n_check` plays the demos so to find the words drawn
    without going through a translation."""
    global _marks
    previous, _marks = _marks, (opening, closing)
    try:
        yield
    finally:
        _marks = previous


def _marked(text: str) -> str:
    """`text` marked as translated; a `{field}`'s value is put in unmarked, since it
    is not part of the translation (it may be a name, or a word left untranslated)."""
    if _marks is None:
        return text
    opening, closing = _marks
    return opening + re.sub(r"(\{[^{}]*\})", closing + r"\1" + opening, text) + closing


_speaking = threading.local()
"""A language this thread speaks for a while (`speaking`), over the box's."""


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Translate in `lang` on this thread alone, for the block: a worker that reads a
    host's file says what is wrong with it in the host's language, while the box and
    every other thread go on in theirs."""
    was = getattr(_speaking, "lang", None)
    _speaking.lang = lang
    try:
        yield
    finally:
        _speaking.lang = was


def _spoken() -> str:
    """The language of a translation given none: this thread's (`speaking`), else the box's."""
    return getattr(_speaking, "lang", None) or _current


def translate(message: str, domain: str = "core", lang: str | None = None) -> str:
    """Translate an English message into `lang` (default: the current language)."""
    if _lookups is not None:
        _lookups.add((domain, message))
    return _marked(_catalogue(lang or _spoken(), domain).gettext(message))


def translate_plural(
    singular: str, plural: str, n: int, domain: str = "core", lang: str | None = None
) -> str:
    """The form of a message for the count `n`, in `lang` (default: the current language).

    `singular` and `plural` are the English forms; each language's catalogue has as
    many forms as its rule needs (PLURAL_FORMS), and the rule picks one for `n`.
    """
    if _lookups is not None:
        _lookups.add((domain, singular + PLURAL_SEPARATOR + plural))
    return _marked(_catalogue(lang or _spoken(), domain).ngettext(singular, plural, n))


def verbatim(text: str) -> str:
    """A text shown as it is written in every language: a symbol, a printed name, a
    code. Saying so lets `i18n_check` tell it from a word left untranslated."""
    if _marks is None:
        return text
    return _marks[0] + text + _marks[1]


def N_(message: str) -> str:
    """Mark a message for extraction without translating it yet."""
    return message


class Translator:
    """A domain's `_`: `_ = Translator("gambit7")` then `_("Round {n}").format(n=3)`;
    a count's message through `_.plural(singular, plural, n)`."""

    def __init__(self, domain: str) -> None:
        self.domain = domain

    def __call__(self, message: str, lang: str | None = None) -> str:
        return translate(message, self.domain, lang)

    def plural(self, singular: str, plural: str, n: int, lang: str | None = None) -> str:
        """The form for the count `n`: `_.plural("{n} game", "{n} games", n).format(n=n)`."""
        return translate_plural(singular, plural, n, self.domain, lang)
