"""Pictures of the big screen at 1920x1080 in each game, for the README.

    python -m tests.web.tv_pictures docs/screenshots

Plays with a table owner thread and its phones' server, phones over the phones' own
protocol and one TV in Chromium (French, the box's language): the lobby with seats
filling (tv-lobby.png), a Gambit 7 round of the box's own question with answers around
the truth (tv-gambit7-bets.png, tv-gambit7-scored.png), a Quitte ou Double round
(tv-qod.png), a Cambio round and the next one's STOP (tv-cambio.png), a Gambo game after
a duel (tv-gambo.png) and at its end (tv-over.png).
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.common.by import By

from pi_app.rules.gambit7.board import board
from tests.web.browser import wait
from tests.web.conftest import Served, serve
from tests.web.tv_room import FULL_HD, Phone, drawn, published_version, tv


def picture(served: Served, driver: webdriver.Chrome, path: Path) -> None:
    """The TV's picture once it drew the box's last state."""
    drawn(driver, published_version(served))
    driver.save_screenshot(str(path))
    print(path)


def around(truth: Decimal, factor: str) -> str:
    """An answer near the truth, as a player would write it: a whole number."""
    return str(int((truth * Decimal(factor)).to_integral_value()))


def gambit7(folder: Path, target: Path) -> None:
    seats = ("Ana", "Ben", "Cléo", "Dan", "Eli")
    served = serve(folder, "gambit7", seats, extras={"questions": "box"})
    try:
        with tv(served.url, FULL_HD) as driver:
            phones = [Phone(served.url, served.secret, seat) for seat in seats[:3]]
            wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, '[data-held="1"]')) == 3)
            picture(served, driver, target / "tv-lobby.png")
            table = served.owner.table
            assert table is not None
            truth = table.state.current.question.answer
            answers = dict(zip(seats, ("0.6", "0.92", "1.15", "1.6", "0.35"), strict=True))
            for phone in phones:
                phone.act(type="answer", typed=around(truth, answers[phone.seat]), locale="en")
            for seat in seats[3:]:
                served.box(f'answer "{seat}" {around(truth, answers[seat])} en')
            served.box("reveal")
            targets = [case.target for case in board(table.state) if case.target is not None]
            for phone, chips in zip(phones, ([1, 1], [1, 2], [2, 3]), strict=True):
                picked = [str(targets[min(i, len(targets) - 1)]) for i in chips]
                phone.act(type="bet", chips=picked)
            picture(served, driver, target / "tv-gambit7-bets.png")
            served.box("close-bets")
            served.box(f'truth "{truth}" en')
            picture(served, driver, target / "tv-gambit7-scored.png")
    finally:
        served.stop()


def qod(folder: Path, target: Path) -> None:
    teams = ("Jaune", "Rouge", "Bleu", "Vert")
    served = serve(folder, "quitte-ou-double", teams)
    try:
        with tv(served.url, FULL_HD) as driver:
            for team, value in zip(teams, (1889, 1905, 1912, 1937), strict=True):
                served.box(f'answer "{team}" {value}')
            served.box("reveal")
            served.box('bet "Jaune" 1905..1912')
            served.box('bet "Rouge" 1912..1937')
            served.box('bet "Vert" 1905..1912')
            served.box("truth 1909")
            picture(served, driver, target / "tv-qod.png")
    finally:
        served.stop()


def cambio(folder: Path, target: Path) -> None:
    served = serve(folder, "cambio", ("Ana", "Ben", "Cléo", "Dan"))
    try:
        with tv(served.url, FULL_HD) as driver:
            for notation in ("deal", "open", 'ring "Cléo"', "show Yen 9"):
                served.box(notation)
            for notation in ("deal", "open", "bell", 'ring "Ben"'):
                served.box(notation)
            picture(served, driver, target / "tv-cambio.png")
    finally:
        served.stop()


def gambo(folder: Path, target: Path) -> None:
    served = serve(folder, "gambo", ("Ana", "Ben"))
    try:
        with tv(served.url, FULL_HD) as driver:
            duels = 0
            while True:
                table = served.owner.table
                assert table is not None
                if table.game.outcome(table.state) is not None:
                    break
                legal = table.game.legal_actions(table.state)
                fights = [a for a in legal if a.kind == "duel"]
                served.box(
                    table.game.format_action(
                        (fights or legal)[len(legal) // 3 % max(1, len(fights or legal))]
                    )
                )
                duels += bool(fights)
                if fights and duels == 3:
                    picture(served, driver, target / "tv-gambo.png")
            picture(served, driver, target / "tv-over.png")
    finally:
        served.stop()


GAMES: tuple[Callable[[Path, Path], None], ...] = (gambit7, qod, cambio, gambo)


def main(target: Path) -> None:
    target.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        for game in GAMES:
            game_folder = Path(folder) / game.__name__
            game_folder.mkdir()
            game(game_folder, target)


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots"))
