"""Cambio as the table lives it: a false ring said when it happens, every score with its
breakdown, CAMBIO-card toggles that start valid and survive an undo, the cards named in
the box's language."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pi_app.display import theme as th
from pi_app.display.demo import Driver, play
from pi_app.display.games.cambio import Currency, Hand, Holder, Ringer, RoundButton
from pi_app.display.intents import Bell, Press
from pi_app.display.scene import NewGame, Notice, Play
from pi_app.i18n import set_language, translate
from pi_app.i18n_check import all_messages
from pi_app.rules.cambio.scoring import HANDS
from tests.display.layout_checks import LONG_NAMES, drawn_text, shortened

SEATS = ("Ana", "Ben", "Cléo", "Dan")


def _(message: str, lang: str = "fr") -> str:
    return translate(message, "display", lang)


def shown(app: Any) -> str:
    app.dirty = True
    app.step([])
    return drawn_text(app.canvas.texts)


def trading(app: Any, variant: str = "cambio", fine: int = 10) -> None:
    options = {"variant": variant, "false_ring_fine": fine}
    app.execute(NewGame("cambio", SEATS, options))
    for notation in ("deal", "open"):
        app.execute(Play(notation))
    app.step([])
    assert app.scene.name == "cambio-trading"


def ring(app: Any, seat: int) -> None:
    """The bell rings during trading and the host names who rang."""
    app.feed(Bell(app.clock()))
    app.feed(Press(Ringer(seat)))
    app.step([])
    assert app.scene.name == "cambio-rung"


# ---- finding 1: a false ring is said when it happens ------------------------------------


@pytest.mark.parametrize("size", ["800x480", "480x320"])
def test_a_false_ring_is_said_on_screen_the_moment_it_happens(app_factory: Any, size: str) -> None:
    app = app_factory(size)
    trading(app, fine=20)
    ring(app, 3)
    app.feed(Press(RoundButton.FALSE))
    assert app.table.state.phase == "trading"
    words = _("False ring: {seat} ({fine} when the round is scored)").format(seat="Dan", fine="-20")
    assert words in shown(app)  # who rang falsely, and what it will cost
    assert app.show.ring.calls[-1][:2] == ("flash", th.BAD)
    assert "…" not in shown(app)
    second = app_factory(size)  # it stays said after a restart: it is the round's state
    assert words in shown(second)


def test_a_false_ring_without_a_fine_says_so(app_factory: Any) -> None:
    app = app_factory()
    trading(app, fine=0)
    ring(app, 0)
    app.feed(Press(RoundButton.FALSE))
    assert _("False ring: {seat} (no fine)").format(seat="Ana") in shown(app)


# ---- finding 2: a score has its breakdown ------------------------------------------------


def test_a_fined_score_shows_how_it_is_made(app_factory: Any) -> None:
    app = app_factory()
    trading(app, fine=10)
    ring(app, 3)
    app.feed(Press(RoundButton.FALSE))  # Dan rang falsely: -10 at the scoring
    ring(app, 1)
    app.feed(Press(Currency(2)))  # Yen
    app.feed(Press(Hand("9+plus")))
    for _tap in range(2):  # the CAMBIO-minus: Ana, then Cléo, then Dan
        app.feed(Press(Holder("minus")))
    app.feed(Press(RoundButton.SHOW))
    assert app.table.state.score_map == {"Ana": 0, "Ben": 160, "Cléo": 0, "Dan": -30}
    text = shown(app)
    parts = ", ".join(  # the parts the rules count, each with its points (kept together)
        (f"{_('CAMBIO-minus')}\u00a0-20", f"{_('false ring')}\u00a0-10")
    )
    assert _("{seat} {change}: {parts}").format(seat="Dan", change="-30", parts=parts) in text
    hand = _("{hand} in {currency}").format(hand="9 + CAMBIO+ (×2)", currency="Yen")
    assert _("{seat} {change}: {parts}").format(seat="Ben", change="+160", parts=hand) in text
    assert "Ana +0" not in text  # a score that did not move has no line


@pytest.mark.parametrize("lang", ["fr", "de", "en"])
def test_a_long_score_sheet_is_drawn_whole_on_the_small_screen(app_factory: Any, lang: str) -> None:
    """Seven long names, four false rings and both CAMBIO cards kept: the sheet takes the
    whole width rather than cut a line, and the title drops the dealer's name."""
    names = LONG_NAMES
    set_language(lang)
    try:
        app = app_factory("480x320")
        app.execute(NewGame("cambio", names, {"variant": "cambio", "false_ring_fine": 20}))
        for notation in ("deal", "open"):
            app.execute(Play(notation))
        for seat in names[1:5]:
            app.execute(Play(f'ring "{seat}"'))
            app.execute(Play("false-ring"))
        app.execute(Play(f'ring "{names[0]}"'))
        app.execute(Play(f'show Livre 9 "{names[1]}"=plus "{names[2]}"=minus'))
        text = shown(app)
        assert not shortened(app.canvas.texts), [t.text for t in shortened(app.canvas.texts)]
        for seat in names[:5]:
            assert f"{seat} -" in text or f"{seat} +" in text
    finally:
        set_language("fr")


