"""Why a journaled game cannot be read: a row that does not read costs its own game only.

A flipped bit can leave a game's setup that is not JSON, a game this version does not
know (a downgrade), or an event the rules refuse. Such a game is still listed, marked
unreadable with the reason (the history, `tabletop export --list`, `tabletop doctor`);
every other game and the rest of the box go on. Nothing here changes the journal.
"""

from __future__ import annotations

from pi_app.errors import describe
from pi_app.i18n import Translator
from pi_app.rules.contract import RuleError
from pi_app.rules.registry import find_game
from pi_app.table.journal import Journal
from pi_app.table.rows import GameEntry
from pi_app.table.timeline import Timeline

_ = Translator("core")


def problem_of(journal: Journal, entry: GameEntry) -> str | None:
    """Why the game of `entry` cannot be read (translated), or None when it folds."""
    if entry.problem is not None:
        return entry.problem
    try:
        game = find_game(entry.game)
    except RuleError:
        return _("the game “{game}” is not known to this version").format(game=entry.game)
    try:
        timeline = Timeline.start(game, entry.setup)
    except RuleError as error:
        return _("its setup is refused: {why}").format(why=error.message())
    except Exception as error:  # a setup a flip made into anything
        return _("its setup is refused: {why}").format(why=describe(error))
    for number, event in enumerate(journal.events(entry.id), start=1):
        try:
            timeline.push(event)
        except RuleError as error:
            return _("its event {n} is refused: {why}").format(n=number, why=error.message())
        except Exception as error:
            return _("its event {n} is refused: {why}").format(n=number, why=describe(error))
    return None


def unreadable(journal: Journal) -> list[tuple[GameEntry, str]]:
    """Every game of the journal that cannot be read, with why, oldest first."""
    found = []
    for entry in journal.games():
        problem = problem_of(journal, entry)
        if problem is not None:
            found.append((entry, problem))
    return found
