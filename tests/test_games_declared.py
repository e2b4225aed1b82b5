"""A game is declared in one place: nothing outside its own files switches on its name.

A game's own files are its rules package (`pi_app/rules/<package>/`), its screens
(`pi_app/display/games/<module>.py`) and its phone play (`pi_app/web/games/<module>.py`).
Anywhere else in the package, comparing a value with a game's record name (`"gambit7"`,
or a constant holding it), or writing a dict keyed by game names, is how a game leaks
into shared code: the next game would have to edit that module too. This test reads
the source (`ast`) and names every such place.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
from collections.abc import Iterator
from pathlib import Path

import pi_app.rules as rules_package
from pi_app.rules.registry import games
from tests.paths import ROOT

PACKAGE = ROOT / "pi_app"


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
    """The files (and folders) where game `name` may be named: its own."""
    module = name.replace("-", "_") + ".py"
    own = [PACKAGE / "display" / "games" / module, PACKAGE / "web" / "games" / module]
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
