"""The Pi <-> Pico serial protocol: framing, checksum, message kinds.

This module is shared: the Pico runs it under MicroPython and the Pi imports the very
same file under CPython (through `pi_app.devices.shared`), so the two ends can never
disagree about a frame. It therefore imports nothing and uses only what both
interpreters have.

A frame is one line of printable ASCII, so that nothing on the way (USB CDC, a
terminal's line discipline, the MicroPython REPL's Ctrl-C handling) can mistake it
for something else, and a human can read it with any serial terminal:

    ~ SS K a,b,c * CCCC \\n        (without the spaces)

    ~      start of frame; a `~` inside a frame cuts the frame short (counted as truncated)
    SS     sequence number, two upper-case hex digits (0..255, wrapping)
    K      message kind, one upper-case letter (see the constants below)
    a,b,c  zero to MAX_ARGS decimal, non-negative integer arguments
    CCCC   CRC-16/CCITT-FALSE of the characters between `~` and `*`, four hex digits
    \\n     end of frame (a `\\r` anywhere is ignored)

Every Pi -> Pico command is acknowledged with `A` (argument: the acknowledged
sequence number) and is retried by the Pi until acknowledged. The Pico's events
(HELLO, TIMER_DONE, BUTTON) are acknowledged by the Pi in the same way and retried by
the Pico. Each side numbers only what it wants acknowledged (an ACK or NAK carries the
number it answers, in both places), and remembers the last few numbers it acted upon:
a repeat is acknowledged again but not acted upon again.
"""

VERSION = 1  # bumped when a frame or a message changes meaning
# This firmware's release (major, minor), sent in the Pico's hello. The Pi loads this
# very file from its installed package, so it knows which release it was shipped with
# and refuses a Pico running another one (`tabletop firmware install` updates it).
FIRMWARE = (1, 1)

START = 0x7E  # ~
STAR = 0x2A  # *
END = 0x0A  # \n
CR = 0x0D
MAX_FRAME = 72  # characters between ~ and \n
MAX_ARGS = 6

# Pi -> Pico
HELLO = "H"  # Pi: [version, session]; Pico: [version, firmware major, minor, leds, reason]
TIMER = "T"  # [total ms, elapsed ms, sand rgb, warning rgb, timer id]
TURN = "W"  # [rgb] or [rgb, arcs] (the seat's pattern: the ring cut in arcs)
FLASH = "F"  # [rgb, ms] or [rgb, ms, blinks] (blinks > 1: hard blinks, not a fade)
PROGRESS = "P"  # [permille, rgb]
BREATHE = "B"  # [rgb, period ms]
OFF = "O"  # []
PING = "Q"  # [] (acknowledged, nothing else; for round-trip measurements)
# Pico -> Pi
ACK = "A"  # [acknowledged sequence number]
NAK = "N"  # [refused sequence number, reason]
TIMER_DONE = "D"  # [timer id]
BUTTON = "K"  # [button index]

# Number of arguments each kind carries (the Pico's HELLO carries 5, the Pi's 2).
ARITY = {
    HELLO: (2, 5),
    TIMER: (5,),
    TURN: (1, 2),
    FLASH: (2, 3),
    PROGRESS: (2,),
    BREATHE: (2,),
    OFF: (0,),
    PING: (0,),
    ACK: (1,),
    NAK: (2,),
    TIMER_DONE: (1,),
    BUTTON: (1,),
}

# The Pi's hello names its session (a random number per connection), so the Pico can
# tell a retried hello (same session: keep going) from a new conversation (forget the
# sequence numbers it remembers).
# Why the Pico says hello: it has just started (the Pi must send its state again), or
# it answers the Pi's hello.
HELLO_BOOT = 0
HELLO_ANSWER = 1

# NAK reasons
NAK_UNKNOWN = 1
NAK_ARGUMENTS = 2
NAK_VERSION = 3


def _crc_table() -> list:
    table = []
    for byte in range(256):
        crc = byte << 8
        for _bit in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else (crc << 1)
        table.append(crc & 0xFFFF)
    return table


_TABLE = _crc_table()


