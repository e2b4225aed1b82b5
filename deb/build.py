"""Build `tabletop_<version>_arm64.deb`: the box for Raspberry Pi OS or Debian bookworm.

    python -m deb.build [--revision N] [--out DIR]

Bookworm's own Python packages are too old for the box (pygame 2.1, paho-mqtt 1.6, no
lgpio), so the package carries the pinned aarch64 wheels of every runtime dependency
(`deb/requirements-arm64.txt`) and the project's own wheel, and its postinst builds a
private environment from them at install time, offline, in `/usr/lib/tabletop/venv`
(`/usr/lib`, not `/opt`: Debian's policy keeps packages out of `/opt`, and the files
are architecture-specific). Nothing is compiled on the Pi.

It is built with dpkg-deb from a staged tree rather than with debhelper: the package
has no code to compile for arm64 (the wheels are built already), so a debhelper build
would be a cross-build for nothing; the only pieces of debhelper it needs are the
systemd snippets of the maintainer scripts, written out in `SYSTEMD` below as
debhelper 13 writes them.

The wheels are downloaded once into a cache outside the repository
(`$TABLETOP_CI_CACHE/wheels-arm64`, by default under /var/cache/tabletop-ci) and
checked by their pinned hashes; a second build takes them from there without network.

Two builds of one commit give the same bytes (reproducible-builds.org's rules): every
time in the package (the files', the project's wheel's, the changelog's, the ar
archive's) is SOURCE_DATE_EPOCH, taken from the last commit when it is not set; the
files are owned by root, their modes set here and not by the umask, and dpkg-deb sorts
them by name. The package is written beside its final name and renamed once whole, so
`dist/` never holds half a package under a package's name.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
from email.utils import formatdate
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
CACHE = Path(os.environ.get("TABLETOP_CI_CACHE", "/var/cache/tabletop-ci"))
REQUIREMENTS = HERE / "requirements-arm64.txt"
LIB = "usr/lib/tabletop"
DOC = "usr/share/doc/tabletop"
UNIT = "lib/systemd/system/tabletop.service"
MAINTAINER = "Table Companion maintainers <maintainers@users.noreply.a-seed-78375919.example>"
# Bookworm's Python; manylinux wheels up to its glibc (2.36): lgpio's is manylinux_2_34.
PLATFORMS = ["manylinux2014_aarch64", *(f"manylinux_2_{n}_aarch64" for n in range(17, 37))]
DEPENDS = (
    "python3 (>= 3.11)",
    "python3 (<< 3.12)",
    "python3-venv",
    "adduser",
    # pygame-ce's SDL draws through KMS/DRM: it loads the system's libdrm, libgbm and
    # EGL/GLES (mesa) and needs mesa's drivers (vc4/v3d on a Pi, virtio-gpu in a VM).
    "libdrm2",
    "libgbm1",
    "libegl1",
    "libgles2",
    "libgl1-mesa-dri",
    # the box's voice: espeak-ng renders each sentence to a WAV (`effects.voice.render`)
    "espeak-ng",
)
# NetworkManager for the box's own Wi-Fi, Mosquitto for a tournament this box creates
# (`tabletop doctor` says what each missing one costs).
RECOMMENDS = ("network-manager", "mosquitto")
# The unit in systemd/ names the manual install's paths (docs/hardware-setup.md,
# appendix); the package's environment and documentation live elsewhere. Its
# Documentation= names a file the package installs and the image keeps (not the
# manual page: `man` is not on the image, and systemd-analyze verify runs it).
UNIT_PATHS = {
    "Documentation=file:/opt/tabletop/docs/hardware-setup.md": (
        "Documentation=file:/usr/share/doc/tabletop/hardware-setup.md"
    ),
    "WorkingDirectory=/opt/tabletop": "WorkingDirectory=/var/lib/tabletop",
    "ExecStart=/opt/tabletop/.venv/bin/tabletop": "ExecStart=/usr/lib/tabletop/venv/bin/tabletop",
}
FALLBACK_EPOCH = 1_767_225_600  # 2026-01-01 00:00 UTC
CONFFILES = ("etc/tabletop/config.toml", "etc/NetworkManager/dnsmasq-shared.d/tabletop.conf")
SKIP = shutil.ignore_patterns(
    ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".hypothesis", "shots",
    ".mypy_cache", ".ruff_cache", ".pytest_cache", "*.sqlite3*",
)  # fmt: skip
# debhelper 13's dh_installsystemd snippets (enable at install, restart on upgrade,
# stop on removal, mask/purge its state), each guarded so a chroot without a running
# systemd installs the unit enabled but started at the next boot.
SYSTEMD = {
    "postinst": """\
