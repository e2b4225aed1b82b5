"""The `tabletop` command: the table app, and the tools around game records.

Every command is declared here; its work lives in its own module, imported only when
that command runs, so `tabletop --help` and `tabletop replay` start fast and never
touch the display or the pins.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from pi_app import __version__
from pi_app.errors import describe
from pi_app.i18n import LANGUAGES, Translator, language_of, set_language

if TYPE_CHECKING:
    from pi_app.config import Config

_ = Translator("core")

# command -> "module:function"; each function takes (args, config) and returns an exit code.
COMMANDS: dict[str, str] = {
    "run": "pi_app.app:run",
    "replay": "pi_app.replay:run",
    "export": "pi_app.export:run",
    "gambo-engine": "pi_app.gambo_engine:run",
    "demo": "pi_app.display.demo:run",
    "firmware": "pi_app.firmware:run",
    "doctor": "pi_app.doctor:run",
    "questions": "pi_app.questions.cli:run",
    "wifi": "pi_app.wifi.command:run",
    "journal": "pi_app.table.cli:run",
    "host-link": "pi_app.host_link:run",
    "sound": "pi_app.effects.voice.check:run",
}

USES_JOURNAL = ("run", "export", "journal", "questions", "doctor")
"""The commands that read the journal: its path is checked before they start."""


class DemoHelp(argparse.HelpFormatter):
    """`tabletop demo --help`: the demos listed where they are declared
    (`display.demo.demo_names`), read only when that help is printed, so that building
    the parser never imports the games."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        if action.dest != "game":
            return action.help
        from pi_app.display.demo import demo_names

        return "one of: " + ", ".join(demo_names())

    def _split_lines(self, text: str, width: int) -> list[str]:
        """Lines cut between names, never inside one (`cambio-tournament`)."""
        return textwrap.wrap(text, width, break_on_hyphens=False)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every command."""
    parser = argparse.ArgumentParser(
        prog="tabletop",
        description="Table Companion: scores, sand timer and bell for the game table.",
    )
    parser.add_argument("--version", action="version", version=f"tabletop {__version__}")
    parser.add_argument("--config", type=Path, help="an extra configuration file (TOML)")
    parser.add_argument("--lang", choices=LANGUAGES, help="language of messages (default: fr)")
    parser.add_argument("--journal", type=Path, help="the journal file (SQLite)")
    parser.add_argument(
        "--hardware", choices=("auto", "pi", "sim"), help="real Pi devices or simulated ones"
    )
    parser.add_argument("--fullscreen", action="store_true", help="fill the screen (on the Pi)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.add_parser("run", help="open the table app (the default)")

    replay = sub.add_parser("replay", help="re-score a game record and print the result as JSON")
    replay.add_argument("file", help="the record (JSON); - reads standard input")

    export = sub.add_parser("export", help="write a journaled game as a game record")
    export.add_argument("--game", type=int, help="the game's number (default: the last one)")
    export.add_argument("--list", action="store_true", help="list the journaled games")
    export.add_argument("-o", "--output", type=Path, help="write to a file, not standard output")

    engine = sub.add_parser("gambo-engine", help="a Gambo opponent speaking a line protocol")
    engine.add_argument("--level", choices=("easy", "medium", "hard"), default="hard")
    engine.add_argument("--movetime", type=int, default=1000, help="milliseconds per move")
    engine.add_argument("--seed", type=int, help="seed for the easy level's mistakes")

    demo = sub.add_parser(
        "demo",
        help="play a scripted game off-screen, saving a PNG per scene",
        formatter_class=DemoHelp,
    )
    demo.add_argument("game", help="the demo to play")
    demo.add_argument("--shots", type=Path, required=True, help="folder for the pictures")
    demo.add_argument("--size", default="800x480", choices=("800x480", "480x320"))
    firmware = sub.add_parser("firmware", help="put the firmware on the Pico, or check it")
    actions = firmware.add_subparsers(dest="action", metavar="ACTION", required=True)
    for action, said in (
        ("install", "copy this package's firmware to the Pico (mpremote) and restart it"),
        ("check", "ask the Pico its firmware version and compare it with this package's"),
    ):
        parsed = actions.add_parser(action, help=said)
        parsed.add_argument("--port", help="the Pico's serial port (default: found by USB id)")

    sub.add_parser("doctor", help="check the box: display, pins, Pico, journal, sound, service")
    sound = sub.add_parser("sound", help="the box's voice and sounds")
    sound_actions = sound.add_subparsers(dest="action", metavar="ACTION", required=True)
    check = sound_actions.add_parser("check", help="play a sample sentence and the cues")
    check.add_argument(
        "--lang",
        dest="speak_lang",
        choices=LANGUAGES,
        help="the voice's language (default: the box's)",
    )
    check.add_argument("--to", type=Path, metavar="FILE.wav", help="write them to a WAV file")
    _questions_parser(sub)
    journal = sub.add_parser("journal", help="the journal's automatic backups")
    journal_actions = journal.add_subparsers(dest="action", metavar="ACTION", required=True)
    journal_actions.add_parser("backups", help="list the backups, the newest first")
    journal_actions.add_parser(
        "statistics", help="count the players' statistics again from every game's events"
    )
    restore = journal_actions.add_parser("restore", help="put backup N in place of the journal")
    restore.add_argument("number", type=int, help="the backup's number in the list")
    wifi = sub.add_parser("wifi", help="the box's own Wi-Fi for phones (NetworkManager)")
    wifi_actions = wifi.add_subparsers(dest="action", metavar="ACTION", required=True)
    for action, said in (
        ("status", "the Wi-Fi device, the box's own network and the known one"),
        ("on", "make the box's own Wi-Fi (run once with sudo: it installs the DNS drop-in)"),
        ("off", "stop the box's own Wi-Fi"),
    ):
        wifi_actions.add_parser(action, help=said)
    host = sub.add_parser("host-link", help="the host page's link, then the big screen's")
    host.add_argument("--qr", action="store_true", help="draw each link as a QR code too")
    host.add_argument(
        "--new", action="store_true", help="a new host key first: pages opened with the old stop"
    )
    return parser


def _questions_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """`tabletop questions ACTION`: the bank, the host's packs, the flagged questions."""
    questions = sub.add_parser("questions", help="the question bank and the host's packs")
    actions = questions.add_subparsers(dest="action", metavar="ACTION", required=True)
    listing = actions.add_parser("list", help="every question of the built-in bank")
    listing.add_argument("--json", action="store_true", help="one JSON object a line")
    listing.add_argument("--packs", action="store_true", help="the imported packs' questions too")
    actions.add_parser("stats", help="the counts per kind, category and language")
    imported = actions.add_parser("import", help="add a pack of questions (CSV or JSON)")
    imported.add_argument("file", type=Path, help="the pack (.csv or .json)")
    imported.add_argument("--name", help="the pack's name (default: the file's name)")
    actions.add_parser("flagged", help="the questions flagged as wrong, with their source")
    build = actions.add_parser("build", help="write the built-in bank from the data packages")
    build.add_argument("-o", "--output", type=Path, help="the bank file (default: the package's)")


