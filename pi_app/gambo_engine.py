"""`tabletop gambo-engine`: a Gambo opponent that speaks a line protocol.

Each line read is a `gambo` game record (JSON, as in RECORDS.md: the setup and the
moves so far). The engine answers with one line: the move it plays for the side to
move, in record notation (`adv b4`, `swap a1 c2`, `duel c9 c8`, `pass`). A line that
is not a valid record, or a record whose game is over, gets one line starting with
`error:` and the engine carries on with the next line. End of input exits with 0.
Every answer is flushed at once, so another program can drive the engine through a
pipe one move at a time.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import TextIO

from pi_app.ai.gambo.players import Clock, Player, make_player
from pi_app.config import Config
from pi_app.replay import load_record
from pi_app.rules.contract import RuleError
from pi_app.rules.gambo import game as gambo

DOMAIN = "gambo"


def answer(line: str, player: Player) -> str:
    """The engine's one-line answer to one line of input."""
    try:
        state = gambo.state_from_record(load_record(line))
        if state.finished:
            raise RuleError("The game is over: there is no move to play.", domain=DOMAIN)
    except RuleError as error:
        return "error: " + " ".join(error.message().split())
    return gambo.format_action(player.choose(state))


def serve(player: Player, stdin: TextIO, stdout: TextIO) -> int:
    """Answer every line of `stdin` on `stdout` until the end of input."""
    for line in stdin:
        stdout.write(answer(line, player) + "\n")
        stdout.flush()
    return 0


def run(
    args: argparse.Namespace,
    config: Config,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    clock: Clock = time.monotonic,
) -> int:
    """The `gambo-engine` command: `--level`, `--movetime` (milliseconds) and `--seed`."""
    player = make_player(
        args.level,
        movetime=max(1, args.movetime) / 1000,
        seed=args.seed,
        clock=clock,
    )
    return serve(player, stdin or sys.stdin, stdout or sys.stdout)
