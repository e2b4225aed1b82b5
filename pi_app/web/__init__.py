"""The phones: players answer and bet from their own phones; the box stays the mat.

An aiohttp server (`server.py`) on a thread of its own serves plain pages (`static/`)
and one websocket per phone. It never holds game state: a phone's answer or bet
becomes a request in the `Hub`, which the loop that owns the box (the display's, or
the phones-only loop, `pi_app.loop`) turns into the very same act as a tap on the box,
through the core's one door (`tables.py`): checked by the rules, journaled, undoable.
The owner publishes each new state to the hub, and the server pushes to every phone
the view its seat may see (`views.py`: no other seat's answer before the reveal).

Joining (`seats.py`): the box shows a link with a secret that changes with every game;
a phone that claims a free seat with it gets a token of its own, kept by the page, so
a reload or a new network brings it back to its seat.
"""
