"""`tabletop` with no command: open the table app (the display, the devices, the table)."""

from __future__ import annotations

import argparse
import os
import sys

from pi_app.config import Config
from pi_app.i18n import Translator
from pi_app.starting import JournalOpening, Stop

_ = Translator("core")


def run(args: argparse.Namespace, config: Config) -> int:
    """Start the table app on this machine's screen (simulated devices off the Pi).

    SIGTERM is heard before anything else (`starting.Stop`): systemd may stop a start
    at any point, the display's imports included, and the start then ends at once.
    The journal starts opening on its own thread before the display's modules load:
    the card and the imports take their time side by side."""
    stop = Stop()
    opening = None if _headless(config) else JournalOpening(config.journal_path)
    try:
        from pi_app.display.startup import run_app
    except ImportError as error:
        stop.release()
        if opening is not None:
            opening.abandon()
        print(_("The display is not available: {error}").format(error=error), file=sys.stderr)
        return 1
    return run_app(config, stop, opening)


def _headless(config: Config) -> bool:
    """A laptop with no display, which never opens its journal (`run_app` says why)."""
    from pi_app.headless import is_raspberry_pi, nothing_to_show

    return nothing_to_show(config, os.environ, is_raspberry_pi())
