"""`tabletop gambo-engine`: one record per line in, one move (or `error:`) per line out."""

from __future__ import annotations

import argparse
import io
import json
import subprocess
import sys

from pi_app.config import Config
from pi_app.gambo_engine import run
from pi_app.rules.gambo import game as gambo
from tests.paths import GOLDEN

SETUP = {
    "A": ["E1", "C2", "M3", "E2", "C3", "M1", "E3", "C1", "M2"],
    "B": ["M1", "E3", "C2", "M2", "E1", "C3", "M3", "E2", "C1"],
}
FINISHED = GOLDEN / "gambo" / "full-game-tie-to-last-duel.json"


def record(*moves: str) -> str:
    return json.dumps({"game": "gambo", "setup": SETUP, "moves": list(moves)})


def engine(lines: list[str], level: str = "hard", movetime: int = 50) -> list[str]:
    """Run the command on `lines`, with a clock that moves 1 ms per reading."""
    args = argparse.Namespace(level=level, movetime=movetime, seed=1)
    ticks = iter(range(10**9))
    stdin = io.StringIO("".join(line + "\n" for line in lines))
    out = io.StringIO()
    code = run(args, Config(), stdin, out, clock=lambda: next(ticks) / 1000)
    assert code == 0
    return out.getvalue().splitlines()


def legal_after(text: str, move: str) -> bool:
    state = gambo.state_from_record(json.loads(text))
    return gambo.parse_action(move) in gambo.legal_actions(state)


def test_answers_a_legal_move_for_the_side_to_move() -> None:
    for level in ("easy", "medium", "hard"):
        lines = [record(), record("adv b4"), record("adv b4", "adv a4")]
        answers = engine(lines, level)
        assert len(answers) == 3
        for line, move in zip(lines, answers, strict=True):
            assert legal_after(line, move), (level, move)


def test_broken_lines_get_an_error_and_the_engine_carries_on() -> None:
    lines = [
        "garbage",
        record("adv a0"),
        json.dumps({"game": "gambo", "moves": []}),
        FINISHED.read_text(encoding="utf-8").replace("\n", " "),
        record("adv b4", "adv a4"),
    ]
    answers = engine(lines)
    assert len(answers) == 5
    assert all(a.startswith("error: ") for a in answers[:4])
    assert "a0" in answers[1]  # names the square of the broken move
    assert legal_after(lines[4], answers[4])


def test_command_through_a_pipe() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pi_app", "--lang", "en", "gambo-engine", "--movetime", "50"],
        input="not json\n" + record("adv b4", "adv a4") + "\n",
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    first, second = done.stdout.splitlines()
    assert first.startswith("error: Not a game record")
    assert legal_after(record("adv b4", "adv a4"), second)
