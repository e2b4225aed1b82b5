"""Quitte ou Double from the host's phone: what the box's screen lets the host do.

The host turns the tiles up once every team has laid one, corrects a team's tile
before that (or lays it, for a team without a phone), puts a team's bet tokens and
stakes for a team without a phone, closes the bets when the sand timer is not used,
and gives the true answer: typed from the card on the phone's keypad, or the box's
own when the box asked the question. Each request becomes the notations the screen's
own tap plays (`display.games.quitte_ou_double`), carried through the core's door;
the next round is the shared "next".

The host sees every tile before they are turned up, and whether the box knows the
true answer (never the answer itself before the round is paid).
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from pi_app.i18n import N_, Translator
from pi_app.rules.answers import format_answer, shown_answer
from pi_app.rules.contract import RuleError
from pi_app.rules.quitte_ou_double.actions import (
    Action,
    Answer,
    Ask,
    Bet,
    CloseBets,
    NextRound,
    Reveal,
    Stake,
    Truth,
    format_action,
    parse_action,
    typed_answer,
    typed_truth,
)
from pi_app.rules.quitte_ou_double.scoring import ROUNDS, Place, place_label
from pi_app.rules.quitte_ou_double.state import ANSWERS, BETS, QodState
from pi_app.web.games import quiz_host as quiz
from pi_app.web.games import state_as
from pi_app.web.host_play import HostPlay, HostRequest
from pi_app.web.phone_request import Reply
from pi_app.web.views import Json

_ = Translator("host")
NAME = "quitte-ou-double"

KINDS = ("slate", "reveal", "bet", "stake", "close", "truth")
"""A tile laid or corrected, the tiles turned up, a team's bet token or stake, the
bets closed (with the box's true answer when it asked), the true answer."""


def _box_truth(game: QodState) -> list[str]:
    """The box's own true answer, when the box asked the round's question."""
    question = game.current.question
    return [] if question is None else [format_action(Truth(question.answer))]


def action(state: object, request: HostRequest) -> Sequence[str] | Reply:
    """The notations for a host's request, as the screen's tap plays them; the rules
    refuse what is out of its phase (through the door, as for a tap)."""
    game = state_as(state, QodState)
    teams = game.setup.teams
    match request.kind:
        case "slate":
            typed, locale = quiz.typed_of(request)
            return [format_action(typed_answer(quiz.seat_of(request, teams), typed, locale))]
        case "reveal":
            return [format_action(Reveal())]
        case "bet" | "stake":
            return quiz.as_phone(NAME, game, request, teams)
        case "close" if game.current.bets_closed and game.current.question is not None:
            return _box_truth(game)  # the sand timer closed them: the box's answer pays
        case "close":
            return [format_action(CloseBets()), *_box_truth(game)]
        case "truth" if quiz.has_typed(request):
            typed, locale = quiz.typed_of(request)
            return [format_action(typed_truth(typed, locale))]
        case "truth":
            return _box_truth(game) or quiz.no_truth(request)
    raise ValueError(request.kind)


def _can(game: QodState) -> list[str]:
    """The host's requests the round takes now (the page shows their buttons)."""
    if game.phase == ANSWERS:
        return ["slate", "reveal"] if game.all_laid() else ["slate"]
    if game.phase != BETS:
        return []
    bets = [] if game.current.bets_closed else ["bet", "stake"] if game.may_stake() else ["bet"]
    return [*bets, *([] if game.current.bets_closed else ["close"]), "truth"]


def view(state: object, locale: str) -> Json:
    """The round as a spectator's phone sees it (tiles, zones, bets), and more: every
    tile before they are turned up, each team's tokens, whether the box knows the true
    answer; once paid, the truth and each team's gain (in the phone's view)."""
    game = state_as(state, QodState)
    shown = quiz.phone_view(NAME, game, locale)
    current = game.current
    written = ((team, value, current.typed_map.get(team)) for team, value in current.answers)
    teams = game.setup.teams
    shown.update(
        rounds=ROUNDS,
        box_knows=current.question is not None,
        slates=quiz.slates(teams, written, game.setup.locale),
        owned={team: game.owned(team) for team in teams},
        tokens_left={team: 2 - len(current.tokens_of(team)) for team in teams},
        can=_can(game),
        finished=game.finished,
    )
    return shown


def describe(state: object, notation: str, locale: str) -> str:
    """An action in the host's words, from the state it was played on: what undo takes
    back, what changed under a stale request ("the bets are closed")."""
    game = state_as(state, QodState)
    try:
        played = parse_action(notation)
    except RuleError:
        return notation
    return _words(game, played, locale)


def _words(game: QodState, played: Action, locale: str) -> str:
    table = game.setup.locale
    match played:
        case Answer(team=team, value=value, typed=typed):
            corrected = team in game.current.answer_map
            said = _(CORRECTED if corrected else LAID, locale)
            return said.format(seat=team, answer=shown_answer(value, typed, table))
        case Reveal():
            return _(REVEALED, locale)
        case Bet(team=team, place=place):
            return _(BET, locale).format(seat=team, zone=_zone(place, table))
        case Stake(team=team, place=place, count=count):
            said = _.plural(
                "{seat} staked {count} gain token on {zone}",
                "{seat} staked {count} gain tokens on {zone}",
                count,
                locale,
            )
            return said.format(seat=team, zone=_zone(place, table), count=count)
        case CloseBets():
            return _(quiz.CLOSED, locale)
        case Truth(value=value) if quiz.is_box_answer(game.current.question, value):
            return _(quiz.BOX_TRUTH, locale).format(round=game.current.number)
        case Truth(value=value, typed=typed):
            answer = shown_answer(value, typed, table)
            return _(TRUTH, locale).format(answer=answer, round=game.current.number)
        case NextRound():
            return _(quiz.NEXT, locale).format(round=game.current.number + 1)
        case Ask():
            return _(quiz.ASKED, locale).format(round=game.current.number)
    return format_action(played)


def _zone(place: Place, locale: str) -> str:
    """A zone as the board names it (`<100`, `100..125`), in the table's convention."""
    return place_label(place, lambda value: format_answer(Decimal(value), locale))


CORRECTED = N_("{seat}'s tile corrected to {answer}")
LAID = N_("{seat} laid a tile: {answer}")
REVEALED = N_("the tiles are turned up")
BET = N_("{seat} put a bet token on {zone}")
TRUTH = N_("the true answer is {answer}: round {round} is paid")

_TEXTS = {
    **quiz.TEXTS,
    "question_n": N_("question {question} of the card"),
    "slates": N_("Tiles"),
    "no_slate": N_("not laid"),
    "correcting": N_("{seat}'s tile"),
    "reveal": N_("Turn the tiles up"),
    "bet_for": N_("Bet for {seat}"),
    "bet_token": N_("Bet token"),
    "stake": N_("Stake 1 gain token"),
    "tokens_left": N_("bet tokens left: {left}"),
    "closed": N_("Time is up: no more bets."),
    "gain": N_("{seat}: +{gain}"),
    "paid": N_("Round paid: the answer was {answer}."),
}

HOST = HostPlay(kinds=KINDS, action=action, view=view, describe=describe, texts=_TEXTS)
"""Quitte ou Double on the host's phone, as the one loader of faces finds it
(`web.host_play.host_play`)."""
