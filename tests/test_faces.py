"""One loader finds every game's faces by the game's name (issue 45): its computer, its
phone play, its screens, each of its base class with default hooks, so mypy sees every
hook and nothing outside the loader reads a game's module by a name."""

from __future__ import annotations

import sys
import types

import pytest

from pi_app.ai import OPPONENT, Opponent
from pi_app.display.declaration import GameDeclaration
from pi_app.display.games import SCREENS
from pi_app.faces import Face, FaceError, face
from pi_app.rules.registry import games
from pi_app.web.games import PHONE, PhonePlay
from pi_app.web.host_play import HOST, HostPlay

REAL = ("cambio", "cambio-tournament", "gambit7", "gambo", "quitte-ou-double")


def test_every_game_s_faces_are_found_and_typed() -> None:
    found = {
        name: (face(name, OPPONENT), face(name, PHONE), face(name, SCREENS))
        for name in games()
        if name in REAL
    }
    assert sorted(found) == list(REAL)
    for _name, (opponent, phone, screens) in found.items():
        assert opponent is None or isinstance(opponent, Opponent)
        assert phone is None or isinstance(phone, PhonePlay)
        assert isinstance(screens, GameDeclaration) and screens.scenes is not None
    assert [n for n, faces in found.items() if faces[0] is not None] == ["gambo"]
    assert [n for n, faces in found.items() if faces[1] is not None] == [
        "gambit7",
        "gambo",
        "quitte-ou-double",
    ]


def test_the_boards_games_have_their_host_play() -> None:
    """Cambio, its tournament and Gambo are played from the host's phone."""
    for name in ("cambio", "cambio-tournament", "gambo"):
        assert isinstance(face(name, HOST), HostPlay), name


def test_a_default_hook_answers_for_a_game_that_declares_none() -> None:
    assert Opponent().take_back(None, {}) is None and Opponent().computer_names([], {}) == {}
    assert PhonePlay().kinds == () and PhonePlay().asked(None) is None


def test_a_face_of_the_wrong_kind_is_said_as_the_program_s_fault(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    module = types.ModuleType("tests.faces_probe_wrong")
    module.__dict__["PHONE"] = "not a phone play"
    monkeypatch.setitem(sys.modules, module.__name__, module)
    module.__spec__ = types.SimpleNamespace(name=module.__name__)  # type: ignore[assignment]
    wrong = Face("tests.faces_probe_{game}", "PHONE", PhonePlay)
    with pytest.raises(FaceError):
        face("wrong", wrong)
    assert face("absent", Face("tests.faces_probe_{game}", "PHONE", PhonePlay)) is None
