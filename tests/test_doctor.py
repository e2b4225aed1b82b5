"""`tabletop doctor`: a healthy Pi passes; each way a box can be broken is found and fixed.

The machine is a fake (`Pi`) that answers like a well set-up box; each test breaks one
thing and checks the verdict of that part, its fix, and the exit code.
"""

from __future__ import annotations

import argparse
import fnmatch
import os
from pathlib import Path

import pytest
from gpiozero import Device  # type: ignore[import-untyped]
from gpiozero.exc import BadPinFactory  # type: ignore[import-untyped]

from pi_app import doctor
from pi_app.bundled import bundled_path
from pi_app.config import Config
from pi_app.devices import DevicesError, MockRing, open_devices
from pi_app.devices.link import EXPECTED
from pi_app.doctor import FAIL, OK, SKIP, WARN, Machine, Verdict
from pi_app.i18n import set_language
from pi_app.wifi.hotspot import DROPIN, dropin_text

NM_RUNNING = ("nmcli", "-t", "-f", "RUNNING", "general")
NM_DEVICES = ("nmcli", "-t", "-f", "DEVICE,TYPE,STATE,CONNECTION", "device", "status")
NM_ACTIVE = ("nmcli", "-t", "-f", "NAME,TYPE,DEVICE", "connection", "show", "--active")
UNIT_TEXT = bundled_path("systemd/tabletop.service").read_text(encoding="utf-8")
CARDS = (
    " 0 [Headphones     ]: bcm2835_headphon - bcm2835 Headphones\n"
    "                      bcm2835 Headphones\n"
)
"""ALSA's list of a Pi's sound cards (`/proc/asound/cards`)."""


class Pi(Machine):
    """A Raspberry Pi set up as docs/hardware-setup.md says (Raspberry Pi OS: its
    firmware's overlays are there)."""

    def __init__(self) -> None:
        super().__init__({"PATH": "/usr/bin"})
        self.pi = True
        self.files = {
            "/dev/dri/card1": True,
            "/dev/gpiochip0": True,
            "/dev/snd/pcmC0D0p": True,
            "/boot/firmware/overlays/vc4-kms-v3d.dtbo": True,
        }
        self.modules = {"lgpio"}
        self.ports: list[tuple[str, int | None, int | None]] = [("/dev/ttyACM0", 0x2E8A, 0x0005)]
        self.pico: tuple[tuple[int, ...] | None, bool] = (EXPECTED, False)
        self.texts = {
            "/proc/asound/cards": CARDS,
            doctor.UNIT: UNIT_TEXT,
            str(bundled_path("systemd/tabletop.service")): UNIT_TEXT,
            str(DROPIN): dropin_text(),
        }
        self.commands = {
            ("systemctl", "is-active", "tabletop"): (3, "inactive"),
            ("systemctl", "is-enabled", "tabletop"): (0, "enabled"),
            NM_RUNNING: (0, "running"),
            NM_DEVICES: (0, "wlan0:wifi:connected:Club\neth0:ethernet:unavailable:\n"),
            NM_ACTIVE: (0, "Club:802-11-wireless:wlan0\n"),
            ("nmcli", "-g", "IP4.ADDRESS", "device", "show", "wlan0"): (0, "192.168.1.9/24"),
        }
        self.writable = True
        self.free = 8 * 1024**3
        self.asked: list[str] = []
        self.programs = {
            "mosquitto": "/usr/sbin/mosquitto",
            "mosquitto_passwd": "/usr/bin/x",
            "espeak-ng": "/usr/bin/espeak-ng",
        }

    def is_pi(self) -> bool:
        return self.pi

    def glob(self, pattern: str) -> list[str]:
        return sorted(fnmatch.filter(self.files, pattern))

    def access(self, path: str, mode: int) -> bool:
        if path in self.files:
            return self.files[path]
        return self.writable

    def free_bytes(self, path: str) -> int:
        return self.free

    def can_import(self, module: str) -> bool:
        return module in self.modules

    def pin_factory(self) -> str:
        if "lgpio" not in self.modules:
            raise BadPinFactory("Unable to load any default pin factory!")
        return "lgpio"

    def serial_ports(self) -> list[tuple[str, int | None, int | None]]:
        return self.ports

    def ask_pico(self, port: str) -> tuple[tuple[int, ...] | None, bool]:
        self.asked.append(port)
        return self.pico

    def read_text(self, path: str) -> str | None:
        return self.texts.get(path)

    def run(self, command: list[str]) -> tuple[int, str] | None:
        return self.commands.get(tuple(command))

    def which(self, program: str) -> str | None:
        return self.programs.get(program)


