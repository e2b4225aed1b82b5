"""The Debian package installed, run, upgraded, removed and purged in an arm64 bookworm root.

As root, on this kind of machine: the package is built twice (revisions 1 and 2),
the cached arm64 root (`arm64_root.py`, mmdebstrap) is unpacked to a scratch folder
and entered with chroot, each arm64 program running through qemu-user-static. The
steps are those of piuparts, by hand, plus what makes this package a box: its user
and groups, its unit, its command, the golden records replayed by the installed
program, and the app running headless for 20 s. Each step's minutes are printed.

Slow (10 to 30 minutes): the default `python -m pytest` leaves this folder out
(pyproject's addopts); `.ci/run` runs it after the suite, as `python -m pytest tests/pi`.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

from deb.build import build
from tests.paths import GOLDEN
from tests.pi.arm64_root import PARTS, base_root
from tests.pi.chroot import Root, scratch_root
from tests.pi.steps import step

GROUPS = {"gpio", "dialout", "video", "render", "input", "audio", "netdev"}
JOURNAL = "/var/lib/tabletop/tabletop/journal.sqlite3"
KEPT_WIFI = "/var/lib/tabletop/tabletop/wifi.json"
CONFIG = "/etc/tabletop/config.toml"
PHONES_PORT = 18370  # the app's phones' server in the root, which shares the host's network
APP_CONFIG = (
    f'[phones]\nport = {PHONES_PORT}\n[tournament]\nport = 18371\n[wifi]\nhotspot = "never"\n'
)
BOX_ENV = {
    "XDG_DATA_HOME": "/var/lib/tabletop",
    "HOME": "/var/lib/tabletop",
    "SDL_VIDEODRIVER": "dummy",
    "SDL_AUDIODRIVER": "dummy",
}


@pytest.fixture(scope="module")
def needs() -> None:
    """Root and the parts (no skip: a missing part fails, as everywhere in CI)."""
    assert os.geteuid() == 0, "the Pi package tests run as root (chroot, mount)"
    missing = [p for p in (*PARTS, "dpkg-deb", "lintian") if shutil.which(p) is None]
    assert not missing, f"missing {missing}: apt-get install mmdebstrap qemu-user-static ..."


@pytest.fixture(scope="module")
def debs(needs: None, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The package as revision 1 and, for the upgrade, revision 2."""
    out = tmp_path_factory.mktemp("debs")
    with step("build the package (twice)"):
        return build(out, 1), build(out, 2)


def test_lintian_finds_nothing(debs: tuple[Path, Path]) -> None:
    fail_on = "error,warning,info,pedantic,experimental"
    command = ["lintian", "--pedantic", "--display-info", "--display-experimental"]
    command += ["--fail-on", fail_on]
    done = subprocess.run([*command, str(debs[0])], capture_output=True, text=True, check=False)
    tags = [line for line in done.stdout.splitlines() if line[:2] in ("E:", "W:", "I:", "P:", "X:")]
    assert done.returncode == 0 and not tags, done.stdout + done.stderr
    size = debs[0].stat().st_size / 1024**2
    assert 5 < size < 60, f"{debs[0].name}: {size:.1f} MiB"


def apt_install(root: Root, *packages: str) -> None:
    """apt-get install, unattended: with no standard input a dpkg prompt would fail it."""
    root.run("apt-get", "install", "-y", "-q", "--no-install-recommends", *packages)


def copy_in(root: Root, deb: Path) -> str:
    shutil.copy(deb, root.path / "tmp" / deb.name)
    return f"/tmp/{deb.name}"


def test_the_package_installs_upgrades_and_purges_in_an_arm64_root(
    debs: tuple[Path, Path],
) -> None:
    with step("the arm64 root (cached, or mmdebstrap)"):
        tarball = base_root()
    with scratch_root(tarball) as unpacked, unpacked.mounted() as root:
        before = prepare(root, debs[0])
        with step("install"):
            apt_install(root, copy_in(root, debs[0]))
        with step("check the user, the files and the unit"):
            check_installed(root)
        with step("tabletop --version, doctor, replay"):
            check_commands(root)
        with step("the app headless for 20 s"):
            check_app(root)
        with step("upgrade to revision 2"):
            upgrade(root, debs[1])
        with step("remove, purge"):
            remove_and_purge(root, before)
        with step("install over a configuration written by hand, purge"):
            install_over_host_config(root, debs[1])


