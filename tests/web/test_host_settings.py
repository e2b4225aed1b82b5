"""The settings on the host's phone, on a real session: the box's language through the
door, the sand timers and the packs shown; and a pack uploaded over HTTP, read as
`tabletop questions import` reads a file, kept by the owner through the door, each
bad upload (too big, malformed, hostile, without the host's key) refused with a
clear message and nothing changed."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from pi_app.box.changes import PacksChanged
from pi_app.box.session import Session
from pi_app.i18n import current_language
from pi_app.questions.kept import pack_questions
from pi_app.questions.packs import MAX_BYTES
from pi_app.web.host_play import HostRequest
from pi_app.web.host_upload import ROUTE, upload_routes
from pi_app.web.phone_request import Reply
from tests.questions.samples import question
from tests.web.host_owner import ask, carry_out, opened, panel

KEY = "k" * 32
HEADER = "text_fr,text_de,text_en,answer,unit,source\n"
GOOD = (
    HEADER + "Hauteur ?,Höhe?,Height?,324,m,Wikipedia\n"
    "Longueur ?,Länge?,Length?,12,km,Wikipedia\n"
    "Poids ?,Gewicht?,Weight?,lourd,kg,Wikipedia\n"
)


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    yield from opened(tmp_path)


def test_the_view_shows_the_language_the_timers_and_the_packs(session: Session) -> None:
    session.packs.keep("quiz", [question("pack:quiz:1", pack="quiz")])
    view = panel("settings").view(session, "fr")
    assert view["language"] == "en" and view["languages"] == ["fr", "de", "en"]
    assert [(t["key"], t["seconds"]) for t in view["timers"]] == [
        ("answers", 30),
        ("bets", 30),
        ("cambio_study", 30),
    ]
    assert view["timers"][0]["label"] == "Réponses"
    assert view["packs"] == ["quiz"]


def test_the_boxs_language_is_switched_through_the_door(session: Session) -> None:
    assert ask(session, "language", language="de").ok
    assert current_language() == "de" and session.settings["language"] == "de"
    refused = ask(session, "language", lang="fr", language="it")
    assert not refused.ok and refused.message == "Le boîtier parle français, allemand ou anglais."
    assert current_language() == "de"


def test_a_pack_from_the_page_itself_is_unreadable(session: Session) -> None:
    """Questions come from an upload alone: the page's JSON cannot carry any."""
    forged = {"name": "quiz", "questions": [{"id": "x", "answer": 1}]}
    with pytest.raises(ValueError):
        panel("settings").act(session, HostRequest("pack", forged, "en"))
    assert session.packs.names == ()


# ---- the upload ------------------------------------------------------------------------


