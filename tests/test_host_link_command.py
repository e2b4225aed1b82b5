"""`tabletop host-link`: the host page's link on one line (a key of the box's that
opens it), the big screen's after it, `--new` stopping the old key, `--qr` drawn as
segno draws it for a terminal and read back by the real `zbarimg`."""

from __future__ import annotations

import base64
import io
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
import segno

from pi_app import host_link
from pi_app.cli import build_parser, main
from pi_app.config import Config
from pi_app.doctor import Machine
from pi_app.web.host_key import HostKey
from tests.paths import ROOT
from tests.qr_reading import read_codes

ADDRESS = "192.0.2.7"


@pytest.fixture
def box(monkeypatch: pytest.MonkeyPatch) -> None:
    """A box whose phones reach it at `ADDRESS`, whatever this machine's network."""
    monkeypatch.setattr(host_link, "addresses", lambda: [ADDRESS, "10.0.0.3"])


def printed(capsys: pytest.CaptureFixture[str], *argv: str) -> list[str]:
    """What `tabletop ARGV` printed, line by line (it must have ended well)."""
    assert main(list(argv)) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out.splitlines()


def key_of(link: str) -> str:
    parts = urlsplit(link)
    assert (parts.scheme, parts.hostname, parts.port, parts.path) == (
        "http",
        ADDRESS,
        8370,
        "/host",
    )
    return unquote(parts.fragment)


