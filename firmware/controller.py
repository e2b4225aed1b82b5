"""The Pico's side of the link: turns frames into animation commands, reports events.

Pure like `protocol` and `animations` (no `machine`, no `sys`): the caller hands it the
bytes it read, the current ticks and a `write(bytes)` function, so tests can drive it
under CPython and under the MicroPython unix port alike.
"""

import protocol

try:
    from time import ticks_diff  # type: ignore[attr-defined]
except ImportError:

    def ticks_diff(a: int, b: int) -> int:
        return a - b


RETRY_MS = 150  # an unacknowledged event is sent again after this long
RETRIES = 6  # ... this many times, then dropped (the Pi keeps its own clock)
MAX_PENDING = 8
RECENT = 8  # commands remembered, so that a retried one is not applied twice
WAITING_RGB = 0x102040  # the breathing shown until the Pi says hello
WAITING_PERIOD = 3000
IDLE_MS = 1000  # longest wait when nothing is due


class Controller:
    def __init__(self, animator, write, now: int) -> None:
        self.anim = animator
        self.write = write
        self.reader = protocol.Reader()
        self.seq = 0
        self.recent = [-1] * RECENT  # sequence numbers of the last commands acted upon
        self.recent_at = 0
        self.session = -1  # the Pi's session, from its hello
        self.pending = []  # [seq, frame, ticks sent, tries]
        self.timer_reported = True
        self.commands = 0
        animator.breathe(now, WAITING_RGB, WAITING_PERIOD)
        self.hello(now)

    # -- sending --------------------------------------------------------------------

    def _next_seq(self) -> int:
        seq = self.seq
        self.seq = (seq + 1) & 255
        return seq

    def _reply(self, seq: int, kind: str, args) -> None:
        """An ACK or NAK: it carries the number it answers and is never answered."""
        self.write(protocol.encode(seq, kind, args))

    def _remember(self, seq: int) -> None:
        self.recent[self.recent_at] = seq
        self.recent_at = (self.recent_at + 1) % RECENT

    def event(self, now: int, kind: str, args) -> None:
        """Send an event and keep it until the Pi acknowledges it."""
        seq = self._next_seq()
        frame = protocol.encode(seq, kind, args)
        if len(self.pending) >= MAX_PENDING:
            self.pending.pop(0)
        self.pending.append([seq, frame, now, 1])
        self.write(frame)

    def hello(self, now: int, reason: int = protocol.HELLO_BOOT) -> None:
        major, minor = protocol.FIRMWARE
        version = (protocol.VERSION, major, minor, self.anim.n, reason)
        self.event(now, protocol.HELLO, version)

    def button(self, now: int, index: int) -> None:
        self.event(now, protocol.BUTTON, (index,))

    # -- receiving ------------------------------------------------------------------

    def feed(self, byte: int, now: int) -> None:
        message = self.reader.feed(byte)
        if message is not None:
            self.handle(message, now)

    def handle(self, message, now: int) -> None:
        seq, kind, args = message
        if kind == protocol.ACK:
            for item in self.pending:
                if item[0] == args[0]:
                    self.pending.remove(item)
                    break
            return
        if kind in (protocol.NAK, protocol.TIMER_DONE, protocol.BUTTON):
            return  # Pico-to-Pi kinds coming back (an echo): not for us
        if kind == protocol.HELLO:
            if args[0] != protocol.VERSION:
                self._reply(seq, protocol.NAK, (seq, protocol.NAK_VERSION))
            else:
                if args[1] != self.session:  # a new conversation, not a retried hello
                    self.session = args[1]
                    for i in range(RECENT):
                        self.recent[i] = -1
                    self._remember(seq)
                    self.pending = []  # events meant for the previous conversation
                self._reply(seq, protocol.ACK, (seq,))
            self.hello(now, protocol.HELLO_ANSWER)
            return
        if seq in self.recent:
            self._reply(seq, protocol.ACK, (seq,))  # a retry: our ACK was lost
            return
        if self.apply(kind, args, now):
            self._remember(seq)
            self.commands += 1
            self._reply(seq, protocol.ACK, (seq,))
        else:
            self._reply(seq, protocol.NAK, (seq, protocol.NAK_ARGUMENTS))

    def apply(self, kind: str, args, now: int) -> bool:
        anim = self.anim
        if kind == protocol.TIMER:
            anim.timer(now, args[0], args[1], args[2], args[3], args[4])
            self.timer_reported = False
            return True
        if kind == protocol.FLASH:
            anim.flash(now, args[0], args[1], args[2] if len(args) > 2 else 1)
            return True
        if kind == protocol.PING:
            return True
        if kind == protocol.TURN:
            anim.turn(now, args[0], args[1] if len(args) > 1 else 0)
        elif kind == protocol.PROGRESS:
            anim.progress(now, args[0], args[1])
        elif kind == protocol.BREATHE:
            anim.breathe(now, args[0], args[1])
        elif kind == protocol.OFF:
            anim.off(now)
        else:
            return False
        self.timer_reported = True  # another mode replaced the timer: nothing to report
        return True

    # -- time -----------------------------------------------------------------------

    def step(self, now: int) -> int:
        """Report a finished timer, resend unacknowledged events; ms until next due."""
        wait = IDLE_MS
        left = self.anim.timer_left(now)
        if not self.timer_reported:
            if left <= 0:
                self.timer_reported = True
                self.event(now, protocol.TIMER_DONE, (self.anim.timer_id,))
            else:
                wait = left
        for item in self.pending:
            due = RETRY_MS - ticks_diff(now, item[2])
            if due <= 0:
                if item[3] >= RETRIES:
                    self.pending.remove(item)
                    return 0  # look again at once: the list changed under the loop
                item[2] = now
                item[3] += 1
                self.write(item[1])
                due = RETRY_MS
            wait = min(wait, due)
        return wait
