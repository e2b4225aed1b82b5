"""What a phone sends, read with care: its JSON, its request ids and its language.

Anything a phone sends is a stranger's text: it is read into a JSON object or refused
(`UNREADABLE`), never trusted for more than it says.
"""

from __future__ import annotations

import json
from typing import Any

from aiohttp import web

from pi_app.i18n import LANGUAGES, N_, Translator, translate

_ = Translator("web")

MAX_ID = 64  # characters of a request id
UNREADABLE = N_("That message cannot be read.")


def language(request: web.Request) -> str:
    """The phone's language from Accept-Language (fr, de or en; French by default)."""
    for part in request.headers.get("Accept-Language", "").split(","):
        tag = part.split(";")[0].strip().lower()[:2]
        if tag in LANGUAGES:
            return tag
    return "fr"


def refused(request: web.Request, message: str, status: int) -> web.Response:
    """An HTTP refusal, its message in the phone's language."""
    text = translate(message, "web", language(request))
    return web.json_response({"ok": False, "message": text}, status=status)


def parse(data: str) -> dict[str, Any] | None:
    """A JSON object from a phone, or None.

    Anything JSON can carry comes in: nesting too deep to read (RecursionError) or a
    lone surrogate (`"\\ud800"`, which no reply could carry back) is unreadable too.
    """
    try:
        value = json.loads(data)
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except (ValueError, RecursionError):  # UnicodeEncodeError is a ValueError
        return None
    return value if isinstance(value, dict) else None


def read(data: str) -> dict[str, Any] | None:
    """A phone's websocket message: a JSON object with a string `type`, or None."""
    message = parse(data)
    return message if message is not None and isinstance(message.get("type"), str) else None


def ident(value: object) -> str | int | None:
    """A request's id as the phone will recognise it: a short string or a safe integer."""
    if isinstance(value, str) and len(value) <= MAX_ID:
        return value
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) < 2**53:
        return value
    return None
