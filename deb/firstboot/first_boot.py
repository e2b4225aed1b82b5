"""The image's first boot: the settings on the boot partition applied, the root grown.

Run once by tabletop-first-boot.service (system Python, before the network and the
box start). Reads /boot/firmware/tabletop-first-boot.toml (documented in that file):
host name, Wi-Fi network and country, language, an optional SSH key. A missing or
unreadable file changes nothing but the root's size; a wrong value is named in one
line of the log and left out, the others still applied. The file is then renamed
tabletop-first-boot.done with the Wi-Fi password blanked, and a mark in /var/lib says
the first boot is done, so a second boot changes nothing.

It also makes the host's key, so that a box with no screen is hosted from its first
minute: the key in the service's data folder (beside the journal, readable by the
box's user alone), and the host page's link with it, with the big screen's, in
tabletop-host-link.txt on the boot partition, which any computer reading the card
shows. The key and the box's own Wi-Fi's name and password are written as the app
keeps them (pi_app/web/host_key.py, pi_app/wifi/hotspot.py: this script runs on the
system's Python, without the app's environment); tests/deb/test_first_boot.py checks
that the app reads them back.
"""

from __future__ import annotations

import json
import os
import pwd
import re
import secrets
import socket
import subprocess
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path

BOOT = Path(os.environ.get("TABLETOP_BOOT", "/boot/firmware"))
ETC = Path(os.environ.get("TABLETOP_ETC", "/etc"))
SETTINGS = BOOT / "tabletop-first-boot.toml"
DONE = Path(os.environ.get("TABLETOP_FIRST_BOOT_MARK", "/var/lib/tabletop-first-boot/done"))
HOSTNAME = re.compile(r"^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$")
COUNTRY = re.compile(r"^[A-Z]{2}$")
LANGUAGES = ("fr", "de", "en")
# Under test (TABLETOP_ETC elsewhere) nothing of the running system is changed.
ON_THE_BOX = str(ETC) == "/etc"
# The service's data folder (its XDG_DATA_HOME) and user: the journal's folder is
# DATA/tabletop unless /etc/tabletop/config.toml says `journal =`.
DATA = Path(os.environ.get("TABLETOP_DATA", "/var/lib/tabletop"))
USER = os.environ.get("TABLETOP_USER", "tabletop")
HOST_LINK = BOOT / "tabletop-host-link.txt"
KEY_FILE = "host-key"  # pi_app.web.host_key.FILE_NAME
KEY_BYTES = 24  # 192 bits, as pi_app.web.host_key makes them
WIFI_FILE = "wifi.json"  # pi_app.wifi.hotspot.KEPT
HOTSPOT_ADDRESS = "10.42.0.1"  # pi_app.wifi.hotspot.ADDRESS
ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"  # pi_app.wifi.hotspot.ALPHABET
PHONES_PORT = 8370  # pi_app.config's phones.port


def say(line: str) -> None:
    """One line in the unit's log."""
    print(f"tabletop-first-boot: {line}", flush=True)


def read_settings() -> dict[str, object]:
    """The file's settings, or none when it is missing or not TOML."""
    try:
        return tomllib.loads(SETTINGS.read_text(encoding="utf-8"))
    except FileNotFoundError:
        say(f"no {SETTINGS}: the defaults stay")
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        say(f"{SETTINGS} cannot be read ({error}): the defaults stay")
    return {}


def text(table: object, key: str) -> str:
    """`table[key]` as stripped text, or "" when absent or not text."""
    value = table.get(key, "") if isinstance(table, dict) else ""
    if not isinstance(value, str):
        say(f"{key} is not text: left out")
        return ""
    return value.strip()


def set_hostname(name: str) -> None:
    if not HOSTNAME.match(name):
        say(f"host name {name!r} is not letters, digits and '-': left out")
        return
    (ETC / "hostname").write_text(name + "\n", encoding="utf-8")
    hosts = ETC / "hosts"
    lines = [ln for ln in hosts.read_text(encoding="utf-8").splitlines() if "127.0.1.1" not in ln]
    hosts.write_text("\n".join([*lines, f"127.0.1.1\t{name}"]) + "\n", encoding="utf-8")
    if ON_THE_BOX:
        socket.sethostname(name)
    say(f"host name {name}")


def set_language(language: str) -> None:
    if language not in LANGUAGES:
        say(f"language {language!r} is not one of {', '.join(LANGUAGES)}: left out")
        return
    config = ETC / "tabletop" / "config.toml"
    lines = config.read_text(encoding="utf-8").splitlines()
    lines = [ln for ln in lines if not ln.startswith("language =")]
    first_table = next((i for i, ln in enumerate(lines) if ln.startswith("[")), len(lines))
    lines.insert(first_table, f'language = "{language}"')
    config.write_text("\n".join(lines) + "\n", encoding="utf-8")
    say(f"language {language}")


