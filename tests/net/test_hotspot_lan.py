"""The box's own Wi-Fi for real: two network namespaces joined by a veth pair.

The "box" namespace runs the distribution's dnsmasq with the box's drop-in (as
NetworkManager runs it for a shared connection) and the box's phones' server with its
port-80 answers; the "phone" namespace gets its address and its DNS server by DHCP
(busybox's udhcpc), resolves any name to the box, gets the connectivity checks'
answers of docs/WIFI.md, and opens the game in Chromium as a sign-in sheet would, and
takes a seat. Only nmcli is not real here (tests/net/test_hotspot.py records it).

Everything runs as root, inside namespaces named after this process: nothing reaches
the machine's own network, and the namespaces (with their veths), the processes and
the files go in the fixture's `finally`. A missing tool or not being root fails the
test in CI (where `.ci/run` installs the tools) and skips it elsewhere.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from pi_app.wifi.hotspot import ADDRESS, dropin_text
from tests.paths import ROOT
from tests.web.browser import need_chromium

PATIENCE = 30.0  # seconds for anything to happen: generous, a slow machine only waits
TOOLS = {"ip": "iproute2", "dnsmasq": "dnsmasq-base", "busybox": "busybox", "unshare": "util-linux"}
LEASE_SCRIPT = """#!/bin/sh
# udhcpc's events: configure the phone's interface and keep what the lease said.
case "$1" in
  deconfig) ip -4 addr flush dev "$interface"; ip link set "$interface" up ;;
  bound|renew)
    ip -4 addr flush dev "$interface"
    ip addr add "$ip/$subnet" dev "$interface"
    [ -n "$router" ] && ip route replace default via "${router%% *}" dev "$interface"
    printf '{"ip": "%s", "dns": "%s", "router": "%s"}\\n' "$ip" "$dns" "$router" > "$LEASE"
    printf 'nameserver %s\\n' ${dns} > "$RESOLV" ;;
