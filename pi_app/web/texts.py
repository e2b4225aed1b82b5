"""The words of the phone pages, from the gettext catalogues like every other message.

The pages are plain HTML and JavaScript; they fetch `/texts/{lang}.json` (this table,
translated) and put each text where its key is named. French first, then German and
English, following the phone's language and switchable on the page. Each game's own
words: Gambit 7's slate, mat and chips (Antwortkarte, Wetttafel and Wettchips in its
German rulebook), Quitte ou Double's tile (tuile, Antworttafel) and bet tokens (jetons
de mise); the mat's bottom case named as the box names it.
"""

from __future__ import annotations

from pi_app.i18n import N_, Translator, translate

_ = Translator("web")

TEXTS = {
    "title": N_("Table Companion"),
    "no_screen": N_(
        "The box's screen is not working: the phones, the ring and the bell play on. "
        "Press the bell to move the round on."
    ),
    "no_screen_host": N_(
        "The box's screen is not working: the phones, the ring and the bell play on. "
        "The host's phone moves the round on."
    ),
    "pick_seat": N_("Pick your seat"),
    "held": N_("taken"),
    "watch": N_("Only watch the scores"),
    "joining": N_("Joining…"),
    "round": N_("Round {round} of 7"),
    "card": N_("Card {card}, question {question}"),
    "your_answer": N_("Your answer"),
    "send": N_("Send"),
    "erase": N_("Erase"),
    "answered": N_("Answered"),
    "waiting_for": N_("Waiting for the others"),
    "your_slate": N_("Your slate: {answer}"),
    "bets_open": N_("Place your two chips, or your Gambit 7 token"),
    "chip": N_("Chip"),
    "token": N_("Gambit 7 token"),
    "pays": N_("pays {alone} alone, {shared} shared"),
    "less": N_("Less than that"),
    "empty": N_("empty"),
    "place_bet": N_("Place my bet"),
    "clear_bet": N_("Take my chips back"),
    "bet_placed": N_("Your bet is on the mat."),
    "no_bet": N_("You bet nothing this round."),  # the box took an empty bet (the rules allow it)
    "bets_closed": N_("No more bets: the betting is closed."),
    "qod_closed": N_("Time is up: no more bets."),
    "payout": N_("This round: {before} → {after}"),
    "payout_detail": N_("Chips: {chips} × {chip_value}; slate bonus: {slate_bonus}"),
    "qod_question": N_("question {question} of the card"),
    "qod_token": N_("Put a bet token here ({left} left)"),
    "qod_stake_left": N_("Gain tokens you can stake: {left}"),
    "qod_stake": N_("Stake them under my token"),
    "qod_paid": N_("The answer was {truth}: you gain {gain}."),
    "qod_lost": N_("The answer was {truth}: you lose {loss}."),  # never "you gain -2"
    "qod_even": N_("The answer was {truth}: you gain nothing and lose nothing."),
    "timer": N_("Sand timer: {left} s"),
    "scores": N_("Scores"),
    "history": N_("Rounds"),
    "offline": N_("The box is out of reach; trying again…"),
    "spectator": N_("You are watching."),
    "on_box": N_("This game is played on the box; here are its scores."),
    "no_game": N_("No game at the table yet."),
    "language": N_("Language"),
    "seat": N_("Seat: {seat}"),
    "your_tile": N_("Your tile: {answer}"),
    "sign": N_("Change the sign"),
    "true_answer": N_("True answer: {answer}"),
    "source": N_("Source: {source}"),
    "flag_question": N_("This question seems wrong"),
    "game_over": N_("The game is over."),
    "won_one": N_("The game is over: {winners} won."),
    "won_many": N_("The game is over: {winners} won together."),
    "next_game": N_("If the same players play again, this phone keeps its seat in the next game."),
    "open_games": N_("See the games open to join"),
    "change_answer": N_("Change my answer"),
    "new_answer": N_("Your new answer"),
    "your_chips": N_("Your chips on the mat: {placed} of {chips}"),
    "chips_here": N_("your chips: {count}"),
}


GAME_TITLES = (N_("Cambio (tournoi)"),)
"""The games' titles that are words, not names: the phones show them translated."""


def game_title(title: str, lang: str) -> str:
    """A game's title in `lang`: a name (Gambit 7) stays as it is, a title made of words
    (`GAME_TITLES`) is translated."""
    return translate(title, "web", lang) if title in GAME_TITLES else title


def page_texts(lang: str) -> dict[str, str]:
    """Every text of the pages in `lang`."""
    return {key: translate(message, "web", lang) for key, message in TEXTS.items()}
