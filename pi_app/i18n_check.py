"""Find every translatable message in the source, which catalogues lack it, and any
text shown untranslated.

Used by the test suite (every message needs a French and a German translation) and by
maintainers: `python -m pi_app.i18n_check` lists what is wrong and exits 1 when
something is. A message is found where it is written as a literal:

- `_("...")`, or any module-level name bound to `Translator("domain")` (`_g7("...")`),
  in that translator's domain; `_.plural("...", "...", n)` for a message with a count;
- `N_("...")`, counted in the module's domain; `translate("...")`,
  `translate_plural("...", "...", n)`;
- the first argument of a call to a name ending in `Error` or `_error`
  (`RuleError("...", domain="x")`), in the domain its `domain=` keyword names,
  or else the module's domain.

What it reports (one line each, tab-separated):

- `fr|de|en  domain  msgid`: a catalogue that does not translate a message. French
  and German are needed for every message; English too when the message is not
  written in English (a letter outside ASCII: "Moins que ça"). A plural message needs
  as many forms as the catalogue's `Plural-Forms` says, and every catalogue declares
  its language's rule (`i18n.PLURAL_FORMS`).
- `untranslated  file:line  text`: a literal text handed straight to what shows it
  (a `Notice`, `flash_message`, a canvas's `text` or `button`, a phone's `refusal` or
  `Reply`), or a literal with letters put into a translated message's `.format()`.
  Texts without letters ("«", "+", "{n}/{total}") are not words; a name or a symbol
  shown as written in every language goes through `i18n.verbatim`.
- `plural  domain  msgid`: a message that writes its count's plural by hand, "(s)".
- `screen  shot  words`: words drawn untranslated on a demo's screen. Every demo
  (`tabletop demo`) is played with each translation marked, and every piece of text
  outside a translation is a player's name, a game's printed name, a card's printed
  name or a declared non-text (`VERBATIM`); anything else was shown untranslated,
  such as a rule's word put into a message ("CAMBIO-minus"). `--source-only` skips it.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from pi_app.i18n import LOCALE_DIR, PLURAL_FORMS, PLURAL_SEPARATOR, parse_po, plural_forms

PACKAGE = Path(__file__).parent
REQUIRED_LANGUAGES = ("fr", "de")
ALL_LANGUAGES = ("fr", "de", "en")
# The contract's errors default to the core domain when no `domain=` is given.
_CONTRACT_ERRORS = frozenset({"RuleError", "RecordError"})
# Exceptions whose text is for logs and developers, never shown to players.
_PLAIN_ERRORS = frozenset(
    {
        "ValueError",
        "KeyError",
        "TypeError",
        "RuntimeError",
        "OSError",
        "DatabaseError",
        "AssertionError",
        "NotImplementedError",
        "SerialException",
        "ProtocolError",
    }
)
SHOWN_BY: dict[str, tuple[int, str]] = {
    "Notice": (0, "text"),
    "flash_message": (0, "text"),
    "text": (0, "text"),
    "button": (1, "label"),
    "refusal": (0, "message"),
    "Reply": (1, "message"),
}
"""What shows a text to a player: the call's name, and where the text goes in it
(its position, or its keyword)."""
_HAND_MADE_PLURAL = re.compile(r"[^\W\d_]\((s|es|x|n|e|en)\)")


# ---- reading the source -------------------------------------------------------------


def _constants(tree: ast.Module) -> dict[str, str]:
    """Module-level `NAME = "text"` assignments (how modules name their domain)."""
    found: dict[str, str] = {}
    for node in tree.body:
        if (
            isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        ):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    found[target.id] = node.value.value
    return found


def _names_in_scope(tree: ast.Module, path: Path) -> dict[str, str]:
    """String constants of the module, and those it imports from sibling modules."""
    names = _constants(tree)
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("pi_app"):
            base = PACKAGE.parent / node.module.replace(".", "/")
            source = base / "__init__.py" if base.is_dir() else base.with_suffix(".py")
            if source.exists():
                theirs = _constants(ast.parse(source.read_text(encoding="utf-8")))
                for alias in node.names:
                    if alias.name in theirs:
                        names[alias.asname or alias.name] = theirs[alias.name]
    return names


def _translator_domain(node: ast.AST, names: dict[str, str]) -> str | None:
    """The domain of `Translator("domain")` (or `Translator(DOMAIN)`); None otherwise."""
    if not (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "Translator"
        and node.args
    ):
        return None
    first = node.args[0]
    if isinstance(first, ast.Constant) and isinstance(first.value, str):
        return first.value
    if isinstance(first, ast.Name):
        return names.get(first.id)
    return None


def translators(tree: ast.Module, names: dict[str, str]) -> dict[str, str]:
    """Every module-level name bound to a `Translator`, with its domain."""
    found: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign):
            domain = _translator_domain(node.value, names)
            for target in node.targets:
                if domain is not None and isinstance(target, ast.Name):
                    found[target.id] = domain
    return found


def _module_domain(tree: ast.Module, names: dict[str, str], bound: dict[str, str]) -> str:
    if "_" in bound:
        return bound["_"]
    for node in ast.walk(tree):
        domain = _translator_domain(node, names)
        if domain is not None:
            return domain
    return names.get("DOMAIN", "core")


def _call_name(node: ast.Call) -> str:
    if isinstance(node.func, ast.Name):
        return node.func.id
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    return ""


def _keyword_domain(node: ast.Call, names: dict[str, str]) -> str | None:
    for keyword in node.keywords:
        if keyword.arg != "domain":
            continue
        if isinstance(keyword.value, ast.Constant):
            return str(keyword.value.value)
        if isinstance(keyword.value, ast.Name):
            return names.get(keyword.value.id)
    return None


def _literal(node: ast.AST) -> str | None:
    """The text of a string literal (an f-string's fixed parts): None for anything else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(
            str(part.value) if isinstance(part, ast.Constant) else "{}" for part in node.values
        )
    return None


