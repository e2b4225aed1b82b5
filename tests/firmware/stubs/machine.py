"""Stand-in for the Pico's `machine` module in the MicroPython unix port (tests only)."""


class Pin:
    OUT = 1
    IN = 0
    PULL_UP = 1

    def __init__(self, ident, mode=-1, pull=-1):
        self.ident = ident
        self.mode = mode
        self.level = 0

    def value(self, level=None):
        if level is None:
            return self.level
        self.level = level
        return None
