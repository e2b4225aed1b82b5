"""The host's phone page on the box's screen: the host's code hidden until the host
asks, read back by the real `zbarimg` to a link whose key opens the host's page; New
key changes it and stops the old key; the big screen's code reads back to `/tv`; the
page whole at both sizes in every language."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pygame
import pytest

from pi_app.box.seats import SeatBook
from pi_app.display.demo import FakeClock, make_app
from pi_app.display.host_code_page import HostButton
from pi_app.display.intents import Press
from pi_app.display.pages import PageButton
from pi_app.display.phones_panel import PhonesPanel
from pi_app.display.targets import Button
from pi_app.i18n import LANGUAGES, set_language
from pi_app.web.host_key import HostKey
from pi_app.web.hub import Hub
from pi_app.wifi.hotspot import Hotspot
from tests.display import layout_checks as checks
from tests.display.layout_checks import drawn_text
from tests.qr_reading import need_zbarimg, read_codes

ADDRESS, PORT = "192.0.2.40", 8370
TV = f"http://{ADDRESS}:{PORT}/tv"
SIZES = ("800x480", "480x320")


def panel() -> PhonesPanel:
    """The phones' side of a box whose join code names it at `ADDRESS`."""
    return PhonesPanel(
        Hub(SeatBook(None)),
        lambda secret: [f"http://{ADDRESS}:{PORT}/j/{secret}", f"http://box.local:{PORT}/j/"],
    )


@pytest.fixture
def app_factory(tmp_path: Path) -> Iterator[Callable[..., Any]]:
    """Apps with the phones' side (`phones`, as the box starts them: `panel`)."""
    made: list[Any] = []

    def make(size: str = "800x480", phones: PhonesPanel | None = None) -> Any:
        journal = tmp_path / f"journal-{len(made)}.sqlite3"
        app = make_app(size, journal, FakeClock(), {}, phones=phones)
        made.append(app)
        return app

    yield make
    for app in made:
        app.journal.close()
    pygame.display.quit()


def opened(app_factory: Any, size: str = "800x480", phones: PhonesPanel | None = None) -> Any:
    """The app with the host's page open over the home."""
    app = app_factory(size, phones or panel())
    app.step([])
    app.feed(Press(PageButton("host")))
    app.step([])
    return app


def keys(app: Any) -> HostKey:
    return HostKey.beside(app.journal.path)


def scanned(app: Any, path: Path) -> list[str]:
    """Every code a phone's camera reads on the screen now (zbarimg, on its picture)."""
    need_zbarimg()
    app.dirty = True
    app.step([])
    pygame.image.save(app.painter.surface, str(path))
    return sorted(read_codes(path))


def host_key_in(link: str) -> str:
    parts = urlsplit(link)
    assert (parts.hostname, parts.port, parts.path) == (ADDRESS, PORT, "/host"), link
    return unquote(parts.fragment)


@pytest.mark.parametrize("size", SIZES)
def test_the_host_s_code_shows_only_when_asked_and_opens_the_host_s_page(
    app_factory: Any, tmp_path: Path, size: str
) -> None:
    app = opened(app_factory, size)
    assert keys(app).read() is not None  # made as the page opened
    assert scanned(app, tmp_path / "hidden.png") == [TV]  # the big screen's only
    assert keys(app).read() not in drawn_text(app.canvas.texts)
    app.feed(Press(HostButton.SHOW))
    first = scanned(app, tmp_path / "shown.png")
    assert len(first) == 2 and TV in first
    (host,) = [link for link in first if link != TV]
    assert keys(app).matches(host_key_in(host))
    app.feed(Press(HostButton.HIDE))
    assert scanned(app, tmp_path / "hidden-again.png") == [TV]


def jobs_done(app: Any) -> None:
    """Step the screen until its jobs are done (the key is written off the loop)."""
    deadline = time.monotonic() + 60
    while app.session.jobs.running and time.monotonic() < deadline:
        app.step([])
        time.sleep(0.01)
    app.step([])


@pytest.mark.parametrize("size", SIZES)
def test_new_key_changes_the_code_and_the_old_key_opens_nothing(
    app_factory: Any, tmp_path: Path, size: str
) -> None:
    app = opened(app_factory, size)
    app.feed(Press(HostButton.SHOW))
    (old,) = [link for link in scanned(app, tmp_path / "old.png") if link != TV]
    app.feed(Press(HostButton.NEW_KEY))
    jobs_done(app)
    (new,) = [link for link in scanned(app, tmp_path / "new.png") if link != TV]
    assert new != old
    assert keys(app).matches(host_key_in(new)) and not keys(app).matches(host_key_in(old))
    assert app.message is not None and not app.message[1]  # said, not as an error


def test_leaving_hides_the_code_again(app_factory: Any, tmp_path: Path) -> None:
    app = opened(app_factory)
    app.feed(Press(HostButton.SHOW))
    app.feed(Press(Button.BACK))
    app.step([])
    app.feed(Press(PageButton("host")))
    assert scanned(app, tmp_path / "reopened.png") == [TV]


def test_a_key_renewed_elsewhere_shows_at_the_next_frame(app_factory: Any, tmp_path: Path) -> None:
    """`tabletop host-link --new` over SSH: the screen's code is the new key's."""
    app = opened(app_factory)
    app.feed(Press(HostButton.SHOW))
    renewed = keys(app).renew()
    codes = scanned(app, tmp_path / "renewed.png")
    assert [host_key_in(link) for link in codes if link != TV] == [renewed]


def test_on_the_box_s_own_wi_fi_both_codes_name_its_address_there(
    app_factory: Any, tmp_path: Path
) -> None:
    phones = panel()
    phones.hotspot = Hotspot("Tabletop-ABCD", "secret-word", "10.42.0.1")
    app = opened(app_factory, phones=phones)
    app.feed(Press(HostButton.SHOW))
    codes = scanned(app, tmp_path / "hotspot.png")
    assert {urlsplit(link).netloc for link in codes} == {f"10.42.0.1:{PORT}"}
    assert f"http://10.42.0.1:{PORT}/tv" in codes


def test_without_the_phones_server_no_code_is_offered(app_factory: Any, tmp_path: Path) -> None:
    app = app_factory()
    app.step([])
    app.feed(Press(PageButton("host")))
    app.step([])
    assert "serveur des téléphones" in drawn_text(app.canvas.texts)
    assert HostButton.SHOW not in {hit.target for hit in app.canvas.hits}
    assert scanned(app, tmp_path / "no-phones.png") == []


def test_a_key_that_cannot_be_renewed_is_said_as_an_error(app_factory: Any, tmp_path: Path) -> None:
    app = opened(app_factory)
    keys(app).path.with_name(keys(app).path.name + ".new").mkdir()  # nothing written there
    before = keys(app).read()
    app.feed(Press(HostButton.NEW_KEY))
    jobs_done(app)
    assert app.message is not None and app.message[1]
    assert keys(app).read() == before


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_is_whole_at_both_sizes(app_factory: Any, size: str, lang: str) -> None:
    set_language(lang)
    try:
        app = opened(app_factory, size)
        for press in (None, HostButton.SHOW, HostButton.NEW_KEY):
            if press is not None:
                app.feed(Press(press))
            app.dirty = True
            app.step([])
            found = checks.page_faults(app.canvas)
            assert not found, (press, found)
    finally:
        set_language("fr")
