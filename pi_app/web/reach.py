"""Where phones can reach this box: its IPv4 addresses, the default route's first.

A join link that names only `<hostname>.local` leaves out the many Android phones that
do not resolve mDNS names, so the links lead with the box's own addresses. They are
known without asking anyone: the kernel's routing table (`/proc/net/route`) says which
interface holds the default route (the table's Wi-Fi, usually), and an ioctl on each
interface gives its address. Nothing here sends a packet, resolves a name or waits on
the network, so the display thread may call it; `Reach` reads again at most every few
seconds, so that a box moved to another network shows its new address.

The parsing and the ordering are pure functions of the text or the list they are
given, so that tests can feed them any routing table and any set of interfaces.
"""

from __future__ import annotations

import ipaddress
import logging
import socket
import struct
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import NamedTuple

log = logging.getLogger(__name__)

ROUTES = Path("/proc/net/route")
REREAD_SECONDS = 3.0  # how stale the addresses a panel shows may be
RTF_UP = 0x1  # a route in use (linux/route.h)
IFF_UP = 0x1  # an interface switched on (linux/if.h)
IFF_RUNNING = 0x40  # ... and connected (a cable in, a Wi-Fi joined)
SIOCGIFFLAGS = 0x8913  # linux/sockios.h
SIOCGIFADDR = 0x8915


class Interface(NamedTuple):
    """One network interface: its name, its IPv4 address, whether it carries traffic."""

    name: str
    address: str
    running: bool = True


def default_interfaces(routes: str) -> list[str]:
    """The interfaces holding a default route in `routes` (the text of /proc/net/route),
    the preferred one (lowest metric) first.

    A pure function of the text, so that tests can give it any routing table.
    """
    found: list[tuple[int, int, str]] = []
    for number, line in enumerate(routes.splitlines()[1:]):
        fields = line.split()
        if len(fields) < 8:
            continue
        name, destination, flags, metric, mask = (fields[i] for i in (0, 1, 3, 6, 7))
        try:
            default = int(destination, 16) == 0 and int(mask, 16) == 0
            up = int(flags, 16) & RTF_UP
            order = int(metric)
        except ValueError:
            continue
        if default and up:
            found.append((order, number, name))
    return list(dict.fromkeys(name for _order, _number, name in sorted(found)))


def rank(interfaces: Iterable[Interface], defaults: Sequence[str]) -> list[str]:
    """The addresses phones may use, those on the default route's interfaces first.

    Interfaces that are down or unplugged are left out; so are loopback and link-local
    (169.254/16) addresses, which no phone at the table can reach, unless there is
    nothing else (link-local before loopback then). A pure function of its arguments,
    so that tests can give it any set of interfaces.
    """
    usable: list[tuple[int, int, str]] = []
    spare: list[tuple[int, int, str]] = []
    for number, interface in enumerate(interfaces):
        if not interface.running:
            continue
        try:
            address = ipaddress.IPv4Address(interface.address)
        except ValueError:
            continue
        if address.is_unspecified:
            continue
        order = defaults.index(interface.name) if interface.name in defaults else len(defaults)
        if address.is_loopback:
            spare.append((len(defaults) + 1, number, str(address)))
        elif address.is_link_local:
            spare.append((order, number, str(address)))
        else:
            usable.append((order, number, str(address)))
    return list(dict.fromkeys(address for *_order, address in sorted(usable or spare)))


def join_urls(port: int, secret: str, hostname: str, found: Sequence[str]) -> list[str]:
    """The join links: one by each address `found` (in its order, the default route's
    first), then the `<hostname>.local` one for the phones that resolve mDNS names.

    The `.local` link is alone only when the box has no address at all, and there is
    always one link (`localhost`'s, when there is neither an address nor a name).
    """
    name = hostname.split(".")[0]
    hosts = [*found, f"{name}.local"] if name else list(found)
    return [f"http://{host}:{port}/j/{secret}" for host in hosts or ["localhost"]]