def prepare(root: Root, deb: Path) -> set[str]:
    """apt's lists and the package's dependencies (as piuparts does), then the file list."""
    with step("apt-get update, install the dependencies"):
        root.run("apt-get", "update", "-q")
        depends = subprocess.run(
            ["dpkg-deb", "-f", str(deb), "Depends"], capture_output=True, text=True, check=True
        ).stdout
        names = [d.split("(")[0].strip() for d in depends.split(",")]
        apt_install(root, *dict.fromkeys(names))
        return root.files()


def check_installed(root: Root) -> None:
    user = root.run("getent", "passwd", "tabletop").stdout.strip().split(":")
    assert user[5:] == ["/var/lib/tabletop", "/usr/sbin/nologin"], user
    groups = set(root.run("id", "-nG", "tabletop").stdout.split())
    assert groups >= GROUPS | {"tabletop"}, groups
    for path in (
        "lib/udev/rules.d/99-tabletop-pico.rules",
        "etc/NetworkManager/dnsmasq-shared.d/tabletop.conf",
        "etc/tabletop/config.toml",
        "usr/lib/tabletop/venv/bin/tabletop",
    ):
        assert (root.path / path).is_file(), path
    listed = root.run("dpkg", "-L", "tabletop").stdout.split()  # the root leaves out man/
    assert "/usr/share/man/man1/tabletop.1.gz" in listed
    assert "/lib/udev/rules.d/60-tabletop-gpio.rules" in listed
    wanted = root.path / "etc/systemd/system/multi-user.target.wants/tabletop.service"
    assert os.readlink(wanted) == "/lib/systemd/system/tabletop.service"
    root.run("systemd-analyze", "verify", "/lib/systemd/system/tabletop.service")
    where = root.run(
        "/usr/lib/tabletop/venv/bin/python",
        "-c",
        "from pi_app.devices.shared import FIRMWARE_DIR as f; "
        "from pi_app.devices.pinout import BUNDLED_PINOUT as p; import pi_app.cli as c; "
        "print(f / 'main.py', p, c.__cached__, sep='\\n')",
    ).stdout.split()
    for path in where:  # the firmware, the pinout and the bytecode compiled at install
        assert path.startswith("/usr/lib/tabletop/venv"), where
        assert (root.path / path.lstrip("/")).resolve().is_file(), path
    unit = (root.path / "lib/systemd/system/tabletop.service").read_text(encoding="utf-8")
    assert "ExecStart=/usr/lib/tabletop/venv/bin/tabletop --hardware pi" in unit


def check_commands(root: Root) -> None:
    assert root.run("tabletop", "--version").stdout.strip() == "tabletop 0.1.0"
    command = ("tabletop", "--lang", "en", "doctor")
    doctor = root.run(*command, user="tabletop", env=BOX_ENV, check=False)
    said = doctor.stdout + doctor.stderr
    assert doctor.returncode in (0, 1) and "Traceback" not in said, said
    assert "installed, watchdog 30" in said, said  # the package's unit, found and enabled
    replay_golden_records(root)


def replay_golden_records(root: Root) -> None:
    """Every golden record through the installed `tabletop replay`, in one chroot call."""
    records = sorted(p for p in GOLDEN.glob("*/*.json") if not p.name.endswith(".out.json"))
    shutil.copytree(GOLDEN, root.path / "tmp" / "golden")
    names = [str(p.relative_to(GOLDEN)) for p in records]
    script = 'cd /tmp/golden && for f in "$@"; do tabletop replay "$f" > "$f.got" || exit 1; done'
    root.run("sh", "-c", script, "replay", *names)
    for record, name in zip(records, names, strict=True):
        got = json.loads((root.path / "tmp" / "golden" / f"{name}.got").read_text())
        expected = json.loads(record.with_name(record.stem + ".out.json").read_text())
        for key, value in expected.items():
            assert got.get(key) == value, f"{name} {key}: {got.get(key)!r} != {value!r}"
    assert len(records) >= 20, len(records)


def phones_answer() -> bool:
    """The app's phones' server answers (the app is up and its loop runs)."""
    url = f"http://127.0.0.1:{PHONES_PORT}/texts/en.json"
    try:
        with urllib.request.urlopen(url, timeout=5) as answer:
            return bool(answer.status == 200 and json.loads(answer.read()))
    except OSError:
        return False