class Owner:
    """The table's owner on a thread of its own, carrying out the host's requests."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.thread = concurrent.futures.ThreadPoolExecutor(1)
        self.thread.submit(session.changes.own).result()

    def submit(self, request: HostRequest) -> concurrent.futures.Future[Reply]:
        return self.thread.submit(carry_out, self.session, request)


def upload(
    session: Session,
    body: bytes,
    query: str = "file=quiz.csv",
    key: str | None = KEY,
    lang: str = "en",
) -> tuple[int, dict[str, Any]]:
    """POST `body` to the upload route, as the page sends it; the status and reply."""
    owner = Owner(session)

    def authorised(request: web.Request) -> bool:
        return request.headers.get("Authorization") == f"Bearer {KEY}"

    async def post() -> tuple[int, dict[str, Any]]:
        app = web.Application()
        app.add_routes(upload_routes(authorised, owner.submit))
        async with TestClient(TestServer(app)) as client:
            headers = {} if key is None else {"Authorization": f"Bearer {key}"}
            response = await client.post(f"{ROUTE}?{query}&lang={lang}", data=body, headers=headers)
            return response.status, json.loads(await response.text())

    try:
        return asyncio.run(post())
    finally:
        owner.thread.shutdown()


def unchanged(session: Session) -> None:
    session.journal.flush()
    assert session.packs.names == () and session.journal.questions.pack_names() == []


def test_a_good_pack_is_kept_and_offered_at_once(session: Session) -> None:
    changes: list[object] = []
    session.changes.subscribe(changes.append, PacksChanged)
    status, reply = upload(session, GOOD.encode(), "file=quiz.csv&name=Soirée")
    assert status == 200 and reply["ok"], reply
    assert reply["message"] == "2 questions kept in the pack “Soirée”. 1 line refused."
    assert reply["lines"][0].startswith("line 4: the answer “lourd” is not a number")
    assert session.packs.names == ("Soirée",) and changes == [PacksChanged(("Soirée",))]
    session.journal.flush()
    kept = pack_questions(session.journal.questions, "Soirée")
    assert [q.text["en"] for q in kept] == ["Height?", "Length?"]
    assert panel("settings").view(session, "en")["packs"] == ["Soirée"]


def test_an_oversized_body_is_refused_unread(session: Session) -> None:
    body = GOOD.encode() + b"x" * MAX_BYTES
    status, reply = upload(session, body)
    assert status == 400 and not reply["ok"]
    assert reply["message"] == (
        "Nothing was imported: quiz.csv is larger than 5 MB: split it into several packs."
    )
    unchanged(session)


@pytest.mark.parametrize(
    ("body", "file", "said"),
    [
        (b'[{"text": {"en": "Height?"', "quiz.json", "quiz.json is not a valid JSON pack"),
        (b"\xff\xfe\x00garbage", "quiz.csv", "quiz.csv: "),
        (b"a;b\n1;2\n", "quiz.csv", "quiz.csv: unknown column “a” in the header"),
        (b"[" * 200_000 + b"]" * 200_000, "deep.json", "deep.json is not a valid JSON pack"),
        (b"", "quiz.csv", "quiz.csv is empty."),
    ],
)
def test_a_malformed_or_hostile_file_is_refused_whole(
    session: Session, body: bytes, file: str, said: str
) -> None:
    status, reply = upload(session, body, f"file={file}")
    assert status == 400 and not reply["ok"]
    assert reply["message"].startswith("Nothing was imported: " + said), reply["message"]
    unchanged(session)


def test_numbers_of_five_thousand_digits_keep_nothing(session: Session) -> None:
    huge = "9" * 5000
    lines = [
        {"text": {"en": f"How many {n}?"}, "answer": int_text, "source": "a test"}
        for n, int_text in enumerate(["@", "@"])
    ]
    body = json.dumps(lines).replace('"@"', huge).encode()
    status, reply = upload(session, body, "file=huge.json")
    assert status == 400 and not reply["ok"]
    assert reply["message"] == "No question could be kept from huge.json; nothing was imported."
    assert all("digits" in line for line in reply["lines"]) and len(reply["lines"]) == 2
    unchanged(session)


@pytest.mark.parametrize("key", [None, "wrong", KEY + "x"])
def test_without_the_hosts_key_nothing_is_read(session: Session, key: str | None) -> None:
    status, reply = upload(session, GOOD.encode(), key=key)
    assert status == 403 and not reply["ok"]
    assert reply["message"] == "This link is not the host's: open the host's link again."
    unchanged(session)


def test_a_files_faults_are_said_in_the_hosts_language(session: Session) -> None:
    status, reply = upload(
        session, GOOD.replace("324", "haut").encode(), "file=quiz.csv", lang="de"
    )
    assert status == 200 and session.journal.questions.pack_names() == ["quiz"]
    assert reply["lines"] == [
        "Zeile 2: die Antwort „haut“ ist keine Zahl (12.5 oder -3 schreiben: ein Punkt, keine "
        "Leerzeichen)",
        "Zeile 4: die Antwort „lourd“ ist keine Zahl (12.5 oder -3 schreiben: ein Punkt, keine "
        "Leerzeichen)",
    ]
    assert current_language() == "en"  # the box's own stays


def test_a_pack_name_that_cannot_be_one_is_refused(session: Session) -> None:
    status, reply = upload(session, GOOD.encode(), "file=quiz.csv&name=%07bell")
    assert status == 400
    assert reply["message"] == "A pack's name has 1 to 60 characters, none of them a control."
    unchanged(session)
