"""`tabletop` with no command: open the table app (the display, the devices, the table)."""

from __future__ import annotations

import argparse
import sys

from pi_app.config import Config
from pi_app.i18n import Translator
from pi_app.starting import Stop

_ = Translator("core")


def run(args: argparse.Namespace, config: Config) -> int:
    """Start the table app on this machine's screen (simulated devices off the Pi).

    SIGTERM is heard before anything else (`starting.Stop`): systemd may stop a start
    at any point, the display's imports included, and the start then ends at once."""
    stop = Stop()
    try:
        from pi_app.display.startup import run_app
    except ImportError as error:
        stop.release()
        print(_("The display is not available: {error}").format(error=error), file=sys.stderr)
        return 1
    return run_app(config, stop)
