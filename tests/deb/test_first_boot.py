"""The image's first-boot script on a fake /etc and boot partition (no root needed).

The script changes the running system only on the box (its /etc); here it is pointed
at folders of the test's own, so what it writes is read back. The boot in a VM
(tests/pi/test_image.py) checks the same on the real system.
"""

from __future__ import annotations

import os
import pwd
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote, urlsplit

from pi_app.web.host_key import HostKey, host_link
from pi_app.wifi.hotspot import credentials
from tests.paths import ROOT

SCRIPT = ROOT / "deb" / "firstboot" / "first_boot.py"
SHIPPED = ROOT / "deb" / "firstboot" / "tabletop-first-boot.toml"
USER = "nobody"  # the box's user here: root gives it the host's key


def first_boot(tmp_path: Path, settings: str | None, config: str = "") -> str:
    etc, boot, home = tmp_path / "etc", tmp_path / "boot", tmp_path / "root"
    for folder in (etc / "tabletop", boot, home, tmp_path / "var-lib-tabletop"):
        folder.mkdir(parents=True, exist_ok=True)
    (etc / "hosts").write_text("127.0.0.1\tlocalhost\n127.0.1.1\ttabletop\n")
    (etc / "tabletop" / "config.toml").write_text(
        'hardware = "pi"\n' + config + "\n[display]\nfullscreen = true\n"
    )
    if settings is not None:
        (boot / "tabletop-first-boot.toml").write_text(settings, encoding="utf-8")
    env = {
        **os.environ,
        "TABLETOP_ETC": str(etc),
        "TABLETOP_BOOT": str(boot),
        "TABLETOP_ROOT_HOME": str(home),
        "TABLETOP_FIRST_BOOT_MARK": str(tmp_path / "done"),
        "TABLETOP_DATA": str(tmp_path / "var-lib-tabletop"),
        "TABLETOP_USER": USER,
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


# ---- the host's key and its link on the boot partition ------------------------------


def links_in(tmp_path: Path) -> dict[str, list[str]]:
    """The links tabletop-host-link.txt gives, by path (`/host`, `/tv`)."""
    said = (tmp_path / "boot" / "tabletop-host-link.txt").read_text(encoding="utf-8")
    found: dict[str, list[str]] = {}
    for word in said.split():
        if word.startswith("http://"):
            found.setdefault(urlsplit(word).path, []).append(word)
    return found


def journal_folder(tmp_path: Path) -> Path:
    return tmp_path / "var-lib-tabletop" / "tabletop"


def test_the_first_boot_makes_the_host_s_key_and_its_links_on_the_boot_partition(
    tmp_path: Path,
) -> None:
    """A box with no screen, no network named: its host page by its name, and by its
    address on its own Wi-Fi, whose name and password the app then keeps."""
    said = first_boot(tmp_path, 'hostname = "salon"\n')
    links = links_in(tmp_path)
    assert [urlsplit(link).netloc for link in links["/host"]] == ["salon:8370", "10.42.0.1:8370"]
    assert links["/tv"] == ["http://salon:8370/tv", "http://10.42.0.1:8370/tv"]
    keys = HostKey.beside(journal_folder(tmp_path) / "journal.sqlite3")
    (key,) = {unquote(urlsplit(link).fragment) for link in links["/host"]}
    assert keys.matches(key) and len(key) * 6 >= 128
    assert links["/host"][0] == host_link("salon", 8370, key)
    assert keys.path.stat().st_mode & 0o777 == 0o600
    ssid, password = credentials(journal_folder(tmp_path))  # the app keeps them
    text = (tmp_path / "boot" / "tabletop-host-link.txt").read_text(encoding="utf-8")
    assert f"{ssid} (password: {password})" in text
    assert "host's key made" in said and "Traceback" not in said
    if os.geteuid() == 0:
        user = pwd.getpwnam(USER)
        for made in (journal_folder(tmp_path), keys.path, journal_folder(tmp_path) / "wifi.json"):
            assert (made.stat().st_uid, made.stat().st_gid) == (user.pw_uid, user.pw_gid)


def test_a_box_that_joins_a_network_is_named_by_its_name_alone(tmp_path: Path) -> None:
    first_boot(
        tmp_path,
        'hostname = "box-2"\n[wifi]\nssid = "Home"\npassword = "12345678"\n',
        "\n[phones]\nport = 9000\n",
    )
    links = links_in(tmp_path)
    assert [urlsplit(link).netloc for link in links["/host"]] == ["box-2:9000"]
    assert links["/tv"] == ["http://box-2:9000/tv"]
    assert not (journal_folder(tmp_path) / "wifi.json").exists()


def test_a_box_that_always_opens_its_wi_fi_says_its_address_there_too(tmp_path: Path) -> None:
    first_boot(tmp_path, '[wifi]\nssid = "Home"\n', '\n[wifi]\nhotspot = "always"\n')
    hosts = [urlsplit(link).netloc for link in links_in(tmp_path)["/host"]]
    assert hosts == ["tabletop:8370", "10.42.0.1:8370"]  # the system's name kept


def test_a_key_already_there_is_kept_and_a_journal_set_elsewhere_holds_it(
    tmp_path: Path,
) -> None:
    elsewhere = tmp_path / "games"
    keys = HostKey.beside(elsewhere / "journal.sqlite3")
    kept = keys.renew()
    first_boot(tmp_path, None, f'journal = "{elsewhere / "journal.sqlite3"}"\n')
    (link, _own) = links_in(tmp_path)["/host"]
    assert unquote(urlsplit(link).fragment) == kept and keys.matches(kept)
    assert not journal_folder(tmp_path).exists()
