"""A QR code as an SVG image, drawn by the box: the big screen's join code.

The pages allow images from the box alone (`pages.page_headers`), so the code is not
drawn by a script from elsewhere nor inlined: the box draws it with segno (already the
box's screen's maker of codes) and serves it as `/tv/qr.svg`. A text beyond ASCII is
written in UTF-8 and says so (ECI), as on the box's screen (`display.phones`).
"""

from __future__ import annotations

import io
from functools import lru_cache


@lru_cache(maxsize=8)
def qr_svg(text: str) -> bytes:
    """The SVG of `text`'s QR code, black on white with its quiet zone (cached: one
    code per game, asked by every TV)."""
    import segno  # loaded when the first TV asks for a code, not at the box's start

    plain = text.isascii()
    code = segno.make(text, error="m", encoding=None if plain else "utf-8", eci=not plain)
    out = io.BytesIO()
    code.save(out, kind="svg", scale=10, border=4, dark="#000", light="#fff", xmldecl=False)
    return out.getvalue()
