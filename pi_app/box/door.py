"""The core's one door: every act on the evening enters here, whoever makes it.

A tap, a phone, the bell of a box without a screen, the computer, the quizmaster and
the host's choices all come in as one of the typed acts (`acts.Act`), and `Door.act`
carries each out with its own handler (one `match` over the closed union, which mypy
checks complete). A refusal is handled here once, for every actor: the actor hears it
in its own language (`Done.message`), and every part hears it as a change (`Refused`);
a fault of the program is logged and answered, never a stop of the box. An act made in
a game that is no longer at the table (a phone's, sent as the host switched games) is
never carried out in another.
"""

from __future__ import annotations

import logging
from typing import assert_never

from pi_app.box import acts
from pi_app.box.acts import DONE, Act, Done
from pi_app.box.changes import Changes, Refused, Said
from pi_app.box.choices import Choices
from pi_app.box.packs import Packs
from pi_app.box.playing import Playing
from pi_app.box.quizmaster import Quizmaster
from pi_app.box.seating import Seating
from pi_app.box.shelf import Shelf
from pi_app.box.tournament_play import TournamentPlay
from pi_app.i18n import N_, Translator
from pi_app.rules.contract import RuleError
from pi_app.rules.host import bell_notations, next_notations
from pi_app.table import JournalError
from pi_app.table.protocol import GameTable

log = logging.getLogger(__name__)
DOMAIN = "display"
"""The catalogue of the refusals said here."""
_ = Translator(DOMAIN)

NO_TABLE = N_("No game at the table yet.")
NOTHING_TO_MOVE_ON = N_("Nothing to move on: the round waits for its players.")


class Door:
    """Carries out every act, on the owner's thread."""

    def __init__(
        self,
        changes: Changes,
        shelf: Shelf,
        playing: Playing,
        choices: Choices,
        seating: Seating,
        quizmaster: Quizmaster,
        tournament: TournamentPlay,
        packs: Packs,
    ) -> None:
        self.changes, self.shelf, self.playing, self.choices = changes, shelf, playing, choices
        self.seating, self.quizmaster, self.tournament = seating, quizmaster, tournament
        self.packs = packs

    def act(self, act: Act) -> Done:
        """Carry out `act`: done, or refused with why (said once to every part)."""
        try:
            return self._carry_out(act)
        except RuleError as error:
            return self._refused(act, error)
        except JournalError as error:  # the storage fails: said, the box plays on
            self.changes.publish(Said(str(error), True))
            return Done(False, str(error), fault=True)
        except Exception as error:  # an engine fault is answered, never a crash of the box
            log.exception("%s by %s failed", type(act).__name__, act.by.kind)
            if act.by.kind != "phone":
                self.changes.publish(
                    Said(_("This could not be done: {error}").format(error=error), True)
                )
            return Done(False, str(error), fault=True)

    def _refused(self, act: Act, error: RuleError) -> Done:
        lang = act.lang if isinstance(act, acts.Play) else None
        self.changes.publish(Refused(error.message(), act.by))
        return Done(False, error.message(lang))

    def _table(self) -> GameTable:
        """The table an act is carried out at: `RuleError` when there is none."""
        table = self.shelf.table
        if table is None:
            raise RuleError(NO_TABLE, domain=DOMAIN)
        return table

    def _carry_out(self, act: Act) -> Done:
        match act:
            case acts.Play() | acts.Undo() | acts.Redo() | acts.NextStep() | acts.Bell():
                return self._on_table(act)
            case acts.NewGame():
                self.shelf.new_game(act)
            case acts.Resume(game_id=game_id):
                return Done(self.shelf.resume(game_id, act.by))
            case acts.Pause():
                return Done(self.shelf.pause(act.by))
            case acts.Abandon(game_id=game_id):
                return Done(self.shelf.abandon(game_id, act.by) is not None)
            case acts.CreateTournament() | acts.JoinTournament():
                return Done(self.tournament.start(act))
            case acts.Flag() | acts.TakeSeat() | acts.FreeSeat():
                return self._for_phones(act)
            case acts.SetLanguage(lang=lang):
                self.choices.set_language(lang)
            case acts.Remember(key=key, value=value):
                self.choices.remember(key, value)
            case acts.KeepPack(name=name, questions=questions):
                return Done(True, ticket=self.packs.keep(name, questions))
            case _:
                assert_never(act)
        return DONE

    def _on_table(self, act: acts.Play | acts.Undo | acts.Redo | acts.NextStep | acts.Bell) -> Done:
        table = self._table()
        match act:
            case acts.Play(notation=notation, game_id=game_id):
                if game_id is not None and game_id != table.game_id:
                    return Done(False, ended=True)
                return Done(True, ticket=self.playing.play(table, notation, act.by))
            case acts.Undo(steps=steps):
                return Done(True, ticket=self.playing.undo(table, steps, act.by))
            case acts.Redo():
                return Done(True, ticket=self.playing.redo(table, act.by))
            case acts.NextStep():
                return self._steps(table, next_notations(table.game, table.state), act)
            case acts.Bell():
                return self._steps(table, bell_notations(table.game, table.state), act)
            case _:
                assert_never(act)

    def _steps(
        self, table: GameTable, steps: tuple[str, ...], act: acts.NextStep | acts.Bell
    ) -> Done:
        """The host's next step or the bell's (`rules.host`): each action played in
        order; refused when there is none."""
        if not steps:
            raise RuleError(NOTHING_TO_MOVE_ON, domain=DOMAIN)
        ticket = 0
        for notation in steps:
            ticket = self.playing.play(table, notation, act.by)
        return Done(True, ticket=ticket)

    def _for_phones(self, act: acts.Flag | acts.TakeSeat | acts.FreeSeat) -> Done:
        table = self._table()
        match act:
            case acts.Flag(question_id=question_id, game_id=game_id):
                if game_id not in (None, table.game_id):
                    return Done(False, ended=True)
                self._flag(question_id, act)
            case acts.TakeSeat(seat=seat, game_id=game_id):
                if game_id not in (None, table.game_id):
                    return Done(False, ended=True)
                token = self.seating.take(table, seat, act.by)
                return Done(False) if token is None else Done(True, token=token)
            case acts.FreeSeat(seat=seat):
                self.seating.free(table, seat, act.by)
            case _:
                assert_never(act)
        return DONE

    def _flag(self, question_id: str, act: acts.Flag) -> None:
        """A question found wrong (by the box or a phone): never asked again here."""
        if act.by.at_the_box:
            self.quizmaster.flag(question_id, "box")
            self.changes.publish(Said(_("Flagged: the box will not ask this question again.")))
        else:
            self.quizmaster.flag(question_id, f"{act.by.kind}:{act.by.seat}")
