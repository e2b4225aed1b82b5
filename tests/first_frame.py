"""`tabletop` in a child process that does something once its first frame is presented
(the service's start tests, the first frame's imports)."""

from __future__ import annotations

import textwrap

CHILD = """
import sys
import pi_app.display.app as app

drawn = app.App.render


def render(self):
    presented = drawn(self)
    if presented and not getattr(app, "_said", False):
        app._said = True
{said}
    return presented


app.App.render = render
from pi_app.cli import main
sys.exit(main(sys.argv[1:]))
"""


def at_first_frame(said: str) -> str:
    """The child's source: `tabletop ARGV...`, running `said` (with `self`, the app, and
    `sys` at hand) once, right after the first frame."""
    return CHILD.format(said=textwrap.indent(textwrap.dedent(said).strip(), " " * 8))
