"""Every eye tells the seats apart: the seats' colours, where the box's screen, the
phones' stylesheet and the ring take them, stay at least `MINIMUM` apart (CIEDE2000)
for normal eyes and under simulated protanopia, deuteranopia and tritanopia (Machado
2009 at full severity, on linear sRGB); and each seat has a second cue besides its
colour, its shape (and on the ring, its arcs), one of its own.

Run with `-s` to see the figures: the smallest distance of each source and vision.
"""

from __future__ import annotations

import itertools
import re
import warnings
from pathlib import Path

import numpy as np
import pytest

from pi_app import palette
from pi_app.display import theme as th
from pi_app.effects import ring_follows

with warnings.catch_warnings():  # it warns of the plotting parts it cannot offer
    warnings.simplefilter("ignore")
    import colour

MINIMUM = 15.0
"""The smallest CIEDE2000 distance allowed between two seats' colours, in any vision."""
VISIONS = (None, "Protanomaly", "Deuteranomaly", "Tritanomaly")
"""Normal vision, then the three dichromacies (severity 1.0 of Machado's anomalies)."""
STATIC = Path(palette.__file__).parent / "web" / "static"
STYLESHEET = STATIC / "style.css"
TV_STYLESHEET = STATIC / "tv.css"
"""The big screen's own stylesheet: its seats in the same colours and inks."""
COUNT = len(palette.SEAT_COLOURS)


def stylesheet_colours(sheet: Path = STYLESHEET) -> list[palette.RGB]:
    """The phones' (or the big screen's) seat colours, as a stylesheet's `.seat-N`
    rules give them."""
    found = dict(
        re.findall(r"\.seat-(\d+)\s*\{\s*background:\s*#([0-9a-fA-F]{6})", sheet.read_text())
    )
    assert sorted(int(n) for n in found) == list(range(COUNT)), "one rule per seat colour"
    return [tuple(int(found[str(n)][k : k + 2], 16) for k in (0, 2, 4)) for n in range(COUNT)]  # type: ignore[misc]


SOURCES = {
    "screen": lambda: [th.seat_colour(n) for n in range(COUNT)],
    "phones": stylesheet_colours,
    "big screen": lambda: stylesheet_colours(TV_STYLESHEET),
    "ring": lambda: [ring_follows.seat_cue(n).colour for n in range(COUNT)],
}
"""Where each place takes the seats' colours from (read there, not copied here)."""


def seen(colours: list[palette.RGB], vision: str | None) -> np.ndarray:
    """The CIE Lab of `colours` as an eye with `vision` sees them (None: normal)."""
    linear = colour.models.eotf_sRGB(np.array(colours, dtype=float) / 255)
    if vision is not None:
        with warnings.catch_warnings():  # it says tritanomaly's model is an approximation
            warnings.simplefilter("ignore")
            matrix = colour.matrix_cvd_Machado2009(vision, 1.0)
        linear = np.clip(linear @ matrix.T, 0, 1)
    xyz = colour.sRGB_to_XYZ(linear, apply_cctf_decoding=False)
    return np.asarray(colour.XYZ_to_Lab(xyz))


def closest(colours: list[palette.RGB], vision: str | None) -> tuple[float, int, int]:
    """The smallest distance between two of `colours` in `vision`, and which two."""
    lab = seen(colours, vision)
    return min(
        (float(colour.delta_E(lab[i], lab[j], method="CIE 2000")), i, j)
        for i, j in itertools.combinations(range(len(colours)), 2)
    )


@pytest.mark.parametrize("vision", VISIONS)
@pytest.mark.parametrize("source", sorted(SOURCES))
def test_any_two_seats_colours_stay_apart(source: str, vision: str | None) -> None:
    colours = SOURCES[source]()
    distance, i, j = closest(colours, vision)
    print(f"{source:7} {vision or 'normal':14} closest ΔE00 {distance:5.1f} (seats {i}, {j})")
    assert distance >= MINIMUM, f"seats {i} and {j}: {colours[i]}, {colours[j]}"


def test_the_phones_and_the_ring_show_the_screens_colours() -> None:
    assert stylesheet_colours() == list(palette.SEAT_COLOURS)
    assert SOURCES["ring"]() == list(palette.SEAT_COLOURS)


@pytest.mark.parametrize("sheet", [STYLESHEET, TV_STYLESHEET], ids=["phones", "big screen"])
def test_the_stylesheet_prints_each_shape_in_the_ink_the_screen_uses(sheet: Path) -> None:
    inks = dict(re.findall(r"\.seat-(\d+)\s*\{[^}]*color:\s*(#[0-9a-f]{3})", sheet.read_text()))
    for n, rgb in enumerate(palette.SEAT_COLOURS):
        assert inks[str(n)] == ("#000" if palette.ink_for(rgb) == (0, 0, 0) else "#fff")


def test_each_seat_has_a_cue_of_its_own_besides_its_colour() -> None:
    cues = [palette.seat_cue(n) for n in range(COUNT)]
    assert len({c.shape for c in cues}) == len({c.glyph for c in cues}) == COUNT
    assert [c.arcs for c in cues] == list(range(1, COUNT + 1))
    assert palette.seat_cue(0, (3, 1)).shape == cues[3].shape  # the player's own colour
    assert palette.seat_cue(9).index == 9 % COUNT
    assert cues[1].as_json() == {"index": 1, "colour": "#517aff", "shape": "square", "glyph": "■"}
