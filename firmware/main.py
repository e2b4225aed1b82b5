"""Pico entry point: the LED ring animated locally, commanded over USB serial.

The link is `sys.stdin`/`sys.stdout` (USB CDC on the Pico), polled with `select.poll`,
so the same file runs in MicroPython's unix port with a pseudo-terminal as its
standard input and output: that is how the tests drive it (with stub `machine` and
`neopixel` modules).

The loop sleeps in `poll` until a byte arrives, the next frame is due or the timer
runs out, whichever is first, so a finished timer is reported within a millisecond or
two whatever the frame rate.
"""

import select
import sys
import time

import animations
import board
import controller
import ring


def run(pin, stdin, stdout, pollable, leds: int = board.LED_COUNT) -> None:
    """Animate and serve the link until the input ends (never, on a Pico)."""
    ticks_ms = time.ticks_ms
    ticks_diff = time.ticks_diff
    ticks_add = time.ticks_add
    strip = ring.Ring(pin, leds, board.COLOUR_ORDER)
    anim = animations.Animator(leds, board.BRIGHTNESS_CAP)

    def write(frame: bytes) -> None:
        stdout.write(frame)

    ctrl = controller.Controller(anim, write, ticks_ms())
    poller = select.poll()
    poller.register(pollable, select.POLLIN)
    one = bytearray(1)
    next_frame = ticks_ms()
    while True:
        now = ticks_ms()
        if ticks_diff(now, next_frame) >= 0:
            anim.render(now)
            strip.show(anim.buf)
            next_frame = ticks_add(next_frame, board.FRAME_MS)
            if ticks_diff(now, next_frame) >= 0:  # fell behind: do not try to catch up
                next_frame = ticks_add(now, board.FRAME_MS)
        wait = min(ctrl.step(now), ticks_diff(next_frame, now))
        ready = False
        for _obj, event in poller.ipoll(max(0, wait)):
            if event & ~select.POLLIN:
                return  # hang-up or error: the other end is gone for good
            ready = True
        count = 0
        while ready and count < 128:  # what is there, bounded so frames keep coming
            if not stdin.readinto(one):
                return  # end of input
            ctrl.feed(one[0], ticks_ms())
            count += 1
            ready = bool(poller.poll(0))


def main() -> None:
    # Ctrl-C stays enabled: frames are printable ASCII and never contain 0x03, and it is
    # how mpremote stops this program to copy a new version.
    from machine import Pin

    run(Pin(board.DATA_PIN, Pin.OUT), sys.stdin.buffer, sys.stdout.buffer, sys.stdin)


if __name__ == "__main__":
    main()
