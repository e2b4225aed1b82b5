"""The display: pygame scenes that draw from the table's state and never change it.

Inputs (touch, mouse, keys, the host buttons, the bell) become intents before any
scene sees them; a scene turns an intent into a command (play, undo, start a timer,
go to another scene) and the app carries the command out through the `Table`.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
