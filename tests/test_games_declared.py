"""A game is declared in one place: nothing outside its own files switches on its name.

A game's own files are its rules package (`pi_app/rules/<package>/`), its screens
(`pi_app/display/games/<module>.py`) and its phone play (`pi_app/web/games/<module>.py`,
and the page's side of it, `pi_app/web/static/games/<record name>.js`).
Anywhere else in the package, comparing a value with a game's record name (`"gambit7"`,
or a constant holding it), or writing a dict keyed by game names, is how a game leaks
into shared code: the next game would have to edit that module too. This test reads
the source (`ast`) and names every such place.

The phone pages (`pi_app/web/static/`: scripts, pages, style) are held to more: a game's
record name appears nowhere in them but in that game's own script, not in a string (a
key, a selector, a path: `view["gambit7"]`, `"#gambit7"`), a template's text, a name
(`view.gambit7`), an attribute or a page's text. A script is read as JavaScript's
tokens (comments, regular expressions and the code inside `${}` told apart).
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
from collections.abc import Iterable, Iterator
from html.parser import HTMLParser
from pathlib import Path

import pi_app.rules as rules_package
from pi_app.rules.registry import games
from tests.paths import ROOT

PACKAGE = ROOT / "pi_app"
STATIC = PACKAGE / "web" / "static"


def rules_folders() -> dict[str, Path]:
    """Each game's rules package folder, by record name (as the registry finds them)."""
    found: dict[str, Path] = {}
    prefix = f"{rules_package.__name__}."
    for info in pkgutil.walk_packages(rules_package.__path__, prefix):
        if not info.ispkg:
            continue
        module = importlib.import_module(info.name)
        game = getattr(module, "GAME", None)
        if game is not None and module.__file__ is not None:
            found[str(game.name)] = Path(module.__file__).parent
    return found


def own_files(name: str, folders: dict[str, Path]) -> tuple[Path, ...]:
    """The files (and folders) where game `name` may be named: its own (its play on
    the host's phone included, `web/games/<module>_host.py`)."""
    stem = name.replace("-", "_")
    module = stem + ".py"
    own = [PACKAGE / "display" / "games" / module, PACKAGE / "web" / "games" / module]
    own.append(PACKAGE / "web" / "games" / f"{stem}_host.py")
    if name in folders:
        own.append(folders[name])
    return tuple(own)


def _is_own(path: Path, owned: tuple[Path, ...]) -> bool:
    return any(path == own or own in path.parents for own in owned)


def _constants(tree: ast.Module) -> dict[str, str]:
    """Module-level `NAME = "text"`: a comparison with `NAME` compares with the text."""
    found: dict[str, str] = {}
    for node in tree.body:
        value = node.value if isinstance(node, ast.Assign | ast.AnnAssign) else None
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            found.update({t.id: value.value for t in targets if isinstance(t, ast.Name)})
    return found