def _strings(args: Sequence[ast.expr], count: int) -> list[str] | None:
    """The first `count` arguments when they are all plain string literals (msgids)."""
    texts = [
        arg.value
        for arg in args[:count]
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
    ]
    return texts if len(texts) == count else None


@dataclass(frozen=True)
class Source:
    """One module read for its messages."""

    path: Path
    tree: ast.Module
    names: dict[str, str]
    bound: dict[str, str]
    """Its translators by name, with their domains."""
    domain: str

    @classmethod
    def read(cls, path: Path, text: str | None = None) -> Source:
        tree = ast.parse(path.read_text(encoding="utf-8") if text is None else text)
        names = _names_in_scope(tree, path)
        bound = translators(tree, names)
        return cls(path, tree, names, bound, _module_domain(tree, names, bound))

    def translated(self, node: ast.Call) -> tuple[str, str] | None:
        """(domain, msgid) when `node` translates a literal (a plural's msgid joins its
        two English forms with PLURAL_SEPARATOR)."""
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr == "plural":
            owner = func.value
            domain = self.bound.get(owner.id) if isinstance(owner, ast.Name) else None
            forms = _strings(node.args, 2)
            if domain is not None and forms is not None:
                return domain, PLURAL_SEPARATOR.join(forms)
            return None
        name = _call_name(node)
        if name == "translate_plural":
            forms = _strings(node.args, 2)
            domain = _keyword_domain(node, self.names) or self.domain
            if len(node.args) >= 4:
                fourth = _literal(node.args[3])
                domain = fourth if fourth is not None else domain
            return None if forms is None else (domain, PLURAL_SEPARATOR.join(forms))
        texts = _strings(node.args, 1)
        if texts is None:
            return None
        if isinstance(func, ast.Name) and func.id in self.bound:
            return self.bound[func.id], texts[0]
        if name in ("_", "N_", "translate"):
            return self.domain, texts[0]
        if name.endswith(("Error", "_error")) and name not in _PLAIN_ERRORS:
            default = "core" if name in _CONTRACT_ERRORS else self.domain
            return _keyword_domain(node, self.names) or default, texts[0]
        return None

    def messages(self) -> Iterator[tuple[str, str]]:
        for node in ast.walk(self.tree):
            if isinstance(node, ast.Call):
                found = self.translated(node)
                if found is not None:
                    yield found

    def is_translation(self, node: ast.AST) -> bool:
        """Whether `node` is a translation (`_("...")`, `_.plural(...)`), formatted or not."""
        while isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr != "format":
                break
            node = node.func.value
        return isinstance(node, ast.Call) and self.translated(node) is not None

    def untranslated(self) -> Iterator[tuple[int, str]]:
        """(line, text) for each literal text shown as it is written."""
        for node in ast.walk(self.tree):
            if not isinstance(node, ast.Call):
                continue
            for shown in self._shown_argument(node):
                text = _written(shown)
                if text is not None and has_words(text):
                    yield node.lineno, text
            if self._formats_a_translation(node):
                for value in (*node.args, *(k.value for k in node.keywords)):
                    text = _written(value)
                    if text is not None and has_words(text):
                        yield node.lineno, text

    def _shown_argument(self, node: ast.Call) -> Iterator[ast.expr]:
        where = SHOWN_BY.get(_call_name(node))
        if where is None:
            return
        position, keyword = where
        if len(node.args) > position:
            yield node.args[position]
        for item in node.keywords:
            if item.arg == keyword:
                yield item.value

    def _formats_a_translation(self, node: ast.Call) -> bool:
        func = node.func
        return (
            isinstance(func, ast.Attribute)
            and func.attr == "format"
            and self.is_translation(func.value)
        )


