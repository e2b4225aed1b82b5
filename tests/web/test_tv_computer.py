"""The big screen while the computer plays Gambo (issue 49): Chromium at 1920x1080 shows
"the computer is thinking" for as long as the computer owes a move, then its move on
the board once it is played.

The computer's search is held by the test: its `choose` waits for the test's word
(a queue, never a sleep), so the TV is looked at while the search is surely running,
however fast or slow the machine."""

from __future__ import annotations

import queue
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.common.by import By

from pi_app.ai.gambo import opponent
from pi_app.i18n import translate
from pi_app.rules.gambo.board import SQUARE_NAMES
from pi_app.rules.gambo.game import GamboState
from pi_app.rules.gambo.story import story
from pi_app.web.tv_texts import SHARED
from tests.web.browser import PATIENCE, need_chromium
from tests.web.conftest import Served, serve
from tests.web.tv_room import FULL_HD, look, tv, until

COMPUTER = {"opponent": {"B": "easy"}}  # side B moves first: the computer opens


@dataclass
class HeldSearch:
    """The computer's search, held until the test lets it answer: each call says it
    began (`began`) and waits for one word on `go`."""

    began: queue.Queue[int] = field(default_factory=queue.Queue)
    go: queue.Queue[None] = field(default_factory=queue.Queue)

    def choose(self, state: object, level: str) -> str:
        assert isinstance(state, GamboState)
        self.began.put(len(state.history))
        self.go.get(timeout=PATIENCE * 4)
        return opponent.choose(state, level)

    def searching(self, moves: int) -> None:
        """Wait until the computer's search of the position after `moves` moves began."""
        assert self.began.get(timeout=PATIENCE * 3) == moves

    def answer(self) -> None:
        self.go.put(None)


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> Iterator[HeldSearch]:
    search = HeldSearch()
    monkeypatch.setattr(
        opponent.GamboOpponent, "choose", lambda _self, state, level: search.choose(state, level)
    )
    yield search
    for _ in range(9):  # a search still held at the end ends at once
        search.answer()


@contextmanager
def gambo_against_the_computer(tmp_path: Path) -> Iterator[Served]:
    served = serve(tmp_path, "gambo", ("Ana", "Ben"), extras=COMPUTER)
    try:
        yield served
    finally:
        served.stop()


def state_of(served: Served) -> GamboState:
    table = served.owner.table
    assert table is not None and isinstance(table.state, GamboState)
    return table.state


def lang_of(driver: webdriver.Chrome) -> str:
    """The TV's language (the box's)."""
    return str(driver.execute_script("return document.documentElement.lang"))


def thinking_shown(driver: webdriver.Chrome) -> bool:
    """Whether the TV says the computer is thinking (its status, and beside the board)."""
    words = translate(SHARED["thinking"], "tv", lang_of(driver))
    status = driver.find_element(By.ID, "status").text
    beside = driver.find_elements(By.ID, "to-move")
    return status == words and (not beside or beside[0].text == words)


BOARD = """const squares = [...document.querySelectorAll('#board .square')];
return [squares.map((square) => [square.dataset.square, square.dataset.piece || '']),
  squares.filter((square) => square.classList.contains('touched')).map((s) => s.dataset.square)];"""


def board_matches(driver: webdriver.Chrome, state: GamboState) -> None:
    """The TV's board square by square is the table's, and the squares of the last move
    are the ones marked (read at once, as one drawing of the page)."""
    squares, touched = driver.execute_script(BOARD)
    table = {
        name: "" if piece is None else piece.code
        for name, piece in zip(SQUARE_NAMES, state.board, strict=True)
    }
    assert dict(squares) == table
    last = story(state)[-1]
    assert set(touched) == {SQUARE_NAMES[square] for square in last.squares}


def test_the_big_screen_shows_the_computer_thinking_then_its_move(
    tmp_path: Path, held: HeldSearch
) -> None:
    need_chromium()
    with gambo_against_the_computer(tmp_path) as served, tv(served.url, FULL_HD) as driver:
        screens = {FULL_HD: driver}
        held.searching(0)  # the computer opens: thinking over the join code
        look(screens, served, "gambo-computer-opens")
        assert thinking_shown(driver)
        held.answer()
        until(lambda: len(state_of(served).history) == 1)
        look(screens, served, "gambo-computer-opened")
        assert not thinking_shown(driver)
        board_matches(driver, state_of(served))
        to_play = translate(SHARED["to_play"], "tv", lang_of(driver)).format(seat="Ana")
        assert driver.find_element(By.ID, "to-move").text == to_play
        mine = next(
            action
            for action in served.owner.call(lambda t: t.game.legal_actions(t.state))
            if action.kind == "adv"
        )
        served.box(served.owner.call(lambda t: t.game.format_action(mine)))
        held.searching(2)  # Ana moved: the computer searches, the board shows her move
        look(screens, served, "gambo-computer-thinking")
        assert thinking_shown(driver)
        board_matches(driver, state_of(served))
        assert driver.find_element(By.ID, "to-move").get_attribute("class") == "big muted"
        held.answer()
        until(lambda: len(state_of(served).history) >= 3)
        look(screens, served, "gambo-computer-moved")
        state = state_of(served)
        board_matches(driver, state)
        step = story(state)[-1]
        assert step.side == 1  # the computer's move: the last one the board marks
        last = driver.find_element(By.ID, "last-move")
        assert last.get_attribute("data-kind") == step.kind
        if step.kind != "duel":  # told by the computer's seat's label
            assert opponent.label("easy", lang_of(driver)) in last.text
        assert thinking_shown(driver) == (state.to_move == 1)
