"""What Gambo says: the computer's move in words, "the cat takes the mouse on c7".

A move told by the board's line names pieces with their strength for the eye; said
aloud, the kind of piece and the square carry it. The computer's seat is named as
the board names it (`ai.gambo.opponent.label`), in the voice's language.
"""

from __future__ import annotations

from collections.abc import Sequence

from pi_app.ai.gambo import opponent
from pi_app.box.actors import COMPUTER
from pi_app.box.changes import Played, TableChange
from pi_app.effects.voice.speech import Speech
from pi_app.effects.voice.words import DOMAIN, Line
from pi_app.i18n import N_, Translator
from pi_app.rules.gambo import story
from pi_app.rules.gambo.board import SQUARE_NAMES
from pi_app.rules.gambo.game import ADV, DUEL, SWAP, GamboState

_ = Translator(DOMAIN)

PIECES = {"E": N_("the elephant"), "C": N_("the cat"), "M": N_("the mouse")}
ADVANCES = N_("{player} advances {piece} to {square}.")
SWAPS = N_("{player} swaps {first} and {second}.")
TAKES = N_("{player}: {piece} takes {other} on {square}.")
LOSES = N_("{player}: {piece} attacks {other} on {square} and loses.")
PASSES = N_("{player} passes.")


def piece(code: str, lang: str) -> str:
    return _(PIECES[code[0]], lang=lang)


def move_line(step: story.Step, player: str, lang: str) -> str:
    """The move `step` of `player`'s, in words."""
    if step.kind == ADV:
        said = _(ADVANCES, lang=lang)
        return said.format(
            player=player,
            piece=piece(step.pieces[0].code, lang),
            square=SQUARE_NAMES[step.squares[1]],
        )
    if step.kind == SWAP:
        first, second = (piece(p.code, lang) for p in step.pieces)
        return _(SWAPS, lang=lang).format(player=player, first=first, second=second)
    if step.kind == DUEL:
        attacker, defender = (piece(p.code, lang) for p in step.pieces)
        won = step.winner in (None, step.side)
        said = _(TAKES if won else LOSES, lang=lang)
        square = SQUARE_NAMES[step.squares[1]]
        return said.format(player=player, piece=attacker, other=defender, square=square)
    return _(PASSES, lang=lang).format(player=player)


class GamboSpeech(Speech):
    def lines(self, change: TableChange, lang: str) -> Sequence[Line]:
        after = change.after
        if change.by != COMPUTER or not isinstance(change, Played):
            return ()
        if not isinstance(after, GamboState):
            return ()
        step = story.last_step(story.story(after))
        level = None if step is None else opponent.level_of(change.table.extras, step.side)
        if step is None or level is None:
            return ()
        return [Line("move", move_line(step, opponent.label(level, lang), lang), lang)]


SPEECH = GamboSpeech()
