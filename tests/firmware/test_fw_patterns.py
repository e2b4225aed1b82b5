"""The ring's states differ by their pattern, not only by their colour: each drawn in
plain white, every state still looks unlike every other (firmware/README.md lists
them). Checked in MicroPython and CPython alike (the heap lock's test runs the new
patterns too: test_fw_animations)."""

from __future__ import annotations

import json
from itertools import pairwise
from typing import Any

from mpy_harness import run_mpy

from pi_app.devices.ring import LedRing, MockRing
from pi_app.devices.shared import animations
from pi_app.effects.ring_follows import FLASHES, NOTHING_BLINKS
from pi_app.rules.moments import FALSE_RING, STOP
from pi_app.screenless import NO_SCREEN_PERIOD

# Runs unchanged in both interpreters: each state's frames over three seconds, every
# 50 ms, as each LED's brightness in quarters (0 dark .. 4 full), the colour left out.
COMMON = """
def looks(animations, setups):
    out = []
    for setup in setups:
        anim = animations.Animator(24, 255)
        setup(anim)
        frames = []
        for t in range(0, 3000, 50):
            anim.render(t)
            lin = anim.lin
            levels = [max(lin[j], lin[j + 1], lin[j + 2]) for j in range(0, 72, 3)]
            frames.append([(level + 63) // 64 for level in levels])
        out.append(frames)
    return out

W = 0xFFFFFF
SETUPS = [
    lambda a: a.timer(0, 30000, 27500, W, W, 1),  # the sand timer's last seconds and end
    lambda a: a.flash(0, W, 1200),  # STOP: one long flash fading out
    lambda a: a.flash(0, W, 400),  # Next: one short flash
    lambda a: a.flash(0, W, 500, 2),  # a refused press: two blinks
    lambda a: a.flash(0, W, 750, 3),  # a false ring: three blinks
    lambda a: a.breathe(0, W, 1200),  # no screen: fast breathing
    lambda a: a.breathe(0, W, 4000),  # an idle box: slow breathing
] + [(lambda k: lambda a: a.turn(0, W, k))(k) for k in range(1, 9)]  # whose turn, seats 1..8
"""
NAMES = ["sand", "stop", "next", "refused", "false ring", "no screen", "idle"]
NAMES += [f"turn {k}" for k in range(1, 9)]


def _cpython() -> list[Any]:
    namespace: dict[str, Any] = {}
    exec(COMMON, namespace)
    looks: list[Any] = namespace["looks"](animations, namespace["SETUPS"])
    return looks


def rises(frames: list[list[int]]) -> int:
    """How many times the ring goes from dark to lit."""
    lit = [any(frame) for frame in frames]
    return sum(1 for a, b in pairwise(lit) if b and not a) + lit[0]


def test_every_state_looks_unlike_every_other_in_white() -> None:
    looks = _cpython()
    for i, a in enumerate(looks):
        for j, b in enumerate(looks[i + 1 :], i + 1):
            assert a != b, f"{NAMES[i]} looks like {NAMES[j]} without its colour"


def test_whose_turn_cuts_the_ring_into_the_seats_own_arcs() -> None:
    looks = _cpython()
    for k in range(1, 9):
        frame = looks[NAMES.index(f"turn {k}")][-1]
        dark = [i for i, level in enumerate(frame) if level == 0]
        assert len(dark) == k and dark[0] == 0  # k gaps, the first at the top
        assert all(level == 4 for i, level in enumerate(frame) if i not in dark)


def test_flashes_blink_their_own_number_of_times() -> None:
    looks = _cpython()
    flashes = ("stop", "next", "refused", "false ring")
    assert [rises(looks[NAMES.index(n)]) for n in flashes] == [1, 1, 2, 3]


def test_the_pico_shows_the_same_patterns() -> None:
    script = COMMON + "import json, animations\nprint(json.dumps(looks(animations, SETUPS)))\n"
    assert run_mpy(script) == json.loads(json.dumps(_cpython()))


def test_the_pi_asks_for_the_patterns_the_readme_lists() -> None:
    """STOP one long flash, a false ring three blinks, a refused press two; and the ring the
    Pi draws on screen (the firmware's maths) shows the seat's arcs."""
    assert FLASHES[STOP][1:] == (1, 1.2) and FLASHES[FALSE_RING][1] == 3 and NOTHING_BLINKS == 2
    assert NO_SCREEN_PERIOD < 4.0 / 2  # no screen breathes at least twice as fast as idle
    now = [10.0]
    ring = LedRing(MockRing(), clock=lambda: now[0])
    ring.whose_turn((255, 255, 255), 3)
    now[0] += 1.0
    assert sum(1 for pixel in ring.pixels() if not any(pixel)) == 3
    ring.flash((255, 255, 255), blinks=3)
    now[0] += animations.BLINK_MS * 1.5 / 1000  # the second blink's dark half
    assert not any(any(pixel) for pixel in ring.pixels())
