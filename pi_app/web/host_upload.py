"""A pack of questions uploaded from the host's phone: `POST /host/pack`.

The file is the body (the page sends the file as it is, with its name and the pack's
in the query: `?file=...&name=...&lang=...`), and the host's key in an
`Authorization: Bearer KEY` header. It is read as `tabletop questions import` reads a
file, by the same code (`questions.packs.read_pack_data`): at most `MAX_BYTES` are
taken from the network (a longer body is refused unread past that), the text is
checked for its format, nesting and numbers off the server's loop, one upload at a
time; then the pack is kept by the table's owner through the door (`host_settings`,
kind "pack"). A file that cannot be read changes nothing and says why.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import unicodedata
from collections.abc import Callable
from pathlib import PurePath

from aiohttp import web

from pi_app.i18n import LANGUAGES, N_, Translator, speaking
from pi_app.questions.packs import (
    MAX_BYTES,
    MAX_NAME,
    PackError,
    PackReading,
    pack_name,
    read_pack_data,
)
from pi_app.web.host_play import HostRequest
from pi_app.web.host_settings import PACK
from pi_app.web.phone_request import Reply

_ = Translator("host")
_core = Translator("core")

ROUTE = "/host/pack"
CHUNK = 64 * 1024
REPLY_SECONDS = 30.0
"""The longest wait for the owner to keep a pack (its write is queued, then on disk)."""
SHOWN_REFUSALS = 20
"""The refused lines a reply lists (their count is said whatever it is)."""

NOT_THE_HOST = N_("This link is not the host's: open the host's link again.")
BUSY = N_("Another pack is being read; send this one again in a moment.")
NOT_KEPT = N_("The box could not keep the pack: {error}")


def upload_routes(
    authorised: Callable[[web.Request], bool],
    submit: Callable[[HostRequest], concurrent.futures.Future[Reply]],
) -> list[web.RouteDef]:
    """The upload's route: `authorised` tells the host's key from any other, `submit`
    hands a request to the table's owner (its future answers once it is on disk)."""
    reading = asyncio.Lock()

    async def upload(request: web.Request) -> web.Response:
        lang = request.query.get("lang", "fr")
        lang = lang if lang in LANGUAGES else "fr"
        if not authorised(request):
            return _answer(False, _(NOT_THE_HOST, lang), 403)
        if reading.locked():
            return _answer(False, _(BUSY, lang), 429)
        async with reading:
            return await _upload(request, lang, submit)

    return [web.post(ROUTE, upload)]


async def _upload(
    request: web.Request,
    lang: str,
    submit: Callable[[HostRequest], concurrent.futures.Future[Reply]],
) -> web.Response:
    """Read, check, then hand the pack to the owner."""
    path = _file_name(request.query.get("file", ""))
    name = pack_name(request.query.get("name") or path.stem)
    if name is None:
        said = _core("A pack's name has 1 to {most} characters, none of them a control.", lang)
        return _answer(False, said.format(most=MAX_NAME), 400)
    data = await _body(request)
    loop = asyncio.get_running_loop()
    try:
        found: PackReading = await loop.run_in_executor(None, _read, data, path, name, lang)
    except PackError as error:
        said = _core("Nothing was imported: {error}", lang).format(error=error)
        return _answer(False, said, 400)
    refused = [
        _core("line {line}: {reason}", lang).format(line=line, reason=reason)
        for line, reason in found.refused[:SHOWN_REFUSALS]
    ]
    if not found.questions:
        said = _core("No question could be kept from {file}; nothing was imported.", lang)
        return _answer(False, said.format(file=path), 400, refused)
    asked = HostRequest(PACK, {"name": name, "questions": tuple(found.questions)}, lang)
    try:
        reply = await asyncio.wait_for(asyncio.wrap_future(submit(asked)), REPLY_SECONDS)
    except (TimeoutError, RuntimeError) as error:
        return _answer(False, _(NOT_KEPT, lang).format(error=error), 503)
    if not reply.ok:
        return _answer(False, _(NOT_KEPT, lang).format(error=reply.message), 503)
    return _answer(True, _kept(name, len(found.questions), len(found.refused), lang), 200, refused)


def _read(data: bytes, path: PurePath, name: str, lang: str) -> PackReading:
    """The pack read as the import command reads a file, its words in the host's language."""
    with speaking(lang):
        return read_pack_data(data, path, name)


async def _body(request: web.Request) -> bytes:
    """The body, at most `MAX_BYTES` + 1 bytes of it: the pack's reader refuses a
    longer one with its own words, and the rest is never read."""
    data = bytearray()
    while len(data) <= MAX_BYTES:
        chunk = await request.content.read(min(CHUNK, MAX_BYTES + 1 - len(data)))
        if not chunk:
            break
        data += chunk
    return bytes(data)


def _file_name(given: str) -> PurePath:
    """The uploaded file's name as the messages quote it: its last part, no control
    characters, at most `MAX_NAME` long; "pack" when nothing is left."""
    last = given.replace("\\", "/").rpartition("/")[2]
    kept = "".join(c for c in last if not unicodedata.category(c).startswith("C"))
    return PurePath(kept.strip()[-MAX_NAME:] or "pack")


def _kept(name: str, count: int, refused: int, lang: str) -> str:
    """The pack kept, as the command says it, with the refused lines' count."""
    said = _core.plural(
        "{count} question kept in the pack “{name}”.",
        "{count} questions kept in the pack “{name}”.",
        count,
        lang,
    ).format(count=count, name=name)
    if refused:
        lines = _core.plural("{count} line refused.", "{count} lines refused.", refused, lang)
        said += " " + lines.format(count=refused)
    return said


def _answer(ok: bool, message: str, status: int, lines: list[str] | None = None) -> web.Response:
    return web.json_response({"ok": ok, "message": message, "lines": lines or []}, status=status)
