"""`tabletop wifi status|on|off` and the `wifi.hotspot` setting, with nmcli recorded."""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import pytest

from pi_app.cli import build_parser
from pi_app.config import Config, ConfigError, merge_file
from pi_app.i18n import set_language
from pi_app.wifi import command, hotspot
from pi_app.wifi.hotspot import CONNECTION, NetworkManager
from tests.net.test_hotspot import ACTIVE, DEVICES, Nmcli


@pytest.fixture(autouse=True)
def english() -> None:
    set_language("en")


@pytest.fixture
def config(tmp_path: Path) -> Config:
    made = Config()
    made.values["journal"] = str(tmp_path / "journal.sqlite3")
    return made


def _wifi(action: str, nmcli: Nmcli, config: Config) -> int:
    args = build_parser().parse_args(["wifi", action])
    manager = NetworkManager(config.journal_path.parent, nmcli)
    return command.run(argparse.Namespace(action=args.action), config, manager)


def test_on_then_status_then_off(
    config: Config, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    dropin = config.journal_path.parent / "dnsmasq-shared.d" / "tabletop.conf"
    monkeypatch.setattr(command, "DROPIN", dropin)
    monkeypatch.setattr(command, "install_dropin", lambda: hotspot.install_dropin(dropin))
    assert _wifi("on", Nmcli(), config) == 0
    ssid, password = hotspot.credentials(config.journal_path.parent)
    said = capsys.readouterr().out
    assert f"on: {ssid}, password {password}, at 10.42.0.1" in said
    assert "address=/#/10.42.0.1" in dropin.read_text(encoding="utf-8")
    up = Nmcli({tuple(ACTIVE): (0, f"{CONNECTION}:802-11-wireless:wlan0\n")})
    assert _wifi("status", up, config) == 0
    out = capsys.readouterr().out
    assert "Wi-Fi device: wlan0" in out and ssid in out and "No known network." in out
    assert "wifi.hotspot: when-no-network" in out
    assert _wifi("off", up, config) == 0
    assert up.calls[-1] == ["nmcli", "connection", "down", CONNECTION]
    assert _wifi("off", Nmcli(), config) == 0
    assert "was not on" in capsys.readouterr().out


def test_without_a_wifi_device_on_fails_and_says_why(
    config: Config, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(command, "DROPIN", config.journal_path)  # as if it were there
    config.journal_path.write_text("")
    wired = Nmcli({tuple(DEVICES): (0, "eth0:ethernet:connected:Wired\n")})
    assert _wifi("on", wired, config) == 1
    assert "could not start: no Wi-Fi device" in capsys.readouterr().err


def test_the_setting_takes_only_its_three_words(tmp_path: Path) -> None:
    assert Config()["wifi.hotspot"] == "when-no-network"
    chosen = tmp_path / "config.toml"
    chosen.write_text('[wifi]\nhotspot = "always"\n', encoding="utf-8")
    config = Config()
    merge_file(config, chosen)
    assert config["wifi.hotspot"] == "always"
    chosen.write_text('[wifi]\nhotspot = "sometimes"\n', encoding="utf-8")
    with pytest.raises(ConfigError, match="never, when-no-network, always"):
        merge_file(Config(), chosen)


def test_a_laptop_keeps_its_wifi_unless_always_is_asked(
    config: Config, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pi_app.box.jobs import Jobs
    from pi_app.display import startup

    jobs = Jobs()
    decided: list[str] = []
    monkeypatch.setattr(hotspot, "decide", lambda setting, manager: decided.append(setting))
    config.values["hardware"] = "sim"
    startup.start_wifi(config, None, startup.Phones(), jobs)  # type: ignore[arg-type]
    config.values["wifi.hotspot"] = "never"
    config.values["hardware"] = "pi"
    startup.start_wifi(config, None, startup.Phones(), jobs)  # type: ignore[arg-type]
    assert decided == []
    config.values["wifi.hotspot"] = "when-no-network"
    startup.start_wifi(config, None, startup.Phones(), jobs)  # type: ignore[arg-type]
    config.values["hardware"] = "sim"
    config.values["wifi.hotspot"] = "always"
    startup.start_wifi(config, None, startup.Phones(), jobs)  # type: ignore[arg-type]
    deadline = time.monotonic() + 30
    while len(decided) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert sorted(decided) == ["always", "when-no-network"]


def test_the_qr_panel_shows_the_network_once_the_hotspot_is_up(
    config: Config, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Once the box's own Wi-Fi is up, the phones' panel has it (its code comes first)
    and the server answers the phones' checks on its address."""
    from pi_app.box.jobs import Jobs
    from pi_app.box.seats import SeatBook
    from pi_app.display import startup
    from pi_app.display.phones_panel import PhonesPanel
    from pi_app.web.hub import Hub

    made = hotspot.Hotspot("Tabletop-7Q4K", "truite-violon-42", "10.42.0.1")
    monkeypatch.setattr(hotspot, "decide", lambda setting, manager: made)
    portals: list[tuple[str, int]] = []

    class Server:
        def open_portal(self, address: str, port: int) -> None:
            portals.append((address, port))

    phones = startup.Phones()
    phones.panel = PhonesPanel(Hub(SeatBook(None)), lambda secret: [])
    config.values["wifi.hotspot"] = "always"
    jobs = Jobs()
    startup.start_wifi(config, Server(), phones, jobs)  # type: ignore[arg-type]
    assert jobs.wait_idle(30)  # the job done, its end carried out on the loop's side
    assert phones.panel.hotspot == made and phones.hotspot == made
    assert portals == [("10.42.0.1", startup.PORTAL_PORT)]
