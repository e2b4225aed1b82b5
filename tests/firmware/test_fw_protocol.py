"""The link protocol: the same frames give the same results under CPython and MicroPython."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mpy_harness import run_mpy

from pi_app.devices.shared import protocol

# Runs unchanged in both interpreters (no f-strings with `=`, no walrus, nothing fancy).
COMMON = """
def run(protocol, cases, streams):
    out = {"encoded": [], "decoded": [], "counts": []}
    for seq, kind, args in cases:
        out["encoded"].append(protocol.encode(seq, kind, args).decode())
    for stream in streams:
        reader = protocol.Reader()
        got = []
        for byte in stream:
            message = reader.feed(byte)
            if message is not None:
                got.append([message[0], message[1], list(message[2])])
        out["decoded"].append(got)
        out["counts"].append([reader.garbage, reader.truncated, reader.overlong, reader.bad])
    out["check"] = protocol.crc16(b"123456789")
    return out
"""

CASES = [
    (0, "H", [1, 40000]),
    (1, "H", [1, 1, 0, 24, 1]),
    (2, "T", [30000, 0, 0xFFA030, 0xFF2000, 7]),
    (255, "T", [600000, 599999, 0, 0xFFFFFF, 65535]),
    (17, "W", [0x00FF00]),
    (18, "F", [0xFFFFFF, 400]),
    (19, "P", [1000, 0x0000FF]),
    (20, "B", [0x2040A0, 4000]),
    (21, "O", []),
    (22, "Q", []),
    (23, "A", [22]),
    (24, "N", [22, 2]),
    (25, "D", [7]),
    (26, "K", [0]),
]


def _streams() -> list[list[int]]:
    good = protocol.encode(5, "T", [3000, 0, 0xFFA030, 0xFF2000, 1])
    other = protocol.encode(6, "O", [])
    flipped = bytearray(good)
    flipped[6] ^= 0x01  # one bit wrong inside the body
    return [
        list(good),
        list(b"\x00\xffnoise\r\n" + good),  # garbage before a frame
        list(good[:10] + other),  # a frame cut short by the next one
        list(bytes(flipped) + other),  # a corrupted frame, then a good one
        list(b"~" + b"1" * 200 + b"\n" + other),  # an endless frame
        list(good.replace(b"\n", b"\r\n")),  # a CRLF line end
        list(b"~05T1,2*0000\n~05X*1234\n~zz\n"),  # well formed but wrong
    ]


def _cpython() -> Any:
    namespace: dict[str, Any] = {}
    exec(COMMON, namespace)
    result = namespace["run"](protocol, CASES, _streams())
    return json.loads(json.dumps(result))


def test_micropython_and_cpython_agree_on_every_frame() -> None:
    call = f"run(protocol, {CASES!r}, {_streams()!r})"
    script = COMMON + f"import json, protocol\nprint(json.dumps({call}))\n"
    assert run_mpy(script) == _cpython()


def test_crc_is_ccitt_false() -> None:
    assert protocol.crc16(b"123456789") == 0x29B1  # the standard check value


def test_reader_keeps_good_frames_and_counts_the_rest() -> None:
    result = _cpython()
    decoded, counts = result["decoded"], result["counts"]
    timer = [5, "T", [3000, 0, 0xFFA030, 0xFF2000, 1]]
    off = [6, "O", []]
    assert decoded[0] == [timer]
    assert decoded[1] == [timer] and counts[1][0] == 8  # 8 garbage bytes (CR is ignored)
    assert decoded[2] == [off] and counts[2][1] == 1  # one truncated
    assert decoded[3] == [off] and counts[3][3] == 1  # one bad checksum
    assert decoded[4] == [off] and counts[4][2] == 1  # one overlong
    assert decoded[5] == [timer]
    assert decoded[6] == [] and counts[6][3] == 3


kinds = st.sampled_from(sorted(protocol.ARITY))


@st.composite
def messages(draw: st.DrawFn) -> tuple[int, str, list[int]]:
    kind = draw(kinds)
    count = draw(st.sampled_from(protocol.ARITY[kind]))
    args = draw(st.lists(st.integers(0, 0xFFFFFFF), min_size=count, max_size=count))
    return draw(st.integers(0, 255)), kind, args


@settings(max_examples=150, deadline=None)
@given(messages())
def test_encode_then_read_gives_the_message_back(message: tuple[int, str, list[int]]) -> None:
    reader = protocol.Reader()
    frame = protocol.encode(*message)
    got = [m for m in (reader.feed(b) for b in frame) if m is not None]
    assert got == [message]


@settings(max_examples=150, deadline=None)
@given(messages(), st.data())
def test_any_single_byte_change_is_refused(
    message: tuple[int, str, list[int]], data: st.DataObject
) -> None:
    frame = bytearray(protocol.encode(*message))
    where = data.draw(st.integers(0, len(frame) - 1))
    new = data.draw(st.integers(0, 255).filter(lambda b: b not in (frame[where], 0x0D)))
    frame[where] = new
    reader = protocol.Reader()
    got = [m for m in (reader.feed(b) for b in bytes(frame) + b"\n") if m is not None]
    assert got == []


@pytest.mark.parametrize(
    "seq, kind, args",
    [(256, "O", []), (0, "Z", []), (0, "T", [1, 2]), (0, "W", [-1])],
)
def test_encode_refuses_what_it_cannot_frame(seq: int, kind: str, args: list[int]) -> None:
    with pytest.raises(ValueError):
        protocol.encode(seq, kind, args)
