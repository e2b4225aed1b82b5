"""One Cambio round as a phase machine: deal, study, trading, bell, then the hand.

The study time is a timer that lives outside the rules: when it runs out (the box
plays what `time_up_steps` declares), or when the chair rings early, the table sends
`open`. The bell during trading (`bell`) stops
everything at once, in the `stopped` phase, while the table finds out who rang; `ring`
names the ringer (straight from trading too, as records replay a round). Then the table
says what the ringer showed: a complete hand ends the round, an incomplete one (R6)
voids nothing and trading resumes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pi_app.i18n import N_
from pi_app.rules.cambio.actions import (
    BellRang,
    CambioAction,
    Deal,
    FalseRing,
    Open,
    Ring,
    Show,
)
from pi_app.rules.cambio.scoring import (
    CAMBIO,
    CARDS,
    CURRENCIES,
    DOMAIN,
    EIGHT_PLUS,
    MINUS,
    NINE,
    NINE_ODD,
    NINE_PLUS,
    PLUS,
    RoundResult,
)
from pi_app.rules.contract import RuleError
from pi_app.rules.moments import FALSE_RING, OPENED, SCORED, STOP

DEAL = "deal"
STUDY = "study"
TRADING = "trading"
STOPPED = "stopped"
RUNG = "rung"
PHASES: tuple[str, ...] = (DEAL, STUDY, TRADING, STOPPED, RUNG)
PHASE_LABELS: dict[str, str] = {
    DEAL: N_("Deal the cards"),
    STUDY: N_("Study your hand"),
    TRADING: N_("Trading is open"),
    STOPPED: N_("The bell rang: who rang?"),
    RUNG: N_("The bell rang: everything stops"),
}


@dataclass(frozen=True)
class RoundPhase:
    """Where a table's round stands; `false_rings` are this round's false rings so far."""

    phase: str = DEAL
    rung_by: str | None = None
    false_rings: tuple[str, ...] = ()


def round_moments(before: RoundPhase, after: RoundPhase, scored: bool) -> frozenset[str]:
    """What the room notices at a table whose round went from `before` to `after`
    (`rules.moments`); `scored` when the hand shown was scored (the round starts again)."""
    found = {SCORED} if scored else set()
    if before.phase == STUDY and after.phase == TRADING:
        found.add(OPENED)
    if before.phase == TRADING and after.phase == STOPPED:
        found.add(STOP)
    if len(after.false_rings) > len(before.false_rings):
        found.add(FALSE_RING)
    return frozenset(found)


def _refuse_phase(phase: RoundPhase, action: CambioAction) -> RuleError:
    if isinstance(action, Deal):
        return RuleError("The cards are already dealt for this round.", domain=DOMAIN)
    if isinstance(action, Open):
        return RuleError(
            "Trading opens only after the deal, at the end of the study time.", domain=DOMAIN
        )
    if isinstance(action, Ring | BellRang) and phase.phase == RUNG:
        return RuleError(
            "Everything is stopped: {seat} has already rung.", domain=DOMAIN, seat=phase.rung_by
        )
    if phase.phase == STOPPED:  # a second bell, or a hand before the ringer is named
        return RuleError("The bell has rung: first say who rang it.", domain=DOMAIN)
    if isinstance(action, Ring | BellRang):
        return RuleError("Trading is not open: the bell cannot stop it yet.", domain=DOMAIN)
    return RuleError("Nobody has rung the bell: there is no hand to show.", domain=DOMAIN)


def step(
    phase: RoundPhase, seats: Sequence[str], action: CambioAction
) -> tuple[RoundPhase, RoundResult | None]:
    """The next phase, and the round's result when a complete hand was shown.

    The result is not checked here: the caller scores it, and a broken rule there
    keeps the old state.
    """
    if isinstance(action, Deal) and phase.phase == DEAL:
        return RoundPhase(STUDY), None
    if isinstance(action, Open) and phase.phase == STUDY:
        return RoundPhase(TRADING, None, phase.false_rings), None
    if isinstance(action, BellRang) and phase.phase == TRADING:
        return RoundPhase(STOPPED, None, phase.false_rings), None
    if isinstance(action, Ring) and phase.phase in (TRADING, STOPPED):
        if action.seat not in seats:
            raise RuleError("{seat} is not seated at this table.", domain=DOMAIN, seat=action.seat)
        return RoundPhase(RUNG, action.seat, phase.false_rings), None
    if isinstance(action, FalseRing) and phase.rung_by is not None:
        return RoundPhase(TRADING, None, (*phase.false_rings, phase.rung_by)), None
    if isinstance(action, Show) and phase.rung_by is not None:
        result = RoundResult(
            phase.rung_by, action.currency, action.hand, action.holding, phase.false_rings
        )
        return RoundPhase(), result
    raise _refuse_phase(phase, action)


def _holdings(others: Sequence[str], cards: Sequence[str]) -> list[tuple[tuple[str, str], ...]]:
    """Every way the other players can hold `cards`, one holder per card."""
    ways: list[tuple[tuple[str, str], ...]] = [()]
    for card in cards:
        ways = [(*way, (seat, card)) for way in ways for seat in others]
    return ways


def possible_shows(seats: Sequence[str], winner: str, variant: str) -> list[Show]:
    """Every hand the ringer can show, with every placement of the CAMBIO cards kept."""
    currencies = [name for name, _ in CURRENCIES[: len(seats)]]
    if variant != CAMBIO:
        return [Show(currency, NINE) for currency in currencies]
    others = [seat for seat in seats if seat != winner]
    by_hand = {
        NINE: _holdings(others, CARDS),
        EIGHT_PLUS: _holdings(others, (MINUS,)),
        NINE_PLUS: _holdings(others, (MINUS,)),
        NINE_ODD: _holdings(others, CARDS) + _holdings(others, (PLUS,)),
    }
    return [
        Show(currency, hand, holding)
        for currency in currencies
        for hand, holdings in by_hand.items()
        for holding in holdings
    ]


def bell_step(phase: str) -> CambioAction | None:
    """What the table's bell does in `phase`: it opens trading in the study time (the
    chair rings early) and stops trading after; None when it means nothing (the same
    press on the screen and on a box with no screen)."""
    if phase == STUDY:
        return Open()
    if phase == TRADING:
        return BellRang()
    return None


def legal_steps(phase: RoundPhase, seats: Sequence[str], variant: str) -> list[CambioAction]:
    """The round actions that are legal now."""
    if phase.phase == DEAL:
        return [Deal()]
    if phase.phase == STUDY:
        return [Open()]
    if phase.phase == TRADING:
        return [BellRang(), *(Ring(seat) for seat in seats)]
    if phase.phase == STOPPED:
        return [Ring(seat) for seat in seats]
    assert phase.rung_by is not None
    return [FalseRing(), *possible_shows(seats, phase.rung_by, variant)]