if [ "$1" = "configure" ] || [ "$1" = "abort-upgrade" ] || [ "$1" = "abort-deconfigure" ] \\
        || [ "$1" = "abort-remove" ] ; then
    deb-systemd-helper unmask 'tabletop.service' >/dev/null || true
    if deb-systemd-helper --quiet was-enabled 'tabletop.service'; then
        deb-systemd-helper enable 'tabletop.service' >/dev/null || true
    else
        deb-systemd-helper update-state 'tabletop.service' >/dev/null || true
    fi
    if [ -d /run/systemd/system ]; then
        systemctl --system daemon-reload >/dev/null || true
        if [ -n "$2" ]; then
            _dh_action=restart
        else
            _dh_action=start
        fi
        deb-systemd-invoke $_dh_action 'tabletop.service' >/dev/null || true
    fi
fi""",
    "prerm": """\
if [ -d /run/systemd/system ] && [ "$1" = remove ]; then
    deb-systemd-invoke stop 'tabletop.service' >/dev/null || true
fi""",
    "postrm": """\
if [ -d /run/systemd/system ] && [ "$1" = remove ]; then
    systemctl --system daemon-reload >/dev/null || true
fi
if [ "$1" = "remove" ]; then
    if [ -x "/usr/bin/deb-systemd-helper" ]; then
        deb-systemd-helper mask 'tabletop.service' >/dev/null || true
    fi
fi
if [ "$1" = "purge" ]; then
    if [ -x "/usr/bin/deb-systemd-helper" ]; then
        deb-systemd-helper purge 'tabletop.service' >/dev/null || true
        deb-systemd-helper unmask 'tabletop.service' >/dev/null || true
    fi
fi""",
    "preinst": "",
}


def source_date_epoch() -> int:
    """The time every file of the package carries: SOURCE_DATE_EPOCH if set, else the
    last commit's time (the same for two builds of one commit), else FALLBACK_EPOCH (a
    tree that is not a checkout, such as an unpacked source archive)."""
    if os.environ.get("SOURCE_DATE_EPOCH", "").isdigit():
        return int(os.environ["SOURCE_DATE_EPOCH"])
    done = subprocess.run(
        ["git", "-C", str(ROOT), "log", "-1", "--format=%ct"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    stamp = done.stdout.strip()
    return int(stamp) if done.returncode == 0 and stamp.isdigit() else FALLBACK_EPOCH


def project_version() -> str:
    """The version in pyproject.toml (the package's upstream version)."""
    with (ROOT / "pyproject.toml").open("rb") as file:
        return str(tomllib.load(file)["project"]["version"])


def pins() -> list[str]:
    """`name==version` of each pinned dependency, in the requirements file's order."""
    lines = REQUIREMENTS.read_text(encoding="utf-8").splitlines()
    return [line.split()[0] for line in lines if line.strip() and not line.startswith("#")]


def pip(*arguments: str | Path, epoch: int | None = None) -> None:
    """Run this Python's pip (with SOURCE_DATE_EPOCH when `epoch` is given: the wheel's
    zip entries carry that time; with umask 022: the modes they carry are not the
    builder's umask); its output is shown only when it fails."""
    command = [sys.executable, "-m", "pip", *map(str, arguments)]
    env = os.environ | ({} if epoch is None else {"SOURCE_DATE_EPOCH": str(epoch)})
    done = subprocess.run(
        command, capture_output=True, text=True, env=env, umask=0o022, check=False
    )
    if done.returncode:
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stdout}\n{done.stderr}")


