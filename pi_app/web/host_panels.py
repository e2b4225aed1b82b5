"""The parts of the host's page that are no game's, in the order the page shows them.

Each is a `host_play.HostPanel`: the home (games, seats, the unfinished games), the
settings, the box's health. The host's part of the server reads this tuple, so a new
panel is one module and one line here.
"""

from __future__ import annotations

from pi_app.web.host_health import HEALTH
from pi_app.web.host_home import HOME
from pi_app.web.host_play import HostPanel
from pi_app.web.host_settings import SETTINGS
from pi_app.web.host_sound import SOUND

PANELS: tuple[HostPanel, ...] = (HOME, SETTINGS, SOUND, HEALTH)
"""Every panel of the host's page, in the page's order."""
