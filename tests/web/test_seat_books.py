"""A book of secrets and seat tokens per game (issue 36, bug 3): a paused game resumed
gives back its own secret and tokens, so its phones keep their seats; a paused game's
token never acts in the game on the box; the file of the first version (one book) is
still read, a file not ours is never trusted nor fatal, and the books are bounded."""

from __future__ import annotations

import json
import logging
import os
import stat
import tempfile
import threading
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pi_app.box.seats import MAX_BOOKS, MAX_FILE_BYTES, SeatBook

SEATS_LOG = "pi_app.box.seats"


def phones_file(folder: Path) -> Path:
    return folder / "phones.json"


# -- pause and resume -------------------------------------------------------------------


def test_a_resumed_game_keeps_its_secret_and_its_phones_seats(tmp_path: Path) -> None:
    book = SeatBook(phones_file(tmp_path))
    first = book.game(1)
    ana = book.claim("Ana")
    assert ana is not None

    second = book.game(2)  # a second game starts while the first is paused
    assert second != first
    assert book.holders() == set()

    assert book.game(1) == first  # the first is resumed
    assert book.secret_matches(first)
    assert book.seat_of(ana) == "Ana"
    assert book.holders() == {"Ana"}


def test_asking_the_current_game_again_changes_nothing(tmp_path: Path) -> None:
    path = phones_file(tmp_path)
    book = SeatBook(path)
    secret = book.game(1)
    token = book.claim("Ana")
    written = path.stat().st_mtime_ns, path.read_bytes()
    for _ in range(3):  # the server asks on every state it publishes
        assert book.game(1) == secret
    assert (path.stat().st_mtime_ns, path.read_bytes()) == written
    assert book.seat_of(token) == "Ana"


def test_a_paused_games_secret_and_tokens_do_not_act_in_the_current_game() -> None:
    book = SeatBook(None)
    first = book.game(1)
    ana_first = book.claim("Ana")
    second = book.game(2)

    assert not book.secret_matches(first)
    assert book.secret_matches(second)
    assert book.seat_of(ana_first) is None
    ana_second = book.claim("Ana")  # Ana's seat is free in the second game
    assert ana_second is not None and ana_second != ana_first
    book.free("Ana")  # frees the second game's seat only
    assert book.seat_of(ana_second) is None

    book.game(1)
    assert book.seat_of(ana_first) == "Ana"
    assert book.seat_of(ana_second) is None
    assert not book.secret_matches(second)


def test_a_token_is_found_in_its_paused_games_book(tmp_path: Path) -> None:
    """A phone of a paused game is told its game waits, not that it holds no seat: its
    token is looked up in every kept book, with its game and whether that game is the
    one on the box; a token of no kept book (freed, forgotten, never given) is found
    nowhere."""
    path = phones_file(tmp_path)
    book = SeatBook(path)
    book.game(1)
    ana = book.claim("Ana")
    book.game(2)  # the first game is paused
    ben = book.claim("Ben")
    assert ana is not None and ben is not None

    assert book.lookup(ana) == (1, "Ana", False)
    assert book.lookup(ben) == (2, "Ben", True)
    assert SeatBook(path).lookup(ana) == (1, "Ana", False)  # after a restart
    book.game(1)  # resumed
    assert book.lookup(ana) == (1, "Ana", True)
    assert book.lookup(ben) == (2, "Ben", False)

    book.free("Ana")
    book.forget(2)
    for gone in (ana, ben, "anything", None, 12, "é"):
        assert book.lookup(gone) is None


def test_a_paused_games_token_is_found_while_the_box_changes_games() -> None:
    """The box's thread turns from game to game while the server's look tokens up: each
    lookup sees one state, the token's game and whether it is the current one together."""
    book = SeatBook(None)
    book.game(1)
    ana = book.claim("Ana")
    book.game(2)
    stop = threading.Event()

    def turn() -> None:
        while not stop.is_set():
            book.game(1)
            book.game(2)

    turning = threading.Thread(target=turn)
    turning.start()
    try:
        seen = {book.lookup(ana) for _ in range(5000)}
    finally:
        stop.set()
        turning.join()
    assert seen <= {(1, "Ana", True), (1, "Ana", False)}


def test_no_game_yet_lets_no_phone_in() -> None:
    book = SeatBook(None)
    assert not book.secret_matches("")
    assert not book.secret_matches("anything")
    assert book.holders() == set()
    assert book.claim("Ana") is None
    assert book.seat_of("anything") is None
    book.free("Ana")


