"""The hotspot through nmcli: the exact commands, read from a recording stand-in.

`Nmcli` answers like NetworkManager on a Pi (canned `nmcli -t` output) and records
every argv list; each test checks the commands the box would run, in order.
"""

from __future__ import annotations

import json
import stat
from collections.abc import Sequence
from pathlib import Path

import pytest

from pi_app.i18n import set_language
from pi_app.wifi import hotspot
from pi_app.wifi.hotspot import CONNECTION, Hotspot, NetworkManager, WifiError

DEVICES = ["nmcli", "-t", "-f", "DEVICE,TYPE,STATE,CONNECTION", "device", "status"]
ACTIVE = ["nmcli", "-t", "-f", "NAME,TYPE,DEVICE", "connection", "show", "--active"]
ALL = ["nmcli", "-t", "-f", "NAME", "connection", "show"]
RUNNING = ["nmcli", "-t", "-f", "RUNNING", "general"]
PI = "wlan0:wifi:disconnected:\neth0:ethernet:unavailable:\nlo:loopback:unmanaged:\n"


@pytest.fixture(autouse=True)
def english() -> None:
    set_language("en")  # the errors are checked in English


class Nmcli:
    """A recording stand-in for nmcli: canned answers by argv, every call kept."""

    def __init__(self, answers: dict[tuple[str, ...], tuple[int, str]] | None = None) -> None:
        self.calls: list[list[str]] = []
        self.answers = {tuple(DEVICES): (0, PI), tuple(RUNNING): (0, "running")}
        self.answers.update(answers or {})

    def __call__(self, argv: Sequence[str]) -> tuple[int, str]:
        assert isinstance(argv, list) and all(isinstance(a, str) for a in argv)
        self.calls.append(list(argv))
        return self.answers.get(tuple(argv), (0, ""))


def _kept(folder: Path) -> tuple[str, str]:
    kept = json.loads((folder / "wifi.json").read_text(encoding="utf-8"))
    return kept["ssid"], kept["password"]


SECURITY = [
    "802-11-wireless.mode", "ap", "802-11-wireless.band", "bg",
    "ipv4.method", "shared", "ipv4.addresses", "10.42.0.1/24", "ipv6.method", "disabled",
    "wifi-sec.key-mgmt", "wpa-psk", "wifi-sec.proto", "rsn", "wifi-sec.pairwise", "ccmp",
    "wifi-sec.group", "ccmp", "wifi-sec.psk",
]  # fmt: skip


def test_on_adds_the_connection_once_and_brings_it_up(tmp_path: Path) -> None:
    nmcli = Nmcli()
    made = NetworkManager(tmp_path, nmcli).on()
    ssid, password = _kept(tmp_path)
    assert made == Hotspot(ssid, password, "10.42.0.1")
    assert ssid.startswith("Tabletop-") and len(ssid) == 13 and len(password) == 12
    assert stat.S_IMODE((tmp_path / "wifi.json").stat().st_mode) == 0o600
    assert nmcli.calls == [
        DEVICES,
        ALL,
        ["nmcli", "connection", "add", "type", "wifi", "ifname", "wlan0", "con-name",
         CONNECTION, "autoconnect", "no", "ssid", ssid, *SECURITY, password],
        ["nmcli", "connection", "up", CONNECTION],
    ]  # fmt: skip


def test_on_again_keeps_the_password_and_modifies_the_connection(tmp_path: Path) -> None:
    first = NetworkManager(tmp_path, Nmcli()).on()
    nmcli = Nmcli({tuple(ALL): (0, f"Home\n{CONNECTION}\n")})
    again = NetworkManager(tmp_path, nmcli).on()
    assert again == first
    assert nmcli.calls[2] == [
        "nmcli", "connection", "modify", CONNECTION, "connection.interface-name", "wlan0",
        "802-11-wireless.ssid", first.ssid, *SECURITY, first.password,
    ]  # fmt: skip
    assert nmcli.calls[3] == ["nmcli", "connection", "up", CONNECTION]


def test_a_hostile_password_is_one_argument_never_a_shell(tmp_path: Path) -> None:
    hostile = "$(reboot); `rm -rf /` 'x\" \\:"
    (tmp_path / "wifi.json").write_text(json.dumps({"ssid": "A:B; ls", "password": hostile}))
    nmcli = Nmcli()
    made = NetworkManager(tmp_path, nmcli).on()
    assert made.password == hostile and made.ssid == "A:B; ls"
    add = nmcli.calls[2]
    assert add[-1] == hostile and add[add.index("ssid") + 1] == "A:B; ls"


