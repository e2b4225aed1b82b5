"""The tournament's join page offers a table that is free: the one after the creator's
(it offered "Table 1", the creator's own table, by default)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from pi_app.box.jobs import Jobs
from pi_app.display.intents import Press
from pi_app.display.tournament_join import JoinButton, JoinScene, Pick
from pi_app.net.directory import Listing

LISTED = [Listing("t-two", "Cambio · 20:15", 2), Listing("t-four", "Cambio · 20:30", 4)]


class Listed(Jobs):
    """Jobs whose directory answers at once with LISTED (no broker, no thread)."""

    def run(  # type: ignore[override]
        self, work: Callable[[], Any], done: Callable[[Any], None], *args: Any, **kwargs: Any
    ) -> None:
        done(list(LISTED))


def picked(tid: str) -> JoinScene:
    scene = JoinScene("10.0.0.2", 1883, Listed())
    scene.handle(Press(Pick(tid)), None)  # type: ignore[arg-type]
    return scene


@pytest.mark.parametrize("tid", ["t-two", "t-four"])
def test_the_table_offered_first_is_not_the_creators(tid: str) -> None:
    assert picked(tid).table == 2


def test_the_other_tables_are_a_tap_away_each() -> None:
    scene = picked("t-four")
    seen = [scene.table]
    for _tap in range(4):
        scene.handle(Press(JoinButton.NEXT_TABLE), None)  # type: ignore[arg-type]
        seen.append(scene.table)
    assert seen == [2, 3, 4, 1, 2]