def _written(node: ast.expr) -> str | None:
    """The literal text an expression shows as written: a literal, an f-string, a
    literal formatted, either branch of a condition, or a sum of such."""
    text = _literal(node)
    if text is not None:
        return text
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "format"
    ):
        return _literal(node.func.value)
    if isinstance(node, ast.IfExp):
        return _written(node.body) or _written(node.orelse)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _written(node.left) or _written(node.right)
    return None


def has_words(text: str) -> bool:
    """Whether a text has letters outside its `{fields}`: words to translate."""
    return re.search(r"[^\W\d_]", re.sub(r"\{[^{}]*\}", "", text)) is not None


def messages_in(path: Path) -> Iterator[tuple[str, str]]:
    """(domain, msgid) for every literal message in one source file."""
    yield from Source.read(path).messages()


def all_messages(root: Path = PACKAGE) -> set[tuple[str, str]]:
    """Every (domain, msgid) found in the package."""
    found: set[tuple[str, str]] = set()
    for path in sorted(root.rglob("*.py")):
        found.update(messages_in(path))
    return found


def untranslated(root: Path = PACKAGE) -> list[tuple[str, str]]:
    """(file:line, text) for every literal text shown untranslated in the package."""
    found: list[tuple[str, str]] = []
    for path in sorted(root.rglob("*.py")):
        where = path.relative_to(root.parent) if root.parent in path.parents else path
        found.extend((f"{where}:{line}", text) for line, text in Source.read(path).untranslated())
    return found


# ---- the catalogues -----------------------------------------------------------------


def catalogue(lang: str, domain: str) -> dict[str, str]:
    """The translations of one catalogue (empty when the file does not exist)."""
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"
    return parse_po(path.read_text(encoding="utf-8")) if path.exists() else {}


def catalogue_plurals(lang: str, domain: str) -> str | None:
    """The rule for plurals one catalogue's header declares."""
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"
    return plural_forms(path.read_text(encoding="utf-8")) if path.exists() else None


def _forms_needed(rule: str | None) -> int:
    found = re.search(r"nplurals\s*=\s*(\d+)", rule or "")
    return int(found.group(1)) if found else 2


def is_english(msgid: str) -> bool:
    """Whether a message is written in English, as far as its letters tell: a letter
    outside ASCII ("Moins que ça") says it is not, and English needs its own entry."""
    return not any(char.isalpha() and not char.isascii() for char in msgid)


def missing(
    messages: set[tuple[str, str]], languages: tuple[str, ...] = REQUIRED_LANGUAGES
) -> list[tuple[str, str, str]]:
    """(lang, domain, msgid) for every message a catalogue does not translate: each of
    `languages`, and English for a message not written in English. A plural message
    lacks its translation too when it has fewer forms than its language's rule needs."""
    gaps = []
    for domain, msgid in sorted(messages):
        needed = languages if is_english(msgid) else (*languages, "en")
        for lang in dict.fromkeys(needed):
            found = catalogue(lang, domain).get(msgid)
            forms = _forms_needed(catalogue_plurals(lang, domain))
            plural = PLURAL_SEPARATOR in msgid
            if found is None or (plural and found.count(PLURAL_SEPARATOR) + 1 != forms):
                gaps.append((lang, domain, msgid))
    return gaps


def wrong_plural_rules() -> list[tuple[str, str]]:
    """(lang, domain) of each catalogue whose header does not declare its language's
    rule for plurals."""
    wrong = []
    for lang in ALL_LANGUAGES:
        for path in sorted((LOCALE_DIR / lang / "LC_MESSAGES").glob("*.po")):
            if catalogue_plurals(lang, path.stem) != PLURAL_FORMS[lang]:
                wrong.append((lang, path.stem))
    return wrong