def test_no_wifi_device_or_a_refusal_is_a_wifi_error(tmp_path: Path) -> None:
    wired = Nmcli({tuple(DEVICES): (0, "eth0:ethernet:connected:Wired\n")})
    with pytest.raises(WifiError, match="no Wi-Fi device"):
        NetworkManager(tmp_path, wired).on()
    refused = Nmcli({("nmcli", "connection", "up", CONNECTION): (4, "Error: no secrets")})
    with pytest.raises(WifiError, match="no secrets"):
        NetworkManager(tmp_path, refused).on()


def test_off_brings_the_hotspot_down_only_when_it_is_up(tmp_path: Path) -> None:
    up = Nmcli({tuple(ACTIVE): (0, f"{CONNECTION}:802-11-wireless:wlan0\n")})
    assert NetworkManager(tmp_path, up).off() is True
    assert up.calls == [ACTIVE, ["nmcli", "connection", "down", CONNECTION]]
    down = Nmcli({tuple(ACTIVE): (0, "Wired connection 1:802-3-ethernet:eth0\n")})
    assert NetworkManager(tmp_path, down).off() is False
    assert down.calls == [ACTIVE]


def test_status_reads_the_device_the_hotspot_and_the_known_network(tmp_path: Path) -> None:
    show = ["nmcli", "-g", "IP4.ADDRESS", "device", "show", "eth0"]
    nmcli = Nmcli(
        {
            tuple(DEVICES): (0, "wlan0:wifi:disconnected:\neth0:ethernet:connected:Club\\: LAN\n"),
            tuple(show): (0, "192.168.1.20/24"),
        }
    )
    status = NetworkManager(tmp_path, nmcli).status()
    assert status == hotspot.Status(True, "wlan0", False, "Club: LAN")
    assert nmcli.calls == [RUNNING, DEVICES, ACTIVE, DEVICES, show]


def test_without_nmcli_status_says_so_and_the_start_leaves_the_network(tmp_path: Path) -> None:
    missing = Nmcli({tuple(RUNNING): (127, "")})
    assert NetworkManager(tmp_path, missing).status() == hotspot.Status(False, None, False, None)
    assert hotspot.decide("always", NetworkManager(tmp_path, missing)) is None
    assert missing.calls == [RUNNING, RUNNING]


def test_the_start_makes_the_network_only_as_the_setting_says(tmp_path: Path) -> None:
    never = Nmcli()
    assert hotspot.decide("never", NetworkManager(tmp_path, never)) is None
    assert never.calls == []
    connected = Nmcli(
        {
            tuple(DEVICES): (0, "wlan0:wifi:connected:Home\n"),
            ("nmcli", "-g", "IP4.ADDRESS", "device", "show", "wlan0"): (0, "192.168.1.9/24"),
        }
    )
    assert hotspot.decide("when-no-network", NetworkManager(tmp_path, connected)) is None
    assert not any("up" in call for call in connected.calls)
    alone = Nmcli()
    made = hotspot.decide("when-no-network", NetworkManager(tmp_path, alone), seconds=0)
    assert made is not None and made.address == "10.42.0.1"
    assert alone.calls[-1] == ["nmcli", "connection", "up", CONNECTION]
    always = Nmcli({tuple(DEVICES): connected.answers[tuple(DEVICES)]})
    assert hotspot.decide("always", NetworkManager(tmp_path, always)) is not None


def test_current_is_the_hotspot_only_while_it_is_up(tmp_path: Path) -> None:
    up = Nmcli({tuple(ACTIVE): (0, f"{CONNECTION}:802-11-wireless:wlan0\n")})
    assert NetworkManager(tmp_path, Nmcli()).current() is None
    current = NetworkManager(tmp_path, up).current()
    assert current is not None and (current.ssid, current.password) == _kept(tmp_path)


def test_the_dropin_sends_every_name_to_the_box() -> None:
    lines = [line for line in hotspot.dropin_text().splitlines() if not line.startswith("#")]
    assert lines == ["address=/#/10.42.0.1"]
