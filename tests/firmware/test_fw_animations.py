"""Ring animations: the sand timer's maths, checked in MicroPython and CPython alike."""

from __future__ import annotations

import json
from itertools import pairwise
from typing import Any

import pytest
from mpy_harness import run_mpy

from pi_app.devices.shared import animations, protocol

# Runs unchanged in both interpreters. Per frame: time, sand left in the top bulb,
# sand in the pile (left half of the bottom bulb, where no grain falls), the largest
# change of any LED value since the previous frame, a hash of the frame, lit LEDs, and
# the milliseconds left.
COMMON = """
def sand_run(animations, total, step, sand, warn, cap, start):
    anim = animations.Animator(24, cap)
    anim.timer(start, total, 0, sand, warn, 9)
    rows = []
    previous = None
    t = 0
    while t <= total + 1500:
        now = animations.ticks_add(start, t)
        anim.render(now)
        lin = anim.lin
        buf = anim.buf
        top = 0
        pile = 0
        lit = 0
        digest = 0
        for i in range(24):
            j = i * 3
            level = max(lin[j], lin[j + 1], lin[j + 2])
            if i < 6 or i >= 18:
                top += level
            elif 12 <= i < 18:
                pile += level
            if level:
                lit += 1
        delta = 0
        for j in range(72):
            digest = (digest * 31 + buf[j]) & 0xFFFFFF
            if previous is not None:
                delta = max(delta, abs(buf[j] - previous[j]))
        previous = bytes(buf)
        rows.append([t, top, pile, delta, digest, lit, anim.timer_left(now), max(buf)])
        t += step
    return rows
"""

TOTAL = 30000
STEP = 20
WHITE, RED = 0xFFFFFF, 0xFF0000


def _cpython(cap: int = 255) -> list[list[int]]:
    namespace: dict[str, Any] = {}
    exec(COMMON, namespace)
    rows: list[list[int]] = namespace["sand_run"](animations, TOTAL, STEP, WHITE, RED, cap, 1000)
    return rows


def _micropython(start_expression: str = "1000") -> list[list[int]]:
    script = COMMON + (
        "import json, time, animations\n"
        f"print(json.dumps(sand_run(animations, {TOTAL}, {STEP}, {WHITE}, {RED}, 255, "
        f"{start_expression})))\n"
    )
    rows: list[list[int]] = run_mpy(script)
    return rows


@pytest.fixture(scope="module")
def rows() -> list[list[int]]:
    return _cpython()


def test_the_simulated_ring_computes_what_the_pico_shows(rows: list[list[int]]) -> None:
    assert _micropython() == json.loads(json.dumps(rows))


def test_frames_do_not_depend_on_where_the_ticks_wrap(rows: list[list[int]]) -> None:
    # Start 500 ms before MicroPython's ticks_ms wraps round to 0.
    wrapped = _micropython("time.ticks_add(0, -500)")
    assert [r[1:] for r in wrapped] == [r[1:] for r in rows]


def test_sand_drains_from_the_top_and_piles_at_the_bottom(rows: list[list[int]]) -> None:
    running = [r for r in rows if r[0] < TOTAL]
    tops = [r[1] for r in running]
    piles = [r[2] for r in running]
    assert tops[0] == 12 * 255 and piles[0] == 0
    assert all(a >= b for a, b in pairwise(tops))
    assert all(a <= b for a, b in pairwise(piles))
    assert tops[-1] < 20 and piles[-1] > 6 * 255 - 20
    assert len(set(tops)) > 1000  # sub-LED steps, not 12 jumps


def test_the_sand_moves_smoothly(rows: list[list[int]]) -> None:
    deltas = [r[3] for r in rows if 0 < r[0] < TOTAL]
    assert 0 < max(deltas) <= 16  # of 255, between frames 20 ms apart


def test_it_ends_at_exactly_the_requested_time(rows: list[list[int]]) -> None:
    by_time = {r[0]: r for r in rows}
    assert by_time[TOTAL - STEP][6] == STEP
    assert by_time[TOTAL - STEP][5] < 24  # still sand, not the flash
    assert by_time[TOTAL][6] == 0
    assert by_time[TOTAL][5] == 24  # the end flash lights the whole ring
    assert by_time[TOTAL + 200][5] == 0  # ... and blinks