esac
"""


def need_namespaces() -> None:
    """Root and the tools, or the test fails in CI and is skipped elsewhere."""
    missing = [f"{tool} ({package})" for tool, package in TOOLS.items() if not _which(tool)]
    problem = None
    if os.geteuid() != 0:
        problem = "network namespaces need root"
    elif missing:
        problem = "missing: " + ", ".join(missing)
    if problem is None:
        return
    if os.environ.get("CI"):
        pytest.fail(f"{problem}: apt-get install -y dnsmasq-base busybox")
    pytest.skip(problem)


def _which(tool: str) -> str | None:
    return shutil.which(tool) or next(
        (p for p in (f"/usr/sbin/{tool}", f"/sbin/{tool}") if os.path.exists(p)), None
    )


def _run(*argv: str) -> str:
    done = subprocess.run(argv, capture_output=True, text=True, timeout=PATIENCE, check=False)
    assert done.returncode == 0, f"{argv}: {done.stderr or done.stdout}"
    return done.stdout


def _until(condition: Callable[[], Any], what: str) -> Any:
    """Poll `condition` until it gives something, up to `PATIENCE` seconds."""
    deadline = time.monotonic() + PATIENCE
    while True:
        found = condition()
        if found:
            return found
        assert time.monotonic() < deadline, f"no {what} after {PATIENCE} s"
        time.sleep(0.1)


@dataclass
class Lan:
    """The two namespaces and what runs in them."""

    folder: Path
    box: str
    phone: str
    processes: list[subprocess.Popen[str]] = field(default_factory=list)
    secret: str = ""
    lease: dict[str, str] = field(default_factory=dict)

    def on_phone(self, *argv: str) -> list[str]:
        """`argv` as a phone runs it: in its namespace, the lease's DNS its resolver
        (bound over /etc/resolv.conf in a mount namespace of its own: the machine's
        file is never touched)."""
        resolv = str(self.folder / "phone-resolv.conf")
        bind = 'mount --bind "$0" /etc/resolv.conf && exec "$@"'
        netns = ["ip", "netns", "exec", self.phone]
        return [*netns, "unshare", "--mount", "sh", "-c", bind, resolv, *argv]

    def phone_says(self, *argv: str, seconds: float = 120.0) -> Any:
        """The JSON line `tests.net.hotspot_phone` prints for `argv`, run on the phone."""
        command = self.on_phone(sys.executable, "-m", "tests.net.hotspot_phone", *argv)
        done = subprocess.run(
            command, capture_output=True, text=True, timeout=seconds, check=False, cwd=ROOT
        )
        assert done.returncode == 0, done.stderr[-3000:]
        return json.loads(done.stdout.splitlines()[-1])


def _start(lan: Lan, argv: list[str], log: str, **options: Any) -> subprocess.Popen[str]:
    process = subprocess.Popen(
        argv,
        stdout=options.pop("stdout", subprocess.DEVNULL),
        stderr=(lan.folder / log).open("w", encoding="utf-8"),
        text=True,
        cwd=ROOT,
        **options,
    )
    lan.processes.append(process)
    return process


def _wire(lan: Lan, veth_box: str, veth_phone: str) -> None:
    """The namespaces and the veth pair between them: the box at `ADDRESS`/24."""
    _run("ip", "netns", "add", lan.box)
    _run("ip", "netns", "add", lan.phone)
    _run("ip", "link", "add", veth_box, "type", "veth", "peer", "name", veth_phone)
    _run("ip", "link", "set", veth_box, "netns", lan.box)
    _run("ip", "link", "set", veth_phone, "netns", lan.phone)
    for namespace in (lan.box, lan.phone):
        _run("ip", "-n", namespace, "link", "set", "lo", "up")
    _run("ip", "-n", lan.box, "addr", "add", f"{ADDRESS}/24", "dev", veth_box)
    _run("ip", "-n", lan.box, "link", "set", veth_box, "up")
    _run("ip", "-n", lan.phone, "link", "set", veth_phone, "up")


def _dnsmasq(lan: Lan, veth_box: str) -> None:
    """The distribution's dnsmasq, as NetworkManager runs it for a shared connection,
    reading the box's drop-in from a folder of the test's own."""
    dropins = lan.folder / "dnsmasq-shared.d"
    dropins.mkdir()
    (dropins / "tabletop.conf").write_text(dropin_text(), encoding="utf-8")
    options = [
        "--keep-in-foreground", "--conf-file=/dev/null", f"--conf-dir={dropins}",
        f"--interface={veth_box}", "--bind-interfaces", "--except-interface=lo",
        "--no-resolv", "--no-hosts", "--dhcp-range=10.42.0.10,10.42.0.254,60m",
        f"--dhcp-leasefile={lan.folder / 'leases'}", f"--pid-file={lan.folder / 'pid'}",
        "--log-dhcp", "--log-queries", "--log-facility=-",
    ]  # fmt: skip
    dnsmasq = _which("dnsmasq") or "dnsmasq"
    _start(lan, ["ip", "netns", "exec", lan.box, dnsmasq, *options], "dnsmasq.log")


def _box(lan: Lan) -> None:
    """The box's phones' server with its port-80 answers, in the box's namespace."""
    folder = lan.folder / "box"
    folder.mkdir()
    argv = ["ip", "netns", "exec", lan.box, sys.executable, "-m", "tests.net.hotspot_box"]
    process = _start(
        lan, [*argv, str(folder), ADDRESS], "box.log", stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    assert line, (lan.folder / "box.log").read_text(encoding="utf-8")[-3000:]
    lan.secret = json.loads(line)["secret"]


def _lease(lan: Lan, veth_phone: str) -> bool:
    """The phone's address and DNS server by DHCP (busybox's udhcpc, a real client);
    False when no lease came this time (dnsmasq may still be starting)."""
    script = lan.folder / "lease.sh"
    script.write_text(LEASE_SCRIPT, encoding="utf-8")
    script.chmod(0o700)
    record = lan.folder / "lease.json"
    env = {**os.environ, "LEASE": str(record), "RESOLV": str(lan.folder / "phone-resolv.conf")}
    udhcpc = ["ip", "netns", "exec", lan.phone, _which("busybox") or "busybox", "udhcpc"]
    options = ["-f", "-q", "-n", "-t", "5", "-T", "1", "-i", veth_phone, "-s", str(script)]
    subprocess.run([*udhcpc, *options], capture_output=True, timeout=PATIENCE, check=False, env=env)
    if not record.exists():
        return False
    lan.lease = json.loads(record.read_text(encoding="utf-8"))
    return True


@pytest.fixture
def lan(tmp_path: Path) -> Iterator[Lan]:
    need_namespaces()
    tag = f"{os.getpid() % 100000}"
    made = Lan(tmp_path, f"tt-box-{tag}", f"tt-phone-{tag}")
    veth_box, veth_phone = f"ttb{tag}", f"ttp{tag}"
    try:
        _wire(made, veth_box, veth_phone)
        _dnsmasq(made, veth_box)
        _box(made)
        _until(lambda: _lease(made, veth_phone), "DHCP lease")
        yield made
    finally:
        _clean(made, veth_box)


def _clean(lan: Lan, veth_box: str) -> None:
    """Stop what runs (the box first, by closing its input), then the namespaces and
    their veth pair; every step is tried whatever the one before did."""
    for process in reversed(lan.processes):
        if process.stdin is not None:
            process.stdin.close()
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)
    for namespace in (lan.box, lan.phone):
        _end_left_over(namespace)
        subprocess.run(["ip", "netns", "del", namespace], capture_output=True, check=False)
    subprocess.run(["ip", "link", "del", veth_box], capture_output=True, check=False)


