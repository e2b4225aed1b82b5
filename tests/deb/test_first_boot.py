"""The image's first-boot script on a fake /etc and boot partition (no root needed).

The script changes the running system only on the box (its /etc); here it is pointed
at folders of the test's own, so what it writes is read back. The boot in a VM
(tests/pi/test_image.py) checks the same on the real system.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.paths import ROOT

SCRIPT = ROOT / "deb" / "firstboot" / "first_boot.py"
SHIPPED = ROOT / "deb" / "firstboot" / "tabletop-first-boot.toml"


def first_boot(tmp_path: Path, settings: str | None) -> str:
    etc, boot, home = tmp_path / "etc", tmp_path / "boot", tmp_path / "root"
    for folder in (etc / "tabletop", boot, home):
        folder.mkdir(parents=True, exist_ok=True)
    (etc / "hosts").write_text("127.0.0.1\tlocalhost\n127.0.1.1\ttabletop\n")
    (etc / "tabletop" / "config.toml").write_text(
        'hardware = "pi"\n\n[display]\nfullscreen = true\n'
    )
    if settings is not None:
        (boot / "tabletop-first-boot.toml").write_text(settings, encoding="utf-8")
    env = {
        **os.environ,
        "TABLETOP_ETC": str(etc),
        "TABLETOP_BOOT": str(boot),
        "TABLETOP_ROOT_HOME": str(home),
        "TABLETOP_FIRST_BOOT_MARK": str(tmp_path / "done"),
    }
    done = subprocess.run(
        [sys.executable, str(SCRIPT)], capture_output=True, text=True, env=env, check=True
    )
    assert (tmp_path / "done").is_file()
    return done.stdout


def test_the_shipped_file_changes_only_the_defaults_it_names(tmp_path: Path) -> None:
    said = first_boot(tmp_path, SHIPPED.read_text(encoding="utf-8"))
    assert (tmp_path / "etc" / "hostname").read_text() == "tabletop\n"
    assert 'language = "fr"\n[display]' in (tmp_path / "etc/tabletop/config.toml").read_text()
    assert not (tmp_path / "etc" / "NetworkManager").exists()  # no network named
    assert not (tmp_path / "root" / ".ssh").exists()
    assert (tmp_path / "boot" / "tabletop-first-boot.done").is_file()
    assert not (tmp_path / "boot" / "tabletop-first-boot.toml").exists()
    assert "Traceback" not in said


def test_every_setting_is_applied_and_the_password_blanked(tmp_path: Path) -> None:
    first_boot(
        tmp_path,
        'hostname = "box-2"\nlanguage = "de"\n[wifi]\nssid = "Café"\n'
        'password = "12345678"\ncountry = "ch"\n[ssh]\nauthorized_key = "ssh-ed25519 AAAA x"\n',
    )
    etc = tmp_path / "etc"
    assert (etc / "hostname").read_text() == "box-2\n"
    assert "127.0.1.1\tbox-2" in (etc / "hosts").read_text()
    assert "tabletop" not in (etc / "hosts").read_text()
    assert (
        (etc / "tabletop/config.toml").read_text().startswith('hardware = "pi"\n\nlanguage = "de"')
    )
    wifi = etc / "NetworkManager/system-connections/tabletop-first-boot.nmconnection"
    assert "ssid=Café" in wifi.read_text() and "psk=12345678" in wifi.read_text()
    assert wifi.stat().st_mode & 0o777 == 0o600
    assert "ieee80211_regdom=CH" in (etc / "modprobe.d/tabletop-wifi-country.conf").read_text()
    keys = tmp_path / "root" / ".ssh" / "authorized_keys"
    assert keys.read_text() == "ssh-ed25519 AAAA x\n" and keys.stat().st_mode & 0o777 == 0o600
    done = (tmp_path / "boot" / "tabletop-first-boot.done").read_text()
    assert "12345678" not in done and 'password = ""' in done


def test_bad_values_are_named_and_left_out_the_rest_applied(tmp_path: Path) -> None:
    said = first_boot(
        tmp_path,
        'hostname = "Not a name!"\nlanguage = "xx"\n[wifi]\nssid = "Net"\n'
        'password = "short"\ncountry = "France"\n[ssh]\nauthorized_key = "not a key"\n',
    )
    for named in ("host name", "language", "Wi-Fi password", "Wi-Fi country", "SSH key"):
        assert named in said, said
    assert not (tmp_path / "etc" / "hostname").exists()
    assert not (tmp_path / "etc" / "NetworkManager").exists()
    assert "language" not in (tmp_path / "etc/tabletop/config.toml").read_text()


def test_a_file_that_is_not_toml_changes_nothing_and_is_set_aside(tmp_path: Path) -> None:
    said = first_boot(tmp_path, "hostname = [unclosed\n")
    assert "cannot be read" in said
    assert not (tmp_path / "etc" / "hostname").exists()
    assert (tmp_path / "boot" / "tabletop-first-boot.done").is_file()