def test_the_last_five_seconds_turn_to_the_warning_colour() -> None:
    anim = animations.Animator(24, 255)
    anim.timer(0, TOTAL, 0, WHITE, RED, 1)
    anim.render(TOTAL - 5001)
    assert anim.lin[11 * 3 : 11 * 3 + 3] == bytes([255, 255, 255])  # bottom of the pile
    anim.render(TOTAL - 4500)
    assert anim.lin[11 * 3 : 11 * 3 + 3] == bytes([255, 128, 128])  # half way
    anim.render(TOTAL - 1000)
    assert anim.lin[11 * 3 : 11 * 3 + 3] == bytes([255, 0, 0])


def test_the_brightness_cap_holds(rows: list[list[int]]) -> None:
    capped = _cpython(cap=96)
    assert max(r[7] for r in capped) == 96
    assert max(r[7] for r in rows) == 255


def test_controller_reports_timer_done_at_the_exact_tick() -> None:
    script = """
import json, animations, controller, protocol
sent = []
anim = animations.Animator(24, 96)
ctrl = controller.Controller(anim, sent.append, 0)
for b in protocol.encode(3, "T", [3000, 0, 1, 2, 42]):
    ctrl.feed(b, 1000)
replies = [protocol.decode(f[1:], len(f) - 2) for f in sent]
sent.clear()
ctrl.step(3999)
before = [protocol.decode(f[1:], len(f) - 2)[1] for f in sent]
sent.clear()
ctrl.step(4000)
done = [protocol.decode(f[1:], len(f) - 2) for f in sent]
done = [d for d in done if d[1] != "H"]  # the boot hello, resent until the Pi answers
print(json.dumps([[[r[1], r[2]] for r in replies], before, [[d[1], d[2]] for d in done]]))
"""
    replies, before, done = run_mpy(script)
    assert replies == [["H", [1, *protocol.FIRMWARE, 24, 0]], ["A", [3]]]
    assert "D" not in before
    assert done == [["D", [42]]]


def test_rendering_allocates_nothing_on_the_pico() -> None:
    script = """
import json, micropython, animations, ring, machine
anim = animations.Animator(24, 96)
strip = ring.Ring(machine.Pin(0), 24, "GRB")
modes = [
    lambda: anim.timer(0, 30000, 0, 0xFFA030, 0xFF2000, 1),
    lambda: anim.turn(0, 0x00FF00),
    lambda: anim.progress(0, 640, 0x0000FF),
    lambda: anim.breathe(0, 0x2040A0, 4000),
    lambda: anim.flash(0, 0xFFFFFF, 20000),
    lambda: anim.off(0),
    lambda: anim.turn(0, 0x00FF00, 5),  # whose turn in a seat's arcs
    lambda: anim.flash(0, 0xFF0000, 750, 3),  # a flash of three blinks
]
results = []
for setup in modes:
    setup()
    ok = 1
    micropython.heap_lock()
    try:
        for t in range(0, 32000, 20):
            anim.render(t)
            strip.show(anim.buf)
    except MemoryError:
        ok = 0
    micropython.heap_unlock()
    results.append(ok)
print(json.dumps([results, list(strip.strip.buf[0:3]), strip.strip.writes]))
"""
    results, first_pixel, writes = run_mpy(script)
    assert results == [1, 1, 1, 1, 1, 1, 1, 1]
    assert writes == 8 * 1600
    assert len(first_pixel) == 3


def test_progress_turn_breathe_and_flash() -> None:
    anim = animations.Animator(24, 255)
    anim.progress(0, 500, 0x0000FF)
    anim.render(10)
    lit = [max(anim.lin[i * 3 : i * 3 + 3]) for i in range(24)]
    assert lit == [255] * 12 + [0] * 12
    anim.turn(0, 0x00FF00)
    anim.render(animations.TURN_FADE_MS)
    assert anim.lin[0:3] == bytes([0, 255, 0])
    anim.breathe(0, 0xFFFFFF, 4000)
    levels = []
    for t in range(0, 4001, 500):
        anim.render(t)
        levels.append(anim.lin[0])
    assert levels[0] == levels[-1] == animations.BREATHE_FLOOR
    assert max(levels) == levels[4] > 250
    anim.off(0)
    anim.flash(0, 0xFFFFFF, 400)
    anim.render(0)
    assert anim.lin[0] == 255
    anim.render(200)
    assert 100 < anim.lin[0] < 155
    anim.render(400)
    assert anim.lin[0] == 0
