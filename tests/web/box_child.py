"""A box without a screen, to be killed: the phones' server and a journaled table.

Run as `python -m tests.web.box_child JOURNAL PHONES PORT`. It resumes the journal's
unfinished Gambit 7 game (or starts one for Ana, Ben, Cléo, Dan and Eli), serves the
phones on 127.0.0.1:PORT, prints `ready`, then plays each line of its standard input
as a table event (what the box's own keypad would do), answering `ok` or `refused`.
"""

from __future__ import annotations

import sys
from pathlib import Path

from pi_app.box.acts import Play
from pi_app.box.seats import SeatBook
from pi_app.loop import TableOwner
from pi_app.table import Journal, Table
from pi_app.web.hub import Hub
from pi_app.web.server import PhoneServer

SEATS = ("Ana", "Ben", "Cléo", "Dan", "Eli")


def main() -> None:
    journal_path, phones, port = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3])
    journal = Journal(journal_path)
    table = Table.resume(journal) or Table.new(journal, "gambit7", SEATS, {}, seed=1)
    hub = Hub(SeatBook(phones))
    owner = TableOwner(table, hub).start()
    PhoneServer(hub, host="127.0.0.1", port=port).start()
    hub.seats.game(table.game_id)
    print("ready", flush=True)
    for line in sys.stdin:
        notation = line.strip()
        done = owner.act(Play(notation, lang="en"))
        print("ok" if done.ok else f"refused {done.message}", flush=True)


if __name__ == "__main__":
    main()