def main(argv: Sequence[str] | None = None) -> int:
    """Run `tabletop` with `argv`; returns the exit code."""
    from pi_app.config import ConfigError
    from pi_app.errors import Refusal

    args = build_parser().parse_args(argv)
    try:
        config = _configured(args)
        module_name, function = COMMANDS[args.command or "run"].split(":")
        module = importlib.import_module(module_name)
        code: int = getattr(module, function)(args, config)
        sys.stdout.flush()
    except (ConfigError, Refusal) as refusal:  # a newer journal, a bad setting...: one line
        print(refusal, file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader went away (`tabletop replay x | head -c 100`): not an error to tell.
        _drop_output()
        return 0
    except OSError as error:  # a full standard output (/dev/full), a file gone: one line
        _unwritten_output()
        print(_("The command stopped: {why}.").format(why=describe(error)), file=sys.stderr)
        return 2
    return code


def _configured(args: argparse.Namespace) -> Config:
    """The configuration in force, with this command's options over it; ConfigError
    for one that cannot be used (a language no catalogue has, a journal that is a
    folder)."""
    from pi_app.config import ConfigError, load

    config = load(args.config)
    said = os.environ.get("TABLETOP_LANG")
    given = args.lang or (language_of(said) if said else None)
    set_language(given or config["language"])
    if said and given is None:
        raise ConfigError(
            _("TABLETOP_LANG={given} is not a language of the box (one of: {languages}).").format(
                given=said[:40], languages=", ".join(LANGUAGES)
            )
        )
    if given:  # the table app keeps this start's language, not the one kept on the box
        config.values["language.given"] = True
    if args.journal:
        config.values["journal"] = str(args.journal)
    if args.hardware:
        config.values["hardware"] = args.hardware
    if args.fullscreen:
        config.values["display.fullscreen"] = True
    if (args.command or "run") in USES_JOURNAL:
        config.journal_path  # noqa: B018 - checked now: one line, not a traceback later
    return config


def _drop_output() -> None:
    """Standard output sent to /dev/null from now on, so the exit's own flush of what
    is left in its buffer does not fail again."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _unwritten_output() -> None:
    """After a command failed: what it printed is written, or, when standard output
    cannot take it (a full disk), dropped (`_drop_output`)."""
    try:
        sys.stdout.flush()
    except OSError:
        _drop_output()
