"""The LED ring driver: one NeoPixel strip on an injected pin.

The pin (and, for tests, the NeoPixel class) are passed in, micropython-lib style, so
the module never touches `machine` itself and runs against stubs in the unix port.
"""


class Ring:
    def __init__(self, pin, n: int, order: str = "GRB", neopixel_class=None) -> None:
        if neopixel_class is None:
            from neopixel import NeoPixel

            neopixel_class = NeoPixel
        self.strip = neopixel_class(pin, n)
        self.n = n
        # Where R, G and B go inside each pixel of the strip's own buffer.
        self.r = order.index("R")
        self.g = order.index("G")
        self.b = order.index("B")
        self.bpp = len(order)

    def show(self, rgb) -> None:
        """Copy an RGB frame (3 bytes per LED) into the strip's buffer and send it."""
        out = self.strip.buf
        bpp = self.bpp
        r = self.r
        g = self.g
        b = self.b
        j = 0
        for i in range(0, self.n * 3, 3):
            out[j + r] = rgb[i]
            out[j + g] = rgb[i + 1]
            out[j + b] = rgb[i + 2]
            j += bpp
        self.strip.write()