def _texts(node: ast.expr | None, constants: dict[str, str]) -> Iterator[str]:
    """The strings an operand stands for: a literal, a constant, or a tuple/list/set of them."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.Name) and node.id in constants:
        yield constants[node.id]
    elif isinstance(node, ast.Tuple | ast.List | ast.Set):
        for element in node.elts:
            yield from _texts(element, constants)


def named_games(source: str) -> Iterator[tuple[int, str, str]]:
    """(line, what, text) for every comparison with a string, dict key and match value."""
    tree = ast.parse(source)
    constants = _constants(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for operand in (node.left, *node.comparators):
                for text in _texts(operand, constants):
                    yield node.lineno, "compares with", text
        elif isinstance(node, ast.Dict):
            for key in node.keys:
                for text in _texts(key, constants):
                    yield node.lineno, "a dict keyed by", text
        elif isinstance(node, ast.MatchValue):
            for text in _texts(node.value, constants):
                yield node.lineno, "matches", text


def leaks(root: Path = PACKAGE) -> list[str]:
    """Every place outside a game's own files that names that game to switch on it."""
    folders = rules_folders()
    names = set(games()) | set(folders)
    found: list[str] = []
    for path in sorted(root.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        for line, what, text in sorted(named_games(source)):
            if text in names and not _is_own(path, own_files(text, folders)):
                found.append(f"{path.relative_to(ROOT)}:{line}: {what} {text!r}")
    return found


def test_no_shared_module_switches_on_a_game_name() -> None:
    found = leaks()
    assert found == [], f"{len(found)} game names outside their games' files:\n" + "\n".join(found)


def test_the_finder_finds_comparisons_constants_and_dict_keys() -> None:
    source = (
        'GAMBIT7 = "gambit7"\n'
        'if game == "gambo": pass\n'
        'if game in ("cambio", "x"): pass\n'
        "if game != GAMBIT7: pass\n"
        'TABLE = {"quitte-ou-double": 1}\n'
        'match game:\n    case "cambio-tournament": pass\n'
        'f("gambit7")\n'
    )
    found = [(line, text) for line, _what, text in named_games(source)]
    assert found == [
        (2, "gambo"),
        (3, "cambio"),
        (3, "x"),
        (4, "gambit7"),
        (5, "quitte-ou-double"),
        (7, "cambio-tournament"),
    ]


def test_a_game_s_own_files_may_name_it() -> None:
    folders = rules_folders()
    own = own_files("cambio-tournament", folders)
    assert _is_own(PACKAGE / "display" / "games" / "cambio_tournament.py", own)
    assert _is_own(PACKAGE / "rules" / "cambio" / "tournament" / "game.py", own)
    assert not _is_own(PACKAGE / "display" / "home.py", own)
    assert _is_own(
        PACKAGE / "rules" / "cambio" / "tournament" / "game.py", own_files("cambio", folders)
    )


def test_the_tiny_game_lives_in_its_own_file_alone() -> None:
    """The sixth game (tests/tinygame.py: its rules and its declaration) is played
    through the app (tests/display/test_tiny_game.py) without a line in the package."""
    from tests import tinygame

    names = (tinygame.GAME.name, tinygame.GAME.name.replace("-", "_"), tinygame.GAME.title)
    mentions = [
        str(path.relative_to(ROOT))
        for path in sorted(PACKAGE.rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts
        if any(name in path.read_text(errors="ignore") for name in names)
    ]
    assert mentions == []


# ---- the phone pages ------------------------------------------------------------------


def own_script(name: str, static: Path = STATIC) -> Path:
    """The phone page's script of game `name`, a file of `static/` that may name it."""
    return static / "games" / f"{name}.js"


def own_scripts(name: str, static: Path = STATIC) -> tuple[Path, Path, Path]:
    """The files of `static/` that may name game `name`: its phone page's script, its
    host page's (`static/host/<name>.js`, which registers it with `registerHostGame`)
    and its big screen's (`static/tv/<name>.js`)."""
    return own_script(name, static), static / "host" / f"{name}.js", static / "tv" / f"{name}.js"


_NAME_START = re.compile(r"[A-Za-z_$]")
_NAME = re.compile(r"[A-Za-z0-9_$]*")
_NUMBER = re.compile(r"[0-9.][0-9A-Za-z_.]*")
# After these, a `/` starts a regular expression; after a value, it divides.
_BEFORE_REGEX = frozenset(
    {"return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw"}
    | {"instanceof", "yield", "await"}
)
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}


class _Script:
    """JavaScript read token by token, for its strings, template texts and names."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.at = 0
        self.previous = ""  # the last token read: a name, or a punctuator
        self.found: list[tuple[int, str, str]] = []

    def line(self, at: int) -> int:
        return self.source.count("\n", 0, at) + 1

    def read(self, closing: str = "") -> None:
        """Tokens up to the end, or up to the `}` closing a template's `${` (`closing`)."""
        source, depth = self.source, 0
        while self.at < len(source):
            char, start = source[self.at], self.at
            if source.startswith("//", start):
                end = source.find("\n", start)
                self.at = len(source) if end < 0 else end
            elif source.startswith("/*", start):
                end = source.find("*/", start + 2)
                self.at = len(source) if end < 0 else end + 2
            elif char in "'\"":
                self.found.append((self.line(start), "a string", self.quoted(char)))
                self.previous = "string"
            elif char == "`":
                self.template()
                self.previous = "string"
            elif char == "/" and self.regex_may_start():
                self.regex()
                self.previous = "regex"
            elif _NAME_START.match(char):
                name = _NAME.match(source, start + 1)
                assert name is not None
                self.at = name.end()
                self.previous = source[start : self.at]
                self.found.append((self.line(start), "a name", self.previous))
            elif char.isdigit():
                number = _NUMBER.match(source, start)
                assert number is not None
                self.at, self.previous = number.end(), "number"
            elif char.isspace():
                self.at += 1
            else:
                self.at += 1
                if char == "{":
                    depth += 1
                elif char == "}":
                    if closing and depth == 0:
                        return
                    depth -= 1
                self.previous = char

    def regex_may_start(self) -> bool:
        previous = self.previous
        if previous in ("string", "regex", "number", ")", "]"):
            return False
        return not _NAME_START.match(previous[:1]) or previous in _BEFORE_REGEX

    def quoted(self, quote: str) -> str:
        """A quoted string's text, the opening quote at `self.at`."""
        source, text = self.source, list[str]()
        self.at += 1
        while self.at < len(source) and source[self.at] != quote:
            text.append(self.escaped() if source[self.at] == "\\" else source[self.at])
            self.at += 1
        self.at += 1
        return "".join(text)

    def escaped(self) -> str:
        """The character an escape stands for, the backslash at `self.at` (left at its end)."""
        source = self.source
        self.at += 1
        char = source[self.at : self.at + 1]
        for prefix, size in (("x", 2), ("u", 4)):
            digits = source[self.at + 1 : self.at + 1 + size]
            if char == prefix and re.fullmatch(r"[0-9A-Fa-f]+", digits) and len(digits) == size:
                self.at += size
                return chr(int(digits, 16))
        if char == "u" and source.startswith("{", self.at + 1):
            end = source.index("}", self.at)
            code = int(source[self.at + 2 : end], 16)
            self.at = end
            return chr(code)
        return _ESCAPES.get(char, char)

    def template(self) -> None:
        """A template literal: each run of its text, and the code of each `${}` read as
        code (which may hold templates of its own)."""
        source, text = self.source, list[str]()
        start = self.at
        self.at += 1
        while self.at < len(source) and source[self.at] != "`":
            if source.startswith("${", self.at):
                self.found.append((self.line(start), "a template's text", "".join(text)))
                text, self.at, self.previous = [], self.at + 2, "{"
                self.read(closing="}")  # up to just past its `}`
                start = self.at
                continue
            elif source[self.at] == "\\":
                text.append(self.escaped())
            else:
                text.append(source[self.at])
            self.at += 1
        self.found.append((self.line(start), "a template's text", "".join(text)))
        self.at += 1

    def regex(self) -> None:
        """A regular expression literal and its flags, skipped: it names nothing."""
        source, in_class = self.source, False
        self.at += 1
        while self.at < len(source) and (in_class or source[self.at] != "/"):
            char = source[self.at]
            if char == "\\":
                self.at += 1
            elif char == "[":
                in_class = True
            elif char == "]":
                in_class = False
            elif char == "\n":
                break
            self.at += 1
        flags = _NAME.match(source, self.at + 1)
        self.at = flags.end() if flags is not None else self.at + 1


def script_texts(source: str) -> list[tuple[int, str, str]]:
    """(line, what, text) for every string, template text and name of a script."""
    script = _Script(source)
    script.read()
    return script.found


class _Page(HTMLParser):
    """A page's attribute values and text (its comments left out)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        line = self.getpos()[0]
        for name, value in attrs:
            self.found.append((line, f"<{tag} {name}>", value or ""))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)

    def handle_data(self, data: str) -> None:
        self.found.append((self.getpos()[0], "text", data))


def html_texts(source: str) -> list[tuple[int, str, str]]:
    """(line, what, text) for every attribute value and text of a page."""
    page = _Page()
    page.feed(source)
    page.close()
    return page.found


def style_texts(source: str) -> list[tuple[int, str, str]]:
    """(line, what, text) for each line of a style sheet, its comments left out."""
    plain = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group().count("\n"), source, flags=re.S)
    return [(number, "style", line) for number, line in enumerate(plain.splitlines(), 1)]


def named_in(
    texts: Iterable[tuple[int, str, str]], names: Iterable[str]
) -> list[tuple[int, str, str]]:
    """(line, what, name) for each text naming a game: a name standing alone in it
    (`"gambit7"`, `"games/gambit7.js"`, `"#gambit7"`), not inside a longer word."""
    patterns = {name: re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])") for name in names}
    return [
        (line, what, name)
        for line, what, text in texts
        for name, pattern in patterns.items()
        if pattern.search(text)
    ]


_READERS = {".js": script_texts, ".html": html_texts, ".css": style_texts}


def page_leaks(static: Path = STATIC, names: Iterable[str] | None = None) -> list[str]:
    """Every place of the phone pages that names a game outside that game's own script
    (its phone's, `games/<name>.js`, or its part of the host's page, `host/<name>.js`)."""
    known = sorted(set(games()) | set(rules_folders()) if names is None else set(names))
    found: list[str] = []
    for path in sorted(static.rglob("*")):
        reader = _READERS.get(path.suffix)
        if reader is None or not path.is_file():
            continue
        texts = reader(path.read_text(encoding="utf-8"))
        for line, what, name in sorted(set(named_in(texts, known))):
            if path not in own_scripts(name, static):
                shown = path.relative_to(ROOT) if ROOT in path.parents else path
                found.append(f"{shown}:{line}: {what} names {name!r}")
    return found


def test_no_phone_page_names_a_game_outside_its_own_script() -> None:
    found = page_leaks()
    assert found == [], f"{len(found)} game names in the phone pages:\n" + "\n".join(found)


def test_the_phone_page_s_scripts_are_read() -> None:
    """The finder sees what the pages hold: a shared script's strings and names, and each
    game's own script naming its game where it registers it."""
    play = script_texts((STATIC / "play.js").read_text(encoding="utf-8"))
    assert any(text == "registerGame" for _line, what, text in play if what == "a name")
    assert any(text == "state" for _line, what, text in play if what == "a string")
    for name in ("gambit7", "quitte-ou-double"):
        own = script_texts(own_script(name).read_text(encoding="utf-8"))
        assert named_in(own, [name]), name


def test_the_script_finder_finds_strings_templates_and_names() -> None:
    source = (
        'const a = "gambit7";\n'
        "if (view['quitte-ou-double']) f();\n"
        "const b = `#${id}-x ${`cambio`} ${ {k: 1}.k / 2 }`;\n"
        "view.gambo && go();\n"
        "// gambit7 in a comment\n"
        "const r = /'gambit7'[/\\\\]/g; /* \"cambio\" */\n"
        'const c = "a \\"tiny-race\\" b" / 2 / 3;\n'
        "const d = 'games/gambit7.js';\n"
        "const e = 'gambit77 x-gambit7 gambit7s \\u0067ambo';\n"
        "const f = (x) / 2; const g = 'cambio-tournament';\n"
    )
    names = ("gambit7", "quitte-ou-double", "cambio", "gambo", "tiny-race", "cambio-tournament")
    found = [(line, name) for line, _what, name in named_in(script_texts(source), names)]
    assert found == [
        (1, "gambit7"),
        (2, "quitte-ou-double"),
        (3, "cambio"),
        (4, "gambo"),
        (7, "tiny-race"),
        (8, "gambit7"),
        (9, "gambo"),
        (10, "cambio-tournament"),
    ]


def test_the_page_finder_finds_attributes_and_text_and_style() -> None:
    page = (
        '<script src="/static/games/gambit7.js"></script>\n'
        '<p data-game="cambio">gambo</p> <!-- quitte-ou-double -->\n'
        '<input value="tiny-race"/>\n'
    )
    names = ("gambit7", "quitte-ou-double", "cambio", "gambo", "tiny-race")
    found = [(line, name) for line, _what, name in named_in(html_texts(page), names)]
    assert found == [(1, "gambit7"), (2, "cambio"), (2, "gambo"), (3, "tiny-race")]
    style = "/* gambit7\n */ #quitte-ou-double .x { }\n.gambo-ish {}\n"
    found = [(line, name) for line, _what, name in named_in(style_texts(style), names)]
    assert found == [(2, "quitte-ou-double")]


def test_a_game_s_own_script_alone_may_name_it(tmp_path: Path) -> None:
    games_folder = tmp_path / "games"
    games_folder.mkdir()
    (games_folder / "gambit7.js").write_text('registerGame("gambit7", {});\n', encoding="utf-8")
    (games_folder / "gambo.js").write_text('if (view.game === "gambit7") go();\n', encoding="utf-8")
    (tmp_path / "host").mkdir()
    own_host = 'registerHostGame("gambit7", {});\n'
    (tmp_path / "host" / "gambit7.js").write_text(own_host, encoding="utf-8")
    (tmp_path / "host" / "gambo.js").write_text('const g = "gambit7";\n', encoding="utf-8")
    (tmp_path / "play.js").write_text("const shown = view.gambit7;\n", encoding="utf-8")
    (tmp_path / "play.html").write_text('<div id="gambit7"></div>\n', encoding="utf-8")
    shown = [line.split(": ", 1)[1] for line in page_leaks(tmp_path, ["gambit7"])]
    assert shown == [
        "a string names 'gambit7'",
        "a string names 'gambit7'",  # another game's host script
        "<div id> names 'gambit7'",
        "a name names 'gambit7'",
    ]