@pytest.fixture(autouse=True)
def english() -> None:
    set_language("en")  # the verdicts below are checked in English; one test in French


@pytest.fixture
def config(tmp_path: Path) -> Config:
    made = Config()
    made.values["journal"] = str(tmp_path / "data" / "journal.sqlite3")
    return made


def _verdicts(machine: Machine, config: Config) -> dict[str, Verdict]:
    return {v.part: v for v in doctor.examine(machine, config)}


def _run(machine: Machine, config: Config, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = doctor.run(argparse.Namespace(), config, machine)
    return code, capsys.readouterr().out


def test_a_healthy_pi_passes_every_check(
    config: Config, capsys: pytest.CaptureFixture[str]
) -> None:
    pi = Pi()
    verdicts = _verdicts(pi, config)
    assert {part: v.status for part, v in verdicts.items()} == {
        "display": OK,
        "pins": OK,
        "Pico": OK,
        "journal": OK,
        "records": SKIP,  # no journal yet: the box makes it at its first start
        "sound": OK,
        "voice": OK,
        "service": OK,
        "tournament": OK,
        "wifi": OK,
    }
    assert verdicts["wifi"].said == "wlan0: on the known network Club"
    assert "kmsdrm on /dev/dri/card1" in verdicts["display"].said
    assert "bell GPIO17" in verdicts["pins"].said and "lgpio" in verdicts["pins"].said
    assert f"firmware {EXPECTED[1]}.{EXPECTED[2]}" in verdicts["Pico"].said
    assert pi.asked == ["/dev/ttyACM0"]
    assert verdicts["sound"].said == "1 output, /dev/snd/pcmC0D0p: bcm2835 Headphones"
    assert verdicts["voice"].said == "espeak-ng at /usr/bin/espeak-ng"
    code, out = _run(pi, config, capsys)
    assert code == 0 and "All is well." in out and "fix:" not in out


@pytest.mark.parametrize(
    ("part", "status", "breaks", "fix"),
    [
        ("display", FAIL, lambda m: m.files.pop("/dev/dri/card1"), "vc4-kms-v3d"),
        ("display", FAIL, lambda m: m.files.update({"/dev/dri/card1": False}), "video"),
        ("pins", FAIL, lambda m: m.files.update({"/dev/gpiochip0": False}), "gpio group"),
        ("pins", FAIL, lambda m: m.files.pop("/dev/gpiochip0"), "update"),
        ("pins", FAIL, lambda m: m.modules.clear(), "tabletop[pi]"),
        ("Pico", FAIL, lambda m: m.ports.clear(), "MicroPython"),
        ("Pico", FAIL, lambda m: setattr(m, "pico", ((1, 0, 9), False)), "firmware install"),
        ("Pico", FAIL, lambda m: setattr(m, "pico", (None, False)), "firmware install"),
        ("Pico", FAIL, lambda m: setattr(m, "pico", (None, True)), "firmware install"),
        ("journal", FAIL, lambda m: setattr(m, "writable", False), "write access"),
        ("journal", FAIL, lambda m: setattr(m, "free", 5 * 1024**2), "space"),
        ("journal", WARN, lambda m: setattr(m, "free", 100 * 1024**2), "space"),
        ("sound", WARN, lambda m: m.files.pop("/dev/snd/pcmC0D0p"), "speaker"),
        ("sound", WARN, lambda m: m.files.update({"/dev/snd/pcmC0D0p": False}), "audio group"),
        ("voice", WARN, lambda m: m.programs.pop("espeak-ng"), "apt install espeak-ng"),
        ("service", FAIL, lambda m: m.texts.pop(doctor.UNIT), "enable --now"),
        ("tournament", WARN, lambda m: m.programs.pop("mosquitto_passwd"), "install -y mosquitto"),
        ("wifi", WARN, lambda m: m.commands.pop(NM_RUNNING), "install -y network-manager"),
        ("wifi", WARN, lambda m: m.texts.pop(str(DROPIN)), "sudo tabletop wifi on"),
        (
            "wifi",
            WARN,
            lambda m: m.commands.update({NM_DEVICES: (0, "wlan0:wifi:disconnected:\n")}),
            "tabletop wifi on",
        ),
        (
            "service",
            FAIL,
            lambda m: m.texts.update({doctor.UNIT: UNIT_TEXT.replace("WatchdogSec=30", "")}),
            "systemctl",
        ),
        (
            "service",
            WARN,
            lambda m: m.commands.update({("systemctl", "is-enabled", "tabletop"): (1, "disabled")}),
            "enable --now",
        ),
        (
            "service",
            WARN,
            lambda m: m.texts.update(
                {doctor.UNIT: UNIT_TEXT.replace("RestartSec=2", "RestartSec=9")}
            ),
            "sudo cp",
        ),
    ],
)
def test_each_fault_is_found_with_its_fix(
    config: Config,
    capsys: pytest.CaptureFixture[str],
    part: str,
    status: str,
    breaks: object,
    fix: str,
) -> None:
    pi = Pi()
    breaks(pi)  # type: ignore[operator]
    verdicts = _verdicts(pi, config)
    assert verdicts[part].status == status, verdicts[part]
    assert verdicts[part].fix is not None and fix in verdicts[part].fix
    assert [v.part for v in verdicts.values() if v.status not in (OK, SKIP)] == [part]
    code, out = _run(pi, config, capsys)
    assert code == (1 if status == FAIL else 0)
    assert fix in out


def test_the_box_s_own_wifi_is_said_when_it_is_up(config: Config) -> None:
    pi = Pi()
    pi.commands[NM_DEVICES] = (0, "wlan0:wifi:connected:Tabletop-hotspot\n")
    pi.commands[NM_ACTIVE] = (0, "Tabletop-hotspot:802-11-wireless:wlan0\n")
    verdict = _verdicts(pi, config)["wifi"]
    assert (verdict.status, verdict.said) == (OK, "wlan0: the box's own Wi-Fi is on")
    pi.commands[NM_DEVICES] = (0, "eth0:ethernet:connected:Wired\n")
    verdict = _verdicts(pi, config)["wifi"]
    assert verdict.status == WARN and "no Wi-Fi device" in verdict.said
    config.values["wifi.hotspot"] = "never"
    pi.commands.pop(NM_RUNNING)
    assert _verdicts(pi, config)["wifi"].status == SKIP


def test_the_debian_package_s_unit_is_the_service(config: Config) -> None:
    """The package installs its unit in /lib, with its own paths: installed, not a fault."""
    pi = Pi()
    pi.texts.pop(doctor.UNIT)
    packaged = UNIT_TEXT.replace("/opt/tabletop/.venv/", "/usr/lib/tabletop/venv/")
    pi.texts[doctor.PACKAGED_UNIT] = packaged
    verdict = _verdicts(pi, config)["service"]
    assert (verdict.status, verdict.said) == (OK, "installed, watchdog 30"), verdict
    pi.texts[doctor.PACKAGED_UNIT] = packaged.replace("WatchdogSec=30", "")
    assert _verdicts(pi, config)["service"].status == FAIL
    pi.texts[doctor.UNIT] = UNIT_TEXT.replace("RestartSec=2", "RestartSec=9")
    verdict = _verdicts(pi, config)["service"]
    assert verdict.status == WARN and "differs" in verdict.said  # /etc's copy wins


def test_a_bad_pinout_fails_the_pins_and_skips_the_pico(config: Config, tmp_path: Path) -> None:
    pinout = tmp_path / "pinout.toml"
    pinout.write_text("[pi]\nbell = 17\nnext = 17\nundo = 22\n")
    config.values["pinout"] = str(pinout)
    verdicts = _verdicts(Pi(), config)
    assert verdicts["pins"].status == FAIL and "three different pins" in verdicts["pins"].said
    pinout.write_text("this is not toml = = =")
    verdicts = _verdicts(Pi(), config)
    assert verdicts["pins"].status == FAIL and verdicts["Pico"].status == SKIP


def test_the_running_box_is_not_disturbed(config: Config) -> None:
    pi = Pi()
    pi.commands[("systemctl", "is-active", "tabletop")] = (0, "active")
    verdict = _verdicts(pi, config)["Pico"]
    assert verdict.status == OK and "running box" in verdict.said
    assert pi.asked == []  # its serial port was left alone


def test_a_laptop_skips_what_only_a_pi_has(config: Config) -> None:
    laptop = Pi()
    laptop.pi = False
    laptop.files.clear()
    laptop.ports.clear()
    laptop.texts.pop(doctor.UNIT)
    verdicts = _verdicts(laptop, config)
    assert verdicts["display"].status == WARN  # no screen: says how to run headless
    assert {verdicts[p].status for p in ("pins", "Pico", "service")} == {SKIP}


def test_the_verdicts_are_in_the_reader_s_language(
    config: Config, capsys: pytest.CaptureFixture[str]
) -> None:
    set_language("fr")
    pi = Pi()
    pi.ports.clear()
    code, out = _run(pi, config, capsys)
    assert code == 1 and "aucun Pico trouvé" in out and "à corriger" in out


def test_doctor_runs_on_this_machine(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from pi_app.cli import main

    code = main(["--lang", "en", "--journal", str(tmp_path / "j.sqlite3"), "doctor"])
    out = capsys.readouterr().out
    for part in ("display", "pins", "Pico", "journal", "sound", "service"):
        assert f" {part} " in out
    assert code in (0, 1) and ("problem" in out or "warning" in out or "All is well" in out)
    assert os.path.exists(tmp_path) and "j.sqlite3" in out


def test_a_screen_not_connected_is_named_with_its_cable(config: Config) -> None:
    """A loose ribbon or HDMI cable: the DRM device is there, its connectors say
    "disconnected" (the box's service then plays on with its phones)."""
    pi = Pi()
    for connector in ("card1-DSI-1", "card1-HDMI-A-1"):
        path = f"/sys/class/drm/{connector}/status"
        pi.files[path] = True
        pi.texts[path] = "disconnected\n"
    verdict = _verdicts(pi, config)["display"]
    assert verdict.status == FAIL and "no screen is connected" in verdict.said
    assert "card1-DSI-1" in verdict.said and "cable" in (verdict.fix or "")
    pi.texts["/sys/class/drm/card1-HDMI-A-1/status"] = "connected\n"
    assert _verdicts(pi, config)["display"].status == OK


def test_a_missing_kms_overlay_is_named(config: Config) -> None:
    pi = Pi()
    del pi.files["/dev/dri/card1"]
    pi.texts["/boot/firmware/config.txt"] = "[all]\n# dtoverlay=vc4-kms-v3d\narm_64bit=1\n"
    verdict = _verdicts(pi, config)["display"]
    assert verdict.status == FAIL and "overlay is missing" in verdict.said
    assert "/boot/firmware/config.txt" in verdict.said
    pi.texts["/boot/firmware/config.txt"] = "[all]\ndtoverlay=vc4-kms-v3d\n"
    verdict = _verdicts(pi, config)["display"]
    assert verdict.status == FAIL and "no DRM device" in verdict.said  # another cause
    assert "overlay" not in verdict.said


class PinsOfTheService(Pi):
    """The Pi above, but its pins built as the box's service builds them."""

    def pin_factory(self) -> str:
        return Machine.pin_factory(self)


@pytest.fixture
def no_pin_factory_loads(monkeypatch: pytest.MonkeyPatch) -> None:
    """gpiozero as in QEMU's raspi3b: lgpio imports, yet no default factory loads."""

    def fails() -> None:
        raise BadPinFactory("Unable to load any default pin factory!")

    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.setattr(Device, "_default_pin_factory", staticmethod(fails))


def test_doctor_builds_the_pins_the_service_builds(
    config: Config, no_pin_factory_loads: None
) -> None:
    config.values["hardware"] = "pi"
    with pytest.raises(DevicesError) as service:
        open_devices(config, ring_backend=MockRing())
    assert "Unable to load any default pin factory" in str(service.value)
    verdict = _verdicts(PinsOfTheService(), config)["pins"]
    assert verdict.status == FAIL, verdict
    assert "Unable to load any default pin factory" in verdict.said
    assert "lgpio" not in verdict.said.replace("Unable", "")  # no "through lgpio"


def test_the_pins_the_service_builds_are_named(
    config: Config, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gpiozero.pins.mock import MockFactory  # type: ignore[import-untyped]

    monkeypatch.setattr(Device, "pin_factory", MockFactory())
    verdict = _verdicts(PinsOfTheService(), config)["pins"]
    assert (verdict.status, verdict.said.split(" through ")[-1]) == (OK, "mock")


def _journal_with_a_game(path: Path) -> None:
    from pi_app.table.journal import Journal

    journal = Journal(path)
    journal.begin_game("gambit7", {"seats": ["Ana", "Bo", "Cy"]})
    journal.close()


def test_an_admin_s_doctor_reads_the_box_s_journal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Run by an admin user, the doctor reads the journal of the service (the unit's
    XDG_DATA_HOME), not one in the admin's own data folder."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "admin"))
    box = tmp_path / "var-lib-tabletop"
    _journal_with_a_game(box / "tabletop" / "journal.sqlite3")
    pi = Pi()
    pi.texts[doctor.UNIT] = UNIT_TEXT.replace("=/var/lib/tabletop", f"={box}")
    verdicts = _verdicts(pi, Config())
    assert f"{box}/tabletop/journal.sqlite3" in verdicts["journal"].said
    assert (verdicts["records"].status, verdicts["records"].said.split(";")[0]) == (OK, "1 game")
    shown = (0, f"XDG_DATA_HOME={tmp_path / 'drop-in'} SDL_VIDEODRIVER=kmsdrm")
    pi.commands[("systemctl", "show", "--property=Environment", "--value", "tabletop")] = shown
    assert str(tmp_path / "drop-in") in _verdicts(pi, Config())["journal"].said  # systemd's
    configured = Config()
    configured.values["journal"] = str(tmp_path / "set" / "journal.sqlite3")
    assert str(tmp_path / "set") in _verdicts(pi, configured)["journal"].said


def test_the_unit_s_data_folder_is_the_box_s_journal_folder() -> None:
    assert doctor.service_environment(Pi())["XDG_DATA_HOME"] == "/var/lib/tabletop"
    assert doctor.box_journal(Pi(), Config()) == Path("/var/lib/tabletop/tabletop/journal.sqlite3")


def test_the_card_image_s_display_advice_fits_its_kernel(config: Config) -> None:
    """The image (Debian's kernel, raspi-firmware, no overlays): an overlay line does
    nothing there, so the advice is what works there, and where the rest works."""
    image = Pi()
    del image.files["/dev/dri/card1"]
    del image.files["/boot/firmware/overlays/vc4-kms-v3d.dtbo"]
    image.texts["/boot/firmware/config.txt"] = "[all]\narm_64bit=1\n"  # raspi-firmware's
    verdict = _verdicts(image, config)["display"]
    assert verdict.status == FAIL and "overlay" not in verdict.said
    assert verdict.fix is not None and "dtoverlay" not in verdict.fix
    assert "HDMI" in verdict.fix and "Pi 3 or 4" in verdict.fix
    assert "Raspberry Pi OS" in verdict.fix
    image.files["/boot/overlays/vc4-kms-v3d.dtbo"] = True  # Raspberry Pi OS before bookworm
    verdict = _verdicts(image, config)["display"]
    assert verdict.fix is not None and "dtoverlay=vc4-kms-v3d" in verdict.fix
