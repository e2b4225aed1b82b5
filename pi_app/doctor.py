"""`tabletop doctor`: the whole box checked, each part with a plain verdict and its fix.

The parts are those that stop a box on a real table: the display driver, the GPIO pins,
the Pico and its firmware, the journal's folder, the sound device, the systemd
service with its watchdog, Mosquitto for tournaments and the Wi-Fi phones join on.
Every look at the machine goes through `Machine`, so each verdict can be tested with a
machine that fails in exactly one way.
"""

from __future__ import annotations

import argparse
import glob
import importlib.util
import os
import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from pi_app import __version__
from pi_app.bundled import bundled_path
from pi_app.config import Config, default_journal_path
from pi_app.i18n import N_, Translator

_ = Translator("core")

OK, WARN, FAIL, SKIP = "ok", "warn", "fail", "skip"
MARKS = {OK: "✔", WARN: "!", FAIL: "✘", SKIP: "–"}
UNIT = "/etc/systemd/system/tabletop.service"
# The Debian package's unit (deb/build.py): its paths are the package's, not the
# bundled unit's, and the package keeps it current, so it is not compared.
PACKAGED_UNIT = "/lib/systemd/system/tabletop.service"
LOW_SPACE, TOO_LITTLE_SPACE = 200 * 1024**2, 20 * 1024**2  # bytes free in the journal's folder


# Each part's name on screen (the verdicts keep the key, for scripts and tests).
LABELS = {
    "display": N_("display"),
    "pins": N_("pins"),
    "Pico": N_("Pico"),
    "journal": N_("journal"),
    "records": N_("games"),
    "sound": N_("sound"),
    "voice": N_("voice"),
    "service": N_("service"),
    "tournament": N_("tournament"),
    "wifi": N_("Wi-Fi"),
}


@dataclass(frozen=True)
class Verdict:
    """One part of the box: how it is, what was found, and what to do about it."""

    part: str
    status: str
    said: str
    fix: str | None = None


class Machine:
    """What the doctor looks at on this machine; tests replace what they need."""

    def __init__(self, environ: Mapping[str, str] | None = None) -> None:
        self.environ = dict(os.environ if environ is None else environ)

    def is_pi(self) -> bool:
        from pi_app.headless import is_raspberry_pi

        return is_raspberry_pi()

    def glob(self, pattern: str) -> list[str]:
        return sorted(glob.glob(pattern))

    def access(self, path: str, mode: int) -> bool:
        return os.access(path, mode)

    def free_bytes(self, path: str) -> int:
        return shutil.disk_usage(path).free

    def can_import(self, module: str) -> bool:
        try:
            return importlib.util.find_spec(module) is not None
        except (ImportError, ValueError):
            return False

    def serial_ports(self) -> list[tuple[str, int | None, int | None]]:
        from serial.tools import list_ports  # type: ignore[import-untyped]

        return [(p.device, p.vid, p.pid) for p in list_ports.comports()]

    def ask_pico(self, port: str) -> tuple[tuple[int, ...] | None, bool]:
        from pi_app.firmware import ask_version

        return ask_version(port)

    def read_text(self, path: str) -> str | None:
        try:
            return Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return None

    def which(self, program: str) -> str | None:
        """Where `program` is on this machine, or None."""
        return shutil.which(program) or next(
            (p for p in (f"/usr/sbin/{program}",) if os.path.exists(p)), None
        )

    def pin_factory(self) -> str:
        """Build the pin factory the box's service builds (`devices.pins`, the same
        function) and name it; raises what the service meets."""
        from pi_app.devices.pins import box_pin_factory, factory_name

        return factory_name(box_pin_factory())

    def run(self, command: list[str]) -> tuple[int, str] | None:
        """A command's exit code and output; None when it is not on this machine."""
        if shutil.which(command[0]) is None:
            return None
        done = subprocess.run(command, capture_output=True, text=True, check=False, timeout=10)
        return done.returncode, done.stdout.strip()