# ---- finding 3: the CAMBIO-card toggles start valid and survive an undo ------------------


@pytest.mark.parametrize("hand", HANDS)
def test_every_hand_can_be_scored_as_the_toggles_start(app_factory: Any, hand: str) -> None:
    app = app_factory()
    trading(app)
    ring(app, 1)
    app.feed(Press(Hand(hand)))
    app.feed(Press(RoundButton.SHOW))  # no toggle touched: the box accepts the hand
    assert app.table.state.phase == "deal" and len(app.table.state.history) == 1


@pytest.mark.parametrize("hand", HANDS)
def test_a_toggle_only_offers_places_the_rules_accept(app_factory: Any, hand: str) -> None:
    app = app_factory()
    trading(app)
    ring(app, 1)
    app.feed(Press(Hand(hand)))
    for taps in range(5):  # every place each card goes through is scored without a refusal
        app.feed(Press(RoundButton.SHOW))
        assert len(app.table.state.history) == 1, (hand, taps)
        app.feed(Press("undo"))
        app.step([])
        assert app.scene.name == "cambio-rung"
        app.feed(Press(Holder("plus")))
        app.feed(Press(Holder("minus")))


def test_a_card_that_cannot_move_says_why(app_factory: Any) -> None:
    app = app_factory()
    trading(app)
    ring(app, 1)
    app.feed(Press(Hand("8+plus")))
    said = app.scene.handle(Press(Holder("plus")), app.ctx())
    assert len(said) == 1 and isinstance(said[0], Notice)
    assert _("CAMBIO-plus") in said[0].text and "8 + CAMBIO+" in said[0].text


def test_the_hand_entered_survives_an_undo(app_factory: Any) -> None:
    app = app_factory()
    trading(app)
    ring(app, 1)
    app.feed(Press(Currency(2)))  # Yen
    app.feed(Press(Hand("9+plus")))
    app.feed(Press(Holder("minus")))  # from Ana, the first place, to Cléo
    minus = _("{card}: {holder}").format(card=_("CAMBIO-minus"), holder="Cléo")
    assert minus in shown(app)
    app.feed(Press(RoundButton.SHOW))
    scored = {"Ana": 0, "Ben": 160, "Cléo": -20, "Dan": 0}
    assert app.table.state.score_map == scored
    app.feed(Press("undo"))  # scored by mistake: back to the form, as it was left
    app.step([])
    assert app.scene.name == "cambio-rung" and minus in shown(app)
    app.feed(Press("undo"))  # the ringer named again: the same one finds the same form
    app.feed(Press(Ringer(1)))
    assert minus in shown(app)
    app.feed(Press(RoundButton.SHOW))  # nothing typed again: the same hand is scored
    assert app.table.state.score_map == scored and app.table.state.round_number == 2
    app.feed(Press(RoundButton.DEAL))
    app.execute(Play("open"))
    ring(app, 1)  # a new round starts with a fresh form
    fresh = _("{card}: {holder}").format(card=_("CAMBIO-minus"), holder="Ana")
    assert fresh in shown(app) and minus not in shown(app)


# ---- finding 5: the CAMBIO cards' names in the screen's language --------------------------


def test_the_cambio_cards_are_named_in_the_screen_language(app_factory: Any) -> None:
    assert ("display", "CAMBIO-minus") in all_messages()  # i18n_check sees the names
    app = app_factory()
    trading(app)
    ring(app, 1)
    text = shown(app)
    assert "CAMBIO-moins" in text and "minus" not in text
    set_language("de")
    try:
        assert "CAMBIO-minus" in shown(app)
    finally:
        set_language("fr")


# ---- every Cambio screen and the end of every game, with no word cut ---------------------


class Shots(Driver):
    """A driver that keeps, for every picture, the texts cut short with an ellipsis."""

    def __init__(self, *args: Any) -> None:
        self.cut: dict[str, list[str]] = {}
        super().__init__(*args)

    def shot(self, name: str) -> Path | None:
        path = super().shot(name)
        self.cut[name] = [text.text for text in shortened(self.app.canvas.texts)]
        return path


@pytest.mark.parametrize("lang", ["fr", "de", "en"])
@pytest.mark.parametrize("size", ["800x480", "480x320"])
@pytest.mark.parametrize(
    "game", ["cambio", "cambio-tournament", "history", "quitte-ou-double", "gambit7", "gambo"]
)
def test_no_word_is_cut_on_the_cambio_and_history_demos(game: str, size: str, lang: str) -> None:
    set_language(lang)
    try:
        driver = play(game, None, size, Shots)
    finally:
        set_language("fr")
    assert isinstance(driver, Shots) and driver.cut
    assert {name: cut for name, cut in driver.cut.items() if cut} == {}
