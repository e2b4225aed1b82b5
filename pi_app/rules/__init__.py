"""The rules of the games: pure engines, one package per game (see `contract`)."""

from pi_app.rules.contract import Game, Outcome, RecordError, RuleError, Score
from pi_app.rules.registry import find_game, games, register

__all__ = [
    "Game",
    "Outcome",
    "RecordError",
    "RuleError",
    "Score",
    "find_game",
    "games",
    "register",
]
