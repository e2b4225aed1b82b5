"""The package as `deb/build.py` writes it: the same bytes twice, whole or not at all,
and its unit's documentation kept when dpkg unpacks it with the image's filters (no
arm64 root: dpkg-deb, and dpkg into an empty folder).

Installing it is tests/pi's part (an arm64 root under qemu-user-static).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from deb import image_base
from deb.build import build
from deb.image import KEEP_DOCS
from tests.paths import ROOT


def build_in(out: Path, umask: int) -> Path:
    """The package built by `python -m deb.build` in a process of its own, under `umask`."""
    env = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"}
    env["PYTHONPATH"] = str(ROOT)
    command = [sys.executable, "-m", "deb.build", "--out", str(out)]
    done = subprocess.run(
        command, cwd=ROOT, env=env, umask=umask, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    return Path(done.stdout.strip())


def test_two_builds_give_the_same_bytes(tmp_path: Path) -> None:
    """Two builds of one commit, at two moments, in two folders, under two umasks."""
    first = build_in(tmp_path / "one", 0o022)
    second = build_in(tmp_path / "two", 0o027)
    assert first.name == second.name and first.name.startswith("tabletop_")
    assert first.read_bytes() == second.read_bytes()
    assert sorted(os.listdir(tmp_path / "one")) == [first.name]


def test_a_failed_build_leaves_the_previous_package_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A dpkg-deb that dies halfway through its file: the package already in the folder
    keeps its bytes, and no half file is left under any name."""
    tools = tmp_path / "bin"
    tools.mkdir()
    fake = tools / "dpkg-deb"
    fake.write_text('#!/bin/sh\nfor last; do :; done\nprintf half > "$last"\nexit 2\n')
    fake.chmod(0o755)
    out = tmp_path / "dist"
    out.mkdir()
    version = (ROOT / "pyproject.toml").read_text().split('version = "', 1)[1].split('"')[0]
    previous = out / f"tabletop_{version}-1_arm64.deb"
    previous.write_bytes(b"the package built before")
    monkeypatch.setenv("PATH", f"{tools}{os.pathsep}{os.environ['PATH']}")
    with pytest.raises(subprocess.CalledProcessError):
        build(out, 1)
    assert previous.read_bytes() == b"the package built before"
    assert os.listdir(out) == [previous.name]


@pytest.fixture(scope="module")
def deb(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("dist"), 1)


MANUAL = "usr/share/man/man1/tabletop.1.gz"


def documentation(tree: Path) -> list[Path]:
    """The files the unit installed in `tree` names in its Documentation= (each a file:
    URL: `man` is not on the image), and the manual page."""
    unit = (tree / "lib/systemd/system/tabletop.service").read_text(encoding="utf-8")
    (line,) = [x for x in unit.splitlines() if x.startswith("Documentation=")]
    pages = line.removeprefix("Documentation=").split()
    assert pages and all(page.startswith("file:/") for page in pages), pages
    return [tree / MANUAL, *(tree / page.removeprefix("file:/") for page in pages)]


def test_the_images_dpkg_filters_keep_the_units_documentation(deb: Path, tmp_path: Path) -> None:
    """The package unpacked by dpkg with the image's filters (the base's, which drop
    every package's docs and manual pages, then the image's own) into an empty root:
    the pages the unit names and the manual page are there. The package's scripts and
    dependencies are left out (they would run on this machine); its files are the same."""
    files = tmp_path / "files"
    subprocess.run(["dpkg-deb", "-R", str(deb), str(files)], check=True)
    for script in ("preinst", "postinst", "prerm", "postrm"):
        (files / "DEBIAN" / script).unlink()
    control = (files / "DEBIAN/control").read_text(encoding="utf-8").splitlines()
    kept = [line for line in control if not line.startswith(("Depends:", "Recommends:"))]
    kept = [line.replace("Architecture: arm64", "Architecture: all") for line in kept]
    (files / "DEBIAN/control").write_text("\n".join(kept) + "\n", encoding="utf-8")
    bare = tmp_path / "bare.deb"
    subprocess.run(["dpkg-deb", "--root-owner-group", "-b", str(files), str(bare)], check=True)
    root = tmp_path / "root"
    (root / "var/lib/dpkg/updates").mkdir(parents=True)
    (root / "var/lib/dpkg/info").mkdir()
    (root / "var/lib/dpkg/status").touch()
    base = [a.removeprefix("--dpkgopt=") for a in image_base.arguments() if "path-" in a]
    ours = [line for line in KEEP_DOCS[1].splitlines() if line.startswith("path-")]
    assert base and ours
    command = ["dpkg", f"--root={root}", "--force-not-root", "--force-script-chrootless"]
    command += [f"--{rule}" for rule in (*base, *ours)]
    done = subprocess.run([*command, "-i", str(bare)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    for path in documentation(root):
        assert path.is_file(), f"no {path.relative_to(root)} once installed with the filters"


def test_no_pid_file_is_committed() -> None:
    """A VM's or a daemon's pid file is a run's leftover, never part of the tree."""
    listed = subprocess.run(
        ["git", "-C", str(ROOT), "ls-files", "*.pid"], capture_output=True, text=True, check=True
    )
    assert listed.stdout == ""