def hand_made_plurals(messages: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    """Messages that write a count's plural by hand ("{count} warning(s)"), in English
    or in one of their translations ("{count} refusé(s)")."""
    found = set()
    for domain, msgid in messages:
        texts = [msgid, *(catalogue(lang, domain).get(msgid, "") for lang in ALL_LANGUAGES)]
        if any(_HAND_MADE_PLURAL.search(text) for text in texts):
            found.add((domain, msgid))
    return sorted(found)


# ---- the screens --------------------------------------------------------------------


VERBATIM: frozenset[str] = frozenset(
    {
        "Table Companion",  # the box's name
        "Gambit 7",  # the games' printed names
        "Quitte ou Double",
        "Cambio",
        "Gambo",
        "CAMBIO",  # the CAMBIO cards' printed name (CAMBIO+, CAMBIO-)
        "FR",  # the languages, each in its own code
        "DE",
        "EN",
        "G7",  # the Gambit 7 token's mark on the mat
        "QR",
        "Aa",  # the keyboard's case key and its page of digits and accents
        "abc",
    }
)
"""Texts shown as written in every language, besides the players' names and the cards'
printed names; single letters (a keyboard's keys, Gambo's pieces) and Gambo's squares
("c7") are not words either."""
_NOT_WORDS = re.compile(r"^([^\W\d_]|[a-j]\d{1,2}|\d+[^\W\d_]{0,2}|[^\W\d_]{1,2}\d)$")
OPEN, CLOSE = "\u27e6", "\u27e7"


def closed(line: str) -> str:
    """A drawn line whose end was cut (an ellipsis) with the translations it opened
    closed again, so that what follows is read as it is."""
    if not line.endswith("…"):
        return line
    return line + CLOSE * max(0, line.count(OPEN) - line.count(CLOSE))


def unmarked_words(text: str, allowed: Iterable[str]) -> list[str]:
    """The words of a screen's `text` (drawn with every translation marked) that are
    outside any translation and neither allowed nor a declared non-text. A word cut
    short ("Dim…") is allowed when an allowed name begins with it."""
    allowed = {*allowed, *VERBATIM}
    rest = text
    while True:
        bare = re.sub(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}", " ", rest)
        if bare == rest:
            break
        rest = bare
    rest = re.sub(f"[{OPEN}{CLOSE}]", " ", rest)
    for phrase in sorted(allowed, key=len, reverse=True):
        if phrase:
            rest = re.sub(rf"(?<!\w){re.escape(phrase)}(?!\w)", " ", rest)
    known = {word for phrase in allowed for word in phrase.split()}
    for start in set(re.findall(r"(\w+)…", rest)):
        if any(word.startswith(start) for word in known):
            rest = rest.replace(start + "…", " ")
    words = re.findall(r"[^\W_][\w’'+\-]*", rest)
    return [word for word in words if has_words(word) and not _NOT_WORDS.match(word)]


def screens(size: str = "800x480", lang: str = "fr") -> list[tuple[str, str, str]]:
    """(demo, shot, word) for each word drawn untranslated in the demos' pictures."""
    from pi_app import i18n
    from pi_app.display.demo import Driver, demo_names, play

    found: list[tuple[str, str, str]] = []

    class Reader(Driver):
        """Reads each picture's texts, with the names the table and the box know."""

        demo = ""

        def shot(self, name: str) -> Path | None:
            path = super().shot(name)
            texts = " \n ".join(closed(text.text) for text in self.app.canvas.texts)
            for word in dict.fromkeys(unmarked_words(texts, self.names())):
                found.append((self.demo, name, word))
            return path

        def names(self) -> set[str]:
            from pi_app.rules.cambio.scoring import CURRENCIES
            from pi_app.rules.registry import games

            table = self.app.table
            seats = set() if table is None else set(table.seats)
            players = {player.name for player in self.app.journal.choices.players(100)}
            for game in self.app.journal.games():  # the paused ones the home lists too
                seats.update(str(seat) for seat in game.setup.get("seats", []))
            # a game added from outside the package brings its own printed name
            added = {
                g.title for g in games().values() if not type(g).__module__.startswith("pi_app.")
            }
            return seats | players | added | {name for name, _value in CURRENCIES}

    previous = i18n.current_language()
    i18n.set_language(lang)
    try:
        with i18n.marked(OPEN, CLOSE):
            for demo in demo_names():
                Reader.demo = demo
                play(demo, None, size, Reader)
    finally:
        i18n.set_language(previous)
    return found


# ---- the command --------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    """List what is wrong with the translations; exit 1 when something is."""
    parser = argparse.ArgumentParser(prog="python -m pi_app.i18n_check")
    parser.add_argument("--source-only", action="store_true", help="do not play the demos")
    args = parser.parse_args(argv)
    messages = all_messages()
    lines = ["\t".join(gap) for gap in missing(messages)]
    lines += [
        f"{lang}\t{domain}\tno Plural-Forms: {PLURAL_FORMS[lang]}"
        for lang, domain in wrong_plural_rules()
    ]
    lines += [f"untranslated\t{where}\t{text}" for where, text in untranslated()]
    lines += [f"plural\t{domain}\t{msgid}" for domain, msgid in hand_made_plurals(messages)]
    if not args.source_only:
        shown = {found for lang in ALL_LANGUAGES for found in screens(lang=lang)}
        lines += [f"screen\t{demo}/{shot}\t{word}" for demo, shot, word in sorted(shown)]
    for line in lines:
        print(line.replace(PLURAL_SEPARATOR, " | "))
    return 1 if lines else 0


if __name__ == "__main__":
    sys.exit(main())
