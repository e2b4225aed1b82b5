"""A phones' server on a free localhost port, its table owned by a `TableOwner`."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from ipaddress import IPv4Address
from pathlib import Path

import pytest

from pi_app.box.acts import Play
from pi_app.box.seats import SeatBook
from pi_app.loop import TableOwner
from pi_app.rules.contract import RuleError
from pi_app.table import Journal, Table
from pi_app.web.host_key import HostKey
from pi_app.web.hub import Hub
from pi_app.web.reach import addresses
from pi_app.web.server import PhoneServer

SEATS = ("Ana", "Ben", "Cléo", "Dan", "Eli")


@dataclass
class Served:
    url: str
    hub: Hub
    owner: TableOwner
    server: PhoneServer

    @property
    def host_key(self) -> HostKey:
        """The box's host key (its file beside the journal, made on first use)."""
        assert self.hub.host_key is not None
        return self.hub.host_key

    @property
    def secret(self) -> str:
        return self.hub.seats.game(self.owner.table.game_id)

    def box(self, notation: str) -> None:
        """What the host types on the box's own keypad (a refusal raised, as the box
        says it in English)."""
        done = self.owner.act(Play(notation, lang="en"))
        if not done.ok:
            raise RuleError(done.message)

    def stop(self) -> None:
        self.server.stop()
        self.owner.stop()
        self.owner.table.journal.close()


def serve(
    folder: Path,
    game: str = "gambit7",
    seats: tuple[str, ...] = SEATS,
    everywhere: bool = False,
    extras: dict[str, object] | None = None,
    options: dict[str, object] | None = None,
) -> Served:
    """A new game of `game` at a table owned by a thread, and its phones' server on a free port:
    on 127.0.0.1, or `everywhere` (every address of this machine, as the box listens;
    its url then names this machine's first address a phone could use)."""
    table = Table.new(
        Journal(folder / f"{game}.sqlite3"), game, seats, options or {}, seed=1, extras=extras
    )
    hub = Hub(SeatBook(folder / "phones.json"), HostKey(folder / "host-key"))
    owner = TableOwner(table, hub).start()
    server = PhoneServer(hub, host="0.0.0.0" if everywhere else "127.0.0.1", port=0)
    port = server.start()
    name = reachable()[0] if everywhere else "127.0.0.1"
    return Served(f"http://{name}:{port}", hub, owner, server)


def reachable() -> list[str]:
    """This machine's addresses a phone could use; a machine without fails the test."""
    found = [a for a in addresses() if not IPv4Address(a).is_loopback]
    if not found:
        pytest.fail(
            "this machine has no IPv4 address but loopback (see `ip -4 addr`): "
            "the join links cannot be checked against a real network address"
        )
    return found


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    made = serve(tmp_path)
    yield made
    made.stop()


@pytest.fixture
def everywhere(tmp_path: Path) -> Iterator[Served]:
    """A phones' server on every address of this machine, as the box's listens."""
    made = serve(tmp_path, everywhere=True)
    yield made
    made.stop()
