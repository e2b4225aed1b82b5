"""What the room sees and hears of the table beyond the screen: the ring and the sounds.

Each effect is a listener of the core's changes (`pi_app.box.changes`): the ring shows
whose turn it is and flashes at the bell's stop, the sounds play the payout, whoever
acted and whether the box has a screen or not. The parts here know nothing of the
display; the sounds open pygame's mixer only when the box starts them.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # a command that sounds prints no banner