def dependency_wheels() -> Path:
    """The pinned aarch64 wheels, from the cache, downloaded into it when missing."""
    folder = CACHE / "wheels-arm64"
    folder.mkdir(parents=True, exist_ok=True)
    common = ["--no-deps", "--only-binary=:all:", "--python-version", "3.11"]
    common += ["--implementation", "cp", "--abi", "cp311", "--require-hashes"]
    common += [arg for platform in PLATFORMS for arg in ("--platform", platform)]
    common += ["-d", str(folder), "-r", str(REQUIREMENTS)]
    try:
        pip("download", "-q", "--no-index", "--find-links", folder, *common)
    except SystemExit:
        pip("download", "-q", *common)
    return folder


def project_wheel(scratch: Path, epoch: int) -> Path:
    """The project's wheel, built from a copy of the tree (the checkout stays clean)."""
    source = scratch / "source"
    shutil.copytree(ROOT, source, ignore=SKIP)
    pip("wheel", "-q", "--no-deps", "-w", scratch / "dist", source, epoch=epoch)
    (wheel,) = (scratch / "dist").glob("tabletop-*.whl")
    return wheel


def unit_text() -> str:
    """The repository's unit with the package's paths."""
    text = (ROOT / "systemd" / "tabletop.service").read_text(encoding="utf-8")
    for manual, packaged in UNIT_PATHS.items():
        if manual not in text:
            raise SystemExit(f"systemd/tabletop.service has no line {manual!r} to rewrite")
        text = text.replace(manual, packaged)
    if "/opt/tabletop" in text.replace("# ", ""):
        raise SystemExit("systemd/tabletop.service names /opt/tabletop in a line not rewritten")
    header = "# Installed by the tabletop Debian package, its paths set by deb/build.py.\n"
    return header + text


def dropin_text() -> str:
    """The NetworkManager dnsmasq drop-in, as the program itself writes it."""
    sys.path.insert(0, str(ROOT))
    from pi_app.wifi.hotspot import dropin_text as text

    return text()


def put(stage: Path, relative: str, text: str | bytes, mode: int = 0o644) -> None:
    """Write one file of the package's tree."""
    path = stage / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, str):
        text = text.encode("utf-8")
    path.write_bytes(text)
    path.chmod(mode)


def changelog(version: str, epoch: int) -> bytes:
    """A one-entry Debian changelog for this build (dpkg and lintian want one), dated
    `epoch` (the commit's time, not the build's)."""
    text = (
        f"tabletop ({version}) bookworm; urgency=medium\n\n"
        "  * Built from the repository by deb/build.py.\n\n"
        f" -- {MAINTAINER}  {formatdate(epoch, usegmt=False)}\n"
    )
    return gzip.compress(text.encode(), compresslevel=9, mtime=0)


def stage_files(stage: Path, wheels: list[Path], upstream: str, version: str, epoch: int) -> None:
    """Everything the package installs, under `stage`."""
    for wheel in wheels:
        put(stage, f"{LIB}/wheels/{wheel.name}", wheel.read_bytes())
    put(stage, f"{LIB}/pinned-requirements", "\n".join([f"tabletop=={upstream}", *pins()]) + "\n")
    put(stage, UNIT, unit_text())
    for rule in sorted((ROOT / "hardware" / "udev").glob("*.rules")):
        put(stage, f"lib/udev/rules.d/{rule.name}", rule.read_text(encoding="utf-8"))
    put(stage, CONFFILES[0], (HERE / "config.toml").read_text(encoding="utf-8"))
    put(stage, CONFFILES[1], dropin_text())
    put(stage, "usr/bin/tabletop", (HERE / "tabletop.sh").read_text(encoding="utf-8"), 0o755)
    manual = gzip.compress((HERE / "tabletop.1").read_bytes(), compresslevel=9, mtime=0)
    put(stage, "usr/share/man/man1/tabletop.1.gz", manual)
    put(stage, f"{DOC}/copyright", (HERE / "copyright").read_text(encoding="utf-8"))
    put(stage, f"{DOC}/changelog.Debian.gz", changelog(version, epoch))
    for name in ("docs/hardware-setup.md", "config.example.toml"):
        put(stage, f"{DOC}/{Path(name).name}", (ROOT / name).read_text(encoding="utf-8"))
    overrides = (HERE / "lintian-overrides").read_text(encoding="utf-8")
    put(stage, "usr/share/lintian/overrides/tabletop", overrides)