@pytest.mark.parametrize("given_text", ["é", "\ud800", "ß" * 40, "", "\x00"])
def test_a_phones_text_other_than_ascii_is_no_secret_nor_token(given_text: str) -> None:
    book = SeatBook(None)
    book.game(1)
    book.claim("Ana")
    assert not book.secret_matches(given_text)
    assert book.seat_of(given_text) is None
    assert book.seat_of(None) is None and not book.secret_matches(12)


def test_one_phone_of_many_at_once_takes_a_seat() -> None:
    book = SeatBook(None)
    book.game(1)
    tokens: list[str | None] = []
    start = threading.Barrier(8)

    def take() -> None:
        start.wait()
        tokens.append(book.claim("Ana"))

    threads = [threading.Thread(target=take) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    taken = [token for token in tokens if token is not None]
    assert len(taken) == 1 and book.seat_of(taken[0]) == "Ana"


# -- the bound and forget ---------------------------------------------------------------


def test_the_least_recently_current_book_is_dropped_beyond_the_bound(tmp_path: Path) -> None:
    path = phones_file(tmp_path)
    book = SeatBook(path)
    secrets = {game_id: book.game(game_id) for game_id in range(1, MAX_BOOKS + 1)}
    book.game(1)  # resumed: now the most recently current
    token = book.claim("Ana")
    book.game(MAX_BOOKS + 1)  # one book too many: game 2's goes

    assert len(json.loads(path.read_text())["games"]) == MAX_BOOKS
    assert book.game(1) == secrets[1]
    assert book.seat_of(token) == "Ana"
    assert book.game(3) == secrets[3]
    assert book.game(2) != secrets[2]  # a new book, game 4's now dropped
    assert book.game(4) != secrets[4]


def test_forget_a_paused_game(tmp_path: Path) -> None:
    path = phones_file(tmp_path)
    book = SeatBook(path)
    first = book.game(1)
    ana = book.claim("Ana")
    second = book.game(2)
    book.forget(1)

    assert book.secret_matches(second)  # the current game is untouched
    assert "1" not in json.loads(path.read_text())["games"]
    again = book.game(1)  # shown again: a new secret, no seats
    assert again != first
    assert book.seat_of(ana) is None and book.holders() == set()


def test_forget_the_current_game(tmp_path: Path) -> None:
    path = phones_file(tmp_path)
    book = SeatBook(path)
    secret = book.game(1)
    ana = book.claim("Ana")
    book.forget(1)

    assert not book.secret_matches(secret)
    assert book.seat_of(ana) is None
    assert book.holders() == set()
    assert book.claim("Ben") is None
    assert json.loads(path.read_text()) == {"current": None, "games": {}}
    restarted = SeatBook(path)
    assert not restarted.secret_matches(secret) and restarted.seat_of(ana) is None


def test_forget_a_game_without_a_book_writes_nothing(tmp_path: Path) -> None:
    path = phones_file(tmp_path)
    book = SeatBook(path)
    book.forget(5)
    assert not path.exists()
    book.game(1)
    written = path.read_bytes()
    book.forget(5)
    assert path.read_bytes() == written


# -- the file ---------------------------------------------------------------------------


def test_every_book_comes_back_after_a_restart(tmp_path: Path) -> None:
    path = phones_file(tmp_path)
    book = SeatBook(path)
    first = book.game(1)
    ana = book.claim("Ana")
    second = book.game(2)
    ben = book.claim("Ben")

    restarted = SeatBook(path)  # the box killed and started again, on the second game
    assert restarted.secret_matches(second)
    assert restarted.seat_of(ben) == "Ben"
    assert restarted.seat_of(ana) is None
    assert restarted.game(1) == first
    assert restarted.seat_of(ana) == "Ana"
    assert restarted.game(2) == second
    assert restarted.seat_of(ben) == "Ben"


def test_the_order_of_recency_survives_a_restart(tmp_path: Path) -> None:
    path = phones_file(tmp_path)
    book = SeatBook(path)
    secrets = {game_id: book.game(game_id) for game_id in range(1, MAX_BOOKS + 1)}
    book.game(1)
    restarted = SeatBook(path)
    restarted.game(MAX_BOOKS + 1)  # drops game 2's book, not game 1's
    assert restarted.game(1) == secrets[1]
    assert restarted.game(3) == secrets[3]
    assert restarted.game(2) != secrets[2]


def test_the_file_is_written_atomically_and_for_the_box_alone(tmp_path: Path) -> None:
    path = phones_file(tmp_path)
    book = SeatBook(path)
    book.game(1)
    book.claim("Ana")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert sorted(os.listdir(tmp_path)) == ["phones.json"]  # no temporary file left


def test_the_file_also_holds_the_current_game_as_the_first_version_wrote_it(
    tmp_path: Path,
) -> None:
    """A box taken back to the first version (which reads `game_id`, `secret`, `tokens`)
    keeps the current game's phones seated; tests/web/test_restart.py reads `secret`."""
    path = phones_file(tmp_path)
    book = SeatBook(path)
    book.game(1)
    book.claim("Ana")
    secret = book.game(2)
    ben = book.claim("Ben")
    data = json.loads(path.read_text())
    assert data["current"] == 2 and list(data["games"]) == ["1", "2"]
    assert (data["game_id"], data["secret"], data["tokens"]) == (2, secret, {"Ben": ben})


def test_the_first_versions_file_keeps_its_phones_seated(tmp_path: Path) -> None:
    path = phones_file(tmp_path)
    old = {"game_id": 7, "secret": "s3cret-Of_7", "tokens": {"Ana": "tok-ana", "Cléo": "tok-c"}}
    path.write_text(json.dumps(old), encoding="utf-8")

    book = SeatBook(path)
    assert book.secret_matches("s3cret-Of_7")
    assert book.seat_of("tok-ana") == "Ana"
    assert book.seat_of("tok-c") == "Cléo"
    assert book.holders() == {"Ana", "Cléo"}
    assert book.game(7) == "s3cret-Of_7"  # the game on the box: no new secret

    book.game(8)  # written in the new shape, the old game's book kept
    assert SeatBook(path).game(7) == "s3cret-Of_7"
    assert book.seat_of("tok-ana") is None


def test_the_first_versions_file_of_no_game_is_empty(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = phones_file(tmp_path)
    path.write_text(json.dumps({"game_id": 0, "secret": "", "tokens": {}}), encoding="utf-8")
    with caplog.at_level(logging.WARNING, logger=SEATS_LOG):
        book = SeatBook(path)
    assert not caplog.records
    assert book.holders() == set() and not book.secret_matches("")


def test_a_file_with_more_books_than_the_bound_keeps_the_most_recent(tmp_path: Path) -> None:
    path = phones_file(tmp_path)
    games = {str(n): {"secret": f"s{n}", "tokens": {}} for n in range(1, MAX_BOOKS + 11)}
    path.write_text(json.dumps({"current": 1, "games": games}), encoding="utf-8")
    book = SeatBook(path)
    assert book.secret_matches("s1")  # the current game is kept
    assert book.game(MAX_BOOKS + 10) == f"s{MAX_BOOKS + 10}"
    assert book.game(2) != "s2"  # the least recent are dropped


def _valid() -> dict[str, Any]:
    return {"current": 1, "games": {"1": {"secret": "abc", "tokens": {"Ana": "tok"}}}}


def _with(change: Any) -> str:
    data = _valid()
    change(data)
    return json.dumps(data)


MALFORMED: dict[str, bytes | str] = {
    "garbage bytes": b"\x00\xff\xfe garbage \x89PNG",
    "not UTF-8": b'{"current": 1, "games": {"1": {"secret": "\xe9", "tokens": {}}}}',
    "empty": "",
    "truncated": json.dumps(_valid())[:-7],
    "a list": "[1, 2, 3]",
    "null": "null",
    "a string": '"phones"',
    "NaN": "NaN",
    "nested deep": "[" * 100_000 + "]" * 100_000,
    "a huge number": "1" * 5000,
    "old: game id a string": json.dumps({"game_id": "7", "secret": "s", "tokens": {}}),
    "old: game id a bool": json.dumps({"game_id": True, "secret": "s", "tokens": {}}),
    "old: game id a float": json.dumps({"game_id": 7.0, "secret": "s", "tokens": {}}),
    "old: no secret": json.dumps({"game_id": 7, "tokens": {}}),
    "old: tokens a list": json.dumps({"game_id": 7, "secret": "s", "tokens": ["Ana"]}),
    "old: a token a number": json.dumps({"game_id": 7, "secret": "s", "tokens": {"Ana": 1}}),
    "old: a secret not ASCII": json.dumps({"game_id": 7, "secret": "sé", "tokens": {}}),
    "old: game id too big": json.dumps({"game_id": 2**64, "secret": "s", "tokens": {}}),
    "games a list": _with(lambda d: d.update(games=[{"secret": "abc", "tokens": {}}])),
    "a game id not a number": _with(lambda d: d["games"].update(one=d["games"]["1"])),
    "a game id with a zero": _with(lambda d: d["games"].update({"01": d["games"]["1"]})),
    "a game id in other digits": _with(lambda d: d["games"].update({"٣": d["games"]["1"]})),
    "a game id too big": _with(lambda d: d["games"].update({"9" * 19: d["games"]["1"]})),
    "a book a string": _with(lambda d: d["games"].update({"2": "abc"})),
    "a secret empty": _with(lambda d: d["games"]["1"].update(secret="")),
    "a secret a number": _with(lambda d: d["games"]["1"].update(secret=12)),
    "a secret not ASCII": _with(lambda d: d["games"]["1"].update(secret="ab\u00e9")),
    "tokens null": _with(lambda d: d["games"]["1"].update(tokens=None)),
    "a token a list": _with(lambda d: d["games"]["1"]["tokens"].update(Ben=["x"])),
    "a token not ASCII": _with(lambda d: d["games"]["1"]["tokens"].update(Ben="\ud800")),
    "current without a book": _with(lambda d: d.update(current=2)),
    "current a string": _with(lambda d: d.update(current="1")),
    "current a bool": _with(lambda d: d.update(current=True)),
    "huge": json.dumps({"current": None, "games": {}, "pad": "x" * MAX_FILE_BYTES}),
}


@pytest.mark.parametrize("content", MALFORMED.values(), ids=MALFORMED.keys())
def test_a_malformed_file_starts_empty_with_a_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, content: bytes | str
) -> None:
    path = phones_file(tmp_path)
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    with caplog.at_level(logging.WARNING, logger=SEATS_LOG):
        book = SeatBook(path)
    assert [r.levelno for r in caplog.records] == [logging.WARNING]
    assert "phones join again" in caplog.records[0].getMessage()
    _assert_empty_and_working(book, path)


def test_a_folder_where_the_file_should_be_starts_empty(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = phones_file(tmp_path)
    path.mkdir()
    with caplog.at_level(logging.WARNING, logger=SEATS_LOG):
        book = SeatBook(path)
    assert caplog.records
    assert book.holders() == set() and not book.secret_matches("abc")
    assert book.game(1)  # not saved (a warning), but the box goes on
    assert book.claim("Ana") is not None
    assert sorted(os.listdir(tmp_path)) == ["phones.json"]  # no temporary file left


def _assert_empty_and_working(book: SeatBook, path: Path) -> None:
    """No secret nor token of the file acts, and the book works and writes afresh."""
    assert book.holders() == set()
    for text in ("abc", "s", "tok", ""):
        assert not book.secret_matches(text)
        assert book.seat_of(text) is None
    assert book.claim("Ana") is None
    secret = book.game(1)
    assert secret not in ("abc", "s")
    token = book.claim("Ana")
    assert token is not None and book.seat_of(token) == "Ana"
    restarted = SeatBook(path)
    assert restarted.secret_matches(secret) and restarted.seat_of(token) == "Ana"


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | st.text(max_size=12)
    | st.sampled_from(["", "1", "abc", "tok", "games", "current", "secret", "tokens"]),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(["current", "games", "game_id", "secret", "tokens", "1", "2", "Ana"])
            | st.text(max_size=6),
            children,
            max_size=5,
        )
    ),
    max_leaves=30,
)

