"""What the display draws for Gambit 7: the mat with its answers, chips and tokens.

`board(state)` is a pure view of the state, bottom to top: Moins que ça, then the 7
answer cases (index 3 the blue centre). Before the reveal the answers are hidden and
the cases show only their values; once the truth is read the winning case is marked
and `payouts(state)` gives the round's payout case by case, seat by seat.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from pi_app.rules.answers import shown_among
from pi_app.rules.gambit7.mat import CASES
from pi_app.rules.gambit7.scoring import LESS, Bet, Case, Payout, Target, placement
from pi_app.rules.gambit7.state import Gambit7State, Phase, Slate


@dataclass(frozen=True)
class CaseView:
    """One case of the mat as drawn."""

    case: Case
    value: Decimal | None
    """The answer facing this case, None when it is empty (or for Moins que ça)."""
    seats: tuple[str, ...]
    """The seats whose slate shows that answer."""
    typed: tuple[str, ...]
    """What those seats typed, in the same order."""
    alone: int
    shared: int
    star: int | None
    """The slate bonus (rulings R1: the shared value); None for Moins que ça."""
    chips: tuple[tuple[str, int], ...]
    """(seat, chip count) for every seat with chips here."""
    tokens: tuple[str, ...]
    """Seats whose Gambit 7 token is here."""
    winning: bool

    @property
    def target(self) -> Target | None:
        """What a bet on this case names: its answer value, "less", or None if empty."""
        return LESS if self.case == LESS else self.value

    def label(self, locale: str = "fr") -> str:
        """The answer as the case shows it ("" when empty): `1h30` or `45 %` as a seat
        typed it (the first such form when seats wrote it differently), else the number.
        """
        return "" if self.value is None else shown_among(self.value, self.typed, locale)


def _shown(
    state: Gambit7State,
) -> tuple[tuple[tuple[str, Slate], ...], tuple[tuple[str, Bet], ...], Target | None]:
    """Answers, bets and winning target of the round the board shows."""
    if state.phase is Phase.SCORED:
        last = state.history[-1]
        return last.answers, last.bets, last.winning
    if state.phase is Phase.ANSWERS:
        return (), (), None
    return state.answers, state.bets, None


def _on(
    bets: tuple[tuple[str, Bet], ...], target: Target | None
) -> tuple[tuple[tuple[str, int], ...], tuple[str, ...]]:
    if target is None:
        return (), ()
    chips = tuple(
        (seat, count)
        for seat, bet in bets
        if (count := sum(1 for chip in bet.chips if chip == target))
    )
    tokens = tuple(seat for seat, bet in bets if bet.gambit7 == target)
    return chips, tokens


def board(state: Gambit7State) -> tuple[CaseView, ...]:
    """Moins que ça then the 7 answer cases, lowest first, as the display draws them."""
    answers, bets, winning = _shown(state)
    facing = dict(placement(slate.value for _seat, slate in answers))
    mat = state.mat
    chips, tokens = _on(bets, LESS)
    views = [CaseView(LESS, None, (), (), mat.less, mat.less, None, chips, tokens, winning == LESS)]
    for case in range(CASES):
        value = facing.get(case)
        writers = tuple((seat, slate.typed) for seat, slate in answers if slate.value == value)
        chips, tokens = _on(bets, value)
        views.append(
            CaseView(
                case,
                value,
                tuple(seat for seat, _typed in writers),
                tuple(typed for _seat, typed in writers),
                mat.alone[case],
                mat.shared[case],
                mat.star(case),
                chips,
                tokens,
                value is not None and winning == value,
            )
        )
    return tuple(views)


def payouts(state: Gambit7State, round_number: int | None = None) -> tuple[Payout, ...]:
    """Each seat's payout in a scored round (default: the last one); () before any."""
    if not state.history:
        return ()
    if round_number is None:
        return state.history[-1].payouts
    for result in state.history:
        if result.number == round_number:
            return result.payouts
    return ()


def winners(state: Gambit7State) -> tuple[str, ...]:
    """Every seat with the highest score, in seat order (ties share the win)."""
    best = max(state.scores)
    return tuple(
        seat for seat, score in zip(state.seats, state.scores, strict=True) if score == best
    )