def check_display(machine: Machine, config: Config) -> Verdict:
    """The SDL video driver the box will ask for, and whether it can open the screen."""
    from pi_app.headless import choose_video_driver, headless_message

    part = "display"
    env = machine.environ
    if env.get("SDL_VIDEODRIVER") and env["SDL_VIDEODRIVER"] != "kmsdrm":
        return Verdict(
            part, OK, _("SDL_VIDEODRIVER={driver}").format(driver=env["SDL_VIDEODRIVER"])
        )
    if env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"):
        return Verdict(part, OK, _("a desktop session: SDL opens a window"))
    if choose_video_driver(env, machine.is_pi()) != "kmsdrm":
        return Verdict(part, WARN, _("no display and not a Raspberry Pi"), headless_message())
    cards = machine.glob("/dev/dri/card*")
    if not cards:
        return _no_drm_device(machine)
    usable = [card for card in cards if machine.access(card, os.R_OK | os.W_OK)]
    if not usable:
        return Verdict(
            part,
            FAIL,
            _("kmsdrm, but {card} cannot be opened").format(card=cards[0]),
            _("add the user to the video and render groups (the systemd unit does)"),
        )
    connectors = {
        path: (machine.read_text(path) or "").strip()
        for path in machine.glob("/sys/class/drm/card*-*/status")
    }
    if connectors and "connected" not in connectors.values():
        return Verdict(
            part,
            FAIL,
            _("kmsdrm, but no screen is connected to {connectors}").format(
                connectors=", ".join(path.split("/")[-2] for path in connectors)
            ),
            _("check the screen's ribbon or HDMI cable and its power, then restart the box"),
        )
    return Verdict(part, OK, _("kmsdrm on {card}").format(card=usable[0]))


BOOT_CONFIGS = ("/boot/firmware/config.txt", "/boot/config.txt")
"""Where a Raspberry Pi's firmware reads its configuration (bookworm's place first)."""
OVERLAYS = ("/boot/firmware/overlays/*.dtbo", "/boot/overlays/*.dtbo")
"""The device-tree overlays Raspberry Pi OS's firmware loads; Debian's kernel with
`raspi-firmware` (the card image) has none, so `dtoverlay=` lines do nothing there."""


def _no_drm_device(machine: Machine) -> Verdict:
    """No DRM device: on a Pi whose config.txt names no KMS overlay, that is the cause.
    On a Pi without overlays (the card image: Debian's kernel) an overlay cannot help:
    that system drives HDMI screens on a Pi 3 or 4, and nothing else."""
    fix = _("enable the KMS driver: dtoverlay=vc4-kms-v3d in /boot/firmware/config.txt, reboot")
    if machine.is_pi() and not any(machine.glob(pattern) for pattern in OVERLAYS):
        fix = _(
            "this system (Debian's kernel, no overlays) drives HDMI screens on a Pi 3 or 4: "
            "check the HDMI cable and the screen's power, then restart; the official touch "
            "display, SPI screens and the Pi 5 need Raspberry Pi OS Lite (64-bit) with the "
            "tabletop package"
        )
        return Verdict("display", FAIL, _("kmsdrm, but no DRM device (/dev/dri/card*)"), fix)
    for path in BOOT_CONFIGS if machine.is_pi() else ():
        text = machine.read_text(path)
        if text is None:
            continue
        if not any(_overlay_line(line) for line in text.splitlines()):
            said = _("no DRM device: the KMS overlay is missing from {path}").format(path=path)
            return Verdict("display", FAIL, said, fix)
        break
    return Verdict("display", FAIL, _("kmsdrm, but no DRM device (/dev/dri/card*)"), fix)


def _overlay_line(line: str) -> bool:
    """Whether a config.txt line turns the KMS driver on (not a comment)."""
    setting = line.split("#", 1)[0].strip().replace(" ", "")
    return setting.startswith("dtoverlay=vc4-kms-v3d") or setting.startswith(
        "dtoverlay=vc4-fkms-v3d"
    )