def control(stage: Path, version: str) -> str:
    """DEBIAN/control, with the installed size of the staged tree."""
    size = sum(p.stat().st_size for p in stage.rglob("*") if p.is_file()) // 1024 + 1
    return (
        "Package: tabletop\n"
        f"Version: {version}\n"
        "Architecture: arm64\n"
        f"Maintainer: {MAINTAINER}\n"
        f"Installed-Size: {size}\n"
        f"Depends: {', '.join(DEPENDS)}\n"
        f"Recommends: {', '.join(RECOMMENDS)}\n"
        "Section: misc\n"
        "Priority: optional\n"
        "Description: game table box: scores, sand timer and bell\n"
        " Table Companion turns a Raspberry Pi with a touch display, an LED ring on a\n"
        " Pico and a bell button into a box that keeps score for Gambit 7, Quitte ou\n"
        " Double, Cambio and Gambo, runs the sand timer and lets players answer from\n"
        " their phones.\n"
        " .\n"
        " The package creates the service's user and its groups, builds the program's\n"
        " own Python environment offline from the wheels it carries, and starts the\n"
        " box at power-on.\n"
    )


def stage_debian(stage: Path, version: str) -> None:
    """DEBIAN/: control, conffiles, md5sums and the maintainer scripts."""
    sums = [
        f"{hashlib.md5(p.read_bytes()).hexdigest()}  {p.relative_to(stage)}"
        for p in sorted(stage.rglob("*"))
        if p.is_file() and not str(p.relative_to(stage)).startswith("etc/")
    ]
    put(stage, "DEBIAN/control", control(stage, version))
    put(stage, "DEBIAN/conffiles", "".join(f"/{name}\n" for name in CONFFILES))
    put(stage, "DEBIAN/md5sums", "\n".join(sums) + "\n")
    for name, snippet in SYSTEMD.items():
        script = (HERE / "scripts" / name).read_text(encoding="utf-8")
        put(stage, f"DEBIAN/{name}", script.replace("#DEBHELPER#", snippet), 0o755)


def settle(stage: Path, epoch: int) -> None:
    """Every folder 0755 (whatever the umask made it) and every path dated `epoch`."""
    for path in sorted(stage.rglob("*"), reverse=True):
        if path.is_dir():
            path.chmod(0o755)
        os.utime(path, (epoch, epoch), follow_symlinks=False)
    stage.chmod(0o755)


def pack(stage: Path, deb: Path, epoch: int) -> None:
    """dpkg-deb's package of `stage`, written beside `deb` and renamed into place whole."""
    partial = deb.with_name(f".{deb.name}.partial-{os.getpid()}")
    command = ["dpkg-deb", "--root-owner-group", "-Zxz", "--build", str(stage), str(partial)]
    env = os.environ | {"SOURCE_DATE_EPOCH": str(epoch)}
    try:
        subprocess.run(command, check=True, capture_output=True, env=env)
        os.replace(partial, deb)
    finally:
        partial.unlink(missing_ok=True)


def build(out: Path, revision: int) -> Path:
    """The .deb in `out`; its path."""
    upstream = project_version()
    version = f"{upstream}-{revision}"
    epoch = source_date_epoch()
    out.mkdir(parents=True, exist_ok=True)
    deb = out / f"tabletop_{version}_arm64.deb"
    with tempfile.TemporaryDirectory(prefix="tabletop-deb-") as scratch:
        stage = Path(scratch) / "stage"
        folder = dependency_wheels()
        wheels = [folder / name for name in sorted(os.listdir(folder)) if name.endswith(".whl")]
        wanted = {pin.replace("-", "_").replace("==", "-").lower() + "-" for pin in pins()}
        wheels = [w for w in wheels if w.name.lower().startswith(tuple(wanted))]
        if len(wheels) != len(wanted):
            raise SystemExit(f"{len(wanted)} pins but {len(wheels)} wheels in {folder}")
        wheels.append(project_wheel(Path(scratch), epoch))
        stage_files(stage, wheels, upstream, version, epoch)
        stage_debian(stage, version)
        settle(stage, epoch)
        pack(stage, deb, epoch)
    return deb


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--revision", type=int, default=1, help="the Debian revision (1)")
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="folder for the .deb")
    arguments = parser.parse_args()
    print(build(arguments.out, arguments.revision))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
