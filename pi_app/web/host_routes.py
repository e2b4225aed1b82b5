"""The host's page and what it loads: `/host` (its key stays in the link's fragment,
which no request carries), `/static/host.js` (host.js followed by every
`static/host/*.js`, each a game's or a panel's part, registered by name: no list to
keep, as the phone's games are), `/static/host.css`, and `/host/texts/{lang}.json`.
The page allows nothing but the box's own (`pages.page_headers`).
"""

from __future__ import annotations

from aiohttp import web

from pi_app.i18n import LANGUAGES
from pi_app.web.host_texts import host_texts
from pi_app.web.pages import asset, composed_script, page_headers, scripts_in

FOLDER = "host"  # static/host/<name>.js: a game's or a panel's part of the host's page


def host_script() -> bytes:
    """host.js, then each part (`static/host/*.js`): the host page's one script."""
    return composed_script("host.js", scripts_in(FOLDER))


class HostRoutes:
    """The host page's routes (none of them needs or sees the key)."""

    def __init__(self) -> None:
        self._script = host_script()  # composed once

    def routes(self) -> list[web.RouteDef]:
        return [
            web.get("/host", self._page),
            web.get("/host/texts/{lang}.json", self._texts),
            web.get("/static/host.js", self._js),
            web.get("/static/host.css", self._css),
        ]

    async def _page(self, request: web.Request) -> web.Response:
        headers = page_headers(request.host)
        return web.Response(body=asset("host.html"), content_type="text/html", headers=headers)

    async def _js(self, request: web.Request) -> web.Response:
        return _static(self._script, "text/javascript")

    async def _css(self, request: web.Request) -> web.Response:
        return _static(asset("host.css"), "text/css")

    async def _texts(self, request: web.Request) -> web.Response:
        lang = request.match_info["lang"]
        if lang not in LANGUAGES:
            raise web.HTTPNotFound()
        return web.json_response(host_texts(lang))


def _static(body: bytes, kind: str) -> web.Response:
    return web.Response(body=body, content_type=kind, headers={"X-Content-Type-Options": "nosniff"})
