"""The pinout file, its built-in defaults, and the firmware's copy of the Pico's numbers."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from pi_app.devices import pinout as pinout_module
from pi_app.devices.pinout import (
    BUNDLED_PINOUT,
    DEFAULT_PINOUT,
    Pinout,
    PinoutError,
    load_pinout,
    parse_pinout,
)
from pi_app.i18n import current_language, set_language

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def english() -> Iterator[None]:
    before = current_language()
    set_language("en")
    yield
    set_language(before)


def test_the_defaults_equal_the_bundled_file() -> None:
    assert BUNDLED_PINOUT == ROOT / "hardware" / "pinout.toml" and BUNDLED_PINOUT.is_file()
    assert load_pinout("") == DEFAULT_PINOUT
    data = tomllib.loads(BUNDLED_PINOUT.read_text(encoding="utf-8"))
    assert data["pi"] == {"bell": 17, "next": 27, "undo": 22}
    assert (data["pico"]["usb_vid"], data["pico"]["usb_pid"]) == (0x2E8A, 0x0005)


def test_without_the_bundled_file_the_defaults_serve(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pinout_module, "BUNDLED_PINOUT", tmp_path / "absent.toml")
    assert load_pinout("") is DEFAULT_PINOUT


def test_the_firmware_uses_the_pinout_numbers() -> None:
    board: dict[str, object] = {}
    exec((ROOT / "firmware" / "board.py").read_text(encoding="utf-8"), board)
    pinout = load_pinout("")
    assert board["DATA_PIN"] == pinout.pico_data_pin
    assert board["LED_COUNT"] == pinout.leds
    assert board["BRIGHTNESS_CAP"] == pinout.brightness_cap
    assert board["COLOUR_ORDER"] == pinout.colour_order


def test_a_named_file_overrides_some_keys(tmp_path: Path) -> None:
    path = tmp_path / "pinout.toml"
    path.write_text("[pi]\nbell = 5\n[ring]\nleds = 16\n", encoding="utf-8")
    assert load_pinout(str(path)) == Pinout(bell=5, leds=16)


@pytest.mark.parametrize(
    "text, words",
    [
        ("[pi]\nbel = 5\n", "unknown key pi.bel"),
        ("[gpio]\nbell = 5\n", "unknown table [gpio]"),
        ("[pi]\nbell = 99\n", "pi.bell must be a whole number from 2 to 27"),
        ("[pi]\nbell = true\n", "pi.bell must be a whole number"),
        ("[pi]\nbell = 27\n", "three different pins"),
        ("[ring]\nleds = 22\n", "ring.leds must be a multiple of 4"),
        ('[ring]\ncolour_order = "XYZ"\n', "ring.colour_order must be one of"),
        ("[pi\n", "cannot read the pinout"),
    ],
)
def test_a_bad_file_is_refused_with_the_key_named(
    tmp_path: Path, text: str, words: str, english: None
) -> None:
    path = tmp_path / "pinout.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(PinoutError, match=r"pinout\.toml") as caught:
        load_pinout(str(path))
    assert words in str(caught.value)


def test_messages_are_french_by_default(tmp_path: Path) -> None:
    path = tmp_path / "pinout.toml"
    path.write_text("[pi]\nbel = 5\n", encoding="utf-8")
    with pytest.raises(PinoutError, match=r"clé inconnue pi\.bel"):
        load_pinout(str(path))


def test_a_missing_named_file_is_an_error(tmp_path: Path, english: None) -> None:
    with pytest.raises(PinoutError, match="no such pinout file"):
        load_pinout(str(tmp_path / "absent.toml"))


def test_parse_refuses_a_table_that_is_not_a_table() -> None:
    with pytest.raises(PinoutError):
        parse_pinout({"pi": 3}, "x.toml")


def test_the_wiring_documents_and_udev_rule_follow_the_pinout() -> None:
    pinout = load_pinout("")
    svg = (ROOT / "hardware" / "wiring.svg").read_text(encoding="utf-8")
    wiring = (ROOT / "hardware" / "wiring.md").read_text(encoding="utf-8")
    for pin in (pinout.bell, pinout.next, pinout.undo):
        assert f"GPIO{pin}" in svg and f"GPIO{pin}" in wiring
    assert f"GP{pinout.pico_data_pin} " in svg and f"**GP{pinout.pico_data_pin}**" in wiring
    assert f"{pinout.leds} × WS2812B" in svg
    rule = (ROOT / "hardware" / "udev" / "99-tabletop-pico.rules").read_text(encoding="utf-8")
    assert f'ATTRS{{idVendor}}=="{pinout.usb_vid:04x}"' in rule
    assert f'ATTRS{{idProduct}}=="{pinout.usb_pid:04x}"' in rule
