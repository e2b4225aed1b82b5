"""The box's settings on the host's phone: its language, its sand timers, its packs.

The language is the box's (`acts.SetLanguage`, every screen, kept for the next
start). The sand timers' lengths are the box's configuration, which its screen shows
and does not change: the page shows them too. The question packs are listed as the
home offers them; a new one comes as a file the host uploads (`host_upload`), read
with the limits of `tabletop questions import` off the loop, then kept by the table's
owner through the door (`acts.KeepPack`), as any other act of the host.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from pi_app.box import acts
from pi_app.box.actors import HOST
from pi_app.config import DEFAULTS
from pi_app.i18n import LANGUAGES, N_, Translator, current_language
from pi_app.questions.packs import pack_name
from pi_app.questions.question import Question
from pi_app.web.host_play import HostPanel, HostRequest, Json
from pi_app.web.phone_request import Reply

if TYPE_CHECKING:
    from pi_app.box.session import Session

_ = Translator("host")

LANGUAGE, PACK = "language", "pack"
"""The settings' kinds: the box's language; a pack read from an upload (`host_upload`
sends it: a request from the page itself never holds questions, and is refused)."""

TIMERS: tuple[tuple[str, str], ...] = (
    ("answers", N_("Answers")),
    ("bets", N_("Bets")),
    ("cambio_study", N_("Cambio: looking at the cards")),
)
"""The sand timers, by their configuration key (`timers.<key>`), as the page names them."""


def view(session: Session, lang: str) -> Json:
    """The box's language, its sand timers' lengths and its packs."""
    return {
        "language": current_language(),
        "languages": list(LANGUAGES),
        "timers": [
            {
                "key": key,
                "label": _(label, lang),
                "seconds": int(session.config.get(f"timers.{key}", DEFAULTS[f"timers.{key}"][0])),
            }
            for key, label in TIMERS
        ],
        "packs": list(session.packs.names),
    }


def act(session: Session, request: HostRequest) -> Sequence[acts.Act] | Reply:
    """The box's language, or a pack to keep."""
    if request.kind == LANGUAGE:
        lang = request.fields.get("language")
        if lang not in LANGUAGES:
            return Reply(False, _("The box speaks French, German or English.", request.lang))
        return [acts.SetLanguage(str(lang), by=HOST)]
    if request.kind == PACK:
        name = request.fields.get("name")
        questions = request.fields.get("questions")
        kept = pack_name(name) if isinstance(name, str) else None
        if kept is None or not isinstance(questions, tuple) or not questions:
            raise ValueError(PACK)
        if not all(isinstance(question, Question) for question in questions):
            raise ValueError(PACK)
        return [acts.KeepPack(kept, questions, by=HOST)]
    raise ValueError(request.kind)


TEXTS: dict[str, str] = {
    "title": N_("Settings"),
    "language": N_("The box's language"),
    "timers": N_("Sand timers"),
    "seconds": N_("{n} s"),
    "timers_note": N_("Set in the box's configuration."),
    "packs": N_("Question packs"),
    "no_packs": N_("No pack imported yet."),
    "upload": N_("Add a pack (CSV or JSON)"),
    "pack_name": N_("The pack's name"),
    "send": N_("Send the file"),
    "sending": N_("Reading the file…"),
}
"""The words the settings' script shows (`static/host/settings.js`)."""

SETTINGS = HostPanel(name="settings", kinds=(LANGUAGE, PACK), view=view, act=act, texts=TEXTS)
"""The settings panel of the host's page."""
