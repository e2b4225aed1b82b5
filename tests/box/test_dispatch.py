"""Every act has its handler at the core's door, and every command of a scene has its
handler in the display: the unions are closed, and a new kind cannot be made that
nothing carries out (mypy checks it too, with `assert_never`; this test reads the
source, so it fails before anything runs)."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import get_args

from pi_app.box import acts
from pi_app.display import scene
from tests.paths import ROOT


def _matched(path: Path, function: str) -> set[str]:
    """The classes named in the `case` patterns of `function` in `path`."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name == function:
            for pattern in ast.walk(node):
                if isinstance(pattern, ast.MatchClass):
                    name = pattern.cls
                    found.add(name.attr if isinstance(name, ast.Attribute) else ast.unparse(name))
    return found


def test_every_act_has_its_handler_at_the_door() -> None:
    door = ROOT / "pi_app" / "box" / "door.py"
    handled = _matched(door, "_carry_out") | _matched(door, "_on_table")
    handled |= _matched(door, "_for_phones")
    declared = {kind.__name__ for kind in get_args(acts.Act)}
    assert declared and declared <= handled, sorted(declared - handled)


def test_every_command_of_a_scene_is_an_act_or_has_its_handler() -> None:
    handled = _matched(ROOT / "pi_app" / "display" / "commands.py", "carry_out")
    kinds = {kind.__name__ for kind in get_args(scene.Command)}
    own = kinds - {kind.__name__ for kind in get_args(acts.Act)}
    assert own and own <= handled, sorted(own - handled)


def test_the_reader_finds_a_handler(tmp_path: Path) -> None:
    source = tmp_path / "door.py"
    source.write_text(
        "def _carry_out(act):\n    match act:\n        case acts.Play():\n            pass\n",
        encoding="utf-8",
    )
    assert _matched(source, "_carry_out") == {"Play"}
