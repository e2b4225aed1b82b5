"""The phones' pages and what they load: the welcome, the join page, the play page,
their script, style and words, each with the headers that keep them the box's own.

The phone's script is `play.js` followed by each game's own play,
`static/games/<record name>.js`: every one the package holds, with no list to keep
(`GAME_SCRIPTS`), in the one file the page asks for, so a phone opens no more
connections for them (`gate.PER_ADDRESS`). The pages allow no script, style or
connection but the box's own (`page_headers`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from importlib import resources

from aiohttp import web

from pi_app.i18n import LANGUAGES, N_, Translator
from pi_app.web.hub import Hub
from pi_app.web.messages import language, refused
from pi_app.web.texts import page_texts
from pi_app.web.welcome import welcome_page

_ = Translator("web")

STALE_LINK = N_("This link is not for the game on the box now: scan its code again.")
STATIC = {
    "common.js": "text/javascript",
    "play.js": "text/javascript",
    "join.js": "text/javascript",
    "style.css": "text/css",
}
GAMES_FOLDER = "games"  # static/games/<record name>.js: a game's own play on the phone
_HOST = re.compile(r"(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?")


def asset(name: str) -> bytes:
    return resources.files("pi_app.web").joinpath("static", *name.split("/")).read_bytes()


def scripts_in(folder_name: str = GAMES_FOLDER) -> tuple[str, ...]:
    """The scripts `static/<folder_name>/*.js` as the package holds them, sorted (each
    game's or part's own): a new one is served and loaded without a line elsewhere."""
    folder = resources.files("pi_app.web").joinpath("static", folder_name)
    if not folder.is_dir():
        return ()
    names = (entry.name for entry in folder.iterdir() if entry.is_file())
    return tuple(sorted(f"{folder_name}/{name}" for name in names if name.endswith(".js")))


GAME_SCRIPTS = scripts_in(GAMES_FOLDER)


def composed_script(first: str, scripts: tuple[str, ...]) -> bytes:
    """`first`, then each script of `scripts`, which registers itself in `first`'s
    registry: one script, one request of the page."""
    parts = [asset(first)]
    for name in scripts:
        parts.append(f"\n// ---- static/{name} ----\n".encode() + asset(name))
    return b"".join(parts)


def play_script() -> bytes:
    """play.js, then each game's own play (`GAME_SCRIPTS`): the phone's one script, as
    /static/play.js."""
    return composed_script("play.js", GAME_SCRIPTS)


def named_host(host: str) -> bool:
    """Whether `host` (a request's Host) is a plain name or address, with its port."""
    return _HOST.fullmatch(host) is not None


def page_headers(host: str) -> dict[str, str]:
    """A page's headers: scripts, styles, images and connections from the box alone
    (its websocket named outright for browsers whose 'self' leaves ws: out), no inline
    script or style, no frame, form or base, and no referrer (a link holds the secret)."""
    sockets = f" ws://{host} wss://{host}" if named_host(host) else ""
    policy = (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
        f"connect-src 'self'{sockets}; base-uri 'none'; form-action 'none'; "
        "frame-ancestors 'none'"
    )
    return {
        "Content-Security-Policy": policy,
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
    }


def html_page(request: web.Request, body: bytes) -> web.Response:
    """A page of the box, with its headers (`page_headers`)."""
    headers = page_headers(request.host)
    return web.Response(body=body, content_type="text/html", headers=headers)


def static_file(name: str, kinds: Mapping[str, str], composed: Mapping[str, bytes]) -> web.Response:
    """One of the files `kinds` names (its content type), as the package holds it or as
    `composed` (a script followed by the games' own); any other name is not found."""
    if name not in kinds:
        raise web.HTTPNotFound()
    body = composed[name] if name in composed else asset(name)
    headers = {"X-Content-Type-Options": "nosniff"}
    return web.Response(body=body, content_type=kinds[name], headers=headers)


def page_language(request: web.Request) -> str:
    """The language a `/…/{lang}.json` asks for; not found when the box has no such one."""
    lang = request.match_info["lang"]
    if lang not in LANGUAGES:
        raise web.HTTPNotFound()
    return lang


class Pages:
    """The routes of the pages and their assets: `/` the box's welcome (`welcome`),
    `/j/{secret}` the join page (from the box's QR code), `/play` the phone's page,
    `/static/…` its script and style, `/texts/{lang}.json` its words."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self._play_js = play_script()  # composed once

    def routes(self) -> list[web.RouteDef]:
        return [
            web.get("/", self._welcome),
            web.get("/j/{secret}", self._join_page),
            web.get("/play", self._play_page),
            web.get("/static/{name}", self._static),
            web.get("/texts/{lang}.json", self._texts),
        ]

    async def _welcome(self, request: web.Request) -> web.Response:
        """The box's bare address: its welcome, in the phone's language (`welcome`)."""
        asked = request.query.get("lang", "")
        lang = asked if asked in LANGUAGES else language(request)
        return self._page(request, welcome_page(self.hub, lang).encode("utf-8"))

    async def _join_page(self, request: web.Request) -> web.Response:
        if not self.hub.seats.secret_matches(request.match_info["secret"]):
            return refused(request, STALE_LINK, 403)
        return self._page(request, asset("join.html"))

    async def _play_page(self, request: web.Request) -> web.Response:
        return self._page(request, asset("play.html"))

    def _page(self, request: web.Request, body: bytes) -> web.Response:
        return html_page(request, body)

    async def _static(self, request: web.Request) -> web.Response:
        return static_file(request.match_info["name"], STATIC, {"play.js": self._play_js})

    async def _texts(self, request: web.Request) -> web.Response:
        return web.json_response(page_texts(page_language(request)))
