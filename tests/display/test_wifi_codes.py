"""The box's own Wi-Fi on the phones panel: "1. Join the Wi-Fi" then "2. Open the game".

The network's code is read back by the real `zbarimg` (as a phone's camera would) for
any name and password, and parsed by the format's own rules; the panel is checked at
both screen sizes in the three languages with the longest, most hostile name and
password a network may have (32 bytes, 63 characters).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pi_app.box.seats import SeatBook
from pi_app.display.canvas import Canvas, FontBook, TextDraw
from pi_app.display.demo import FakeClock, make_app
from pi_app.display.intents import Press
from pi_app.display.phones import draw_phones, qr_surface
from pi_app.display.phones_panel import PhonesPanel
from pi_app.display.scene import NewGame
from pi_app.display.targets import Button, SeatCode
from pi_app.display.theme import BACKGROUND, theme_for
from pi_app.i18n import set_language
from pi_app.web.hub import Hub
from pi_app.web.wifi_code import Hotspot, on_hotspot, wifi_text
from tests.display.layout_checks import (
    LONG_NAMES,
    outside,
    overlapping_texts,
    shortened,
    texts_on_borders,
    too_small,
)
from tests.qr_reading import ZBARIMG, need_zbarimg

SIZES = ("800x480", "480x320")
LANGS = ("fr", "de", "en")
LINK = "http://192.168.1.20:8370/j/s3cretAbCdEf"  # the default route's: not the hotspot's
ADDRESS = "10.42.0.1"
SPECIAL = '\\;,:" '
LONG_SSID = 'Café "Wi;Fi", 2:4\\GHz ÉtéWMW!'  # 32 bytes, every special character
WIDE_SSID = "W" * 32  # the widest 32 bytes
LONG_PASSWORD = 'MW\\;,:" ' * 7 + "WMW;,:\\"  # 63 characters, every special one
WIDE_PASSWORD = "W" * 63
HOSTILE = [(LONG_SSID, LONG_PASSWORD), (WIDE_SSID, WIDE_PASSWORD)]
HEADINGS = {
    "fr": ("1. Rejoindre le Wi-Fi", "2. Ouvrir le jeu"),
    "de": ("1. WLAN beitreten", "2. Spiel öffnen"),
    "en": ("1. Join the Wi-Fi", "2. Open the game"),
}


# ---- the format ------------------------------------------------------------------


def parse_wifi(text: str) -> dict[str, str]:
    """The fields of a `WIFI:` text, read by the format's rules: `KEY:value;` pairs,
    a backslash escaping the next character, `;;` at the end. An unescaped special
    character inside a value is an error (a reader would cut the value there)."""
    assert text.startswith("WIFI:") and text.endswith(";;"), text
    fields: dict[str, str] = {}
    rest = text.removeprefix("WIFI:")
    while rest != ";":
        key, colon, rest = rest.partition(":")
        assert colon and key.isalpha(), text
        value, end = _value(rest)
        assert key not in fields, text
        fields[key], rest = value, rest[end + 1 :]
    return fields


def _value(rest: str) -> tuple[str, int]:
    """The unescaped value at the start of `rest`, and where its `;` is."""
    value: list[str] = []
    escaped = False
    for index, char in enumerate(rest):
        if escaped:
            value.append(char)
            escaped = False
        elif char == "\\":
            escaped = True
        elif char == ";":
            return "".join(value), index
        else:
            assert char not in ',:"', f"unescaped {char!r} in {rest!r}"
            value.append(char)
    raise AssertionError(f"no end to {rest!r}")


def test_a_plain_network_is_written_as_the_format_shows() -> None:
    assert wifi_text("Tabletop-7Q4K", "truite-violon-42") == (
        "WIFI:T:WPA;S:Tabletop-7Q4K;P:truite-violon-42;;"
    )


def test_the_special_characters_are_escaped_with_a_backslash() -> None:
    # the format's own example: the SSID "foo;bar\baz" with its double quotes
    assert wifi_text('"foo;bar\\baz"', "a,b:c;d") == (
        'WIFI:T:WPA;S:\\"foo\\;bar\\\\baz\\";P:a\\,b\\:c\\;d;;'
    )
    assert wifi_text("\\", "\\\\;;;;;;") == "WIFI:T:WPA;S:\\\\;P:\\\\\\\\\\;\\;\\;\\;\\;\\;;;"
    assert wifi_text("a b", "x y z ab") == "WIFI:T:WPA;S:a b;P:x y z ab;;"  # spaces as they are


def test_other_characters_pass_unchanged_and_no_hidden_flag() -> None:
    text = wifi_text("Café ☕ 日本", "motdepassé€")
    assert text == "WIFI:T:WPA;S:Café ☕ 日本;P:motdepassé€;;"
    assert "H:" not in text and parse_wifi(text) == {
        "T": "WPA",
        "S": "Café ☕ 日本",
        "P": "motdepassé€",
    }


def test_the_hostile_ones_parse_back() -> None:
    assert len(LONG_SSID.encode()) == 32 and len(LONG_PASSWORD) == 63
    for ssid, password in HOSTILE:
        assert parse_wifi(wifi_text(ssid, password)) == {"T": "WPA", "S": ssid, "P": password}


def test_the_game_s_link_names_the_box_on_its_own_network() -> None:
    assert on_hotspot(LINK, ADDRESS) == "http://10.42.0.1:8370/j/s3cretAbCdEf"
    assert on_hotspot(f"{LINK}#Chlo%C3%A9", ADDRESS) == (
        "http://10.42.0.1:8370/j/s3cretAbCdEf#Chlo%C3%A9"
    )
    assert on_hotspot("http://tablebox.local/j/x", ADDRESS) == "http://10.42.0.1/j/x"
    assert on_hotspot("http://10.0.0.5:80/j/x", "fd00::1") == "http://[fd00::1]:80/j/x"


# ---- read by zbarimg ---------------------------------------------------------------


def test_a_missing_zbarimg_fails_on_ci_and_skips_elsewhere(monkeypatch: pytest.MonkeyPatch) -> None:
    missing = "/nonexistent/zbarimg"
    monkeypatch.setenv("CI", "1")
    with pytest.raises(pytest.fail.Exception, match="zbarimg is missing"):
        need_zbarimg(missing)
    monkeypatch.delenv("CI")
    with pytest.raises(pytest.skip.Exception):
        need_zbarimg(missing)


def read_code(surface: pygame.Surface, spot: pygame.Rect, path: Path) -> str:
    """What zbarimg reads in `spot` of `surface` (the code with its quiet zone alone)."""
    need_zbarimg()
    pygame.image.save(surface.subsurface(spot), str(path))
    done = subprocess.run(
        [
            ZBARIMG,
            "--nodbus",
            "--raw",
            "-q",
            "--oneshot",
            "-Sdisable",
            "-Sqrcode.enable",
            str(path),
        ],
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, f"no QR code read in {path}: {done.stderr!r}"
    return done.stdout.decode("utf-8").removesuffix("\n")


def panel(
    size: str, ssid: str, password: str, page: int = 0, chosen: str | None = None
) -> tuple[Canvas, list[pygame.Rect]]:
    """The phones panel with a hotspot drawn on a screen of `size`, and its codes."""
    theme = theme_for(size)
    canvas = Canvas(pygame.Surface(theme.size), theme, FontBook())
    canvas.surface.fill(BACKGROUND)
    seats = list(LONG_NAMES[:5])
    hotspot = Hotspot(ssid, password, ADDRESS)
    codes = draw_phones(canvas, [LINK], seats, seats[1:2], chosen, page, hotspot=hotspot)
    return canvas, codes


def _fit_bytes(text: str, limit: int = 32) -> str:
    """`text` cut to what an SSID holds: `limit` bytes of UTF-8."""
    while len(text.encode()) > limit:
        text = text[:-1]
    return text


PRINTABLE = st.characters(codec="utf-8", exclude_categories=("Cs", "Co", "Cn")).filter(
    str.isprintable
)
SSIDS = st.text(st.one_of(st.sampled_from(SPECIAL), PRINTABLE), min_size=1, max_size=32).map(
    _fit_bytes
)
PASSWORDS = st.text(
    st.one_of(st.sampled_from(SPECIAL), st.characters(min_codepoint=0x20, max_codepoint=0x7E)),
    min_size=8,
    max_size=63,
)


@settings(max_examples=25, deadline=None)
@given(ssid=SSIDS, password=PASSWORDS, size=st.sampled_from(SIZES))
def test_any_network_is_read_back_from_the_panel(
    tmp_path_factory: pytest.TempPathFactory, ssid: str, password: str, size: str
) -> None:
    folder = tmp_path_factory.mktemp("wifi")
    canvas, codes = panel(size, ssid, password)
    assert len(codes) == 2
    read = read_code(canvas.surface, codes[0], folder / "wifi.png")
    assert read == wifi_text(ssid, password)
    assert parse_wifi(read) == {"T": "WPA", "S": ssid, "P": password}
    game = read_code(canvas.surface, codes[1], folder / "game.png")
    assert game == on_hotspot(LINK, ADDRESS)
    assert not outside(canvas.texts, canvas.rect)


@pytest.mark.parametrize("size", SIZES)
def test_a_seat_s_own_code_is_on_the_hotspot_too(tmp_path: Path, size: str) -> None:
    canvas, codes = panel(size, "Tabletop-7Q4K", "truite-violon-42", chosen="Chloé")
    assert read_code(canvas.surface, codes[1], tmp_path / "seat.png") == (
        "http://10.42.0.1:8370/j/s3cretAbCdEf#Chlo%C3%A9"
    )
    assert any(t.text == "2. Code de Chloé" for t in canvas.texts)


# ---- the layout ---------------------------------------------------------------------


def _views(size: str) -> int:
    """How many pages the panel shows in turn: one beside the seats, else the codes'
    and the seats' (five long names)."""
    for page in range(1, 10):
        if panel(size, "x", "12345678", page)[1]:
            return page
    raise AssertionError("the codes never come back")


