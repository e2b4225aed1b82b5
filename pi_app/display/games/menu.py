"""The home's menu of games, drawn without importing a single game.

The menu is every game's record name, its title, its place (`GameDeclaration.menu`)
and whether it is played across boxes, as each game declares them in its own files
(`rules.registry`, `display.games.declaration_of`). Reading them there imports every
game's rules and screens, the largest part of the box's start, for a first frame that
shows four names. So the package carries the menu as the games declare it
(`MENU_FILE`, the titles in every language), the home's first frame reads that, and a
game's modules are imported once it is chosen. `python -m pi_app.display.games.menu`
writes the file again; a test fails while it differs from the declarations, as a
stale `.pyc` would never be allowed to.

Games registered at run time (tests: `rules.registry.register`) join the kept menu
from their own objects; once the games are imported anyway, the menu is read from
them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from pi_app.i18n import LANGUAGES, current_language, set_language
from pi_app.rules import registry

MENU_FILE = Path(__file__).resolve().parents[2] / "data" / "games_menu.json"


@dataclass(frozen=True)
class MenuEntry:
    """One game of the home's menu, its title in the current language."""

    name: str
    title: str
    menu: int
    across_boxes: bool


def menu() -> list[MenuEntry]:
    """Every installed game in the home's order: by declared place, then by name."""
    kept = None if registry.discovered() else _kept()
    if kept is None:
        entries = {name: _entry(name, game) for name, game in registry.games().items()}
    else:
        language = current_language()
        entries = {name: _kept_entry(name, facts, language) for name, facts in kept.items()}
        entries.update({name: _entry(name, game) for name, game in registry.registered().items()})
    return sorted(entries.values(), key=lambda entry: (entry.menu, entry.name))


def _entry(name: str, game: Any) -> MenuEntry:
    from pi_app.display.games import declaration_of

    declaration = declaration_of(name)
    return MenuEntry(name, game.title, declaration.menu, declaration.across_boxes)


def _kept_entry(name: str, facts: dict[str, Any], language: str) -> MenuEntry:
    titles: dict[str, str] = facts["titles"]
    title = titles.get(language) or next(iter(titles.values()))
    return MenuEntry(name, title, int(facts["menu"]), bool(facts["across_boxes"]))


@cache
def _kept() -> dict[str, dict[str, Any]] | None:
    """The menu the package carries; None without one (then the games are imported)."""
    try:
        kept: dict[str, dict[str, Any]] = json.loads(MENU_FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return kept


def declared() -> str:
    """The menu file's text as the games declare it now (every game imported)."""
    from pi_app.display.games import declaration_of

    was = current_language()
    titles: dict[str, dict[str, str]] = {}
    try:
        for lang in LANGUAGES:
            set_language(lang)
            for name, game in registry.games().items():
                titles.setdefault(name, {})[lang] = game.title
    finally:
        set_language(was)
    facts = {
        name: {
            "titles": titles[name],
            "menu": declaration_of(name).menu,
            "across_boxes": declaration_of(name).across_boxes,
        }
        for name in sorted(titles)
        if name not in registry.registered()
    }
    return json.dumps(facts, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


if __name__ == "__main__":
    MENU_FILE.write_text(declared(), encoding="utf-8")
    print(MENU_FILE)
