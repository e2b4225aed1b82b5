"""The image's disk booted in `qemu-system-aarch64` (`-M virt`, or `-M raspi3b`):
serial log, monitor, SSH.

The kernel, initramfs and command line are the image's own, read from its boot
partition with mtools (QEMU runs no Pi firmware to read them itself); the console is
moved to the first UART (ttyAMA0 on both boards). The phones' port and SSH are forwarded
from 127.0.0.1 only. The monitor is a Unix socket the test talks to (`screendump`,
`system_reset`, `sendkey`, the tablet's `mouse_move`); the serial console goes to a
file read for what the guest said. The VM is always ended on leaving.
"""

from __future__ import annotations

import json
import re
import shlex
import socket
import subprocess
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

from pi_app.net.ports import free_port

BOOT_OFFSET = 4 * 1024 * 1024  # where deb/image.py puts the boot partition
T = TypeVar("T")


def until(what: str, condition: Callable[[], T | None], seconds: float) -> T:
    """`condition()` once it is true; a failure naming `what` at the deadline."""
    deadline = time.monotonic() + seconds
    while True:
        value = condition()
        if value:
            return value
        assert time.monotonic() < deadline, f"{what}: not within {seconds:.0f} s"
        time.sleep(2)


def boot_file(disk: Path, name: str, out: Path) -> Path:
    """One file of the image's boot partition, copied out with mtools."""
    target = out / name
    image = f"{disk}@@{BOOT_OFFSET}"
    subprocess.run(["mcopy", "-o", "-i", image, f"::/{name}", str(target)], check=True)
    return target


def boot_names(disk: Path) -> list[str]:
    image = f"{disk}@@{BOOT_OFFSET}"
    listing = subprocess.run(
        ["mdir", "-b", "-i", image, "::/"], capture_output=True, text=True, check=True
    ).stdout
    return [line.rsplit("/", 1)[-1] for line in listing.split()]


def put_boot_file(disk: Path, source: Path, name: str) -> None:
    image = f"{disk}@@{BOOT_OFFSET}"
    subprocess.run(["mcopy", "-o", "-i", image, str(source), f"::/{name}"], check=True)


