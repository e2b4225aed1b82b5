"""The box's core over random evenings, with no screen (issue 36).

Hypothesis plays random sequences of what happens at a table: a new game (the one at
the table waits, paused), a resume, an abandon, actions, undo and redo, a phone taking
a seat or reloading its page, a pack imported from the command line, and a restart
of the box from its journal. After every step:

- no game is lost: the games the core lists as unfinished are the journal's;
- a seated phone keeps its seat across pause and resume (and across a restart);
- the table the core plays, the state the phones are sent and the journal's fold of
  the game are the same.

The core here is the one the display and the phones-only owner drive, and this test
imports no pygame (`sys.modules` is checked).
"""

from __future__ import annotations

import random
import shutil
import sys
import tempfile
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

from pi_app.box.jobs import Jobs
from pi_app.box.packs import PACKS_SETTING
from pi_app.box.phones import PhoneTables
from pi_app.box.session import Session
from pi_app.questions.kept import replace_pack
from pi_app.questions.question import Question
from pi_app.rules.contract import RuleError
from pi_app.table import Journal, Table
from pi_app.web.hub import Hub
from pi_app.web.seats import SeatBook

GAMES: dict[str, tuple[str, ...]] = {
    "gambit7": ("Ana", "Ben", "Cy"),
    "quitte-ou-double": ("Rouges", "Bleus", "Verts"),
    "cambio": ("Dan", "Eve", "Fay"),
    "gambo": ("Gil", "Hal"),
}
PATIENCE = 60.0


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
        self.packs = 0
        self._start()

    def _start(self) -> None:
        self.hub = Hub(SeatBook(self.folder / "phones.json"))
        self.session = Session({}, self.journal, jobs=Jobs())
        self.session.computer.held = True  # a search's timing is not this test's
        self.tables = PhoneTables(self.session, self.hub)
        self.session.open()
        self._publish()

    def _publish(self) -> None:
        self.tables.publish(self.session.table, None, 0.0)

    def teardown(self) -> None:
        self.session.close()
        self.journal.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    # ---- the host ------------------------------------------------------------------

    @rule(game=st.sampled_from(sorted(GAMES)), asked=st.booleans())
    def new_game(self, game: str, asked: bool) -> None:
        extras = {"questions": "box"} if asked and game in ("gambit7", "quitte-ou-double") else {}
        table = self.session.new_game(game, GAMES[game], {}, extras)
        assert table is not None and self.session.table is table
        self._publish()

    @precondition(lambda self: len(self.session.unfinished.tables()) > 0)
    @rule(data=st.data())
    def resume(self, data: st.DataObject) -> None:
        tables = self.session.unfinished.tables()
        chosen = data.draw(st.sampled_from([t.game_id for t in tables]))
        assert self.session.resume(chosen)
        assert self.session.table is not None and self.session.table.game_id == chosen
        self._publish()

    @precondition(lambda self: len(self.session.unfinished.tables()) > 0)
    @rule(data=st.data())
    def abandon(self, data: st.DataObject) -> None:
        tables = self.session.unfinished.tables()
        chosen = data.draw(st.sampled_from([t.game_id for t in tables]))
        self.session.abandon(chosen)
        self.tokens.pop(chosen, None)
        assert chosen not in [t.game_id for t in self.session.unfinished.tables()]
        self._publish()

    @precondition(lambda self: self.session.table is not None)
    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        table = self.session.table
        assert table is not None
        tried = candidates(table, self.rng)
        notation = data.draw(st.sampled_from(tried))
        before = table.state
        played = self.session.play(notation)
        assert played == (table.state is not before)
        self._publish()

    @precondition(lambda self: self.session.table is not None)
    @rule()
    def undo(self) -> None:
        self.session.undo()
        self._publish()

    @precondition(lambda self: self.session.table is not None)
    @rule()
    def redo(self) -> None:
        self.session.redo()
        self._publish()

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
        token = self.hub.claim(seat)
        assert token is not None
        self.tokens.setdefault(table.game_id, {})[seat] = token

    @precondition(lambda self: self.session.table is not None)
    @rule()
    def phones_reload(self) -> None:
        """Each seated phone says hello again with its token: it is in its seat."""
        table = self.session.table
        assert table is not None
        for seat, token in self.tokens.get(table.game_id, {}).items():
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
        assert self.session.jobs.wait_idle(PATIENCE)
        assert name in self.session.config[PACKS_SETTING]

    @rule()
    def restart(self) -> None:
        before = {t.game_id: t.state for t in self.session.unfinished.tables()}
        self.journal.flush()
        self.session.close()
        self.journal.close()
        self.journal = Journal(self.path)
        self._start()
        after = {t.game_id: t.state for t in self.session.unfinished.tables()}
        assert after == before
        if before:  # an unfinished game is at the table again
            assert self.session.table is not None and self.session.table.game_id in before

    # ---- what always holds ---------------------------------------------------------

    @invariant()
    def no_game_is_lost(self) -> None:
        if not hasattr(self, "session"):
            return
        listed = {t.game_id for t in self.session.unfinished.tables()}
        kept = {entry.id for entry in self.journal.unfinished_games()}
        assert listed == kept

    @invariant()
    def seated_phones_keep_their_seats(self) -> None:
        table = getattr(self, "session", None) and self.session.table
        if not table:
            return
        for seat, token in self.tokens.get(table.game_id, {}).items():
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
        try:
            folded = Table.load(self.journal, table.game_id)
        except RuleError as error:  # pragma: no cover - a fold the rules refuse is a bug
            raise AssertionError(error.message()) from error
        assert folded.state == table.state


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
        "import sys, pi_app.box.session, pi_app.box.phones, pi_app.web.owner; "
        "print('pygame' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    assert done.stdout.strip() == "False", done.stderr
