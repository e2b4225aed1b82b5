"""A box whose loop hangs says where: systemd's watchdog ends it with SIGABRT, and the
unit's environment has Python write every thread's stack to the journal then (the
unit's own `Environment=` lines, given to a Python stuck in a wait)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

from pi_app.bundled import bundled_path

STUCK = "import threading, sys; print('waiting', flush=True); threading.Event().wait()"


def unit_environment() -> dict[str, str]:
    unit = bundled_path("systemd/tabletop.service").read_text(encoding="utf-8")
    found = {}
    for line in unit.splitlines():
        if line.startswith("Environment="):
            key, _, value = line.removeprefix("Environment=").partition("=")
            found[key] = value
    return found


def test_a_hang_ended_by_the_watchdog_leaves_each_thread_s_stack() -> None:
    env = {"PATH": os.environ["PATH"], **unit_environment()}
    child = subprocess.Popen(
        [sys.executable, "-c", STUCK], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    assert child.stdout is not None and child.stdout.readline() == "waiting\n"
    time.sleep(0.2)  # inside the wait: what the stack shows, not a timing tested
    child.send_signal(signal.SIGABRT)
    _out, err = child.communicate(timeout=60)
    assert "Fatal Python error: Aborted" in err, err
    assert "Current thread" in err and "<string>" in err, err
