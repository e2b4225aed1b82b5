"""The Gambo board as a phone draws it, and its moves in words.

Both the host's phone (`gambo_host`) and a seated player's phone (`gambo`) show the
same board: every piece on its square, the legal moves of the side to move (each
piece's squares it can reach, with the move's notation, as the rules list them:
`legal_actions`), the scores, the pairs each side took and the latest moves told in
the game's own words ("the cat 2 takes the mouse 1 on c7"). The words are read from
the game's story (`rules.gambo.story`), so they cannot drift from the rules.
"""

from __future__ import annotations

from typing import Any

from pi_app.i18n import N_, Translator
from pi_app.rules.contract import RuleError
from pi_app.rules.gambo import story
from pi_app.rules.gambo.board import SIDES, SQUARE_NAMES, front_of
from pi_app.rules.gambo.game import (
    ADV,
    DUEL,
    PASS,
    SWAP,
    GamboState,
    format_action,
    legal_actions,
    parse_action,
    winner_side,
)

_ = Translator("host")
Json = dict[str, Any]

MOVES_TOLD = 6
"""The latest moves a phone lists in words, newest first."""
MAX_NOTATION = 40
"""A move's notation longer than this is no move: the request is unreadable."""

PIECE_NAMES = {"E": N_("elephant {n}"), "C": N_("cat {n}"), "M": N_("mouse {n}")}
"""A piece in a sentence; a translation may add the article its language needs."""


def piece_words(code: str, lang: str) -> str:
    """A piece in words (`"the cat 2"`), in `lang`."""
    return _(PIECE_NAMES[code[0]], lang).format(n=code[1])


def _duel_words(state_seats: tuple[str, str], step: story.Step, lang: str) -> str:
    """A duel from the attacker's side: what it took, or that it lost and who scored."""
    attacker, defender = step.pieces
    values = {
        "piece": piece_words(attacker.code, lang),
        "other": piece_words(defender.code, lang),
        "square": SQUARE_NAMES[step.squares[1]],
        "points": step.points,
        "winner": state_seats[step.winner if step.winner is not None else step.side],
    }
    if step.winner == step.side:
        text = _("{piece} takes {other} on {square}: +{points}", lang).format(**values)
    else:
        text = _("{piece} attacks {other} on {square} and loses: +{points} for {winner}", lang)
        text = text.format(**values)
    if step.bonus:
        text += " " + _("(last duel: +{bonus})", lang).format(bonus=step.bonus)
    return text


def step_words(seats: tuple[str, str], step: story.Step, lang: str) -> str:
    """One move in words, after the name of who played it."""
    if step.kind == ADV:
        move = _("{piece} advances to {square}", lang).format(
            piece=piece_words(step.pieces[0].code, lang), square=SQUARE_NAMES[step.squares[1]]
        )
    elif step.kind == SWAP:
        move = _("{first} and {second} swap places", lang).format(
            first=piece_words(step.pieces[0].code, lang),
            second=piece_words(step.pieces[1].code, lang),
        )
    elif step.kind == DUEL:
        move = _duel_words(seats, step, lang)
    else:
        move = _("passes", lang)
    return _("{player}: {move}", lang).format(player=seats[step.side], move=move)


def move_words(state: GamboState, notation: str, lang: str) -> str:
    """The move `notation` played on `state`, in words; its notation when the rules
    refuse it there (a stale request's move, said as it was sent)."""
    try:
        steps = story.tell(state.setup, (*state.history, format_action(parse_action(notation))))
    except RuleError:
        return notation
    return step_words(state.seats, steps[-1], lang)


def targets(state: GamboState) -> dict[str, dict[str, str]]:
    """The legal moves of the side to move, by the square of the piece that makes them:
    each square it reaches (an advance's square in front, a swap's other piece, a duel's
    defender) with the move's notation (`display.games.gambo` taps them the same way)."""
    found: dict[str, dict[str, str]] = {}
    for action in legal_actions(state):
        if action.kind == PASS:
            continue
        mover = action.squares[0]
        pairs = [(mover, action.squares[1] if len(action.squares) > 1 else front_of(mover))]
        if action.kind == SWAP:  # either piece of a swap may be tapped first
            pairs.append((action.squares[1], mover))
        for start, end in pairs:
            found.setdefault(SQUARE_NAMES[start], {})[SQUARE_NAMES[end]] = format_action(action)
    return found


def board_json(state: GamboState, lang: str) -> Json:
    """The board, the side to move and its legal moves, the scores, the captures and
    the latest moves in words."""
    steps = story.story(state)
    last = story.last_step(steps)
    legal = legal_actions(state)
    return {
        "seats": list(state.seats),
        "sides": list(SIDES),
        "scores": list(state.scores),
        "to_move": state.to_move,
        "played": len(state.history),
        "finished": state.finished,
        "winner": winner_side(state),
        "pieces": {
            SQUARE_NAMES[square]: [piece.side, piece.code]
            for square, piece in enumerate(state.board)
            if piece is not None
        },
        "targets": targets(state),
        "must_pass": len(legal) == 1 and legal[0].kind == PASS,
        "last_squares": []
        if last is None
        else [SQUARE_NAMES[s] for s in sorted(story.touched(steps))],
        "moves": [step_words(state.seats, step, lang) for step in reversed(steps[-MOVES_TOLD:])],
        "taken": [
            [[pair.pieces[0].code, pair.pieces[1].code] for pair in story.taken_by(steps, side)]
            for side in range(len(SIDES))
        ],
    }


def move_of(fields: dict[str, Any]) -> str:
    """The notation a phone sent (`move`), read by the rules; ValueError when it is no
    text, `RuleError` when the rules cannot read it."""
    notation = fields.get("move")
    if not isinstance(notation, str) or not notation.strip() or len(notation) > MAX_NOTATION:
        raise ValueError("move")
    return format_action(parse_action(notation))
