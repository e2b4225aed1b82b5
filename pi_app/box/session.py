"""The evening at this box: the game at the table, the paused ones, and what they share.

One `Session` per box, driven by whichever loop owns it (the display, or the phones'
owner when there is no screen), always on that loop's thread. It starts, seats,
resumes and abandons games, plays, undoes and redoes on the table, keeps the host's
settings and language, asks the round's question where the box asks them, follows
the tournament across boxes and the host's question packs, and publishes each change
(`changes`) for the parts that show or sound it. A refusal of the rules is published
as a change too, never raised to the part that asked: every part hears it the same way.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pi_app.ai import opponent_for
from pi_app.box.changes import (
    Accepted,
    Changes,
    Left,
    NetworkNews,
    Redone,
    Refused,
    Said,
    Seated,
    Undone,
)
from pi_app.box.computer import Computer
from pi_app.box.jobs import Jobs
from pi_app.box.packs import Packs
from pi_app.box.quizmaster import CARDS, Probe, Quizmaster, awaited, awaits, journal_or
from pi_app.box.tournament import BoxTournament
from pi_app.box.unfinished import Unfinished
from pi_app.i18n import LANGUAGES, Translator, set_language
from pi_app.questions.bank import builtin
from pi_app.questions.question import Question
from pi_app.rules.contract import RuleError
from pi_app.table import Journal, JournalError, Table
from pi_app.table.players import Player
from pi_app.table.protocol import GameTable
from pi_app.table.readable import problem_of
from pi_app.table.timeline import Timeline

if TYPE_CHECKING:  # the tournament's network code loads only when a tournament plays
    from pi_app.net.table import NetworkTable

log = logging.getLogger(__name__)
_ = Translator("display")

LANGUAGE_SETTING = "language"
"""The journal's setting for the language chosen on the box."""
LANGUAGE_GIVEN = "language.given"
"""Set in the config by `tabletop --lang` (or TABLETOP_LANG): this start's language wins."""
PLAYERS_OFFERED = 40  # the remembered players the home offers, the latest first
NETWORK_CHECK_SECONDS = 1.0  # in a tournament across boxes, look at the network this often


