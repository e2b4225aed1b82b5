"""Every command answers bad input, odd paths and a full standard output in one line
with exit 2, never a traceback: a language the box does not speak (and the forms a
locale takes of one it does), a configuration nested too deeply, a journal that is a
folder, output to /dev/full, and a pack's question nested too deeply."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.table.crafted import one_line_refusal, tabletop, three_games

NO_BACKUP = "No backup yet"


@pytest.mark.parametrize("given", ["xx", "C", "klingon_KL.UTF-8"])
def test_a_language_the_box_does_not_speak_is_refused_in_one_line(
    tmp_path: Path, given: str
) -> None:
    done = tabletop(
        "--journal", str(tmp_path / "j.sqlite3"), "journal", "backups", env={"TABLETOP_LANG": given}
    )
    assert "TABLETOP_LANG" in one_line_refusal(done)


@pytest.mark.parametrize("given", ["EN", "en_US.UTF-8", "en-GB", "en_IE@euro"])
def test_the_forms_a_locale_takes_name_its_language(tmp_path: Path, given: str) -> None:
    done = tabletop(
        "--journal", str(tmp_path / "j.sqlite3"), "journal", "backups", env={"TABLETOP_LANG": given}
    )
    assert done.returncode == 0 and done.stdout.startswith(NO_BACKUP), done.stderr[-2000:]


def test_a_configuration_nested_a_thousand_levels_is_refused_in_one_line(
    tmp_path: Path,
) -> None:
    config = tmp_path / "config.toml"
    config.write_text("language = " + "[" * 1000 + "]" * 1000 + "\n", encoding="utf-8")
    said = one_line_refusal(tabletop("--config", str(config), "journal", "backups"))
    assert str(config) in said


@pytest.mark.parametrize("given", ["/", ""])
def test_a_journal_that_is_a_folder_is_refused_in_one_line(tmp_path: Path, given: str) -> None:
    config = tmp_path / "config.toml"
    config.write_text(f'journal = "{given or "."}"\n', encoding="utf-8")
    for command in (["journal", "backups"], ["export", "--list"]):
        one_line_refusal(tabletop("--journal", given, *command))
    one_line_refusal(tabletop("--config", str(config), "journal", "backups"))


@pytest.mark.parametrize("command", [["export", "--list"], ["journal", "backups"]])
def test_a_full_standard_output_is_said_in_one_line(tmp_path: Path, command: list[str]) -> None:
    path = tmp_path / "j.sqlite3"
    three_games(path)
    with open("/dev/full", "w") as full:
        done = tabletop("--journal", str(path), *command, stdout=full.fileno())
    assert "no space left" in one_line_refusal(done)


def test_a_pack_question_nested_too_deeply_is_left_out(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    three_games(path)
    db = sqlite3.connect(path)
    db.execute(
        "INSERT INTO pack_questions VALUES ('mine', 'q1', ?)", ("[" * 100_000 + "]" * 100_000,)
    )
    db.commit()
    db.close()
    done = tabletop("--journal", str(path), "questions", "list", "--packs")
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-2000:]
