"""The package as `deb/build.py` writes it: the same bytes twice, whole or not at all,
and a unit whose documentation is in it (no root, no arm64 root: dpkg-deb alone).

Installing it is tests/pi's part (an arm64 root under qemu-user-static).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from deb.build import build
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


def test_the_units_documentation_is_in_the_package(tmp_path: Path) -> None:
    """Each page the installed unit's Documentation= names is a file of the package."""
    deb = build(tmp_path / "dist", 1)
    tree = tmp_path / "tree"
    subprocess.run(["dpkg-deb", "-x", str(deb), str(tree)], check=True)
    unit = (tree / "lib/systemd/system/tabletop.service").read_text(encoding="utf-8")
    (line,) = [x for x in unit.splitlines() if x.startswith("Documentation=")]
    pages = line.removeprefix("Documentation=").split()
    assert "man:tabletop(1)" in pages, pages
    for page in pages:
        if page.startswith("man:"):
            name, section = page.removeprefix("man:").rstrip(")").split("(")
            path = tree / f"usr/share/man/man{section}/{name}.{section}.gz"
        else:
            path = tree / page.removeprefix("file:").lstrip("/")
        assert path.is_file(), f"{page}: no {path.relative_to(tree)} in the package"


def test_no_pid_file_is_committed() -> None:
    """A VM's or a daemon's pid file is a run's leftover, never part of the tree."""
    listed = subprocess.run(
        ["git", "-C", str(ROOT), "ls-files", "*.pid"], capture_output=True, text=True, check=True
    )
    assert listed.stdout == ""
