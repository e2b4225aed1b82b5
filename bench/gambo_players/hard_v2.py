"""The first tuned Gambo `hard` opponent: a sparring partner.

Today's search (`pi_app.ai.gambo.search`) with the evaluation `hard` first shipped
with: the first ten features of `pi_app.ai.gambo.evaluation` and the weights
`bench/gambo_tune.py` fitted for them in its second round. Kept so that a later
evaluation is measured against it as well as against `hard-v1`:
`bench/gambo_ai.py --pair hard hard-v2`.
"""

from __future__ import annotations

import time

from pi_app.ai.gambo.evaluation import weighted
from pi_app.ai.gambo.search import SearchPlayer

WEIGHTS = (1, 40, 72, 47, 6, -1, -9, -276, 114, 178)
"""tempo, margin, late margin, my best and second duels, their best and second duels,
waiting pieces, can swap, pieces' worth (thousandths of a logit)."""

evaluate = weighted(WEIGHTS)


def player(movetime: float) -> SearchPlayer:
    """hard-v2 thinking `movetime` seconds a move on the wall clock."""
    return SearchPlayer(movetime=movetime, clock=time.perf_counter, evaluator=evaluate)