def crc16(data, start: int = 0, end: int = -1) -> int:
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) of data[start:end] without slicing."""
    if end < 0:
        end = len(data)
    crc = 0xFFFF
    table = _TABLE
    for i in range(start, end):
        crc = ((crc << 8) & 0xFFFF) ^ table[((crc >> 8) ^ data[i]) & 0xFF]
    return crc


_HEX = b"0123456789ABCDEF"


def encode(seq: int, kind: str, args=()) -> bytes:
    """One complete frame, ready to write to the line."""
    if not 0 <= seq <= 255:
        raise ValueError("sequence number out of range")
    if kind not in ARITY or len(args) not in ARITY[kind]:
        raise ValueError("bad message kind or argument count")
    body = bytearray()
    body.append(_HEX[seq >> 4])
    body.append(_HEX[seq & 15])
    body.extend(kind.encode())
    first = True
    for arg in args:
        if arg < 0:
            raise ValueError("arguments must be non-negative")
        if not first:
            body.append(0x2C)
        body.extend(str(int(arg)).encode())
        first = False
    crc = crc16(body)
    frame = bytearray(b"~")
    frame.extend(body)
    frame.append(STAR)
    for shift in (12, 8, 4, 0):
        frame.append(_HEX[(crc >> shift) & 15])
    frame.append(END)
    return bytes(frame)


def _hex_value(c: int) -> int:
    if 48 <= c <= 57:
        return c - 48
    if 65 <= c <= 70:
        return c - 55
    return -1


def decode(body, length: int):
    """(seq, kind, args) from the characters between `~` and `\\n`, or None if invalid."""
    if length < 8 or body[length - 5] != STAR:
        return None
    crc = 0
    for i in range(length - 4, length):
        digit = _hex_value(body[i])
        if digit < 0:
            return None
        crc = (crc << 4) | digit
    if crc16(body, 0, length - 5) != crc:
        return None
    high = _hex_value(body[0])
    low = _hex_value(body[1])
    kind_code = body[2]
    if high < 0 or low < 0 or not 65 <= kind_code <= 90:
        return None
    kind = chr(kind_code)
    args = []
    value = -1
    for i in range(3, length - 5):
        c = body[i]
        if 48 <= c <= 57:
            value = (0 if value < 0 else value * 10) + c - 48
            if value > 0xFFFFFFF:
                return None
        elif c == 0x2C and value >= 0:
            args.append(value)
            value = -1
        else:
            return None
    if value >= 0:
        args.append(value)
    elif length - 5 > 3:
        return None  # a trailing comma
    if kind not in ARITY or len(args) not in ARITY[kind]:
        return None
    return (high << 4) | low, kind, args


class Reader:
    """Turns a byte stream into frames, dropping and counting what is not a frame.

    The buffer is allocated once; `feed` handles one byte so that the caller can read
    however many bytes its port has (one at a time on the Pico, a chunk on the Pi).
    """

    def __init__(self) -> None:
        self.buf = bytearray(MAX_FRAME)
        self.length = -1  # -1: outside a frame
        self.garbage = 0  # bytes seen outside any frame
        self.truncated = 0  # frames cut short by a new start of frame
        self.overlong = 0  # frames longer than MAX_FRAME
        self.bad = 0  # complete frames with a bad checksum or bad contents

    def feed(self, byte: int):
        """Take one byte; return (seq, kind, args) when it completes a valid frame."""
        if byte == START:
            if self.length >= 0:
                self.truncated += 1
            self.length = 0
            return None
        if byte == CR:
            return None
        if self.length < 0:
            self.garbage += 1
            return None
        if byte == END:
            length = self.length
            self.length = -1
            message = decode(self.buf, length)
            if message is None:
                self.bad += 1
            return message
        if self.length >= MAX_FRAME:
            self.overlong += 1
            self.length = -1
            return None
        self.buf[self.length] = byte
        self.length += 1
        return None

    def dropped(self) -> int:
        """Everything dropped so far (frames and stray bytes alike)."""
        return self.garbage + self.truncated + self.overlong + self.bad