def _text(texts: list[TextDraw], words: str) -> pygame.Rect:
    found = [pygame.Rect(t.rect) for t in texts if t.text == words]
    assert len(found) == 1, (words, [t.text for t in texts])
    return found[0]


def _scannable(surface: pygame.Surface, spot: pygame.Rect, text: str) -> None:
    """At least 2 pixels a module, and the quiet zone (4 modules) white all round."""
    modules = qr_surface(text).get_width()
    assert spot.width == spot.height and spot.width % modules == 0
    scale = spot.width // modules
    assert scale >= 2
    quiet = 4 * scale
    for x in range(spot.left, spot.right):
        for y in (*range(spot.top, spot.top + quiet), *range(spot.bottom - quiet, spot.bottom)):
            assert tuple(surface.get_at((x, y)))[:3] == (255, 255, 255)
    for y in range(spot.top, spot.bottom):
        for x in (*range(spot.left, spot.left + quiet), *range(spot.right - quiet, spot.right)):
            assert tuple(surface.get_at((x, y)))[:3] == (255, 255, 255)


def _check_page(canvas: Canvas, codes: list[pygame.Rect], size: str) -> None:
    texts, panels = canvas.texts, canvas.panels
    assert not outside(texts, canvas.rect)
    assert not shortened(texts)
    assert not overlapping_texts(texts, panels)
    assert not texts_on_borders(texts, panels)
    assert not too_small(texts, theme_for(size).min_px)
    frame = canvas.rect.inflate(-2 * canvas.theme.pad, -2 * canvas.theme.pad)
    for spot in codes:
        assert frame.contains(spot)
        assert not [t.text for t in texts if spot.colliderect(t.rect)]
        assert not [hit.target for hit in canvas.hits if spot.colliderect(hit.rect)]