class VM:
    """A running VM of `disk`, its ports on 127.0.0.1 (`ports`: those of a VM before it,
    so a phone's page finds the box where it was)."""

    def __init__(
        self,
        disk: Path,
        folder: Path,
        key: Path,
        board: str = "virt",
        ports: tuple[int, int] | None = None,
    ) -> None:
        self.disk, self.folder, self.key, self.board = disk, folder, key, board
        self.phones, self.ssh_port = ports or (free_port(), free_port())
        named = "" if board == "virt" else f"-{board}"  # files of its own beside the first
        self.serial = folder / f"serial{named}.log"
        self.monitor_path = folder / f"monitor{named}.sock"
        self.qmp_path = folder / f"qmp{named}.sock"
        self.qemu_log = folder / f"qemu{named}.log"
        self.process: subprocess.Popen[bytes] | None = None

    def command(self) -> list[str]:
        names = boot_names(self.disk)
        kernel = next(n for n in names if n.startswith("vmlinuz-"))
        initrd = next(n for n in names if n.startswith("initrd.img-"))
        line = boot_file(self.disk, "cmdline.txt", self.folder).read_text().strip()
        line = re.sub(r"console=\S+", "", line) + " console=ttyAMA0,115200"
        forward = f"hostfwd=tcp:127.0.0.1:{self.phones}-:8370"
        forward += f",hostfwd=tcp:127.0.0.1:{self.ssh_port}-:22"
        if self.board == "raspi3b":
            return self._raspi3b(kernel, initrd, line, forward)
        return [
            "qemu-system-aarch64", "-M", "virt", "-cpu", "cortex-a72", "-smp", "2",
            "-m", "1024", "-nodefaults", "-no-user-config",
            "-kernel", str(boot_file(self.disk, kernel, self.folder)),
            "-initrd", str(boot_file(self.disk, initrd, self.folder)),
            "-append", line,
            "-drive", f"file={self.disk},format=raw,if=virtio",
            "-device", "virtio-gpu-pci", "-display", "none",
            "-device", "virtio-tablet-pci", "-device", "virtio-keyboard-pci",
            "-netdev", f"user,id=net,{forward}", "-device", "virtio-net-pci,netdev=net,romfile=",
            "-serial", f"file:{self.serial}",
            "-monitor", f"unix:{self.monitor_path},server,nowait",
            "-qmp", f"unix:{self.qmp_path},server,nowait",
        ]  # fmt: skip

    def _raspi3b(self, kernel: str, initrd: str, line: str, forward: str) -> list[str]:
        """QEMU's Raspberry Pi 3B: the Pi's own SD controller and USB, and no KMS display
        (its screen is the firmware's framebuffer, which SDL's kmsdrm cannot use). The
        card's size must be a power of two (`start` grows it); the network is a USB
        Ethernet adapter."""
        return [
            "qemu-system-aarch64", "-M", "raspi3b", "-m", "1G", "-smp", "4",
            "-kernel", str(boot_file(self.disk, kernel, self.folder)),
            "-initrd", str(boot_file(self.disk, initrd, self.folder)),
            "-dtb", str(boot_file(self.disk, "bcm2837-rpi-3-b.dtb", self.folder)),
            "-append", line,
            "-drive", f"file={self.disk},format=raw,if=sd",
            "-netdev", f"user,id=net,{forward}", "-device", "usb-net,netdev=net",
            "-display", "none", "-serial", f"file:{self.serial}", "-serial", "null",
            "-monitor", f"unix:{self.monitor_path},server,nowait",
            "-qmp", f"unix:{self.qmp_path},server,nowait",
        ]  # fmt: skip

    def start(self) -> None:
        if self.board == "raspi3b":  # QEMU's SD card: a power of two, the card grown to it
            with self.disk.open("r+b") as card:
                card.truncate(1 << (card.seek(0, 2) - 1).bit_length())
        log = self.qemu_log.open("wb")
        self.process = subprocess.Popen(
            self.command(), stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT
        )

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def said(self) -> str:
        """The serial console so far."""
        return self.serial.read_text(encoding="utf-8", errors="replace")

    def monitor(self, command: str) -> str:
        """One QEMU monitor command; what the monitor answered."""
        with socket.socket(socket.AF_UNIX) as link:
            link.connect(str(self.monitor_path))
            link.settimeout(60)
            answer = b""
            while not answer.endswith(b"(qemu) "):
                answer += link.recv(4096)
            link.sendall(command.encode() + b"\n")
            answer = b""
            while not answer.endswith(b"(qemu) "):
                answer += link.recv(4096)
        return answer.decode(errors="replace")

    def qmp(self, command: str, **arguments: object) -> object:
        """One QMP command (after the capabilities handshake); its return value."""
        with socket.socket(socket.AF_UNIX) as link:
            link.connect(str(self.qmp_path))
            link.settimeout(60)
            reader = link.makefile("r", encoding="utf-8")
            json.loads(reader.readline())  # the greeting
            for name, args in (("qmp_capabilities", {}), (command, arguments)):
                link.sendall(json.dumps({"execute": name, "arguments": args}).encode() + b"\n")
                while True:
                    answer = json.loads(reader.readline())
                    if "return" in answer or "error" in answer:
                        break  # events ("event": ...) in between are skipped
                assert "error" not in answer, answer
        return answer["return"]

    def tap(self, x: float, y: float) -> None:
        """A tap of the tablet at (x, y), fractions of the screen's width and height."""
        at = [
            {"type": "abs", "data": {"axis": "x", "value": round(x * 0x7FFF)}},
            {"type": "abs", "data": {"axis": "y", "value": round(y * 0x7FFF)}},
        ]
        self.qmp("input-send-event", events=at)
        for down in (True, False):
            button = {"type": "btn", "data": {"down": down, "button": "left"}}
            self.qmp("input-send-event", events=[button])
            time.sleep(0.3)  # a finger's press, not a timing the test depends on

    def ssh(self, *argv: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        """A command in the guest as root, over SSH with the first boot's key."""
        command = ["ssh", "-i", str(self.key), "-p", str(self.ssh_port)]
        command += ["-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null"]
        command += ["-o", "ConnectTimeout=20", "-o", "BatchMode=yes", "-o", "LogLevel=ERROR"]
        done = subprocess.run(
            [*command, "root@127.0.0.1", shlex.join(argv)],  # one line for the remote shell
            capture_output=True,
            text=True,
            stdin=subprocess.DEVNULL,
            timeout=120,
            check=False,
        )
        if check:
            assert done.returncode == 0, f"{argv}: {done.returncode} {done.stdout}{done.stderr}"
        return done

    def answers_ssh(self) -> bool:
        try:
            return self.ssh("true", check=False).returncode == 0
        except subprocess.TimeoutExpired:
            return False


@contextmanager
def running(
    disk: Path, folder: Path, key: Path, board: str = "virt", ports: tuple[int, int] | None = None
) -> Iterator[VM]:
    vm = VM(disk, folder, key, board, ports)
    vm.start()
    try:
        yield vm
    finally:
        vm.stop()