def check_pins(machine: Machine, config: Config) -> Verdict:
    """The pinout file (its pins are checked as it is read), and access to the GPIO chip."""
    from pi_app.devices.pinout import PinoutError, load_pinout

    part = "pins"
    try:
        pinout = load_pinout(config["pinout"])
    except PinoutError as error:
        return Verdict(part, FAIL, str(error), _("correct the pinout file, or remove the setting"))
    pins = {_("bell"): pinout.bell, _("next"): pinout.next, _("undo"): pinout.undo}
    listed = ", ".join(f"{name} GPIO{pin}" for name, pin in pins.items())
    if not machine.is_pi():
        return Verdict(part, SKIP, _("not a Raspberry Pi: {pins} simulated").format(pins=listed))
    chips = machine.glob("/dev/gpiochip*")
    if not chips:
        return Verdict(part, FAIL, _("no GPIO chip (/dev/gpiochip*)"), _("update Raspberry Pi OS"))
    if not any(machine.access(chip, os.R_OK | os.W_OK) for chip in chips):
        return Verdict(
            part,
            FAIL,
            _("{chip} cannot be opened").format(chip=chips[0]),
            _("add the user to the gpio group (sudo adduser $USER gpio), then log in again"),
        )
    if not any(machine.can_import(name) for name in ("lgpio", "RPi.GPIO")):
        return Verdict(
            part,
            FAIL,
            _("no GPIO backend for gpiozero"),
            _("install the pi extra: pip install 'tabletop[pi]'"),
        )
    try:  # a library that imports may still not load on this kernel: as the service does
        backend = machine.pin_factory()
    except Exception as error:
        return Verdict(
            part,
            FAIL,
            _("gpiozero makes no pins here, nor in the service: {error}").format(error=error),
            _(
                "the box plays on without its bell and buttons: check the kernel's GPIO "
                "driver and the lgpio library"
            ),
        )
    return Verdict(part, OK, _("{pins} through {backend}").format(pins=listed, backend=backend))


def _service_active(machine: Machine) -> bool:
    answer = machine.run(["systemctl", "is-active", "tabletop"])
    return answer is not None and answer[1] == "active"


def check_pico(machine: Machine, config: Config) -> Verdict:
    """The Pico found by its USB ids, and its firmware release against this package's."""
    from pi_app.devices.link import EXPECTED
    from pi_app.devices.pinout import PinoutError, load_pinout
    from pi_app.devices.ring import release

    part = "Pico"
    try:
        pinout = load_pinout(config["pinout"])
    except PinoutError:
        return Verdict(part, SKIP, _("the pinout cannot be read (see pins)"))
    ids = f"{pinout.usb_vid:04x}:{pinout.usb_pid:04x}"
    ports = [
        d
        for d, vid, pid in machine.serial_ports()
        if (vid, pid) == (pinout.usb_vid, pinout.usb_pid)
    ]
    if not ports:
        if not machine.is_pi():
            return Verdict(
                part, SKIP, _("no Pico ({ids}): the ring is drawn on screen").format(ids=ids)
            )
        return Verdict(
            part,
            FAIL,
            _("no Pico found by its USB ids {ids}").format(ids=ids),
            _("plug the Pico in (data cable), put MicroPython on it, “tabletop firmware install”"),
        )
    if _service_active(machine):
        return Verdict(
            part,
            OK,
            _("on {port}; the running box holds it and checks its firmware (see its log)").format(
                port=ports[0]
            ),
        )
    version, refused = machine.ask_pico(ports[0])
    if version is None:
        return Verdict(
            part,
            FAIL,
            _("on {port}, but it does not answer").format(port=ports[0])
            if not refused
            else _("on {port}, speaking another protocol").format(port=ports[0]),
            "tabletop firmware install",
        )
    if tuple(version) != EXPECTED:
        return Verdict(
            part,
            FAIL,
            _("on {port}, firmware {pico}; this package carries {ours}").format(
                port=ports[0], pico=release(version), ours=release(EXPECTED)
            ),
            "tabletop firmware install",
        )
    return Verdict(
        part, OK, _("on {port}, firmware {pico}").format(port=ports[0], pico=release(version))
    )


def box_journal(machine: Machine, config: Config) -> Path:
    """The journal the box's service keeps, whoever runs the doctor (an admin's own
    data folder holds none): the configured one (`journal =` in /etc/tabletop, or
    `--journal`), else the one in the service's XDG_DATA_HOME (/var/lib/tabletop),
    else this user's."""
    if config.values["journal"]:
        return config.journal_path
    data = service_environment(machine).get("XDG_DATA_HOME")
    return default_journal_path({"XDG_DATA_HOME": data}) if data else config.journal_path


