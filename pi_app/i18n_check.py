"""Find every translatable message in the source, and which catalogues lack it.

Used by the test suite (every message needs a French and a German translation) and by
maintainers: `python -m pi_app.i18n_check` lists what is missing, per domain and
language. A message is found where it is written as a literal:

- `_("...")` in a module whose `_` is `Translator("domain")`;
- `N_("...")`, counted in the module's domain;
- `translate("...")`;
- the first argument of a call to a name ending in `Error` or `_error`
  (`RuleError("...", domain="x")`), in the domain its `domain=` keyword names,
  or else the module's domain.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

from pi_app.i18n import LOCALE_DIR, parse_po

PACKAGE = Path(__file__).parent
REQUIRED_LANGUAGES = ("fr", "de")
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


def _module_domain(tree: ast.Module, names: dict[str, str]) -> str:
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "Translator"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            return node.args[0].value
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


def messages_in(path: Path) -> Iterator[tuple[str, str]]:
    """(domain, msgid) for every literal message in one source file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = _names_in_scope(tree, path)
    domain = _module_domain(tree, names)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        first = node.args[0]
        if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
            continue
        name = _call_name(node)
        if name in ("_", "N_", "translate"):
            yield domain, first.value
        elif name.endswith(("Error", "_error")) and name not in _PLAIN_ERRORS:
            default = "core" if name in _CONTRACT_ERRORS else domain
            yield _keyword_domain(node, names) or default, first.value


def all_messages(root: Path = PACKAGE) -> set[tuple[str, str]]:
    """Every (domain, msgid) found in the package."""
    found: set[tuple[str, str]] = set()
    for path in sorted(root.rglob("*.py")):
        found.update(messages_in(path))
    return found


def catalogue(lang: str, domain: str) -> dict[str, str]:
    """The translations of one catalogue (empty when the file does not exist)."""
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"
    return parse_po(path.read_text(encoding="utf-8")) if path.exists() else {}


def missing(
    messages: set[tuple[str, str]], languages: tuple[str, ...] = REQUIRED_LANGUAGES
) -> list[tuple[str, str, str]]:
    """(lang, domain, msgid) for every message a required catalogue does not translate."""
    gaps = []
    for domain, msgid in sorted(messages):
        for lang in languages:
            if msgid not in catalogue(lang, domain):
                gaps.append((lang, domain, msgid))
    return gaps


def main() -> int:
    """List missing translations; exit 1 when there are some."""
    gaps = missing(all_messages())
    for lang, domain, msgid in gaps:
        print(f"{lang}\t{domain}\t{msgid}")
    return 1 if gaps else 0


if __name__ == "__main__":
    sys.exit(main())