def check_app(root: Root) -> None:
    """The installed app, headless, as the service's user: up, and still up 20 s later."""
    (root.path / "tmp" / "app.toml").write_text(APP_CONFIG, encoding="utf-8")
    (root.path / "tmp" / "app.toml").chmod(0o644)
    command = ("tabletop", "--hardware", "sim", "--config", "/tmp/app.toml", "run")
    app = root.popen(*command, user="tabletop", env=BOX_ENV)
    try:
        deadline = time.monotonic() + 180
        while not phones_answer():
            assert app.poll() is None, app.communicate()[0]
            assert time.monotonic() < deadline, "the app's phones' server never answered"
            time.sleep(1)
        up = time.monotonic()
        while time.monotonic() - up < 20:
            assert app.poll() is None, app.communicate()[0]
            time.sleep(1)
        assert phones_answer()
    finally:
        os.killpg(app.pid, signal.SIGTERM)
        said = app.communicate(timeout=60)[0]
    assert "Traceback" not in said, said
    assert (root.path / JOURNAL.lstrip("/")).is_file()


def digest(root: Root, path: str) -> str:
    return hashlib.sha256((root.path / path.lstrip("/")).read_bytes()).hexdigest()


def upgrade(root: Root, deb: Path) -> None:
    """Revision 2 over 1: the journal, an edited configuration and the Wi-Fi password stay."""
    config = root.path / CONFIG.lstrip("/")
    edited = config.read_text(encoding="utf-8") + "\n[sound]\nvolume = 0.3\n"
    config.write_text(edited, encoding="utf-8")
    kept = '{"ssid": "Tabletop-ABCD", "password": "kept-password"}'
    (root.path / KEPT_WIFI.lstrip("/")).write_text(kept, encoding="utf-8")
    root.run("chown", "tabletop:tabletop", KEPT_WIFI)
    journal = digest(root, JOURNAL)
    first = os.readlink(root.path / "usr/lib/tabletop/venv")
    apt_install(root, copy_in(root, deb))
    version = root.run("dpkg-query", "-W", "-f", "${Version}", "tabletop").stdout
    assert version == "0.1.0-2"
    assert config.read_text(encoding="utf-8") == edited
    assert not list(config.parent.glob("config.toml.*")), "dpkg left a conffile copy"
    assert digest(root, JOURNAL) == journal
    assert (root.path / KEPT_WIFI.lstrip("/")).read_text(encoding="utf-8") == kept
    venvs = sorted(p.name for p in (root.path / "usr/lib/tabletop").glob("venv-*"))
    assert venvs == [os.readlink(root.path / "usr/lib/tabletop/venv")] != [first], venvs
    assert root.run("tabletop", "--version").stdout.strip() == "tabletop 0.1.0"


def remove_and_purge(root: Root, before: set[str]) -> None:
    """Removal keeps the journal and the settings; purge leaves the root as it was."""
    root.run("apt-get", "remove", "-y", "-q", "tabletop")
    assert (root.path / JOURNAL.lstrip("/")).is_file()
    assert (root.path / CONFIG.lstrip("/")).is_file()
    assert not (root.path / "usr/lib/tabletop").exists()
    assert not (root.path / "usr/bin/tabletop").exists()
    root.run("apt-get", "purge", "-y", "-q", "tabletop")
    assert root.run("getent", "passwd", "tabletop", check=False).returncode == 2
    for group in ("tabletop", "gpio", "netdev"):  # the ones this root did not have
        assert root.run("getent", "group", group, check=False).returncode == 2, group
    after = root.files()
    assert after == before, {"left": sorted(after - before), "gone": sorted(before - after)}


def install_over_host_config(root: Root, deb: Path) -> None:
    """A configuration written by hand (the manual install) is kept, with no prompt."""
    config = root.path / CONFIG.lstrip("/")
    config.parent.mkdir()
    by_hand = 'hardware = "pi"\n\n[display]\nfullscreen = true\n# by hand\n'
    config.write_text(by_hand, encoding="utf-8")
    apt_install(root, copy_in(root, deb))
    assert config.read_text(encoding="utf-8") == by_hand
    assert not list(config.parent.glob("config.toml.*"))
    root.run("apt-get", "purge", "-y", "-q", "tabletop")
    assert not config.parent.exists()
