"""Every act on the evening, as typed values: what enters the core through its one door.

A tap on the box's screen, a phone's answer, the bell of a box without a screen, the
computer's move, the quizmaster's question and a host's choice are all one of these
values, handed to `Session.act` (`door`). The union `Act` is closed: the door has one
handler for each, which mypy checks (`assert_never`) and a test counts, so no act can
be made that nothing carries out.

Each act says who made it (`by`) and, where an actor has a language of its own (a
phone), the language its refusal is said in. An act a phone made names the game it was
made in (`game_id`): it is carried out in that game only, never in one seated since.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pi_app.box.actors import BOX, BUTTON, Actor
from pi_app.questions.question import Question


@dataclass(frozen=True)
class Play:
    """Play an action (its notation) at the table."""

    notation: str
    by: Actor = BOX
    game_id: int | None = None
    """The game the act was made in (None: the game at the table now)."""
    lang: str | None = None
    """The language of the actor's refusal (None: the box's)."""


@dataclass(frozen=True)
class Undo:
    """Take back what one Undo takes back in this game (None: the last action, or
    against the computer its reply with the player's move), or the last `steps`."""

    steps: int | None = None
    by: Actor = BOX


@dataclass(frozen=True)
class Redo:
    """Restore the last action taken back."""

    by: Actor = BOX


@dataclass(frozen=True)
class NextStep:
    """The host's next step at the table (`rules.host`): turn the answers up, close the
    bets with the box's true answer, the next round; the Next button of a box without
    a screen makes it (and its bell, in a game whose bell is not its own: `Bell`)."""

    by: Actor = BUTTON


@dataclass(frozen=True)
class Bell:
    """The bell of a box without a screen: what the game's own bell does now (`rules.host`:
    a Cambio round's bell opens trading, then stops it), else the host's next step."""

    by: Actor = BUTTON


@dataclass(frozen=True)
class NewGame:
    """Start a game: the rules check the setup, then it is journaled; the game at the
    table waits, paused.

    `extras` is the table's own data, journaled with the setup but not given to the
    rules (who the computer plays, the seats' colours).
    """

    game: str
    seats: tuple[str, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    extras: Mapping[str, Any] = field(default_factory=dict)
    players: tuple[tuple[str, int], ...] = ()
    """Typed names to remember, each with its palette colour (see `table.players`)."""
    by: Actor = BOX


@dataclass(frozen=True)
class Resume:
    """Return to an unfinished game: `game_id`'s, or the latest played."""

    game_id: int | None = None
    by: Actor = BOX


@dataclass(frozen=True)
class Pause:
    """The game at the table waits, paused, with no other game seated."""

    by: Actor = BOX


@dataclass(frozen=True)
class Abandon:
    """Leave an unfinished game for good, once the host confirmed it (it stays in the
    journal and the history)."""

    game_id: int
    by: Actor = BOX


@dataclass(frozen=True)
class CreateTournament:
    """Create a Cambio tournament across boxes: this box plays table 1 of `tables`."""

    seats: tuple[str, ...]
    options: Mapping[str, Any]
    tables: int
    by: Actor = BOX


@dataclass(frozen=True)
class JoinTournament:
    """Take part in tournament `tid` (its key typed) as table `table` (0-based)."""

    tid: str
    key: str
    table: int
    by: Actor = BOX


@dataclass(frozen=True)
class Flag:
    """The round's question seems wrong: the box stops asking it."""

    question_id: str
    by: Actor = BOX
    game_id: int | None = None


@dataclass(frozen=True)
class TakeSeat:
    """A phone takes a free seat of the game at the table (its token in `Done.token`)."""

    seat: str
    by: Actor
    game_id: int | None = None


@dataclass(frozen=True)
class FreeSeat:
    """The host frees a seat of the game at the table: its phone's token stops working."""

    seat: str
    by: Actor = BOX


@dataclass(frozen=True)
class SetLanguage:
    """Switch the box's language (every screen; kept for the next start)."""

    lang: str
    by: Actor = BOX


@dataclass(frozen=True)
class Remember:
    """Keep a choice the host made for the next start (plain JSON data)."""

    key: str
    value: object
    by: Actor = BOX


@dataclass(frozen=True)
class KeepPack:
    """Keep a host's pack of questions (read and checked before, as `tabletop questions
    import` reads a file) in place of the pack of the same name."""

    name: str
    questions: tuple[Question, ...]
    by: Actor = BOX


Act = (
    Play
    | Undo
    | Redo
    | NextStep
    | Bell
    | NewGame
    | Resume
    | Pause
    | Abandon
    | CreateTournament
    | JoinTournament
    | Flag
    | TakeSeat
    | FreeSeat
    | SetLanguage
    | Remember
    | KeepPack
)
"""Everything that enters the core: the door handles each kind (`door.Door`)."""


@dataclass(frozen=True)
class Done:
    """What the door answers an act: done, or why not in the actor's language."""

    ok: bool
    message: str = ""
    """Why the act was refused, in the act's language (empty when done)."""
    ticket: int = 0
    """The journal's ticket of the act's last event: a phone hears "done" once it is
    on disk (`Journal.on_durable`); 0 when nothing was journaled."""
    ended: bool = False
    """The act was made in a game that is no longer the one at the table."""
    fault: bool = False
    """Not a rule's refusal: the program failed to carry the act out (logged)."""
    token: str = ""
    """A seat's token, for `TakeSeat`."""


DONE = Done(True)