@pytest.mark.parametrize(("ssid", "password"), HOSTILE, ids=["escapes", "wide"])
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_two_codes_in_order_whole_and_clear(
    size: str, lang: str, ssid: str, password: str, tmp_path: Path
) -> None:
    set_language(lang)
    try:
        canvas, codes = panel(size, ssid, password)
        _check_page(canvas, codes, size)
        first, second = (_text(canvas.texts, words) for words in HEADINGS[lang])
        wifi, game = codes
        assert wifi.bottom <= game.top or wifi.right <= game.left  # above, or left of it
        assert first.bottom <= second.top or first.right <= second.left
        _scannable(canvas.surface, wifi, wifi_text(ssid, password))
        _scannable(canvas.surface, game, on_hotspot(LINK, ADDRESS))
        joined = "".join(t.text for t in canvas.texts).replace(" ", "")
        for words in (ssid, password, "10.42.0.1:8370/j/", "s3cretAbCdEf"):
            assert words.replace(" ", "") in joined  # written whole, perhaps on lines
        assert read_code(canvas.surface, wifi, tmp_path / "wifi.png") == wifi_text(ssid, password)
        canvas, codes = panel(size, ssid, password, chosen=LONG_NAMES[0])  # a seat's code
        _check_page(canvas, codes, size)
        for page in range(1, _views(size)):  # the seats' pages of a small screen
            canvas, codes = panel(size, ssid, password, page)
            _check_page(canvas, codes, size)
            assert codes == [] and set(LONG_NAMES) & {t.text for t in canvas.texts}
    finally:
        set_language("fr")


