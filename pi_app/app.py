"""`tabletop` with no command: open the table app (the display, the devices, the table)."""

from __future__ import annotations

import argparse
import sys

from pi_app.config import Config
from pi_app.i18n import Translator

_ = Translator("core")


def run(args: argparse.Namespace, config: Config) -> int:
    """Start the table app on this machine's screen (simulated devices off the Pi)."""
    try:
        from pi_app.display.startup import run_app
    except ImportError as error:
        print(_("The display is not available: {error}").format(error=error), file=sys.stderr)
        return 1
    return run_app(config)
