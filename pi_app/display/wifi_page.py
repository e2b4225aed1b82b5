"""The box's own Wi-Fi on its screen: what NetworkManager says (the Wi-Fi device, the
box's network with its name and password, the known network it is on), and buttons to
turn the box's network on or off, as `tabletop wifi status|on|off` does.

NetworkManager answers in its own time: every question to it is a job (the jobs
service, `pi_app.box.jobs`), and the page shows "asking" meanwhile; the table's loop
never waits on it, and draws the page again as soon as the job is done, whatever the
answer said.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from pi_app.box.jobs import Jobs
from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, cols, rows, split
from pi_app.display.intents import Back, Intent, Press
from pi_app.display.scene import Command, Ctx, GoHome, Notice, Parts, Scene, WifiChanged
from pi_app.display.targets import Button
from pi_app.i18n import Translator, verbatim
from pi_app.wifi.hotspot import Hotspot, NetworkManager, Status, WifiError

_ = Translator("display")


class WifiButton(StrEnum):
    """The page's own buttons."""

    ON = "wifi-on"
    OFF = "wifi-off"


@dataclass(frozen=True)
class Seen:
    """What NetworkManager said last: its status and the box's network if it is up."""

    status: Status
    hotspot: Hotspot | None


class WifiScene(Scene):
    """The box's Wi-Fi: its state, and On or Off."""

    name = "wifi"

    def __init__(self, manager: NetworkManager, jobs: Jobs) -> None:
        self.manager = manager
        self.jobs = jobs
        self.seen: Seen | None = None
        self.said: list[Command] = []
        """What a finished question to NetworkManager has to say (taken by `poll`)."""
        self._work(self._ask)

    def key(self) -> Hashable:
        return ("wifi",)

    # ---- NetworkManager, as jobs -------------------------------------------------------

    @property
    def busy(self) -> bool:
        """Whether a question to NetworkManager is on its way (the page says so)."""
        return self.jobs.busy(self)

    def _work(self, job: Callable[[], list[Command]]) -> None:
        def run() -> tuple[list[Command], Seen]:
            try:
                said = job()
            except WifiError as error:
                said = [Notice(_("NetworkManager refused: {error}").format(error=error), True)]
            return said, self._look()

        self.jobs.run(run, self._answered, self._failed, owner=self)

    def _answered(self, answer: tuple[list[Command], Seen]) -> None:
        """On the loop's thread: what NetworkManager said, and what it has to say."""
        said, self.seen = answer
        self.said += said

    def _failed(self, error: BaseException) -> None:
        """NetworkManager could not be asked at all: said, and the page asks no more."""
        self.said.append(Notice(_("NetworkManager refused: {error}").format(error=error), True))

    def _look(self) -> Seen:
        status = self.manager.status()
        return Seen(status, self.manager.current() if status.hotspot else None)

    def _ask(self) -> list[Command]:
        return []

    def _on(self) -> list[Command]:
        made = self.manager.on()
        return [WifiChanged(made), Notice(_("The box's own Wi-Fi is on."))]

    def _off(self) -> list[Command]:
        self.manager.off()
        return [WifiChanged(None), Notice(_("The box's own Wi-Fi is off."))]

    def poll(self, ctx: Ctx) -> Sequence[Command]:
        said, self.said = self.said, []
        return said

    # ---- drawing ------------------------------------------------------------------------

    def draw(self, canvas: Canvas, ctx: Ctx) -> None:
        t = canvas.theme
        area = canvas.rect.inflate(-2 * t.pad, -2 * t.pad)
        head, rest = split(area, t.button_h, t.gap)
        body, foot = split(rest, rest.height - t.button_h - t.gap, t.gap)
        canvas.text(_("The box's Wi-Fi"), head, t.title, th.ACCENT, align="left")
        lines = self._lines()
        for cell, (text, colour) in zip(rows(body, 4, t.gap // 2), lines, strict=False):
            canvas.text(text, cell, t.body, colour, align="left")
        back, on, off = cols(foot, 3, t.gap)
        canvas.button(back, _("Back"), Button.BACK)
        ready = self.seen is not None and self.seen.status.device is not None and not self.busy
        up = self.seen is not None and self.seen.hotspot is not None
        canvas.button(on, _("Turn on"), WifiButton.ON, colour=th.GOOD, enabled=ready and not up)
        canvas.button(off, _("Turn off"), WifiButton.OFF, enabled=ready and up)

    def _lines(self) -> list[tuple[str, th.RGB]]:
        """The page's lines: what NetworkManager said, or that the box is asking it."""
        seen = self.seen
        if self.busy:
            return [(_("Asking NetworkManager…"), th.MUTED)]
        if seen is None:  # the question failed: said in the message bar
            seen = Seen(Status(nmcli=False, device=None, hotspot=False, network=None), None)
        status = seen.status
        if not status.nmcli:
            return [
                (_("NetworkManager is not running: the box cannot make its own Wi-Fi."), th.WARN)
            ]
        if status.device is None:
            return [(_("No Wi-Fi device."), th.WARN)]
        lines: list[tuple[str, th.RGB]] = []
        if seen.hotspot is not None:
            lines.append(
                (_("Its own Wi-Fi is on: {ssid}").format(ssid=verbatim(seen.hotspot.ssid)), th.GOOD)
            )
            lines.append(
                (
                    _("Password: {password}").format(password=verbatim(seen.hotspot.password)),
                    th.TEXT,
                )
            )
        else:
            lines.append((_("Its own Wi-Fi is off."), th.TEXT))
        if status.network is None:
            lines.append((_("No known network."), th.MUTED))
        else:
            known = _("Known network: {network}").format(network=verbatim(status.network))
            lines.append((known, th.MUTED))
        return lines

    # ---- inputs -------------------------------------------------------------------------

    def handle(self, intent: Intent, ctx: Ctx) -> Sequence[Command]:
        if isinstance(intent, Back) or intent == Press(Button.BACK):
            return (GoHome(),)
        if self.busy:
            return ()
        if intent == Press(WifiButton.ON):
            self._work(self._on)
        elif intent == Press(WifiButton.OFF):
            self._work(self._off)
        return ()


def wifi_page(parts: Parts) -> Scene:
    """The box's own Wi-Fi, as a page over the home (`scene.OpenPage`)."""
    return WifiScene(parts.wifi(), parts.session.jobs)
