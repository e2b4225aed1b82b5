"""Pictures of the phone pages (answer, bet, payout) for the README.

    python -m tests.web.shots docs/screenshots

Plays a Gambit 7 round with a server and a table owner thread, one phone in Chromium (French),
the other seats typed on the box, and saves phone-answer.png, phone-bet.png and
phone-payout.png; then a round of the box's own question (the demo's: `tabletop demo
questions`), phone-question.png and phone-question-answer.png.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as seen

from pi_app.box.acts import Play
from pi_app.box.seats import SeatBook
from pi_app.loop import TableOwner
from pi_app.table import Journal, Table
from pi_app.web.hub import Hub
from pi_app.web.server import PhoneServer
from tests.web.browser import phone, tap, wait

SEATS = ("Ana", "Ben", "Cléo", "Dan", "Eli")


def _served(table: Table) -> tuple[TableOwner, PhoneServer, str]:
    """The table's owner thread, its phones' server on a free port, and Ana's link."""
    hub = Hub(SeatBook(None))
    owner = TableOwner(table, hub).start()
    server = PhoneServer(hub, host="127.0.0.1", port=0)
    url = f"http://127.0.0.1:{server.start()}/j/{hub.seats.game(table.game_id)}"
    return owner, server, url


def _table(seats: tuple[str, ...]) -> Table:
    scratch = Path(tempfile.mkdtemp())
    return Table.new(Journal(scratch / "j.sqlite3"), "gambit7", seats, {}, seed=1)


def main(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    table = _table(SEATS)
    owner, server, link = _served(table)
    try:
        with phone("fr") as driver:
            driver.get(link)
            tap(driver, '[data-seat="Ana"]')
            wait(driver, seen.presence_of_element_located((By.ID, "keypad")))
            owner.act(Play('answer "Ben" "100" fr'))
            for key in ("1", "h", "3"):
                tap(driver, f'[data-key="{key}"]')
            driver.execute_script("window.scrollTo(0, 0)")
            driver.save_screenshot(str(folder / "phone-answer.png"))
            tap(driver, '[data-key="0"]')
            tap(driver, "#send")
            wait(driver, seen.presence_of_element_located((By.ID, "slate")))
            for seat, value in (("Cléo", 95), ("Dan", 120), ("Eli", 80)):
                owner.act(Play(f'answer "{seat}" "{value}" fr'))
            owner.act(Play('bet "Ben" [95, 100]'))
            tap(driver, '.case[data-target="90"]')
            tap(driver, '.case[data-target="95"]')
            tap(driver, "#place-bet")
            wait(driver, seen.text_to_be_present_in_element((By.ID, "status"), "tapis"))
            driver.execute_script("window.scrollTo(0, 0)")
            driver.save_screenshot(str(folder / "phone-bet.png"))
            owner.act(Play("close-bets"))
            owner.act(Play('truth "1h32" fr'))
            wait(driver, seen.presence_of_element_located((By.ID, "payout")))
            driver.execute_script("window.scrollTo(0, 0)")
            driver.save_screenshot(str(folder / "phone-payout.png"))
    finally:
        server.stop()
        owner.stop()
        table.journal.close()


def questions(folder: Path) -> None:
    """A phone (French) at a round of the box's own question: the question, then the
    true answer with its source."""
    from pi_app.box.quizmaster import notation, round_question
    from pi_app.questions.bank import builtin_by_id

    table = _table(("Ana", "Ben", "Cléo", "Dan"))
    table.play(notation(round_question(builtin_by_id()["country-neighbours:KH"])))
    owner, server, link = _served(table)
    try:
        with phone("fr") as driver:
            driver.get(link)
            tap(driver, '[data-seat="Ana"]')
            wait(driver, seen.presence_of_element_located((By.ID, "question")))
            for key in ("4",):
                tap(driver, f'[data-key="{key}"]')
            driver.execute_script("window.scrollTo(0, 0)")
            driver.save_screenshot(str(folder / "phone-question.png"))
            tap(driver, "#send")
            wait(driver, seen.presence_of_element_located((By.ID, "slate")))
            for seat, value in (("Ben", 2), ("Cléo", 5), ("Dan", 3)):
                owner.act(Play(f'answer "{seat}" {value} fr'))
            owner.act(Play("reveal"))
            owner.act(Play('bet "Ana" [3, 3]'))
            owner.act(Play("close-bets"))
            owner.act(Play("truth 3 fr"))
            wait(driver, seen.presence_of_element_located((By.ID, "source")))
            driver.execute_script("window.scrollTo(0, 0)")
            driver.save_screenshot(str(folder / "phone-question-answer.png"))
    finally:
        server.stop()
        owner.stop()
        table.journal.close()


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")
    main(target)
    questions(target)