def set_wifi(wifi: object) -> None:
    ssid, password, country = text(wifi, "ssid"), text(wifi, "password"), text(wifi, "country")
    if country:
        if COUNTRY.match(country.upper()):
            options = f"options cfg80211 ieee80211_regdom={country.upper()}\n"
            (ETC / "modprobe.d").mkdir(exist_ok=True)
            (ETC / "modprobe.d" / "tabletop-wifi-country.conf").write_text(options)
            if ON_THE_BOX:
                subprocess.run(["iw", "reg", "set", country.upper()], check=False)
            say(f"Wi-Fi country {country.upper()}")
        else:
            say(f"Wi-Fi country {country!r} is not two letters: left out")
    if not ssid:
        return
    if len(ssid.encode()) > 32 or "\n" in ssid or "\n" in password:
        say("Wi-Fi network name over 32 bytes or on several lines: left out")
        return
    if password and not 8 <= len(password) <= 63:
        say("Wi-Fi password not 8 to 63 characters: left out")
        return
    security = f"\n[wifi-security]\nkey-mgmt=wpa-psk\npsk={password}\n" if password else ""
    connection = (
        f"[connection]\nid={ssid}\ntype=wifi\nautoconnect=true\n\n"
        f"[wifi]\nmode=infrastructure\nssid={ssid}\n{security}\n"
        "[ipv4]\nmethod=auto\n\n[ipv6]\nmethod=auto\n"
    )
    folder = ETC / "NetworkManager" / "system-connections"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "tabletop-first-boot.nmconnection"
    path.touch(mode=0o600)
    path.chmod(0o600)
    path.write_text(connection, encoding="utf-8")
    say(f"Wi-Fi network {ssid!r}")


def set_ssh_key(key: str) -> None:
    if not key:
        return
    if "\n" in key or not key.startswith(("ssh-", "ecdsa-", "sk-")):
        say("SSH key is not one public key line: left out")
        return
    folder = Path(os.environ.get("TABLETOP_ROOT_HOME", "/root")) / ".ssh"
    folder.mkdir(mode=0o700, exist_ok=True)
    (folder / "authorized_keys").write_text(key + "\n", encoding="utf-8")
    (folder / "authorized_keys").chmod(0o600)
    if ON_THE_BOX:
        subprocess.run(["ssh-keygen", "-A"], check=False)  # this box's own host keys
        subprocess.run(["systemctl", "enable", "ssh.service"], check=False)
        subprocess.run(["systemctl", "start", "--no-block", "ssh.service"], check=False)
    say("SSH key installed, SSH on")


def grow_root() -> None:
    """The root partition grown to the end of its disk, and its file system with it."""
    found = subprocess.run(
        ["findmnt", "-n", "-o", "SOURCE", "/"], capture_output=True, text=True, check=False
    )
    partition = found.stdout.strip()
    parent = subprocess.run(
        ["lsblk", "-n", "-o", "PKNAME", partition], capture_output=True, text=True, check=False
    ).stdout.strip()
    number = re.search(r"(\d+)$", partition)
    if not partition.startswith("/dev/") or not parent or number is None:
        say(f"root {partition!r} is not a partition: not grown")
        return
    disk = f"/dev/{parent}"
    grow = ["sfdisk", "--no-reread", "--no-tell-kernel", "-N", number.group(1), disk]
    subprocess.run(grow, input=", +\n", text=True, capture_output=True, check=False)
    subprocess.run(["partx", "-u", disk], check=False)
    done = subprocess.run(["resize2fs", partition], capture_output=True, text=True, check=False)
    say(f"root {partition} grown" if done.returncode == 0 else f"root not grown: {done.stderr}")


def retire_settings(settings: dict[str, object]) -> None:
    """The file renamed .done, the Wi-Fi password blanked in it."""
    if not SETTINGS.exists():
        return
    body = SETTINGS.read_text(encoding="utf-8", errors="replace")
    if isinstance(settings.get("wifi"), dict) and text(settings["wifi"], "password"):
        body = re.sub(r"(?m)^(\s*password\s*=).*$", r'\1 ""', body)
    SETTINGS.with_suffix(".done").write_text(body, encoding="utf-8")
    SETTINGS.unlink()


def box_config() -> dict[str, object]:
    """The box's settings (/etc/tabletop/config.toml); none when it cannot be read."""
    try:
        return tomllib.loads((ETC / "tabletop" / "config.toml").read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return {}


def owned(path: Path) -> None:
    """`path` given to the box's user (as root, when the user exists)."""
    if os.geteuid() != 0:
        return
    try:
        user = pwd.getpwnam(USER)
    except KeyError:
        return
    os.chown(path, user.pw_uid, user.pw_gid)


def private_folder(folder: Path) -> None:
    """`folder` and the ones missing above it, made the box's user's."""
    missing = [place for place in (folder, *folder.parents) if not place.exists()]
    for place in reversed(missing):
        place.mkdir(mode=0o750)
        owned(place)


def private_file(path: Path, body: str) -> None:
    """`body` in `path`, the box's user's alone to read (mode 0600), written whole."""
    temporary = path.with_name(path.name + ".new")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="ascii") as out:
        out.write(body)
    os.chmod(temporary, 0o600)
    owned(temporary)
    os.replace(temporary, path)


