"""What the Pico is wired to. Must match hardware/pinout.toml (a test compares them).

The Pico cannot read TOML cheaply, so the few numbers it needs are repeated here and
checked against the pinout file, which stays the single source the Pi reads.
"""

DATA_PIN = 0  # GP0: the ring's data line (through the 74AHCT125 level shifter)
LED_COUNT = 24
BRIGHTNESS_CAP = 96  # of 255: keeps 24 LEDs under the supply's budget (hardware/wiring.md)
COLOUR_ORDER = "GRB"  # WS2812B
FRAME_MS = 20  # 50 frames per second
