"""The answers to phones' connectivity checks on the box's own Wi-Fi (port 80).

On the box's network every name is the box (the dnsmasq drop-in, `hotspot.DROPIN`),
so each system's check of "is there internet?" reaches this module. Its answer decides
what the phone does: a redirect to the join page makes it open its sign-in sheet on
the game; the check's "success" answer makes it keep the Wi-Fi as a working network,
silently. Which check gets which, and why, is the table of docs/WIFI.md; `CHECKS`
below is that table.

Nothing here shows game state: the answers are fixed texts, a redirect to the join
page (whose secret anyone on the box's WPA2 network may have: the password is shown
next to the join code), or a page saying no game is on yet. No request's host or path
is written back, nothing names an address outside the box, and the port-80 site runs
behind the phones' server's own gate (connections per address, header deadline).
"""

from __future__ import annotations

import html
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from aiohttp import web

from pi_app.i18n import N_, Translator, translate

_ = Translator("web")  # this page is one of the phones' pages: the web domain
ALWAYS, UNTIL_JOINED, NEVER = "always", "until-joined", "never"  # when to redirect
REMEMBERED = 256  # phones' addresses remembered as having opened the join page
WAITING = N_("No game is on at the box yet: this page opens it once a game starts.")
APPLE = "<HTML><HEAD><TITLE>Success</TITLE></HEAD><BODY>Success</BODY></HTML>"
NM_ONLINE = "NetworkManager is online\n"


@dataclass(frozen=True)
class Check:
    """One system's connectivity check: where it asks, when it is redirected to the
    game, and its "success" answer (status and body)."""

    system: str
    hosts: tuple[str, ...]  # () : any host
    paths: tuple[str, ...]  # () : any path
    redirect: str
    status: int = 200
    body: str = ""

    def matches(self, host: str, path: str) -> bool:
        return (not self.hosts or host in self.hosts) and (not self.paths or path in self.paths)


GOOGLE = (
    "connectivitycheck.gstatic.com",
    "connectivitycheck.android.com",
    "clients1.google.com",
    "clients3.google.com",
    "www.google.com",
    "play.googleapis.com",
)
APPLE_HOSTS = (
    "captive.apple.com",
    "www.apple.com",
    "www.appleiphonecell.com",
    "www.ibook.info",
    "www.itools.info",
    "www.airport.us",
    "www.thinkdifferent.us",
)
CHECKS: tuple[Check, ...] = (
    Check("Android, ChromeOS", GOOGLE, ("/generate_204", "/gen_204"), ALWAYS, 204),
    Check("Apple", ("captive.apple.com",), (), UNTIL_JOINED, 200, APPLE),
    Check(
        "Apple",
        APPLE_HOSTS,
        ("/hotspot-detect.html", "/library/test/success.html"),
        UNTIL_JOINED,
        200,
        APPLE,
    ),
    Check("Apple", (), ("/hotspot-detect.html",), UNTIL_JOINED, 200, APPLE),
    Check(
        "Windows",
        ("www.msftconnecttest.com",),
        ("/connecttest.txt",),
        UNTIL_JOINED,
        200,
        "Microsoft Connect Test",
    ),
    Check("Windows", ("www.msftncsi.com",), ("/ncsi.txt",), UNTIL_JOINED, 200, "Microsoft NCSI"),
    Check("Windows", ("www.msftconnecttest.com",), ("/redirect",), ALWAYS),
    Check("Firefox", ("detectportal.firefox.com",), ("/success.txt",), NEVER, 200, "success\n"),
    Check("Firefox", ("detectportal.firefox.com",), ("/canonical.html",), ALWAYS),
    Check(
        "Linux",
        ("nmcheck.gnome.org",),
        ("/check_network_status.txt",),
        UNTIL_JOINED,
        200,
        NM_ONLINE,
    ),
    Check("Linux", ("network-test.debian.org",), ("/nm",), UNTIL_JOINED, 200, NM_ONLINE),
    Check("Linux", ("connectivity-check.ubuntu.com",), (), UNTIL_JOINED, 204),
)
ANY = Check("any other page", (), (), ALWAYS)


def find(host: str, path: str) -> Check:
    """The check a request is (`ANY` for every other page a person may type)."""
    name = host.split(":")[0].strip().lower().rstrip(".")
    return next((check for check in CHECKS if check.matches(name, path)), ANY)


def language(accept: str) -> str:
    """fr, de or en from an Accept-Language header (French by default, as the pages)."""
    for part in accept.split(","):
        tag = part.split(";")[0].strip().lower()[:2]
        if tag in ("fr", "de", "en"):
            return tag
    return "fr"


class Portal:
    """The port-80 answers of the box's network at `address`; the phones' pages are on
    `port`. `secret` gives the current game's join secret (None: no game yet)."""

    def __init__(self, address: str, port: int, secret: Callable[[], str | None]) -> None:
        self.address = address
        self.port = port
        self.secret = secret
        self.joined: OrderedDict[str, None] = OrderedDict()

    def join_opened(self, peer: str) -> None:
        """A phone at `peer` shows the join page (its script asked for the seats: a
        background fetch that followed a redirect runs no script): its checks now get
        "success"."""
        self.joined[peer] = None
        self.joined.move_to_end(peer)
        while len(self.joined) > REMEMBERED:
            self.joined.popitem(last=False)

    def redirects(self, check: Check, peer: str) -> bool:
        """Whether `check` from `peer` is sent to the game (see `CHECKS`)."""
        if check.redirect == UNTIL_JOINED:
            return peer not in self.joined
        return check.redirect == ALWAYS

    async def handle(self, request: web.Request) -> web.Response:
        """Any request on port 80: the check's success answer, or the way to the game."""
        if request.method not in ("GET", "HEAD"):
            raise web.HTTPMethodNotAllowed(request.method, ["GET", "HEAD"])
        check = find(request.headers.get("Host", ""), request.path)
        if not self.redirects(check, request.remote or ""):
            headers = {"Cache-Control": "no-store"}
            if check.status == 204:
                return web.Response(status=204, headers=headers)
            return web.Response(text=check.body, content_type="text/html", headers=headers)
        return self.to_game(request)

    def to_game(self, request: web.Request) -> web.Response:
        """A redirect to the join page, or a page that waits for a game to start."""
        secret = self.secret()
        headers = {"Cache-Control": "no-store"}
        if secret:
            headers["Location"] = f"http://{self.address}:{self.port}/j/{secret}"
            return web.Response(status=302, headers=headers)
        lang = language(request.headers.get("Accept-Language", ""))
        said = html.escape(translate(WAITING, "web", lang))
        page = (
            f'<!doctype html><html lang="{lang}"><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width">'
            f'<meta http-equiv="refresh" content="5"><title>{said}</title><p>{said}</p></html>'
        )
        return web.Response(text=page, content_type="text/html", headers=headers)