def host_key(folder: Path) -> str:
    """The box's host key: the one kept there, else a new one."""
    try:
        kept = (folder / KEY_FILE).read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        kept = ""
    if 0 < len(kept) <= 64:
        return kept
    key = secrets.token_urlsafe(KEY_BYTES)
    private_file(folder / KEY_FILE, key + "\n")
    return key


def hotspot_credentials(folder: Path) -> tuple[str, str]:
    """The box's own Wi-Fi's name and password: the ones kept there, else new ones."""
    try:
        kept = json.loads((folder / WIFI_FILE).read_text(encoding="utf-8"))
        if kept["ssid"] and len(kept["password"]) >= 8:
            return str(kept["ssid"]), str(kept["password"])
    except (OSError, ValueError, KeyError, TypeError):
        pass
    ssid = "Tabletop-" + "".join(secrets.choice(ALPHABET[:24]).upper() for _ in range(4))
    password = "".join(secrets.choice(ALPHABET) for _ in range(12))
    private_file(folder / WIFI_FILE, json.dumps({"ssid": ssid, "password": password}))
    return ssid, password


def opens_its_own_wifi(config: dict[str, object], settings: dict[str, object]) -> bool:
    """Whether the box will open its own Wi-Fi: `hotspot = "always"`, or (the default)
    when no network to join is named."""
    wifi = config.get("wifi", {})
    setting = wifi.get("hotspot", "when-no-network") if isinstance(wifi, dict) else ""
    return setting == "always" or (
        setting == "when-no-network" and not text(settings.get("wifi", {}), "ssid")
    )


def box_name(settings: dict[str, object]) -> str:
    """The box's host name: the file's when it is a good one, else the system's."""
    name = text(settings, "hostname")
    if HOSTNAME.match(name):
        return name
    try:
        return (ETC / "hostname").read_text(encoding="utf-8").strip() or "tabletop"
    except OSError:
        return "tabletop"


def write_host_link(settings: dict[str, object]) -> None:
    """The host's key made, and its link on the boot partition (see the module)."""
    config = box_config()
    journal = config.get("journal")
    folder = Path(journal).parent if isinstance(journal, str) and journal else DATA / "tabletop"
    phones = config.get("phones", {})
    port = phones.get("port", PHONES_PORT) if isinstance(phones, dict) else PHONES_PORT
    private_folder(folder)
    key = host_key(folder)
    name = box_name(settings)
    lines = [
        f"Table Companion {name}: the host's page and the big screen.",
        "",
        "The host's page runs the evening from any phone. Keep its link to yourself:",
        "whoever opens it is the host. On the box's network:",
        f"  http://{name}:{port}/host#{key}",
        "  (or the address your router gave the box, in place of its name)",
    ]
    tv = [f"  http://{name}:{port}/tv"]
    if opens_its_own_wifi(config, settings):
        ssid, password = hotspot_credentials(folder)
        lines += [
            "",
            "When the box opens its own Wi-Fi (it knows no network), join that Wi-Fi,",
            f"{ssid} (password: {password}), then open:",
            f"  http://{HOTSPOT_ADDRESS}:{port}/host#{key}",
        ]
        tv.append(f"  http://{HOTSPOT_ADDRESS}:{port}/tv  (on the box's own Wi-Fi)")
    lines += [
        "",
        "The big screen (a TV, a projector, a laptop on the same network; no key):",
        *tv,
        "",
        "A new key (every page opened with this one stops): on the box's screen, Host's",
        "phone then New key; or over SSH, as root: tabletop host-link --new",
    ]
    HOST_LINK.write_text("\n".join(lines) + "\n", encoding="utf-8")
    say(f"host's key made, its link in {HOST_LINK}")


def attempt(apply: Callable[..., None], *values: object) -> None:
    """One setting applied; a failure is named and the others still applied."""
    try:
        apply(*values)
    except (OSError, ValueError) as error:
        say(f"{apply.__name__} failed: {error}")


def main() -> int:
    settings = read_settings()
    for apply, value in (
        (set_hostname, text(settings, "hostname")),
        (set_language, text(settings, "language")),
        (set_ssh_key, text(settings.get("ssh", {}), "authorized_key")),
    ):
        if value:
            attempt(apply, value)
    attempt(set_wifi, settings.get("wifi", {}))
    attempt(write_host_link, settings)
    if ON_THE_BOX:
        attempt(grow_root)
    attempt(retire_settings, settings)
    DONE.parent.mkdir(parents=True, exist_ok=True)
    DONE.write_text("done\n", encoding="utf-8")
    os.sync()
    return 0


if __name__ == "__main__":
    sys.exit(main())
