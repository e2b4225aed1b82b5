"""How the history writes a date, a game and a player's figures.

Words shared by the history's views: the list and one game's view (`scene`) and the
statistics (`stats`); apart from both so that neither imports the other.
"""

from __future__ import annotations

import time

from pi_app.display.chart import score_text
from pi_app.display.final import winners_text
from pi_app.i18n import Translator, current_language
from pi_app.rules.registry import games
from pi_app.table.history import PastGame, PlayerStats

_ = Translator("display")

DATE_FORMATS = {"fr": "%d/%m/%Y %H:%M", "de": "%d.%m.%Y %H:%M", "en": "%Y-%m-%d %H:%M"}


def date_text(started: float, lang: str | None = None) -> str:
    """When a game began, in the language's usual way of writing dates."""
    fmt = DATE_FORMATS.get(lang or current_language(), DATE_FORMATS["en"])
    return time.strftime(fmt, time.localtime(started))


def game_title(name: str) -> str:
    """A game's title from its rules (its record name when the rules are missing)."""
    rules = games().get(name)
    return name if rules is None else rules.title


def game_line(past: PastGame) -> str:
    """The two lines of a game in the list: when and what, then who won and who played
    (an abandoned game: who played)."""
    head = f"{date_text(past.started)} · {game_title(past.game)}"
    summary = past.summary
    if past.abandoned:
        return f"{head} · {_('abandoned')}\n{', '.join(past.seats)}"
    if summary is None:
        return f"{head} · {_('unreadable')}\n{past.problem or ', '.join(past.seats)}"
    others = ", ".join(seat for seat in past.seats if seat not in summary.winners)
    players = f"{winners_text(summary)} · {others}" if others else winners_text(summary)
    return f"{head}\n{players}"


def played_won(played: int, won: int) -> dict[str, str]:
    """Games played and won, each count in its own form ("1 jouée", "2 gagnées")."""
    return {
        "played": _.plural("{n} played", "{n} played", played).format(n=played),
        "won": _.plural("{n} won", "{n} won", won).format(n=won),
    }


def player_line(stats: PlayerStats) -> str:
    """A player in the statistics list: games played and won."""
    return _("{name} · {played}, {won}").format(
        name=stats.name, **played_won(stats.played, stats.won)
    )


def tally_lines(stats: PlayerStats) -> list[str]:
    """A player's figures, a line per game, then how often their own slate won."""
    lines = [
        _("{title}: {played}, {won}, best score {best}").format(
            title=game_title(game),
            best=score_text(tally.best or 0),
            **played_won(tally.played, tally.won),
        )
        for game, tally in sorted(stats.games.items(), key=lambda item: game_title(item[0]))
    ]
    if stats.slate_rounds:
        rounds = stats.slate_rounds
        share = round(100 * stats.slate_wins / rounds)
        lines.append(
            _.plural(
                "Gambit 7: their own slate won {wins} of {rounds} round ({share} %)",
                "Gambit 7: their own slate won {wins} of {rounds} rounds ({share} %)",
                rounds,
            ).format(wins=stats.slate_wins, rounds=rounds, share=share)
        )
    return lines