def service_environment(machine: Machine) -> dict[str, str]:
    """The service's `Environment=`: as systemd has it (drop-ins too), else as its
    unit file says; empty when no unit is installed."""
    shown = machine.run(["systemctl", "show", "--property=Environment", "--value", "tabletop"])
    lines = [shown[1]] if shown is not None and shown[0] == 0 and shown[1] else []
    if not lines:
        text = machine.read_text(UNIT) or machine.read_text(PACKAGED_UNIT) or ""
        lines = [
            value
            for key, value in (_unit_line(line) for line in text.splitlines())
            if key == "Environment"
        ]
    found: dict[str, str] = {}
    for line in lines:
        for word in shlex.split(line):
            name, equals, value = word.partition("=")
            if equals:
                found[name] = value
    return found


def check_journal(machine: Machine, config: Config) -> Verdict:
    """The journal's folder: writable, with room to grow."""
    part = "journal"
    path = box_journal(machine, config)
    folder = path.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent  # the journal makes missing folders: the first one there counts
    if not machine.access(str(folder), os.W_OK):
        return Verdict(
            part,
            FAIL,
            _("{folder} cannot be written to").format(folder=folder),
            _("give the box's user write access, or set journal = in the configuration"),
        )
    free = machine.free_bytes(str(folder))
    said = _("{path}: {free} MB free").format(path=path, free=free // 1024**2)
    if free < TOO_LITTLE_SPACE:
        return Verdict(part, FAIL, said, _("free some space on the card"))
    if free < LOW_SPACE:
        return Verdict(part, WARN, said, _("free some space on the card"))
    return Verdict(part, OK, said)


def check_records(machine: Machine, config: Config) -> Verdict:
    """Every game of the journal reads; each row that does not is named, with why (it
    costs its own game only: the box lists it as unreadable and plays on)."""
    from pi_app.table import backups
    from pi_app.table.journal import Journal
    from pi_app.table.readable import unreadable

    part = "records"
    path = box_journal(machine, config)
    if not path.exists():
        return Verdict(part, SKIP, _("no journal yet"))
    journal = Journal(path, keep_backups=False)
    try:
        games, bad, problem = len(journal.games()), unreadable(journal), journal.error
    finally:
        journal.close()
    kept = len(backups.listed(path))
    said = "; ".join(
        (
            _.plural("{count} game", "{count} games", games).format(count=games),
            _.plural("{count} backup", "{count} backups", kept).format(count=kept),
        )
    )
    if problem is not None:
        return Verdict(part, FAIL, f"{said}\n    {problem}", "tabletop export")
    if bad:
        lines = [said] + [
            "    "
            + _("game {id} ({game}) cannot be read: {why}").format(
                id=entry.id, game=entry.game, why=why
            )
            for entry, why in bad
        ]
        fix = _("the other games play and export as always; the rows are kept as they are")
        return Verdict(part, WARN, "\n".join(lines), fix)
    return Verdict(part, OK, said)


def check_sound(machine: Machine, config: Config) -> Verdict:
    """A device to play the bell's and the timer's sounds on."""
    part = "sound"
    if config["sound.mute"]:
        return Verdict(part, SKIP, _("muted in the configuration"))
    if machine.environ.get("SDL_AUDIODRIVER") == "dummy":
        return Verdict(part, SKIP, _("SDL_AUDIODRIVER=dummy: no sound on purpose"))
    outputs = machine.glob("/dev/snd/pcmC*D*p")
    if not outputs:
        return Verdict(
            part,
            WARN,
            _("no sound output: the box plays silently"),
            _("plug in a speaker or a USB sound card (on a Pi: dtparam=audio=on)"),
        )
    if not machine.access(outputs[0], os.R_OK | os.W_OK):
        return Verdict(
            part,
            WARN,
            _("{device} cannot be opened").format(device=outputs[0]),
            _("add the user to the audio group (the systemd unit does)"),
        )
    card = card_name(machine, outputs[0])
    if card is None:
        said = _.plural("{count} output, {device}", "{count} outputs, first {device}", len(outputs))
    else:
        said = _.plural(
            "{count} output, {device}: {card}",
            "{count} outputs, first {device}: {card}",
            len(outputs),
        )
    return Verdict(part, OK, said.format(count=len(outputs), device=outputs[0], card=card))


def card_name(machine: Machine, output: str) -> str | None:
    """The sound card of `output` (`/dev/snd/pcmC0D0p`) as ALSA names it
    (`bcm2835 Headphones`), or None when ALSA does not say."""
    found = re.search(r"pcmC(\d+)D", output)
    listing = machine.read_text("/proc/asound/cards") or ""
    for line in listing.splitlines():
        number, _bracket, rest = line.strip().partition(" [")
        if found and number == found.group(1) and " - " in rest:
            return rest.split(" - ", 1)[1].strip() or None
    return None


def check_voice(machine: Machine, config: Config) -> Verdict:
    """The synthesiser the box speaks with (`effects.voice.render`)."""
    from pi_app.effects.voice.render import PROGRAM

    part = "voice"
    if config["sound.mute"]:
        return Verdict(part, SKIP, _("muted in the configuration"))
    found = machine.which(PROGRAM)
    if found is None:
        return Verdict(
            part,
            WARN,
            _("espeak-ng is missing: the box plays its sounds but says nothing"),
            _("sudo apt install espeak-ng"),
        )
    return Verdict(part, OK, _("espeak-ng at {path}").format(path=found))


def check_service(machine: Machine, config: Config) -> Verdict:
    """The systemd unit that starts the box at power-on, and its watchdog."""
    part = "service"
    bundled = bundled_path("systemd/tabletop.service")
    install = _(
        "sudo cp {unit} /etc/systemd/system/ && sudo systemctl daemon-reload && "
        "sudo systemctl enable --now tabletop"
    ).format(unit=bundled)
    text = machine.read_text(UNIT)
    packaged = text is None and machine.read_text(PACKAGED_UNIT) is not None
    if packaged:
        text = machine.read_text(PACKAGED_UNIT)
    if text is None:
        status = FAIL if machine.is_pi() else SKIP
        return Verdict(part, status, _("{unit} is not installed").format(unit=UNIT), install)
    settings = _unit_settings(text)
    if settings.get("Type") != "notify" or not settings.get("WatchdogSec"):
        return Verdict(
            part, FAIL, _("the unit has no watchdog (Type=notify, WatchdogSec)"), install
        )
    enabled = machine.run(["systemctl", "is-enabled", "tabletop"])
    if enabled is not None and enabled[1] != "enabled":
        return Verdict(
            part,
            WARN,
            _("installed, watchdog {seconds}, but not started at power-on").format(
                seconds=settings["WatchdogSec"]
            ),
            "sudo systemctl enable --now tabletop",
        )
    same = packaged or machine.read_text(str(bundled)) == text
    said = _("installed, watchdog {seconds}").format(seconds=settings["WatchdogSec"])
    if not same:
        return Verdict(part, WARN, said + _("; it differs from this package's unit"), install)
    return Verdict(part, OK, said)


def check_tournament(machine: Machine, config: Config) -> Verdict:
    """Mosquitto, which this box starts when it creates a tournament across boxes."""
    part = "tournament"
    broker = str(config["tournament.broker"])
    if broker:
        return Verdict(
            part,
            SKIP,
            _("the broker at {host}:{port} serves the tournaments").format(
                host=broker, port=config["tournament.port"]
            ),
        )
    missing = [p for p in ("mosquitto", "mosquitto_passwd") if machine.which(p) is None]
    if missing:
        return Verdict(
            part,
            WARN,
            _("{programs} missing: this box can join a tournament, not create one").format(
                programs=", ".join(missing)
            ),
            "sudo apt-get install -y mosquitto",
        )
    return Verdict(
        part,
        OK,
        _("Mosquitto ready for a tournament across boxes (port {port})").format(
            port=config["tournament.port"]
        ),
    )


def check_wifi(machine: Machine, config: Config) -> Verdict:
    """NetworkManager, a Wi-Fi device, and the network phones join the box on."""
    from pi_app.wifi.hotspot import DROPIN, MISSING, NetworkManager

    def runner(argv: Sequence[str]) -> tuple[int, str]:
        return machine.run(list(argv)) or (MISSING, "")

    part = "wifi"
    setting = str(config["wifi.hotspot"])
    status = NetworkManager(config.journal_path.parent, runner).status()
    if not status.nmcli:
        return Verdict(
            part,
            SKIP if setting == "never" else WARN,
            _("NetworkManager (nmcli) is not running: the box cannot make its own Wi-Fi"),
            "sudo apt-get install -y network-manager",
        )
    if status.device is None:
        return Verdict(part, WARN, _("no Wi-Fi device: the box cannot make its own Wi-Fi"))
    if status.hotspot:
        said = _("{device}: the box's own Wi-Fi is on").format(device=status.device)
    elif status.network:
        said = _("{device}: on the known network {network}").format(
            device=status.device, network=status.network
        )
    else:
        said = _("{device}: no known network, the box's own Wi-Fi is off").format(
            device=status.device
        )
    if setting != "never" and machine.read_text(str(DROPIN)) is None:
        return Verdict(
            part,
            WARN,
            _("{said}; {file} is missing: phones do not land on the game").format(
                said=said, file=DROPIN
            ),
            "sudo tabletop wifi on",
        )
    if status.hotspot or status.network:
        return Verdict(part, OK, said)
    return Verdict(part, WARN, said, "tabletop wifi on")


def _unit_settings(text: str) -> dict[str, str]:
    """`Key=value` lines of a systemd unit (the last one wins, as in systemd)."""
    settings = {}
    for line in text.splitlines():
        key, value = _unit_line(line)
        if key:
            settings[key] = value
    return settings


def _unit_line(line: str) -> tuple[str, str]:
    """A unit's line as (key, value); ("", "") for a comment or a line without `=`."""
    key, equals, value = line.partition("=")
    if not equals or line.lstrip().startswith(("#", ";")):
        return ("", "")
    return (key.strip(), value.strip())


CHECKS: tuple[Callable[[Machine, Config], Verdict], ...] = (
    check_display,
    check_pins,
    check_pico,
    check_journal,
    check_records,
    check_sound,
    check_voice,
    check_service,
    check_tournament,
    check_wifi,
)


def examine(machine: Machine, config: Config) -> list[Verdict]:
    """Every check; a check that breaks is itself a failed verdict, never a traceback."""
    verdicts = []
    for check in CHECKS:
        try:
            verdicts.append(check(machine, config))
        except Exception as error:
            name = check.__name__.removeprefix("check_")
            verdicts.append(Verdict(name, FAIL, _("the check failed: {error}").format(error=error)))
    return verdicts


def report(verdicts: list[Verdict]) -> str:
    """The verdicts as lines: a mark, the part, what was found, and the fix below."""
    labels = [_(LABELS.get(v.part, v.part)) for v in verdicts]
    width = max(len(label) for label in labels)
    lines = []
    for verdict, label in zip(verdicts, labels, strict=True):
        lines.append(f"{MARKS[verdict.status]} {label:<{width}}  {verdict.said}")
        if verdict.fix and verdict.status in (WARN, FAIL):
            lines.append(" " * (width + 4) + _("fix: {fix}").format(fix=verdict.fix))
    return "\n".join(lines)


def run(args: argparse.Namespace, config: Config, machine: Machine | None = None) -> int:
    """The `doctor` command: 0 when nothing fails, 1 otherwise."""
    verdicts = examine(machine or Machine(), config)
    print(
        _("tabletop {version}, files in {folder}").format(
            version=__version__, folder=bundled_path("firmware").parent
        )
    )
    print(report(verdicts))
    failed = sum(v.status == FAIL for v in verdicts)
    warned = sum(v.status == WARN for v in verdicts)
    if failed:
        print(
            _.plural("{count} problem to fix.", "{count} problems to fix.", failed).format(
                count=failed
            )
        )
    elif warned:
        print(
            _.plural(
                "Nothing fails; {count} warning.", "Nothing fails; {count} warnings.", warned
            ).format(count=warned)
        )
    else:
        print(_("All is well."))
    sys.stdout.flush()
    return 1 if failed else 0
