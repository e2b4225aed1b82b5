"""The host's part of the box on the owner's thread: its requests carried out through
the core's one door, the table shown to its page.

Whichever loop owns the session calls `serve` between two frames and `publish` after
them, as it does the phones' (`web.tables`). A request names the game and the step it
was made on: one made on a stale view is refused with what changed (`host_steps`).
The shared kinds ("next", "undo", "redo") are the acts a tap on the box makes, by the
host; a game's kinds are its `HostPlay.action`'s notations played in order; a panel's
are its `HostPanel.act`'s acts carried out in order. The first refusal stops and is
the reply; a reply is sent once its event is on disk (`host_sockets`).
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Sequence
from typing import Any

from pi_app.ai import opponent_for
from pi_app.box import acts
from pi_app.box.actors import HOST
from pi_app.box.acts import Act, Done
from pi_app.box.session import Session
from pi_app.i18n import N_, Translator, translate
from pi_app.rules.contract import RuleError
from pi_app.table.protocol import GameTable
from pi_app.web.host_panels import PANELS
from pi_app.web.host_play import HostPanel, HostRequest, host_play
from pi_app.web.host_steps import OTHER_GAME, STALE, HostSteps
from pi_app.web.host_view import host_message, next_words, redo_words, undo_words
from pi_app.web.hub import Hub
from pi_app.web.phone_request import Reply
from pi_app.web.tables import Clocked

_ = Translator("host")
log = logging.getLogger(__name__)

SHARED = ("next", "undo", "redo")
UNREADABLE = N_("That message cannot be read.")
NO_GAME = N_("No game at the table yet.")
FAULT = N_("The box could not carry out this request; the game goes on as it was.")
NOTHING_NEXT = N_("Nothing to move on: the round waits for its players.")
NOTHING_BACK = N_("Nothing to undo.")
NOTHING_AGAIN = N_("Nothing to redo.")
COMPUTERS_TURN = N_("The computer is to move: its move comes first.")


def said(message: str, lang: str, **params: object) -> Reply:
    """A refusal in the host's language."""
    return Reply(False, translate(message, "host", lang).format(**params))


class HostTables:
    """The host's desk served from the session, on the owner's thread."""

    def __init__(self, session: Session, hub: Hub) -> None:
        self.session = session
        self.hub = hub
        self.desk = hub.desk
        self.steps = HostSteps(session.changes)
        self._dirty = True  # something the host sees may have changed
        self._timer: object = None
        session.changes.subscribe(self._changed)

    def _changed(self, _change: object) -> None:
        self._dirty = True

    def refresh(self) -> None:
        """Something a host's panel shows changed without a change of the session's
        (a job's result: the box's health checked): the hosts see it."""
        self._dirty = True

    def serve(self) -> None:
        """Carry out the hosts' requests, oldest first."""
        for request, future in self.desk.take():
            future.set_result(self._reply(request))
            self._dirty = True

    def _reply(self, request: HostRequest) -> Reply:
        """The answer to one request: a fault is the host's refusal, never the owner's end."""
        try:
            return self._carry_out(request)
        except Exception:
            log.exception("a host's %s request failed; the table goes on", request.kind)
            return said(FAULT, request.lang)

    def _carry_out(self, request: HostRequest) -> Reply:
        panel = _panel_of(request.kind)
        if panel is not None:
            return self._acts(panel_acts(panel, self.session, request), request)
        table = self.session.table
        if table is None:
            return said(NO_GAME, request.lang)
        stale = self._stale(table, request)
        if stale is not None:
            return stale
        if request.kind in SHARED:
            return self._shared(table, request)
        return self._acts(game_acts(table, request), request)

    def _stale(self, table: GameTable, request: HostRequest) -> Reply | None:
        """The refusal of a request made on another game or an older step (None: current)."""
        if request.game_id != table.game_id:
            return said(STALE, request.lang, changes=_other(request))
        if request.step != self.steps.number:
            step = request.step if isinstance(request.step, int) else 0
            return Reply(False, self.steps.since(step, request.lang))
        return None

    def _shared(self, table: GameTable, request: HostRequest) -> Reply:
        """Next, undo, redo: refused in the host's words when there is nothing to do."""
        lang = request.lang
        if request.kind == "next":
            if next_words(table, lang) is None:
                return said(NOTHING_NEXT, lang)
            return self._acts([acts.NextStep(by=HOST)], request)
        if request.kind == "undo":
            if undo_words(table, lang) is None:
                return said(NOTHING_BACK, lang)
            return self._acts([acts.Undo(by=HOST)], request)
        if redo_words(table, lang) is None:
            return said(NOTHING_AGAIN, lang)
        return self._acts([acts.Redo(by=HOST)], request)

    def _acts(self, made: Sequence[Act] | Reply, request: HostRequest) -> Reply:
        """Each act through the door, by the host, in order; the first refusal stops."""
        if isinstance(made, Reply):
            return made
        done: Done = acts.DONE
        for act in made:
            done = self.session.act(dataclasses.replace(act, by=HOST))
            if not done.ok:
                return Reply(False, done.message or translate(FAULT, "host", request.lang))
        return Reply(True, "", done.ticket)

    def publish(self, timer: Clocked | None, now: float) -> None:
        """Build the host's message in each language a host reads, when something it
        shows changed (or a host came); nothing while no host is connected."""
        langs, wanted = self.desk.readers()
        if timer is not self._timer:
            self._timer, self._dirty = timer, True
        if not langs or not (self._dirty or wanted):
            return
        self._dirty = False
        shown = _timer(timer, now)
        step = self.steps.number
        screen = self.hub.screen
        self.desk.show(
            {lang: host_message(self.session, step, lang, screen, shown) for lang in langs}
        )


def _panel_of(kind: str) -> HostPanel | None:
    return next((panel for panel in PANELS if kind in panel.kinds), None)


def panel_acts(panel: HostPanel, session: Session, request: HostRequest) -> Sequence[Act] | Reply:
    """A panel's acts for a request (or its refusal)."""
    try:
        return panel.act(session, request)
    except ValueError:
        return said(UNREADABLE, request.lang)


def game_acts(table: GameTable, request: HostRequest) -> Sequence[Act] | Reply:
    """A game's kind: its host play's notations, each a `Play` in this game."""
    play = host_play(table.game.name)
    if play is None or request.kind not in play.kinds:
        return said(UNREADABLE, request.lang)
    opponent = opponent_for(table.game.name)
    if opponent is not None and opponent.to_play(table.state, table.extras) is not None:
        return said(COMPUTERS_TURN, request.lang)  # its move is the computer's alone
    try:
        made = play.action(table.state, request)
    except RuleError as error:
        return Reply(False, error.message(request.lang))
    except ValueError:
        return said(UNREADABLE, request.lang)
    if isinstance(made, Reply):
        return made
    return [acts.Play(n, HOST, table.game_id, request.lang) for n in made]


def _other(request: HostRequest) -> str:
    return translate(OTHER_GAME, "host", request.lang)


def _timer(timer: Clocked | None, now: float) -> dict[str, Any] | None:
    if timer is None:
        return None
    left = round(max(0.0, timer.remaining(now)), 2)
    return {"kind": timer.kind, "seconds": timer.seconds, "left": left}
