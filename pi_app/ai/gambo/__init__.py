"""The Gambo opponent, named like the game it plays (`pi_app.rules.gambo`).

- `position`: a compact, mutable position with make/unmake and Zobrist hashing;
- `players`: the levels (easy, medium, hard) and the bench's simple players.
"""
