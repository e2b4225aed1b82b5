"""The port-80 answers of the box's own Wi-Fi, bounded like the rest of the server.

Asked on 127.0.0.1 (tests/net/test_hotspot_lan.py asks them from a phone on a real
network): fixed answers, never the game's state, nothing of the request written back,
only GET and HEAD, and the phones' server's gate in front.
"""

from __future__ import annotations

import asyncio
import socket

import aiohttp

from pi_app.net.ports import free_port
from pi_app.web import gate
from tests.web.conftest import Served


def _ask(port: int, host: str, path: str, method: str = "GET") -> tuple[int, str, str]:
    async def main() -> tuple[int, str, str]:
        async with (
            aiohttp.ClientSession() as session,
            session.request(
                method,
                f"http://127.0.0.1:{port}{path}",
                headers={"Host": host, "Accept-Language": "de"},
                allow_redirects=False,
            ) as answer,
        ):
            return answer.status, answer.headers.get("Location", ""), await answer.text()

    return asyncio.run(main())


def test_the_checks_get_fixed_answers_and_never_the_game(served: Served) -> None:
    port = free_port()
    portal = served.server.open_portal("127.0.0.1", port)
    join = f"http://127.0.0.1:{served.server.port}/j/{served.secret}"
    assert _ask(port, "connectivitycheck.gstatic.com", "/generate_204")[:2] == (302, join)
    assert _ask(port, "detectportal.firefox.com", "/success.txt") == (200, "", "success\n")
    hostile = "<script>x</script>.example"
    status, location, body = _ask(port, hostile, "/<b>?secret=1")
    assert (status, location) == (302, join) and "script" not in body
    assert _ask(port, "captive.apple.com", "/", "POST")[0] == 405
    portal.join_opened("127.0.0.1")
    status, _, body = _ask(port, "captive.apple.com", "/hotspot-detect.html")
    assert status == 200 and body.endswith("<BODY>Success</BODY></HTML>")
    assert "Ana" not in body and served.secret not in body


def test_before_a_game_the_page_waits_for_one(served: Served) -> None:
    port = free_port()
    served.server.current_secret = lambda: None  # type: ignore[method-assign]  # no game
    served.server.open_portal("127.0.0.1", port)
    status, location, body = _ask(port, "captive.apple.com", "/hotspot-detect.html")
    assert (status, location) == (200, "") and "Noch läuft kein Spiel" in body
    assert 'http-equiv="refresh"' in body


def test_the_gate_caps_connections_on_port_80_too(served: Served) -> None:
    port = free_port()
    served.server.open_portal("127.0.0.1", port)
    held = [socket.create_connection(("127.0.0.1", port)) for _ in range(gate.PER_ADDRESS)]
    try:
        extra = socket.create_connection(("127.0.0.1", port))
        extra.settimeout(10)
        assert extra.recv(1) == b""  # closed at once: the address holds its share
        extra.close()
    finally:
        for connection in held:
            connection.close()