def test_the_wide_screen_keeps_the_seats_beside_the_codes() -> None:
    canvas, _codes = panel("800x480", LONG_SSID, LONG_PASSWORD)
    drawn = [t.text for t in canvas.texts]
    assert all(name in drawn for name in LONG_NAMES[:5]) and "Libérer" in drawn
    assert _views("800x480") == 1


def test_the_small_screen_pages_from_the_codes_to_the_seats_and_back() -> None:
    assert _views("480x320") == 3  # the codes, then four seats and one
    seen = [panel("480x320", LONG_SSID, LONG_PASSWORD, page) for page in range(4)]
    names = [[n for n in LONG_NAMES if n in [t.text for t in c.texts]] for c, _codes in seen]
    assert names == [[], list(LONG_NAMES[:4]), [LONG_NAMES[4]], []]
    assert [len(codes) for _canvas, codes in seen] == [2, 0, 0, 2]
    for canvas, _codes in seen:
        targets = {hit.target for hit in canvas.hits}
        assert {Button.PHONES_MORE, Button.PHONES_CLOSE} <= targets


# ---- the box's panel -----------------------------------------------------------------


def test_the_box_s_panel_shows_its_hotspot_and_a_seat_s_code_at_once(
    tmp_path: Path, clock: FakeClock
) -> None:
    phones = PhonesPanel(Hub(SeatBook(None)), lambda secret: [f"http://10.0.0.2:8080/j/{secret}"])
    assert phones.hotspot is None
    app = make_app("480x320", tmp_path / "journal.sqlite3", clock, {}, phones=phones)
    try:
        app.execute(NewGame("gambit7", ("Ana", "Ben", "Cléo"), {}))
        app.step([])
        phones.hotspot = Hotspot("Tabletop-7Q4K", "truite-violon-42", ADDRESS)
        app.feed(Press(Button.PHONES))
        app.step([])
        assert "1. Rejoindre le Wi-Fi" in [t.text for t in app.canvas.texts]
        app.feed(Press(Button.PHONES_MORE))  # the seats' page
        app.step([])
        assert "Joueurs" in [t.text for t in app.canvas.texts]
        app.feed(Press(SeatCode("Cléo")))  # its code is shown at once, on the codes' page
        app.step([])
        assert "2. Code de Cléo" in [t.text for t in app.canvas.texts]
        secret = phones.hub.seats.game(app.table.game_id)
        assert read_all(app.painter.surface, tmp_path / "box.png") == [
            wifi_text("Tabletop-7Q4K", "truite-violon-42"),
            f"http://10.42.0.1:8080/j/{secret}#Cl%C3%A9o",
        ]
    finally:
        app.journal.close()
        pygame.display.quit()


def read_all(surface: pygame.Surface, path: Path) -> list[str]:
    """Every code zbarimg reads on `surface` (one a line, top first: as `--raw` writes
    them)."""
    need_zbarimg()
    pygame.image.save(surface, str(path))
    done = subprocess.run(
        [ZBARIMG, "--nodbus", "-q", "-Sdisable", "-Sqrcode.enable", str(path)],
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, f"no QR code read in {path}: {done.stderr!r}"
    found = done.stdout.decode("utf-8").splitlines()
    return sorted((line.removeprefix("QR-Code:") for line in found), key=lambda t: t[:4] != "WIFI")
