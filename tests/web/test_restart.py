"""The box killed with SIGKILL in the middle of the bets, then started again: every
phone finds its seat and the same state, and nothing a phone was told is done is lost."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as seen

from pi_app.net.ports import free_port
from tests.paths import ROOT
from tests.web.browser import phone, tap, wait


class Box:
    """tests/web/box_child.py as a process that can be killed and started again."""

    def __init__(self, folder: Path) -> None:
        self.journal = folder / "journal.sqlite3"
        self.phones = folder / "phones.json"
        self.port = free_port()
        self.process: subprocess.Popen[str] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tests.web.box_child",
                str(self.journal),
                str(self.phones),
                str(self.port),
            ],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        assert self.process.stdout is not None
        assert self.process.stdout.readline().strip() == "ready"

    def type(self, notation: str) -> None:
        assert self.process is not None and self.process.stdin and self.process.stdout
        self.process.stdin.write(notation + "\n")
        self.process.stdin.flush()
        assert self.process.stdout.readline().strip() == "ok"

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    @property
    def secret(self) -> str:
        return str(json.loads(self.phones.read_text())["secret"])


def test_phones_come_back_to_the_same_state_after_sigkill(tmp_path: Path) -> None:
    box = Box(tmp_path)
    box.start()
    try:
        with phone("fr") as driver:
            driver.get(f"{box.url}/j/{box.secret}")
            tap(driver, '[data-seat="Ana"]')
            wait(driver, seen.presence_of_element_located((By.ID, "keypad")))
            for key in ("1", "h", "3", "0"):
                tap(driver, f'[data-key="{key}"]')
            tap(driver, "#send")
            wait(driver, seen.presence_of_element_located((By.ID, "slate")))
            for seat, value in (("Ben", 100), ("Cléo", 95), ("Dan", 120), ("Eli", 80)):
                box.type(f'answer "{seat}" "{value}" fr')
            box.type('bet "Ben" [95]')
            case = '.case[data-target="90"]'
            tap(driver, case)
            tap(driver, "#place-bet")
            wait(driver, seen.text_to_be_present_in_element((By.ID, "status"), "sur le tapis"))

            box.kill()  # mid-bets: the plug is pulled
            wait(driver, seen.text_to_be_present_in_element((By.ID, "status"), "hors d’atteinte"))
            box.start()
            wait(driver, seen.presence_of_element_located((By.CSS_SELECTOR, ".case.mine")))
            mine = driver.find_element(By.CSS_SELECTOR, ".case.mine").get_attribute("data-target")
            assert mine == "90"
            assert "Place : Ana" in driver.find_element(By.ID, "who").text
            assert "Ben×1" in driver.find_element(By.CSS_SELECTOR, '.case[data-target="95"]').text
            box.type("close-bets")  # the game goes on where it was
            wait(driver, seen.presence_of_element_located((By.ID, "closed")))
    finally:
        if box.process is not None and box.process.poll() is None:
            box.kill()
