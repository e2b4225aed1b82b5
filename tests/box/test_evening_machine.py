"""The box's core over random evenings, with no screen: its main test (issues 36, 45).

Hypothesis plays random sequences of what happens at a table, by every actor the box
has: the host's taps (a new game, a resume, a pause, an abandon, actions, undo and
redo), the players' phones (a seat taken, an answer sent through the phones' part), the
bell of a box without a screen (the host's next step), the quizmaster (the box's own
questions, asked after whatever opened a round), the computer (Gambo's seat, searching
as a job), a pack imported from the command line, and a restart of the box from its
journal. The box is built as both loops build it (`assembly.build_box`). After every step:

- every event the journal holds was told exactly once, as one change that names the
  actor who made it, with states before and after that are the journal's own fold;
- no game is lost: the games the core lists as unfinished are the journal's;
- a seat's phone keeps its seat across any pause, switch and resume (and a restart);
- the table the core plays, the state the phones are sent and the journal agree.

This test imports no pygame (`sys.modules` is checked).
"""

from __future__ import annotations

import random
import shutil
import sys
import tempfile
from concurrent.futures import Future
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from pi_app.assembly import Box, build_box
from pi_app.box import acts
from pi_app.box.actors import BOX, BUTTON, COMPUTER, QUIZMASTER, Actor, phone
from pi_app.box.changes import Change, TableChange
from pi_app.box.packs import PACKS_SETTING
from pi_app.box.seats import SeatBook
from pi_app.questions.kept import replace_pack
from pi_app.questions.question import Question
from pi_app.rules.registry import find_game
from pi_app.table import Journal
from pi_app.table.timeline import Timeline
from pi_app.web.hub import Hub
from pi_app.web.requests import PhoneRequest, Reply

GAMES: dict[str, tuple[str, ...]] = {
    "gambit7": ("Ana", "Ben", "Cy"),
    "quitte-ou-double": ("Rouges", "Bleus", "Verts"),
    "cambio": ("Dan", "Eve", "Fay"),
    "gambo": ("Gil", "Hal"),
}
ASKED = ("gambit7", "quitte-ou-double")
"""The games the box can ask its own questions in."""
PATIENCE = 60.0
HELPERS = {QUIZMASTER, COMPUTER}
"""Actors that may act after anyone's act (the round's question, the computer's reply)."""


def candidates(table: Any, rng: random.Random) -> list[str]:
    """Actions worth trying at `table`: its legal ones, and the typed answers, bets and
    steps of the games whose actions the rules cannot list (answers are typed)."""
    game = table.game
    found = [game.format_action(action) for action in game.legal_actions(table.state)]
    seats = table.seats
    typed = [f'answer "{seat}" "{rng.randint(1, 99)}" fr' for seat in seats]
    steps = ["reveal", "close-bets", f'truth "{rng.randint(1, 99)}" fr', "next"]
    bets = [f'bet "{seat}" []' for seat in seats]
    return found[:30] + typed + steps + bets


