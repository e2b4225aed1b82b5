"""Stand-in for MicroPython's `neopixel` module (tests only): keeps what was written."""


class NeoPixel:
    ORDER = (1, 0, 2, 3)

    def __init__(self, pin, n, bpp=3, timing=1):
        self.pin = pin
        self.n = n
        self.bpp = bpp
        self.buf = bytearray(n * bpp)
        self.writes = 0

    def write(self):
        self.writes += 1
