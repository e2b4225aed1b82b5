"""The box's core: the evening at this table, without a screen.

`session.Session` owns what outlives any screen: the game at the table and the paused
ones, their join secrets, the host's settings and language, the quizmaster, the
tournament across boxes and the question packs. Every part that shows or sounds the
table (the display, the phones, the ring) drives the session and subscribes to the
typed changes it publishes (`changes`), so a change reaches every part by itself;
work that may wait (a search, NetworkManager, the broker, the journal) runs through
one jobs service (`jobs.Jobs`) that wakes whichever loop owns the session.

Nothing here imports pygame: the display and the phones-only owner drive the same core.
"""
