"""A phone's request carried out as the box does it: through the phones' part and the
core's one door of a box built around a table (`assembly.build_box`)."""

from __future__ import annotations

from pi_app.assembly import build_box
from pi_app.box.actors import BOX
from pi_app.box.seats import SeatBook
from pi_app.table import Table
from pi_app.web.hub import Hub
from pi_app.web.requests import PhoneRequest, Reply


def ask(table: Table, request: PhoneRequest) -> Reply:
    """The box's reply to `request` at `table`, served as the loop serves it."""
    hub = Hub(SeatBook(None))
    box = build_box({}, table.journal, hub=hub)
    try:
        box.session.shelf.seat(table, BOX)
        future = hub.submit(request)
        box.step()
        return future.result(0)
    finally:
        box.close()
