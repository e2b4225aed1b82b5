"""The box on its own Wi-Fi, run inside the test's "box" network namespace.

`python -m tests.net.hotspot_box FOLDER ADDRESS` starts a Gambit 7 table and the
phones' server as the box does (every address, port 8370) with the port-80 answers of
the box's own network on ADDRESS, prints one JSON line (`{"secret": ...}`) once both
listen, and stops when its standard input closes.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from pi_app.box.seats import SeatBook
from pi_app.loop import TableOwner
from pi_app.table import Journal, Table
from pi_app.web.hub import Hub
from pi_app.web.server import PORT, PhoneServer

SEATS = ("Ana", "Ben", "Cléo")


def main(folder: Path, address: str) -> None:
    table = Table.new(Journal(folder / "gambit7.sqlite3"), "gambit7", SEATS, {}, seed=1)
    hub = Hub(SeatBook(folder / "phones.json"))
    owner = TableOwner(table, hub).start()
    server = PhoneServer(hub, port=PORT)
    server.start()
    server.open_portal(address, 80)
    print(json.dumps({"secret": hub.secret_for(table.game_id)}), flush=True)
    sys.stdin.read()
    server.stop()
    owner.stop()
    table.journal.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]), sys.argv[2])
