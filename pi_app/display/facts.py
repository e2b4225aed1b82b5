"""A fact of a finished game in words: what every game's biggest round reads like.

Facts are plain data (`rules.facts.Fact`); each game words its own kinds in its screen
module and lists them in its declaration (`GameDeclaration.facts`), and every game
without facts of its own tells its biggest round, worded here.
"""

from __future__ import annotations

from collections.abc import Callable

from pi_app.i18n import Translator
from pi_app.rules.facts import Fact

_ = Translator("display")

FactWords = Callable[[Fact], str]
"""A fact of one kind in words, in the current language."""


def best_round(fact: Fact) -> str:
    """The biggest gain of one seat in one round."""
    return _("Biggest round: {seat} +{points} (round {step})").format(
        seat=fact.seat, points=fact.value, step=fact.step
    )
