"""A host's phone as a websocket client: the key's hello, the host's messages and
requests, for the tests of the host's page (the page itself is driven in Chromium)."""

from __future__ import annotations

import json
from typing import Any

import aiohttp

SECONDS = 30.0  # generous: a busy machine is slower, never failed
CLOSED = (
    aiohttp.WSMsgType.CLOSE,
    aiohttp.WSMsgType.CLOSED,
    aiohttp.WSMsgType.CLOSING,
    aiohttp.WSMsgType.ERROR,
)


class HostSocket:
    """A host's websocket and the last host message it was shown (`latest`)."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        self.socket = socket
        self.latest: dict[str, Any] = {}

    async def send_json(self, message: dict[str, Any]) -> None:
        await self.socket.send_json(message)

    async def close(self) -> None:
        await self.socket.close()

    async def next_of(self, kind: str, seconds: float = SECONDS) -> dict[str, Any]:
        """The next message of `kind` (host messages come whenever the table changes)."""
        while True:
            message = await self.socket.receive(timeout=seconds)
            if message.type != aiohttp.WSMsgType.TEXT:
                raise AssertionError(f"closed: {message.type} {self.socket.close_code}")
            found = dict(json.loads(message.data))
            if found["type"] == "host":
                self.latest = found
            if found["type"] == kind:
                return found

    async def shown_after(self, step: int, seconds: float = SECONDS) -> dict[str, Any]:
        """The first host message whose step is past `step` (perhaps seen already)."""
        while not (self.latest.get("step") or 0) > step:
            await self.next_of("host", seconds)
        return self.latest

    async def ask(
        self, kind: str, shown: dict[str, Any], ident: str = "1", **fields: Any
    ) -> dict[str, Any]:
        """Send a request made on the host message `shown`; the box's reply."""
        await self.send_json(
            {
                "type": kind,
                "id": ident,
                "game": shown["game_id"],
                "step": shown["step"],
                "lang": "en",
                **fields,
            }
        )
        return await self.next_of("reply")

    async def closed_code(self, seconds: float = SECONDS) -> int | None:
        """Read until the box closes the socket; its close code."""
        while True:
            message = await self.socket.receive(timeout=seconds)
            if message.type in CLOSED:
                return self.socket.close_code


async def host_hello(
    session: aiohttp.ClientSession, key: str, lang: str = "en"
) -> tuple[HostSocket, dict[str, Any]]:
    """A host's socket opened with `key`, and the first host message it is shown."""
    host = HostSocket(await session.ws_connect("/host/ws"))
    await host.send_json({"type": "hello", "key": key, "lang": lang})
    return host, await host.next_of("host")
