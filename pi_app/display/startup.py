"""Starting the table app on a machine: the display, the devices, the phones, the loop.

The parts are built first and passed into `App` (the devices' ring and bell, the
phones' hub and panel), as gpiozero composes a device from parts: nothing is assigned
onto the app once it is built. Each part that cannot open leaves the box working
without it (the keyboard for missing pins, no phones for a taken port), and says why.
"""

from __future__ import annotations

import logging
import os
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from pi_app.display.app import App, build_app
from pi_app.display.intents import post, wake
from pi_app.display.phones_panel import PhonesPanel
from pi_app.headless import (
    choose_video_driver,
    headless_message,
    is_raspberry_pi,
    is_service,
    nothing_to_show,
)
from pi_app.i18n import Translator
from pi_app.starting import JournalOpening, Stop
from pi_app.table import Journal

if TYPE_CHECKING:
    from pi_app.box.jobs import Jobs
    from pi_app.display.devices import WiredDevices
    from pi_app.web.hub import Hub
    from pi_app.web.server import PhoneServer
    from pi_app.wifi.hotspot import Hotspot

log = logging.getLogger(__name__)
_ = Translator("display")
PORTAL_PORT = 80  # the systems' connectivity checks are plain HTTP (docs/WIFI.md)


def _notifier() -> Callable[[str], None] | None:
    """The devices package's systemd notifier (harmless when not under systemd)."""
    try:
        from pi_app.devices import sdnotify
    except ImportError:
        return None

    def notify(message: str) -> None:
        sdnotify.notify(message)

    return notify


def _is_box(config: Any) -> bool:
    """Whether this is the box (a Pi): a laptop running the app for a try keeps its
    Wi-Fi, unless `wifi.hotspot = "always"` asks for the hotspot anyway."""
    hardware = config["hardware"]
    return hardware == "pi" or (hardware == "auto" and is_raspberry_pi())


class Phones:
    """The phones' side as started: its panel (None when phones cannot join), what
    closes it, and why it could not start."""

    def __init__(self) -> None:
        self.panel: PhonesPanel | None = None
        self.closers: list[Callable[[], None]] = []
        self.problem: str | None = None
        self.hotspot: Hotspot | None = None  # the box's own Wi-Fi, once it is up
        self.open_portal: Callable[[Hotspot], None] | None = None
        """Answers the phones' checks on the box's own Wi-Fi (port 80 of its address)."""
        self.server: PhoneServer | None = None
        self.hub: Hub | None = None


def _open_portal(server: PhoneServer, made: Hotspot) -> None:
    """Port 80 of the box's own Wi-Fi: a port that cannot be had is logged, the box
    plays on (phones then type the game's address, or scan its code)."""
    try:
        server.open_portal(made.address, PORTAL_PORT)
    except (OSError, TimeoutError) as error:
        log.warning("port %s of the box's own Wi-Fi: %s", PORTAL_PORT, error)


def start_wifi(config: Any, server: PhoneServer, started: Phones, jobs: Jobs) -> None:
    """The box's own Wi-Fi as `wifi.hotspot` says, as a job (it waits up to 30 s for a
    known network): once it is up, port 80 answers the phones' checks and the QR panel
    shows the network's code first."""
    from pi_app.wifi.hotspot import NetworkManager, decide

    setting = str(config["wifi.hotspot"])
    if setting == "never" or (setting == "when-no-network" and not _is_box(config)):
        return

    def bring_up() -> Hotspot | None:
        made = decide(setting, NetworkManager(config.journal_path.parent))
        if made is not None:
            _open_portal(server, made)
        return made

    def up(made: Hotspot | None) -> None:
        if made is None:
            return
        started.hotspot = made
        if started.panel is not None:
            started.panel.hotspot = made

    jobs.run(bring_up, up)


def start_phones(config: Any) -> Phones:
    """The phones' hub, panel and server at once (`prepare_phones`, `serve_phones`)."""
    started = prepare_phones(config)
    serve_phones(config, started)
    return started


def prepare_phones(config: Any) -> Phones:
    """The phones' hub and QR panel, with no server yet: all the first frame needs
    (the server and its web framework come after it, `serve_phones`).

    The join links name the box's addresses (the default route's first, in the QR
    code) and then `<hostname>.local`.
    """
    started = Phones()
    if not config["phones.enabled"]:
        return started
    from pi_app.box.seats import SeatBook
    from pi_app.web.host_key import HostKey
    from pi_app.web.hub import Hub
    from pi_app.web.reach import JoinLinks, Reach

    seats = SeatBook(config.journal_path.with_name("phones.json"))
    started.hub = Hub(seats, HostKey.beside(config.journal_path))
    started.panel = PhonesPanel(started.hub, JoinLinks(Reach(), int(config["phones.port"])))
    return started


def serve_phones(config: Any, started: Phones) -> None:
    """Open the phones' server for the prepared hub; the box works on without it (the
    panel then offers no code), and a watcher redraws an open panel when the box's
    addresses change."""
    panel, hub = started.panel, started.hub
    if panel is None or hub is None:
        return
    from pi_app.web.reach import JoinLinks, watch
    from pi_app.web.server import PhoneServer

    server = PhoneServer(hub, port=int(config["phones.port"]))
    try:
        port = server.start()
    except OSError as error:
        log.warning("phones cannot join: port %s: %s", config["phones.port"], error)
        started.problem = _("Phones cannot join: port {port} is taken.").format(
            port=config["phones.port"]
        )
        panel.serving = False
        return
    links = panel.links
    if isinstance(links, JoinLinks):
        links.port = port  # the port taken (a free one when the configuration says 0)
        log.info("phones join at %s", ", ".join(links.sites()))

    def follow() -> None:
        """A new network while the panel is open: draw it again with its addresses."""
        if panel.open and isinstance(links, JoinLinks) and links.moved():
            panel.moved = True  # a flag the loop reads; set again until the panel follows
            wake()

    started.server = server
    started.open_portal = lambda made: _open_portal(server, made)
    started.closers = [watch(follow), server.stop]


