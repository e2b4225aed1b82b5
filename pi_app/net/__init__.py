"""A Cambio tournament played by several boxes, one per table, over MQTT.

The boxes share one tournament through a broker (Mosquitto on the box that created
it, or any broker on the network). Each box plays its own table and publishes each
round it scores; the creator's box orders what it receives and publishes that order,
an increment at a time; every box folds the same ordered rounds through the
tournament's rules, so all agree on the scores and the seating (rulings R8). The
broker is only a post office: every round lives in a box's own store first, and is
sent again until the order holds it.

- `protocol`: topics and JSON payloads (documented in docs/TOURNAMENT.md);
- `ledger`: the ordered rounds and the state they fold to (pure, no network);
- `rounds`: the settings, the ledger and the box's own rounds as the box holds them;
- `follow`: how a box reads the creator's order, checked, and the pages it missed;
- `ordering`: the creator's side: boxes admitted, rounds ordered, the order published;
- `store`: what a box keeps on disk (its rounds, the order's entries it saw);
- `outbox`: what a box publishes, held until its write is on disk;
- `link`: the MQTT client (paho-mqtt), its messages handed over between frames;
- `seal`: signatures (HMAC-SHA256) and the key exchange that seals a box's welcome;
- `access`: who may do what on the broker (its password file and ACL);
- `joining`: the join code, a new tournament's membership, a joining box's request;
- `admission`: how the creator answers a box that joins, with keys of its own;
- `broker`: Mosquitto started by the creating box, bounded and watched;
- `box`: one box in a tournament, tying these to its link.
"""