def _end_left_over(namespace: str) -> None:
    """End what still runs in a namespace of this test (a browser whose script timed
    out), each by its process id: everything in it was started by this test."""
    listed = subprocess.run(
        ["ip", "netns", "pids", namespace], capture_output=True, text=True, check=False
    )
    for pid in listed.stdout.split():
        with contextlib.suppress(ProcessLookupError, ValueError):
            os.kill(int(pid), signal.SIGKILL)


def test_the_phone_gets_its_address_and_every_name_is_the_box(lan: Lan) -> None:
    assert lan.lease["ip"].startswith("10.42.0.") and lan.lease["dns"] == ADDRESS
    names = ["connectivitycheck.gstatic.com", "captive.apple.com", "example.org", "tabletop"]
    assert lan.phone_says("resolve", *names) == dict.fromkeys(names, ADDRESS)


def test_the_connectivity_checks_get_the_answers_of_the_table(lan: Lan) -> None:
    join = f"http://{ADDRESS}:8370/j/{lan.secret}"
    asked = [
        ["connectivitycheck.gstatic.com", "/generate_204"],
        ["captive.apple.com", "/hotspot-detect.html"],
        ["www.msftconnecttest.com", "/connecttest.txt"],
        ["www.msftconnecttest.com", "/redirect"],
        ["detectportal.firefox.com", "/canonical.html"],
        ["detectportal.firefox.com", "/success.txt"],
        ["nmcheck.gnome.org", "/check_network_status.txt"],
        ["example.org", "/anything?x=1"],
    ]
    answers = lan.phone_says("checks", json.dumps(asked))
    said = [(a["status"], a["location"]) for a in answers]
    assert said == [(302, join)] * 5 + [(200, None), (302, join), (302, join)]
    assert answers[5]["body"] == "success\n"
    assert all(lan.secret not in a["body"] and "http" not in a["body"] for a in answers)


def test_a_phone_opens_the_game_from_the_sign_in_sheet_and_takes_a_seat(lan: Lan) -> None:
    need_chromium()
    opened = lan.phone_says("browse", "http://captive.apple.com/hotspot-detect.html", "Ben")
    assert opened["url"].startswith(f"http://{ADDRESS}:8370/play") and "Ben" in opened["who"]
    asked = [
        ["captive.apple.com", "/hotspot-detect.html"],
        ["www.msftncsi.com", "/ncsi.txt"],
        ["connectivitycheck.gstatic.com", "/generate_204"],
    ]
    answers = lan.phone_says("checks", json.dumps(asked))
    assert answers[0]["status"] == 200 and ">Success<" in answers[0]["body"]
    assert (answers[1]["status"], answers[1]["body"]) == (200, "Microsoft NCSI")
    assert answers[2]["status"] == 302  # Android's sign-in window keeps the game open