ASCII = st.text(st.characters(max_codepoint=127), max_size=6)
GAME_KEYS = st.sampled_from(["1", "2", "0", "-3", "01", "x"]) | st.integers().map(str)
NEARLY_OURS = st.fixed_dictionaries(
    {
        "current": st.none() | st.integers(-2, 3) | JSON,
        "games": st.dictionaries(
            GAME_KEYS,
            st.fixed_dictionaries(
                {"secret": ASCII | JSON, "tokens": st.dictionaries(st.text(), ASCII | JSON)}
            )
            | JSON,
            max_size=4,
        )
        | JSON,
    }
) | st.fixed_dictionaries({"game_id": st.integers() | JSON, "secret": ASCII | JSON, "tokens": JSON})
"""Files as this module writes them (or the first version did), with parts wrong."""


@settings(max_examples=300, deadline=None)
@given(value=JSON | NEARLY_OURS)
def test_any_json_value_as_the_file_never_raises(value: Any) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = phones_file(Path(folder))
        path.write_text(json.dumps(value), encoding="utf-8")
        book = SeatBook(path)  # never raises: a book as the file says, or empty
        held = book.holders()
        for seat in held:
            assert book.claim(seat) is None
        for text in ("", "abc", "tok", "é"):
            book.secret_matches(text)
            book.seat_of(text)
        secret = book.game(1)
        assert book.secret_matches(secret)
        token = book.claim("Zoé")
        assert token is None or book.seat_of(token) == "Zoé"
        assert SeatBook(path).secret_matches(secret)
