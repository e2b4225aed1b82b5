"""Every Quitte ou Double rule message has a French and a German translation."""

from __future__ import annotations

import ast

import pytest

from pi_app.i18n import LOCALE_DIR, parse_po
from tests.paths import RULES

SOURCES = sorted((RULES / "quitte_ou_double").rglob("*.py"))
MESSAGE_CALLS = {"refuse", "RuleError", "RecordError"}


def _messages() -> set[str]:
    """The msgids of every refusal written in the game's modules."""
    found: set[str] = set()
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and node.args):
                continue
            name = getattr(node.func, "id", None)
            first = node.args[0]
            if name in MESSAGE_CALLS and isinstance(first, ast.Constant):
                found.add(str(first.value))
    return found


def test_the_game_has_messages_to_translate() -> None:
    messages = _messages()
    assert len(messages) > 20
    assert "{team} has already placed its 2 bet tokens." in messages


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_every_message_is_translated(lang: str) -> None:
    path = LOCALE_DIR / lang / "LC_MESSAGES" / "quitte_ou_double.po"
    catalogue = parse_po(path.read_text(encoding="utf-8"))
    missing = sorted(message for message in _messages() if message not in catalogue)
    assert missing == []
    for message in _messages():
        fields = sorted(part.split("}")[0] for part in message.split("{")[1:])
        translated = sorted(part.split("}")[0] for part in catalogue[message].split("{")[1:])
        assert fields == translated, message


def test_the_english_catalogue_lists_the_same_messages() -> None:
    path = LOCALE_DIR / "en" / "LC_MESSAGES" / "quitte_ou_double.po"
    text = path.read_text(encoding="utf-8")
    for message in _messages():
        assert 'msgid "' + message.replace('"', '\\"') + '"' in text
