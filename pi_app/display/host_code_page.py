"""The host's phone and the big screen on the box's screen: two QR codes, opened from
the home.

The host's code carries the host's key (`web.host_key`): whoever scans it runs the
evening. The box's screen is shared by the whole table, so the code is drawn only once
the host taps "Show the host's code", and hidden again when the page is left. "New
key" renews the key (the screen's command `RenewHostKey`): every host page opened with
the old one stops at once, and the code shown is the new one. The big screen's code
(`/tv`) needs no key and shows what the table may see: it is drawn at once.

Both name the box as the phones' join code does (`PhonesPanel.site`). The key is read
on every frame: renewed by `tabletop host-link --new`, the page shows the new one.
The page draws what it is given and changes nothing but what it shows.
"""

from __future__ import annotations

import contextlib
from collections.abc import Hashable, Sequence
from enum import StrEnum
from urllib.parse import urlsplit

import pygame

from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, cols, split
from pi_app.display.intents import Back, Intent, Press
from pi_app.display.phones import LEAST_SCALE, qr_surface
from pi_app.display.phones_panel import PhonesPanel
from pi_app.display.scene import Command, Ctx, GoHome, Parts, RenewHostKey, Scene
from pi_app.display.targets import Button
from pi_app.display.titles import label_for
from pi_app.errors import describe
from pi_app.i18n import Translator, verbatim
from pi_app.web.host_key import HostKey
from pi_app.web.host_links import HostLinks, links_at

_ = Translator("display")


class HostButton(StrEnum):
    """The page's own buttons."""

    SHOW = "host-code-show"
    HIDE = "host-code-hide"
    NEW_KEY = "host-code-new-key"


class HostCodeScene(Scene):
    """The host's code (hidden until asked) and the big screen's."""

    name = "host-code"

    def __init__(self, key: HostKey, phones: PhonesPanel | None) -> None:
        self.host_key = key
        self.phones = phones
        self.shown = False
        """Whether the host asked to see their code (the page's own state)."""

    def key(self) -> Hashable:
        return ("host-code",)

    def links(self) -> HostLinks | None:
        """Both links as they are now; None when the phones' server is not running
        (neither page can open) or the box has no key."""
        key = self.host_key.read()
        if self.phones is None or not self.phones.serving or key is None:
            return None
        site = urlsplit(self.phones.site())
        return links_at(site.hostname or "localhost", site.port or 80, key)

    # ---- drawing ------------------------------------------------------------------------

    def draw(self, canvas: Canvas, ctx: Ctx) -> None:
        t = canvas.theme
        area = canvas.rect.inflate(-2 * t.pad, -2 * t.pad)
        head, rest = split(area, t.button_h, t.gap)
        body, foot = split(rest, rest.height - t.button_h - t.gap, t.gap)
        canvas.text(_("Host's phone"), head, t.title, th.ACCENT, align="left")
        links = self.links()
        if links is None:
            canvas.text(self._missing(), body, t.body, th.WARN)
        else:
            host, tv = cols(body, 2, 2 * t.gap)
            self._host_code(canvas, host, links.host)
            written = verbatim(links.tv.removeprefix("http://"))
            code_column(canvas, tv, _("Big screen (TV)"), links.tv, written)
        back, toggle, renew = cols(foot, 3, t.gap)
        canvas.button(back, _("Back"), Button.BACK)
        if self.shown:
            label = label_for(canvas, toggle, _("Hide the code"), _("Hide"))
            canvas.button(toggle, label, HostButton.HIDE)
        else:
            wordings = (_("Show the host's code"), _("Show the code"), _("Show"))
            label = label_for(canvas, toggle, *wordings)
            canvas.button(toggle, label, HostButton.SHOW, enabled=links is not None)
        label = label_for(canvas, renew, _("New key"), _("Renew"))
        canvas.button(renew, label, HostButton.NEW_KEY)

    def _missing(self) -> str:
        """Why neither code is drawn."""
        if self.phones is None or not self.phones.serving:
            return _("The phones' server is not running: the host's page cannot open.")
        return _("The box has no host's key yet: New key makes one.")

    def _host_code(self, canvas: Canvas, box: pygame.Rect, link: str) -> None:
        """The host's code when asked for, else what it is and why it is hidden."""
        t = canvas.theme
        if self.shown:
            code_column(canvas, box, _("Host's code"), link, _("For the host's phone only"))
            return
        canvas.panel(box, th.PANEL)
        said = _("Whoever scans the host's code runs the evening: show it to the host alone.")
        canvas.text(said, box.inflate(-2 * t.pad, -2 * t.pad), t.small, th.TEXT)

    # ---- inputs -------------------------------------------------------------------------

    def handle(self, intent: Intent, ctx: Ctx) -> Sequence[Command]:
        if isinstance(intent, Back) or intent == Press(Button.BACK):
            return (GoHome(),)
        if intent == Press(HostButton.SHOW):
            self.shown = True
        elif intent == Press(HostButton.HIDE):
            self.shown = False
        elif intent == Press(HostButton.NEW_KEY):
            return (RenewHostKey(),)
        return ()


def code_column(canvas: Canvas, box: pygame.Rect, heading: str, link: str, under: str) -> None:
    """A heading, the QR code of `link` as large as the column holds it, and a line
    under it where it fits whole (the code says it all)."""
    t = canvas.theme
    line = canvas.fonts.font(t.small).get_linesize() + 4
    top, rest = split(box, line, t.gap // 2)
    middle, bottom = split(rest, rest.height - line - t.gap // 2, t.gap // 2)
    canvas.text(heading, top, t.small, th.TEXT)
    code = qr_surface(link)
    scale = max(LEAST_SCALE, min(middle.width, middle.height) // code.get_width())
    drawn = pygame.transform.scale(code, (code.get_width() * scale, code.get_height() * scale))
    spot = drawn.get_rect(midtop=(middle.centerx, middle.y))
    canvas.surface.blit(drawn, spot)
    if canvas.fits_whole(under, bottom, t.small):
        canvas.text(under, bottom, t.small, th.MUTED)


def renew(key: HostKey) -> tuple[str, bool]:
    """A new host's key; the message it leaves, and whether it is an error."""
    try:
        key.renew()
    except OSError as error:
        return _("The host's key was not renewed: {why}.").format(why=describe(error)), True
    return _("New host's key: the pages opened with the old one have stopped."), False


def host_code_page(parts: Parts) -> Scene:
    """The host's and the big screen's codes, as a page over the home
    (`scene.OpenPage`): the box's key is made as it opens if it has none."""
    key = HostKey.beside(parts.session.journal.path)
    with contextlib.suppress(OSError):  # the page says there is none; New key says why
        key.current()
    return HostCodeScene(key, parts.phones)
