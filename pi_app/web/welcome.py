"""The box's welcome, at "/": what a phone that opened the box's bare address can do.

Someone types the box's address, or follows it from the Wi-Fi's sign-in page, with no
`/j/…` code: instead of a bare "Not Found" they get one plain page in their phone's
language (Accept-Language, French by default; `?lang=` switches), listing what the box
offers now. Each offer is an `Entry` of `ENTRIES`, declared once: its heading, how it
is used, and the links it gives at this moment (none: it says why). Joining is the
first; the big screen and the host's page are added there when they exist, and the
page follows with no other change.

The page holds nothing a phone could not see on the box already: the join link of the
game at the table (the code the box shows), never a seat's token. It is drawn on the
server, with no script, so it works before a page's script could load.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from urllib.parse import quote

from pi_app.i18n import LANGUAGES, N_, Translator, translate
from pi_app.web.hub import Hub
from pi_app.web.texts import TEXTS, game_title
from pi_app.web.views import seats_of

_ = Translator("web")


@dataclass(frozen=True)
class Link:
    """One link of an entry: its words (already in the page's language) and address."""

    text: str
    href: str


@dataclass(frozen=True)
class Entry:
    """One thing the box offers a phone, as the welcome lists it."""

    key: str
    """The entry's id in the page (tests and styles find it by it)."""
    heading: str
    how: str
    """How it is used, in a sentence."""
    links: Callable[[Hub, str], list[Link]]
    """Its links now, for a phone in a language."""
    none: str
    """Said when it has no link now."""


def join_links(hub: Hub, lang: str) -> list[Link]:
    """The game at the table, open to join: its join page (the box's QR code's link)."""
    published = hub.published
    secret = None if published is None else hub.seats.current_secret(published.game_id)
    if published is None or secret is None:
        return []
    seats = seats_of(published.game, published.state)
    free = len([seat for seat in seats if seat not in hub.seats.holders()])
    words = translate(N_("{game}: {free} of {seats} seats free"), "web", lang)
    title = game_title(published.game.title, lang)
    text = words.format(game=title, free=free, seats=len(seats))
    return [Link(text, f"/j/{quote(secret, safe='')}")]


def tv_links(hub: Hub, lang: str) -> list[Link]:
    """The big screen (`/tv`), in the phone's language: always there, game or not."""
    return [Link(translate(N_("Open the big screen"), "web", lang), f"/tv?lang={lang}")]


ENTRIES: tuple[Entry, ...] = (
    Entry(
        "join",
        N_("Join the game"),
        N_("Pick the game at the table, then your seat; or scan the code on the box."),
        join_links,
        N_("No game is open to join now: the host starts one on the box."),
    ),
    Entry(
        "tv",
        N_("The big screen"),
        N_("Open it on a TV, a projector or a laptop: the whole room follows the game."),
        tv_links,
        N_("The big screen is not open."),
    ),
)
"""What the welcome offers, in its order: add an entry here to add it to the page."""

WELCOME = N_("Welcome to the game table")


def welcome_page(hub: Hub, lang: str) -> str:
    """The welcome's HTML in `lang`: every entry, each with its links or why none."""

    def say(message: str) -> str:
        return escape(translate(message, "web", lang))

    sections = []
    for entry in ENTRIES:
        links = entry.links(hub, lang)
        items = "".join(
            f'<li><a class="button" href="{escape(link.href)}">{escape(link.text)}</a></li>'
            for link in links
        )
        body = f"<ul>{items}</ul>" if links else f'<p class="status">{say(entry.none)}</p>'
        sections.append(
            f'<section id="{escape(entry.key)}"><h2>{say(entry.heading)}</h2>'
            f"<p>{say(entry.how)}</p>{body}</section>"
        )
    others = " ".join(_language_link(code, code == lang) for code in LANGUAGES)
    return (
        f'<!doctype html>\n<html lang="{escape(lang)}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{say(TEXTS['title'])}</title>\n"
        '<link rel="stylesheet" href="/static/style.css">\n</head>\n<body class="welcome">\n'
        f'<header><h1>{say(TEXTS["title"])}</h1><nav id="langs">{others}</nav></header>\n'
        f'<main>\n<p class="lead">{say(WELCOME)}</p>\n' + "\n".join(sections) + "\n</main>\n"
        "</body>\n</html>\n"
    )


def _language_link(code: str, current: bool) -> str:
    """The welcome in another language: a link, as the page has no script."""
    marked = ' aria-current="true"' if current else ""
    return f'<a href="/?lang={code}"{marked}>{code.upper()}</a>'
