"""The phones' seats from one game to the next of the same players (issue 46).

"Play again" on the box's final screen starts a new game with the same seats: every
phone keeps its seat there, with the same token, and a restart of the box keeps it too.
Other players in the next game, or a game that is only paused, keep the rules they had:
the ended game's phones hold no seat; the paused game's phones wait for it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pi_app.assembly import Box, build_box
from pi_app.box import acts
from pi_app.box.actors import phone
from pi_app.box.seats import SeatBook
from pi_app.table import Journal
from pi_app.web.hub import Hub

PLAYERS = ("Ana", "Ben")


@pytest.fixture
def box(tmp_path: Path) -> Iterator[Box]:
    journal = Journal(tmp_path / "journal.sqlite3")
    made = build_box({}, journal, hub=Hub(SeatBook(tmp_path / "phones.json")))
    try:
        yield made
    finally:
        made.close()
        journal.close()


def book(box: Box) -> SeatBook:
    assert box.hub is not None
    return box.hub.seats


def new_game(box: Box, seats: tuple[str, ...] = PLAYERS) -> int:
    assert box.session.act(acts.NewGame("gambo", seats)).ok
    table = box.session.table
    assert table is not None
    return table.game_id


def seated(box: Box) -> dict[str, str]:
    """Every seat of the game at the table taken by a phone, through the door."""
    table = box.session.table
    assert table is not None
    tokens = {}
    for seat in table.seats:
        done = box.session.act(acts.TakeSeat(seat, phone(seat), table.game_id))
        assert done.ok and done.token
        tokens[seat] = done.token
    return tokens


def play_to_the_end(box: Box) -> None:
    """Legal moves through the door until the game is over (the box's final screen)."""
    table = box.session.table
    assert table is not None
    while table.outcome() is None:
        move = table.game.format_action(table.game.legal_actions(table.state)[0])
        assert box.session.act(acts.Play(move)).ok


def test_play_again_keeps_every_phone_in_its_seat(box: Box, tmp_path: Path) -> None:
    first = new_game(box)
    tokens = seated(box)
    play_to_the_end(box)

    again = new_game(box, tuple(reversed(PLAYERS)))  # the same players, whatever order
    assert again != first
    for seat, token in tokens.items():
        assert book(box).holder(token) == (again, seat)
    assert book(box).holders() == set(PLAYERS)
    # A phone of the new game acts there with its old token: its seat is not free.
    refused = box.session.act(acts.TakeSeat("Ana", phone("Ana"), again))
    assert not refused.ok
    # The box restarts: the seats are read back from the file, in the new game.
    reread = SeatBook(tmp_path / "phones.json")
    held = reread.lookup(tokens["Ben"])
    assert held is not None and (held.game_id, held.seat, held.current) == (again, "Ben", True)


def test_a_seat_freed_in_the_new_game_stops_its_old_token(box: Box) -> None:
    new_game(box)
    tokens = seated(box)
    play_to_the_end(box)
    new_game(box)
    assert box.session.act(acts.FreeSeat("Ana")).ok
    assert book(box).lookup(tokens["Ana"]) is None
    assert book(box).seat_of(tokens["Ben"]) == "Ben"


def test_only_the_same_players_after_the_end_keep_their_seats(box: Box) -> None:
    """The same players starting another game before the first is over: the first only
    waits, paused, and its phones wait with it. Once it is over, the next game of the
    same players takes them; a game of other players after the end does not."""
    first = new_game(box)
    tokens = seated(box)
    second = new_game(box)
    held = book(box).lookup(tokens["Ana"])
    assert held is not None and (held.game_id, held.current) == (first, False)
    assert book(box).holders() == set()

    assert box.session.act(acts.Resume(first)).ok
    play_to_the_end(box)
    assert box.session.act(acts.Resume(second)).ok  # the same players' next game
    assert {seat: book(box).holder(token) for seat, token in tokens.items()} == {
        "Ana": (second, "Ana"),
        "Ben": (second, "Ben"),
    }

    play_to_the_end(box)
    new_game(box, ("Ana", "Cy"))  # one player changed: another table of people
    assert all(book(box).lookup(token) is None for token in tokens.values())
    assert book(box).holders() == set()