def run_app(config: Any, stop: Stop | None = None, opening: JournalOpening | None = None) -> int:
    """Open the table app on this machine's display; returns the exit code.

    The box's service whose display cannot start plays on without it
    (`pi_app.screenless`) and takes the display up again once one opens; a laptop's
    `tabletop` with no display says how to run headless and exits 1. `stop` hears
    SIGTERM (`tabletop run` installs it first thing), and `opening` is the journal
    it started opening then; a start stopped meanwhile exits 0.
    """
    stop = stop or Stop()
    try:
        return _start(config, stop, opening)
    finally:
        stop.release()
        if opening is not None:
            opening.abandon()  # closed if it opened and nothing took it


def _start(config: Any, stop: Stop, opening: JournalOpening | None) -> int:
    """`run_app` once SIGTERM is heard: the journal, then the display or none."""
    service = is_service(config)
    pi = is_raspberry_pi()
    if nothing_to_show(config, os.environ, pi):
        print(headless_message(), file=sys.stderr)
        return 1
    offer_home()
    driver = choose_video_driver(os.environ, pi)
    if driver:
        os.environ["SDL_VIDEODRIVER"] = driver
    started = time.monotonic()
    opening = opening or JournalOpening(config.journal_path)
    journal = opening.wait(stop)  # a newer journal that cannot be read: raised here
    if journal is None:  # SIGTERM while it opened
        return 0
    phones = prepare_phones(config)
    try:
        while not stop.asked:
            opened = _open_display(config, journal, phones)
            if not isinstance(opened, str):
                log.info("first frame after %.3f s", time.monotonic() - started)
                return _play(*opened, config, phones, stop)
            if not service:
                said = _("The display could not be opened: {error}").format(error=opened)
                print(said, file=sys.stderr)
                print(headless_message(), file=sys.stderr)
                return 1
            log.error(
                "the display cannot start (%s): playing on with the phones, the ring and "
                "the bell; `tabletop doctor` says why",
                opened,
            )
            if not run_screenless(config, journal, phones, stop):
                return 0
        return 0
    finally:
        _close(phones.closers)
        journal.close()


def _open_display(config: Any, journal: Journal, phones: Phones) -> tuple[App, WiredDevices] | str:
    """The app in its window, or why the display cannot start (the app made for it is
    closed again, and pygame's display with it)."""
    from pi_app.display.devices import open_for_display

    try:
        pygame.display.init()
        pygame.font.init()
    except pygame.error as error:
        pygame.display.quit()
        return str(error)
    devices = open_for_display(config)
    app = build_app(
        config.values,
        journal=journal,
        ring=devices.ring,
        on_listen=devices.listen_bell,
        phones=phones.panel,
        notify=_notifier(),
    )
    app.pico.link = devices.link
    try:
        app.open_window(bool(config["display.fullscreen"]))
    except pygame.error as error:
        app.box.close()
        devices.close()
        pygame.display.quit()
        return str(error)
    return app, devices


def _play(app: App, devices: WiredDevices, config: Any, phones: Phones, stop: Stop) -> int:
    """The display's loop, until the box stops; the phones' server opens once the first
    frame is up (its web framework is the start's largest import)."""
    stop.then = lambda: post(pygame.event.Event(pygame.QUIT))
    try:
        if stop.asked:  # SIGTERM while the display opened: no loop at all
            return 0
        app.render()
        if phones.server is None:
            serve_phones(config, phones)
        if phones.problem is not None:
            app.flash_message(phones.problem, error=True)
        app.open_portal = phones.open_portal
        if phones.server is not None:  # once up, the panel shows the network's code
            start_wifi(config, phones.server, phones, app.session.jobs)
        return app.run()
    except KeyboardInterrupt:
        return 0
    finally:
        devices.close()
        app.box.close()
        pygame.quit()


def run_screenless(config: Any, journal: Journal, phones: Phones, stop: Stop) -> bool:
    """The box with no screen until it stops (False) or a display opens (True)."""
    from pi_app.screenless import Screenless, open_devices_quietly, own_hub

    if phones.server is None:
        serve_phones(config, phones)
    if phones.server is None:
        log.error("no phones either: %s", phones.problem or "phones are disabled")
    devices = open_devices_quietly(config)
    run = Screenless(config, journal, phones.hub or own_hub(config), devices)
    stop.then = run.stop
    if stop.asked:
        run.stop()
    try:
        return run.run()
    except KeyboardInterrupt:
        return False
    finally:
        stop.then = lambda: None
        if devices is not None:
            devices.close()


def _close(closers: list[Callable[[], None]]) -> None:
    for close in closers:
        close()


def offer_home() -> None:
    """The host's page offers the games as the screen's home does, with a screen or
    without one (its home panel cannot import the display: it is handed the offer)."""
    from pi_app.display.home.host_offer import HomeOffer
    from pi_app.web.host_home import offer_games

    offer_games(HomeOffer())
