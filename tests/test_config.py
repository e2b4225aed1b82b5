"""Configuration: defaults, the documented example, and errors naming key and file."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from pi_app.config import DEFAULTS, ConfigError, example_toml, load

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def _no_user_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    monkeypatch.delenv("TABLETOP_CONFIG", raising=False)


def test_no_file_gives_every_default(tmp_path: Path) -> None:
    config = load(system=tmp_path / "absent.toml")
    assert config.values == {key: default for key, (default, _c) in DEFAULTS.items()}
    assert config["language"] == "fr"


def test_shipped_example_lists_every_key_with_its_default() -> None:
    shipped = (ROOT / "config.example.toml").read_text(encoding="utf-8")
    assert tomllib.loads(shipped) == tomllib.loads(example_toml())


def test_user_file_overrides_system_file(tmp_path: Path) -> None:
    system = tmp_path / "system.toml"
    system.write_text('language = "de"\n[timers]\nanswers = 45\n')
    user = tmp_path / "xdg" / "tabletop" / "config.toml"
    user.parent.mkdir(parents=True)
    user.write_text('language = "en"\n')
    config = load(system=system)
    assert config["language"] == "en" and config["timers.answers"] == 45
    assert config.sources["language"] == str(user)


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ('language = "it"\n', "language"),
        ("[timers]\nanswers = -3\n", "timers.answers"),
        ('[timers]\nbets = "fast"\n', "timers.bets"),
        ("[sound]\nmute = 1\n", "sound.mute"),
        ("[sound]\nloudness = 3\n", "sound.loudness"),
        ('hardware = "arduino"\n', "hardware"),
    ],
)
def test_bad_value_names_key_and_file(tmp_path: Path, text: str, key: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(ConfigError) as caught:
        load(path, system=tmp_path / "absent.toml")
    assert key in str(caught.value) and str(path) in str(caught.value)


def test_unreadable_toml_names_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text("language = \n")
    with pytest.raises(ConfigError) as caught:
        load(path, system=tmp_path / "absent.toml")
    assert str(path) in str(caught.value)


def test_cli_reports_bad_config_and_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from pi_app.cli import main

    path = tmp_path / "bad.toml"
    path.write_text('language = "xx"\n')
    assert main(["--config", str(path), "export", "--list"]) == 2
    assert "language" in capsys.readouterr().err


def test_a_huge_number_in_the_file_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "huge.toml"
    path.write_text("[timers]\nanswers = " + "9" * 5000 + "\n")
    with pytest.raises(ConfigError) as caught:
        load(path, system=tmp_path / "absent.toml")
    assert str(path) in str(caught.value) and len(str(caught.value)) < 400
    path.write_text("[timers]\nanswers = " + "9" * 4000 + "\n")  # read, then refused
    with pytest.raises(ConfigError) as caught:
        load(path, system=tmp_path / "absent.toml")
    assert "timers.answers" in str(caught.value) and len(str(caught.value)) < 400