class Session:
    """The games of the evening and what they share, with the changes published."""

    def __init__(
        self,
        config: Mapping[str, Any],
        journal: Journal,
        *,
        bank: Callable[[], Sequence[Question]] = builtin,
        jobs: Jobs | None = None,
        folder: Path | None = None,
        clock: Callable[[], float] = time.monotonic,
        probe: Probe | None = None,
    ) -> None:
        self.config = dict(config)
        self.journal = journal
        self.changes = Changes()
        self.jobs = jobs if jobs is not None else Jobs()
        self.quizmaster = Quizmaster(journal, bank, probe)
        self.network = BoxTournament(
            self.config, folder or journal.path.parent, lambda: self.jobs.wake()
        )
        self.clock = clock
        self.packs = Packs(journal, self.jobs, self.changes, self.config, self.quizmaster, clock)
        self.computer = Computer(self)
        self.settings = self._settings()
        """The choices the host made on the box, kept in the journal across restarts."""
        self.unfinished = Unfinished()
        """Every unfinished game, the latest played first: they wait to be resumed."""
        self.table: GameTable | None = None
        """The game at the table (the home may be over it)."""

    # ---- the start ----------------------------------------------------------------

    def open(self) -> None:
        """Take up the evening where the journal left it: the tournament this box is
        part of, then every unfinished game, the latest played at the table. Called once
        the parts have subscribed: they hear the game seated, then what could not be
        resumed."""
        said: list[str] = []
        found: list[GameTable] = []
        network = self._resume_network(said)
        if network is not None:
            found.append(network)
        try:
            entries = self.journal.unfinished_games()
        except JournalError as error:
            said.append(str(error))
            entries = []
        for entry in entries:
            table = self._load(entry.id, said)
            if table is not None:
                found.append(table)
        for table in reversed(found):
            self.unfinished.remember(table)
        if found:
            self.table = found[0]
            self._ask()
            self.changes.publish(Seated(found[0], resumed=True))
        for text in ([self.journal.notice] if self.journal.notice else []) + said:
            self.say(text, error=True)

    def _resume_network(self, said: list[str]) -> GameTable | None:
        try:
            return self.network.resume()
        except Exception as error:  # the box starts anyway, on its own journal
            log.exception("cannot resume the tournament")
            said.append(_("The tournament could not be resumed: {error}").format(error=error))
            return None

    def _load(self, game_id: int, said: list[str]) -> GameTable | None:
        """One unfinished game of the journal, rebuilt; None (and why in `said`) if it
        cannot be."""
        try:
            return Table.load(self.journal, game_id)
        except RuleError as error:
            said.append(error.message())
        except Exception as error:  # a game that cannot be rebuilt must not stop the box
            entry = self.journal.game(game_id)
            why = None if entry is None else problem_of(self.journal, entry)
            if why is None:  # not a row that does not read: the program's own fault
                log.exception("cannot resume game %s", game_id)
            else:
                log.warning("cannot resume game %s: %s", game_id, why)
            said.append(
                _("The unfinished game could not be resumed: {error}").format(error=why or error)
            )
        return None

    def _settings(self) -> dict[str, object]:
        """The host's kept choices; the language chosen on the box is taken again,
        unless this start was given one (`tabletop --lang`, TABLETOP_LANG)."""
        try:
            kept = self.journal.choices.settings()
        except JournalError as error:
            log.warning("settings not read: %s", error)
            return {}
        lang = kept.get(LANGUAGE_SETTING)
        if isinstance(lang, str) and lang in LANGUAGES and not self.config.get(LANGUAGE_GIVEN):
            set_language(lang)
        return kept

    # ---- the host's choices -------------------------------------------------------

    def remember(self, key: str, value: object) -> None:
        """Keep a host's choice for the next start (written without waiting)."""
        self.settings[key] = value
        try:
            self.journal.choices.remember_setting(key, value)
        except (JournalError, TypeError, ValueError) as error:
            log.warning("setting %s not kept: %s", key, error)

    def set_language(self, lang: str) -> None:
        set_language(lang)
        self.remember(LANGUAGE_SETTING, lang)

    def players(self) -> list[Player]:
        """The remembered players, the latest first ([] while the storage fails)."""
        try:
            return self.journal.choices.players(PLAYERS_OFFERED)
        except JournalError as error:
            log.warning("players not read: %s", error)
            return []

    def say(self, text: str, error: bool = False) -> None:
        self.changes.publish(Said(text, error))

    # ---- play -----------------------------------------------------------------------

    def play(self, notation: str, by: str = "box") -> bool:
        """Play `notation` at the table; False (and the reason published) if refused."""
        table = self.table
        if table is None or not self._done(lambda: table.play(notation), by):
            return False
        self.accepted(table, notation, by)
        return True

    def accepted(self, table: GameTable, notation: str, by: str) -> None:
        """An action carried out at `table` (here, or by a phone's request): the round's
        question asked after it where it is due, and the action told to all."""
        if table is self.table:
            self._ask()
        self.changes.publish(Accepted(table, notation, by))

    def undo(self, steps: int | None = None) -> bool:
        """Take back `steps` actions, by default what one Undo takes back in this game
        (`_take_back`: against the computer, its reply with the player's move); a
        round's lone question goes with the step that opened it (`_undo_steps`).
        False (and why published) when nothing was undone."""
        table = self.table
        if table is None:
            return False
        if steps is None:
            steps = self._take_back(table)
            if steps == 0:
                self.changes.publish(
                    Refused(_("Only the engine has moved: no move of yours to undo."))
                )
                return False
        count = self._undo_steps(table, steps)
        if count is None:
            self.changes.publish(Refused(_("The game has just begun: nothing to undo.")))
            return False

        def back() -> None:
            for _step in range(count):
                table.undo()

        if not self._done(back, "box"):
            return False
        self.changes.publish(Undone(table, count))
        return True

    @staticmethod
    def _take_back(table: GameTable) -> int:
        """How many actions one Undo takes back at `table`: the game's computer says
        (its `take_back`, e.g. its replies with the player's move, 0 for none of the
        player's), else the last action."""
        take_back = getattr(opponent_for(table.game.name), "take_back", None)
        if not table.can_undo or not callable(take_back):
            return 1
        steps = take_back(table.state, table.extras)
        return 1 if steps is None else int(steps)

    def _undo_steps(self, table: GameTable, steps: int) -> int | None:
        """How many actions an Undo of `steps` takes back: one more when those would
        leave a round of the box's questions holding nothing but its question gone (the
        quizmaster would only ask another); None at round 1's question, which has
        nothing before it."""
        timeline = getattr(table, "timeline", None)
        if not isinstance(timeline, Timeline) or self.quizmaster.mode(table) == CARDS:
            return steps
        states = timeline.states
        if steps >= len(states) or not awaits(table.game, states[-1 - steps]):
            return steps
        return steps + 1 if steps + 1 < len(states) else None

    def redo(self, by: str = "box") -> bool:
        table = self.table
        if table is None or not self._done(table.redo, by):
            return False
        self._ask()
        self.changes.publish(Redone(table))
        return True

    def _done(self, action: Callable[[], object], by: str) -> bool:
        """Carry out `action`; a refusal is published (as the host's when a tap made it)."""
        try:
            action()
        except RuleError as error:
            if by == "box":
                self.changes.publish(Refused(error.message()))
            else:
                self.say(error.message(), error=True)
            return False
        except Exception as error:  # an engine fault is shown, never a crash of the box
            log.exception("an action by %s failed", by)
            self.say(_("This could not be done: {error}").format(error=error), True)
            return False
        return True

    def _ask(self) -> None:
        """The round's question, where the table plays with the box's questions and the
        round waits for one; a question the rules refuse is said, never a crash."""
        table = self.table
        if table is None:
            return
        try:
            said = self.quizmaster.ask(table, awaited(table))
        except RuleError as error:
            said = error.message()
        if said:
            self.say(said, error=True)

    def flag(self, question_id: str, by: str) -> None:
        """A question found wrong (by the box or a phone): never asked again here."""
        self.quizmaster.flag(question_id, by)
        if by == "box":
            self.say(_("Flagged: the box will not ask this question again."))

    # ---- the games of the evening -------------------------------------------------

    def new_game(
        self,
        game: str,
        seats: Sequence[str],
        options: Mapping[str, Any],
        extras: Mapping[str, Any] | None = None,
        players: Sequence[tuple[str, int]] = (),
    ) -> GameTable | None:
        """Start a game (the one at the table waits, paused); None if it cannot start."""
        try:
            table = Table.new(self.journal, game, list(seats), options, extras=extras or None)
        except RuleError as error:
            self.say(error.message(), error=True)
            return None
        except JournalError as error:  # the storage fails: say so, keep the home screen
            self.say(str(error), error=True)
            return None
        self.seat(table)
        if players:
            self.journal.choices.remember_players([Player(n, c) for n, c in players])
        return table

    def seat(self, table: GameTable, resumed: bool = False) -> None:
        """`table` at the table (new or resumed); the game that was there waits, paused."""
        paused = self.table if self.table is not table else None
        self.table = table
        self.unfinished.remember(table)
        self._ask()
        self.changes.publish(Seated(table, resumed, paused))

    def resume(self, game_id: int | None) -> bool:
        """Back to an unfinished game (the latest played when no id is given)."""
        if game_id is None:
            table = next(iter(self.unfinished.tables()), None)
        else:
            table = self.unfinished.find(game_id)
        if table is None:
            self.say(_("This game is not unfinished any more."), error=True)
            return False
        self.seat(table, resumed=True)
        return True

    def abandon(self, game_id: int) -> None:
        """Leave an unfinished game for good, as the host confirmed: it stays in the
        journal and the history (or in the other boxes)."""
        table = self.unfinished.find(game_id)
        if table is None:
            self.say(_("This game is not unfinished any more."), error=True)
            return
        table.abandon()
        title, at_table = table.game.title, table is self.table
        self.unfinished.forget(table)
        if self.network.table is table:
            self.network.leave()
        if at_table:
            tables = self.unfinished.tables()
            self.table = tables[0] if tables else None
        self.say(_("{game} was abandoned; it stays in the history.").format(game=title))
        self.changes.publish(Left(game_id, title, at_table))

    def create_tournament(
        self, seats: Sequence[str], options: Mapping[str, Any], tables: int
    ) -> None:
        """Create a tournament across boxes, this box at table 1; a failure is said."""
        self._tournament(lambda: self.network.create(seats, options, tables))

    def join_tournament(self, tid: str, key: str, table: int) -> None:
        """Take part in tournament `tid` as table `table` (0-based); a failure is said."""
        self._tournament(lambda: self.network.join(tid, key, table))

    def _tournament(self, begin: Callable[[], NetworkTable]) -> None:
        """Start the tournament off the loop: the creator's Mosquitto may take seconds to
        listen. The table is seated when it is up (`Seated`), or the failure is said; a
        second start meanwhile is refused."""
        if self.network.starting:
            self.say(_("The tournament is starting…"), error=True)
            return
        self.network.stop_playing()  # on the loop's thread, where the old one is polled
        self.network.starting = True
        self.say(_("The tournament is starting…"))
        self.jobs.run(
            lambda: self.network.start(begin), self._tournament_started, self._tournament_failed
        )

    def _tournament_failed(self, error: BaseException) -> None:
        log.error("the tournament could not start", exc_info=error)
        self._tournament_started(_("The tournament could not start: {error}").format(error=error))

    def _tournament_started(self, started: NetworkTable | str) -> None:
        self.network.starting = False
        if isinstance(started, str):
            self.say(started, error=True)
            return
        self.seat(started)

    # ---- what arrives between two frames ------------------------------------------

    def poll(self) -> int:
        """Finished jobs, then what the tournament's network brought; returns how many
        of the finished jobs found something to draw (`Jobs.drain`)."""
        shown = self.jobs.drain()
        self.packs.poll()
        table = self.network.table
        if table is None or self.table is not table:
            return shown
        news = self.network.poll(self.journal)
        for notice in news.notices:
            self.say(notice, error=True)
        if news.changed or news.moved:
            self.changes.publish(NetworkNews(news.moved))
        return shown

    def next_deadline(self, now: float) -> float | None:
        """When the session must be polled again at the latest (None: on a wake only)."""
        deadlines = [self.jobs.next_deadline(now), self.packs.next_deadline(now)]
        if self.network.table is not None:
            deadlines.append(now + NETWORK_CHECK_SECONDS)  # rounds not yet ordered go again
        found = [deadline for deadline in deadlines if deadline is not None]
        return min(found) if found else None

    def close(self) -> None:
        self.network.close()
        self.jobs.close()


__all__ = ["LANGUAGE_GIVEN", "LANGUAGE_SETTING", "Session", "journal_or"]
