"""Pictures of the host's page (issue 48), at a small phone's size and a tablet's:

    python -m tests.web.host_shots DIR

A Gambit 7 round on a box playing without its screen: the host's page with every
answer in (host-360x640.png, host-1024x768.png), its Undo asking first
(host-360x640-undo.png...), the small phone's in German too (host-360x640-de.png), and
a player's phone saying the host's phone moves the round on (phone-hosted.png).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as seen

from tests.web.browser import phone, tap, wait
from tests.web.conftest import serve

SIZES = ((360, 640), (1024, 768))


def main(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    served = serve(Path(tempfile.mkdtemp()), seats=("Ana", "Ben", "Cléo"))
    served.hub.screen = False
    key = served.host_key.current()
    try:
        with phone("fr") as ana:
            ana.get(f"{served.url}/j/{served.secret}")
            tap(ana, '[data-seat="Ana"]')
            for seat, value in (("Ben", "200"), ("Cléo", "300")):
                served.box(f'answer "{seat}" "{value}" fr')
            for (width, height), lang in [(size, "fr") for size in SIZES] + [(SIZES[0], "de")]:
                name = f"host-{width}x{height}" + ("" if lang == "fr" else f"-{lang}")
                with phone(lang) as host:
                    host.set_window_size(width, height)
                    host.get(f"{served.url}/host#{key}")
                    wait(host, seen.presence_of_element_located((By.ID, "undo")))
                    wait(ana, lambda d: "hôte" in d.find_element(By.ID, "no-screen").text)
                    ana.save_screenshot(str(folder / "phone-hosted.png"))
                    host.save_screenshot(str(folder / f"{name}.png"))
                    tap(host, "#undo")
                    wait(host, seen.presence_of_element_located((By.ID, "confirm-yes")))
                    host.save_screenshot(str(folder / f"{name}-undo.png"))
                    tap(host, "#confirm-no")
    finally:
        served.stop()


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "shots"))