def test_one_line_with_a_key_of_the_box_then_the_big_screen(
    box: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    journal = tmp_path / "box" / "journal.sqlite3"
    lines = printed(capsys, "--journal", str(journal), "host-link")
    assert len(lines) == 2 and lines[1] == f"http://{ADDRESS}:8370/tv"
    key = key_of(lines[0])
    assert len(base64.urlsafe_b64decode(key + "=" * (-len(key) % 4))) * 8 >= 128
    keys = HostKey.beside(journal)
    assert keys.matches(key) and keys.path.parent == journal.parent
    assert keys.path.stat().st_mode & 0o777 == 0o600
    again = printed(capsys, "--journal", str(journal), "host-link")
    assert again == lines  # the same key until it is renewed


def test_new_stops_the_old_key_at_once(
    box: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    journal = tmp_path / "journal.sqlite3"
    old = key_of(printed(capsys, "--journal", str(journal), "host-link")[0])
    new = key_of(printed(capsys, "--journal", str(journal), "host-link", "--new")[0])
    keys = HostKey.beside(journal)
    assert new != old and keys.matches(new) and not keys.matches(old)


def test_the_port_is_the_phones_one_from_the_configuration(
    box: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "config.toml"
    config.write_text("[phones]\nport = 9123\n")
    argv = ("--config", str(config), "--journal", str(tmp_path / "j.sqlite3"), "host-link")
    lines = printed(capsys, *argv)
    assert urlsplit(lines[0]).port == 9123 and lines[1] == f"http://{ADDRESS}:9123/tv"


class Service(Machine):
    """A machine whose box's service keeps its data in `data` (the unit's
    XDG_DATA_HOME, as systemd shows it)."""

    def __init__(self, data: Path) -> None:
        super().__init__({})
        self.data = data

    def run(self, command: list[str]) -> tuple[int, str] | None:
        if command[:2] == ["systemctl", "show"]:
            return 0, f"XDG_DATA_HOME={self.data} SDL_VIDEODRIVER=kmsdrm"
        return None


def test_another_user_reads_the_service_s_key_as_the_doctor_finds_it(
    box: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "admin"))
    service = tmp_path / "var-lib-tabletop"
    made = HostKey.beside(service / "tabletop" / "journal.sqlite3")
    key = made.renew()
    args = build_parser().parse_args(["host-link"])
    assert host_link.run(args, Config(), Service(service)) == 0
    assert key_of(capsys.readouterr().out.splitlines()[0]) == key
    assert not (tmp_path / "admin").exists()  # the admin's own folder holds no key


def test_no_address_is_one_line_and_no_key_is_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(host_link, "addresses", lambda: ["127.0.0.1"])
    journal = tmp_path / "journal.sqlite3"
    assert main(["--lang", "en", "--journal", str(journal), "host-link", "--new"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and "no network address" in err
    assert not HostKey.beside(journal).path.exists()


def test_a_folder_it_cannot_read_is_one_line(tmp_path: Path) -> None:
    """Run as another user than the box's: the folder is named, nothing else said."""
    tmp_path = Path(tempfile.mkdtemp(prefix="host-link-"))  # pytest's folders are root's
    folder = tmp_path / "service"
    folder.mkdir()
    HostKey.beside(folder / "journal.sqlite3").renew()
    os.chmod(folder, 0o700)
    command = [sys.executable, "-m", "pi_app", "--lang", "en"]
    command += ["--journal", str(folder / "journal.sqlite3"), "host-link"]
    if os.geteuid() == 0:  # root reads everything: the command runs as nobody
        command = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", *command]
        os.chmod(tmp_path, 0o755)
    else:
        os.chmod(folder, 0o000)
    try:
        done = subprocess.run(
            command,
            capture_output=True,
            text=True,
            timeout=60,
            env={**os.environ, "PYTHONPATH": str(ROOT), "HOME": str(tmp_path)},
            cwd=ROOT,
        )
    finally:
        os.chmod(folder, 0o700)
        shutil.rmtree(tmp_path)
    assert done.returncode == 2 and done.stdout == "", done
    assert done.stderr.splitlines() == [
        f"{folder} cannot be read: run the command as root or as the box's user "
        "(sudo -u tabletop tabletop host-link)."
    ]


@pytest.mark.skipif(os.geteuid() != 0, reason="only root gives a file away")
def test_root_leaves_the_key_to_the_box_s_user(
    box: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    service = tmp_path / "var-lib-tabletop"
    service.mkdir()
    os.chown(service, 65534, 65534)
    journal = service / "tabletop" / "journal.sqlite3"
    printed(capsys, "--journal", str(journal), "host-link", "--new")
    for made in (journal.parent, HostKey.beside(journal).path):
        assert (made.stat().st_uid, made.stat().st_gid) == (65534, 65534), made


# ---- --qr: what a phone's camera reads off the terminal ------------------------------


def zbar(path: Path) -> str:
    """The one code zbarimg reads in the picture at `path`."""
    (code,) = read_codes(path)
    return code


def terminal_picture(lines: list[str], path: Path) -> Path:
    """The terminal's blocks as a picture: a block's upper half is one module, its lower
    half the next row's; a drawn half is a light module (the terminal's text is light
    on dark), a blank one a dark module."""
    import pygame

    width = len(lines[0])
    surface = pygame.Surface((width, 2 * len(lines)))
    surface.fill((0, 0, 0))
    for y, line in enumerate(lines):
        assert len(line) == width, line
        for x, char in enumerate(line):
            if char in "█▀":
                surface.set_at((x, 2 * y), (255, 255, 255))
            if char in "█▄":
                surface.set_at((x, 2 * y + 1), (255, 255, 255))
    pygame.image.save(pygame.transform.scale_by(surface, 8), str(path))
    return path


def segno_terminal(link: str) -> list[str]:
    out = io.StringIO()
    segno.make(link, error="m").terminal(out=out, compact=True)
    return out.getvalue().splitlines()


def test_qr_draws_each_link_as_segno_does_and_a_camera_reads_it(
    box: None, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    journal = tmp_path / "journal.sqlite3"
    lines = printed(capsys, "--journal", str(journal), "host-link", "--qr")
    link = lines[0]
    assert HostKey.beside(journal).matches(key_of(link))
    host_code = segno_terminal(link)
    assert lines[1 : 1 + len(host_code)] == host_code
    rest = lines[1 + len(host_code) :]
    tv = f"http://{ADDRESS}:8370/tv"
    assert rest[0] == tv and rest[1:] == segno_terminal(tv)
    assert zbar(terminal_picture(host_code, tmp_path / "host-terminal.png")) == link
    assert zbar(terminal_picture(rest[1:], tmp_path / "tv-terminal.png")) == tv
    segno.make(link, error="m").save(str(tmp_path / "host.png"), scale=6)
    assert zbar(tmp_path / "host.png") == link
