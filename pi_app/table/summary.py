"""What a finished game was: its scores round by round, its winners and a few facts.

A summary is computed from the game's record and what `replay` makes of it, the very
output of `tabletop export` and `tabletop replay`, so the history, the end-of-game
screen and a record exported from either can never disagree. Nothing here is stored:
the journal's events are the one truth, and a summary is folded from them on demand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

GAMBO_SIDES = ("A", "B")


@dataclass(frozen=True)
class Fact:
    """One thing worth telling about a game; the display words it in its language.

    Kinds: `best-round` (the seat's biggest gain in one round, or one Gambo duel),
    `token-won` / `token-lost` (a Gambit 7 token), `streak` (rounds won in a row).
    `step` is the round (or move) where it happened, 1-based.
    """

    kind: str
    seat: str
    value: int
    step: int


@dataclass(frozen=True)
class GameSummary:
    """A game as the history shows it.

    `series[seat]` holds the seat's score before the first round, then after each
    round (each duel for Gambo): the points of its chart. `steps` are the round (or
    move) numbers of those points after the first.
    """

    game: str
    seats: tuple[str, ...]
    scores: dict[str, int | float]
    winners: tuple[str, ...]
    finished: bool
    series: dict[str, tuple[float, ...]]
    steps: tuple[int, ...]
    facts: tuple[Fact, ...] = ()
    own_slate_wins: dict[str, int] = field(default_factory=dict)
    """Gambit 7: rounds each seat's own slate was the winning case."""
    table: tuple[tuple[str, tuple[float, ...]], ...] = ()
    """One row per round (per move for Gambo): its label and every seat's score after it."""

    @property
    def rounds(self) -> int:
        return len(self.steps)

    def ranking(self) -> list[tuple[int, str, int | float]]:
        """(place, seat, score), best first; equal scores share a place."""
        ordered = sorted(self.seats, key=lambda seat: -self.scores.get(seat, 0))
        ranked: list[tuple[int, str, int | float]] = []
        for index, seat in enumerate(ordered):
            score = self.scores.get(seat, 0)
            tied = ranked and ranked[-1][2] == score
            ranked.append((ranked[-1][0] if tied else index + 1, seat, score))
        return ranked


def _number(value: Any) -> int | float:
    """A score as JSON gave it (scores are whole in every game; a float stays one)."""
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    return value if isinstance(value, int | float) else 0


def summarise(
    seats: Sequence[str], record: Mapping[str, Any], output: Mapping[str, Any]
) -> GameSummary:
    """The summary of a game from its record and `replay`'s output for it.

    `seats` are the table's seats (a Gambo record names sides A and B, not players).
    """
    game = str(record["game"])
    if game == "gambo":
        return _gambo(seats, [str(move) for move in record["moves"]], output)
    names = tuple(str(seat) for seat in output["scores"])
    steps = tuple(range(1, len(output["rounds"]) + 1))
    series = _series(names, [round_["scores"] for round_ in output["rounds"]])
    rows = tuple((str(step), tuple(series[seat][step] for seat in names)) for step in steps)
    facts: list[Fact] = []
    best = _best_step(names, series, steps)
    if best is not None:
        facts.append(best)
    if game == "gambit7":
        facts.extend(_tokens(record, output))
    if game in ("cambio", "cambio-tournament"):
        streak = _streak(record)
        if streak is not None:
            facts.append(streak)
    return GameSummary(
        game=game,
        seats=names,
        scores={seat: _number(output["scores"][seat]) for seat in names},
        winners=tuple(str(w) for w in output["winners"]),
        finished=bool(output.get("finished", True)),
        series=series,
        steps=steps,
        facts=tuple(facts),
        own_slate_wins=_own_slates(record, output) if game == "gambit7" else {},
        table=rows,
    )


def _series(
    names: Sequence[str], rounds: Sequence[Mapping[str, Any]]
) -> dict[str, tuple[float, ...]]:
    return {
        seat: (0.0, *(float(_number(scores.get(seat, 0))) for scores in rounds)) for seat in names
    }


def _best_step(
    names: Sequence[str], series: Mapping[str, Sequence[float]], steps: Sequence[int]
) -> Fact | None:
    """The biggest gain of one seat in one step (the earliest step on a tie), if any."""
    best: Fact | None = None
    for index, step in enumerate(steps):
        for seat in names:
            points = series[seat]
            gain = int(points[index + 1] - points[index])
            if gain > 0 and (best is None or gain > best.value):
                best = Fact("best-round", seat, gain, step)
    return best


def _gambo(seats: Sequence[str], moves: Sequence[str], output: Mapping[str, Any]) -> GameSummary:
    """Gambo's chart has a point per duel (the only moves that score)."""
    names = (str(seats[0]), str(seats[1])) if len(seats) >= 2 else GAMBO_SIDES
    side_of = dict(zip(GAMBO_SIDES, names, strict=True))
    points: list[Mapping[str, Any]] = []
    steps: list[int] = []
    last: Mapping[str, Any] = {side: 0 for side in GAMBO_SIDES}
    rows: list[tuple[str, tuple[float, ...]]] = []
    for number, (move, notation) in enumerate(zip(output["moves"], moves, strict=False), start=1):
        after = tuple(float(_number(move["scores"][side])) for side in GAMBO_SIDES)
        rows.append((f"{number}. {notation}", after))
        if move["scores"] != last:
            points.append({side_of[side]: score for side, score in move["scores"].items()})
            steps.append(number)
            last = move["scores"]
    series = _series(names, points)
    best = _best_step(names, series, steps)
    return GameSummary(
        game="gambo",
        seats=names,
        scores={side_of[side]: _number(score) for side, score in output["scores"].items()},
        winners=tuple(side_of.get(str(w), str(w)) for w in output["winners"]),
        finished=bool(output.get("finished", True)),
        series=series,
        steps=tuple(steps),
        facts=(best,) if best is not None else (),
        table=tuple(rows),
    )


def _tokens(record: Mapping[str, Any], output: Mapping[str, Any]) -> list[Fact]:
    """Each Gambit 7 token played: won when it lay on the winning case."""
    facts: list[Fact] = []
    for number, (played, scored) in enumerate(
        zip(record["rounds"], output["rounds"], strict=False), start=1
    ):
        for seat, bet in played.get("bets", {}).items():
            if isinstance(bet, Mapping) and "gambit7" in bet:
                won = _same(bet["gambit7"], scored.get("winning_case"))
                facts.append(Fact("token-won" if won else "token-lost", str(seat), 0, number))
    return facts


def _same(target: Any, case: Any) -> bool:
    """Whether a bet's target names the winning case (a value or "less")."""
    if isinstance(target, str) or isinstance(case, str):
        return bool(target == case)
    return Decimal(str(target)) == Decimal(str(case))


def _own_slates(record: Mapping[str, Any], output: Mapping[str, Any]) -> dict[str, int]:
    """Rounds in which each seat's own answer was the winning case."""
    wins = {str(seat): 0 for seat in record["seats"]}
    for played, scored in zip(record["rounds"], output["rounds"], strict=False):
        case = scored.get("winning_case")
        for seat, answer in played.get("answers", {}).items():
            if case is not None and not isinstance(answer, str) and _same(answer, case):
                wins[str(seat)] += 1
    return wins


def _streak(record: Mapping[str, Any]) -> Fact | None:
    """The longest run of rounds won by one seat in a row at its table (two at least)."""
    best: Fact | None = None
    runs: dict[Any, tuple[Any, int]] = {}  # table -> (its last winner, their run)
    for number, played in enumerate(record["rounds"], start=1):
        winner, table = played.get("winner"), played.get("table", 0)
        previous, run = runs.get(table, (None, 0))
        run = run + 1 if winner == previous else 1
        runs[table] = (winner, run)
        if run >= 2 and (best is None or run > best.value):
            best = Fact("streak", str(winner), run, number)
    return best