class Evening(RuleBasedStateMachine):
    """A box's evening, and the same journal read again after each restart."""

    @initialize()
    def open_the_box(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="evening-"))
        self.path = self.folder / "journal.sqlite3"
        self.journal = Journal(self.path)
        self.rng = random.Random(0)
        self.tokens: dict[int, dict[str, str]] = {}
        """The phones seated in each game: game id -> seat -> token."""
        self.told: list[Change] = []
        self.counted: dict[int, int] = {}
        """Each game's journal events accounted for by the changes told so far."""
        self.folded: list[tuple[TableChange, int]] = []
        """Each table change with the count of its game's events once it was told."""
        self.packs = 0
        self._start()

    def _start(self) -> None:
        self.hub = Hub(SeatBook(self.folder / "phones.json"))
        self.box: Box = build_box({}, self.journal, hub=self.hub)
        self.session = self.box.session
        self.session.changes.subscribe(self._heard)
        for entry in self.journal.games():  # what the journal held before this start
            self.counted[entry.id] = len(self.journal.events(entry.id))
        self.session.open()
        self._settle()

    def _heard(self, change: Change) -> None:
        self.told.append(change)
        if isinstance(change, TableChange) and change.events:
            game_id = change.table.game_id
            self.counted[game_id] = self.counted.get(game_id, 0) + change.events
            self.folded.append((change, self.counted[game_id]))

    def _settle(self) -> None:
        """Whatever the box does by itself (the computer's search) is done, and the
        phones are sent the table, as the loop does between two frames."""
        assert self.session.jobs.wait_idle(PATIENCE)
        self.box.step()
        self.box.publish()

    def _acted(self, act: acts.Act) -> acts.Done:
        """`act`, then the box settled; its changes name its actor first, and after it
        only the quizmaster and the computer, who answer anyone's act."""
        before = len(self.told)
        done = self.session.act(act)
        self._settle()
        self._only_by(before, act.by)
        return done

    def _only_by(self, before: int, actor: Actor) -> None:
        table_changes = [c for c in self.told[before:] if isinstance(c, TableChange)]
        if table_changes and table_changes[0].by not in HELPERS:
            assert table_changes[0].by == actor
        assert {c.by for c in table_changes} <= {actor} | HELPERS

    def teardown(self) -> None:
        self.box.close()
        self.journal.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    # ---- the host ------------------------------------------------------------------

    @rule(game=st.sampled_from(sorted(GAMES)), asked=st.booleans(), computer=st.booleans())
    def new_game(self, game: str, asked: bool, computer: bool) -> None:
        extras: dict[str, Any] = {"questions": "box"} if asked and game in ASKED else {}
        if game == "gambo" and computer:
            extras = {"opponent": {"A": "easy"}}
        assert self._acted(acts.NewGame(game, GAMES[game], {}, extras)).ok
        assert self.session.table is not None and self.session.table.game.name == game

    @precondition(lambda self: len(self.session.unfinished.tables()) > 0)
    @rule(data=st.data())
    def resume(self, data: st.DataObject) -> None:
        tables = self.session.unfinished.tables()
        chosen = data.draw(st.sampled_from([t.game_id for t in tables]))
        assert self._acted(acts.Resume(chosen)).ok
        assert self.session.table is not None and self.session.table.game_id == chosen

    @precondition(lambda self: self.session.table is not None)
    @rule()
    def pause(self) -> None:
        assert self._acted(acts.Pause()).ok
        assert self.session.table is None

    @precondition(lambda self: len(self.session.unfinished.tables()) > 0)
    @rule(data=st.data())
    def abandon(self, data: st.DataObject) -> None:
        tables = self.session.unfinished.tables()
        chosen = data.draw(st.sampled_from([t.game_id for t in tables]))
        self._acted(acts.Abandon(chosen))
        self.tokens.pop(chosen, None)
        assert chosen not in [t.game_id for t in self.session.unfinished.tables()]

    @precondition(lambda self: self.session.table is not None)
    @rule(data=st.data())
    def tap(self, data: st.DataObject) -> None:
        table = self.session.table
        assert table is not None
        notation = data.draw(st.sampled_from(candidates(table, self.rng)))
        before = table.state
        done = self._acted(acts.Play(notation))
        assert done.ok or table.state is before  # a refusal changes nothing

    @precondition(lambda self: self.session.table is not None)
    @rule()
    def undo(self) -> None:
        self._acted(acts.Undo())

    @precondition(lambda self: self.session.table is not None)
    @rule()
    def redo(self) -> None:
        self._acted(acts.Redo())

    @precondition(lambda self: self.session.table is not None)
    @rule()
    def the_next_button_of_a_box_without_its_screen(self) -> None:
        """The host's next step, as the Next button makes it."""
        self._acted(acts.NextStep(by=BUTTON))

    @precondition(lambda self: self.session.table is not None)
    @rule()
    def the_bell_of_a_box_without_its_screen(self) -> None:
        """The game's own bell (Cambio's), else the host's next step."""
        self._acted(acts.Bell())

    # ---- the phones ---------------------------------------------------------------

    @precondition(lambda self: self.session.table is not None)
    @rule(data=st.data())
    def a_phone_takes_a_seat(self, data: st.DataObject) -> None:
        table = self.session.table
        assert table is not None
        free = [seat for seat in table.seats if seat not in self.hub.held()]
        if not free:
            return
        seat = data.draw(st.sampled_from(free))
        done = self._acted(acts.TakeSeat(seat, phone(seat), table.game_id))
        assert done.ok and done.token
        self.tokens.setdefault(table.game_id, {})[seat] = done.token

    @precondition(lambda self: bool(self._seated_here()))
    @rule(data=st.data(), value=st.integers(1, 99))
    def a_phone_answers(self, data: st.DataObject, value: int) -> None:
        """A seated phone's answer, through the phones' part as the server hands it."""
        table = self.session.table
        assert table is not None
        seat = data.draw(st.sampled_from(sorted(self._seated_here())))
        fields = {"typed": str(value), "locale": "fr"}
        request = PhoneRequest(seat, "answer", fields, "fr", table.game_id)
        reply: Future[Reply] = self.hub.submit(request)
        before = len(self.told)
        self.box.step()  # the loop serves the phones' requests between two frames
        self._settle()
        assert reply.done()
        self._only_by(before, phone(seat))

    def _seated_here(self) -> dict[str, str]:
        table = self.session.table
        return {} if table is None else self.tokens.get(table.game_id, {})

    @precondition(lambda self: self.session.table is not None)
    @rule()
    def phones_reload(self) -> None:
        """Each seated phone says hello again with its token: it is in its seat."""
        for seat, token in self._seated_here().items():
            assert self.hub.seats.seat_of(token) == seat

    # ---- the command line and the plug ---------------------------------------------

    @rule()
    def a_pack_is_imported(self) -> None:
        self.packs += 1
        name = f"pack{self.packs}"
        other = Journal(self.path)  # `tabletop questions import`, in another process
        try:
            question = {
                "id": f"{name}:1",
                "text": {"fr": "Combien ?"},
                "answer": "8",
                "unit": "",
                "source": "un livre",
            }
            replace_pack(other.questions, name, [Question.from_json(question, pack=name)])
            other.flush()
        finally:
            other.close()
        self.session.packs.look()
        self._settle()
        assert name in self.session.config[PACKS_SETTING]

    @rule()
    def restart(self) -> None:
        before = {t.game_id: t.state for t in self.session.unfinished.tables()}
        self.journal.flush()
        self.box.close()
        self.journal.close()
        self.journal = Journal(self.path)
        self._start()
        after = {t.game_id: t.state for t in self.session.unfinished.tables()}
        assert after == before
        if before:  # an unfinished game is at the table again
            assert self.session.table is not None and self.session.table.game_id in before

    # ---- what always holds ---------------------------------------------------------

    @invariant()
    def every_event_was_told_once_with_its_states(self) -> None:
        if not hasattr(self, "session"):
            return
        self.journal.flush()
        for entry in self.journal.games():
            events = self.journal.events(entry.id)
            assert len(events) == self.counted.get(entry.id, 0), entry.game
        for change, count in self.folded:
            game_id = change.table.game_id
            assert self._fold(game_id, count - change.events) == change.before
            assert self._fold(game_id, count) == change.after
        self.folded.clear()  # each change checked once

    def _fold(self, game_id: int, count: int | None = None) -> object:
        """The state of game `game_id` after its first `count` events (all: None), as
        the journal holds them."""
        entry = self.journal.game(game_id)
        assert entry is not None
        events = self.journal.events(game_id)
        timeline = Timeline.start(find_game(entry.game), entry.setup)
        return timeline.fold(events if count is None else events[:count]).state

    @invariant()
    def no_game_is_lost(self) -> None:
        if not hasattr(self, "session"):
            return
        listed = {t.game_id for t in self.session.unfinished.tables()}
        kept = {entry.id for entry in self.journal.unfinished_games()}
        assert listed == kept

    @invariant()
    def seated_phones_keep_their_seats(self) -> None:
        if not hasattr(self, "session"):
            return
        for seat, token in self._seated_here().items():
            assert self.hub.seats.seat_of(token) == seat

    @invariant()
    def the_table_the_phones_and_the_journal_agree(self) -> None:
        table = getattr(self, "session", None) and self.session.table
        if not table:
            return
        published = self.hub.published
        assert published is not None and published.game_id == table.game_id
        assert published.state is table.state
        self.journal.flush()
        assert self._fold(table.game_id) == table.state

    @invariant()
    def the_box_acts_only_as_itself(self) -> None:
        """Whatever the host did, the table's changes name an actor of this box."""
        actors = {c.by.kind for c in self.told if isinstance(c, TableChange)}
        assert actors <= {BOX.kind, BUTTON.kind, COMPUTER.kind, QUIZMASTER.kind, "phone"}


Evening.TestCase.settings = settings(
    max_examples=25,
    stateful_step_count=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestEvening = Evening.TestCase


def test_the_core_imports_no_pygame() -> None:
    """The evening above ran without pygame: the core is the phones-only box's too."""
    import subprocess

    code = (
        "import sys, pi_app.box.session, pi_app.web.tables, pi_app.loop, pi_app.assembly; "
        "print('pygame' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    assert done.stdout.strip() == "False", done.stderr