def read_routes(path: Path = ROUTES) -> str:
    """The kernel's IPv4 routing table ("" where there is none: not Linux, no /proc)."""
    try:
        return path.read_text(encoding="ascii", errors="replace")
    except OSError:
        return ""


def interfaces() -> list[Interface]:
    """This machine's interfaces with an IPv4 address, in the kernel's order.

    `if_nameindex` names them and two ioctls on a UDP socket (which sends nothing)
    give each one's address and flags: no name is resolved, nothing waits.
    """
    try:
        import fcntl

        names = [name for _index, name in socket.if_nameindex()]
        probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    except (ImportError, OSError):
        return []
    found: list[Interface] = []
    with probe:
        for name in names:
            request = struct.pack("256s", name.encode()[:15])
            try:
                flags = struct.unpack_from("H", fcntl.ioctl(probe, SIOCGIFFLAGS, request), 16)[0]
                reply = fcntl.ioctl(probe, SIOCGIFADDR, request)
            except OSError:  # no IPv4 address on it (or gone meanwhile)
                continue
            running = flags & IFF_UP and flags & IFF_RUNNING
            found.append(Interface(name, socket.inet_ntoa(reply[20:24]), bool(running)))
    return found


def addresses() -> list[str]:
    """This box's IPv4 addresses for phones, the default route's interface's first."""
    return rank(interfaces(), default_interfaces(read_routes()))


class Reach:
    """The box's addresses, read again when the last reading is `every` seconds old.

    The display asks on every frame that shows the links and a watcher asks every few
    seconds; the reading itself (/proc and ioctls) takes microseconds. `read` and
    `clock` are injectable so that tests can move the box to another network.
    """

    def __init__(
        self,
        read: Callable[[], list[str]] = addresses,
        clock: Callable[[], float] = time.monotonic,
        every: float = REREAD_SECONDS,
    ) -> None:
        self._read = read
        self._clock = clock
        self.every = every
        self._lock = threading.Lock()
        self._found = tuple(read())
        self._read_at = clock()

    def current(self) -> list[str]:
        """The addresses now, read again if the last reading is too old.

        Never waits: while another thread is reading, its last reading is returned.
        """
        if self._clock() - self._read_at >= self.every and self._lock.acquire(blocking=False):
            try:
                self._found = tuple(self._read())
                self._read_at = self._clock()
            finally:
                self._lock.release()
        return list(self._found)


class JoinLinks:
    """The join links a panel shows, following the box's addresses.

    Called with a game's secret it gives the links (the QR code's first) and remembers
    which addresses they named, so that `moved` can tell that the panel on screen shows
    an old network's and must be drawn again.
    """

    def __init__(self, reach: Reach, port: int, hostname: str | None = None) -> None:
        self.reach = reach
        self.port = port
        self.hostname = socket.gethostname() if hostname is None else hostname
        self.shown: tuple[str, ...] | None = None

    def __call__(self, secret: str) -> list[str]:
        """The links to join the game of `secret`, as a panel about to be drawn shows."""
        found = self.reach.current()
        self.shown = tuple(found)
        return join_urls(self.port, secret, self.hostname, found)

    def sites(self) -> list[str]:
        """The links without a game's secret (what the log says), remembering nothing."""
        return join_urls(self.port, "", self.hostname, self.reach.current())

    def moved(self) -> bool:
        """True when the box's addresses are no longer those of the last links given."""
        return self.shown is not None and tuple(self.reach.current()) != self.shown


def watch(check: Callable[[], None], every: float = REREAD_SECONDS) -> Callable[[], None]:
    """Call `check` every `every` seconds on a thread of its own; returns how to stop.

    The display loop sleeps until something happens, and a new network is not an input:
    this is what notices it (a fault in `check` is logged, the watching goes on).
    """
    stopping = threading.Event()

    def loop() -> None:
        while not stopping.wait(every):
            try:
                check()
            except Exception:
                log.exception("following the box's addresses failed")

    thread = threading.Thread(target=loop, name="reach", daemon=True)
    thread.start()

    def stop() -> None:
        stopping.set()
        thread.join(2.0)

    return stop
