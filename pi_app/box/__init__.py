"""The box's core: the evening at this table, without a screen.

Every act on the evening (a tap, a phone, the buttons of a box without a screen, the
computer, the quizmaster, the tournament's rounds, the host's choices) enters by one
door (`door`, through `session.Session.act`), and each act the journal records is told
once, as one typed change carrying who acted and the table's states before and after
(`changes`). Whatever reacts (the screen, the phones, the ring, the sounds, the
computer, the quizmaster, the seats) is a listener of those changes, so it behaves the
same whoever acted and whether the box has a screen or not. Work that may wait (a
search, NetworkManager, the broker, the journal) runs through one jobs service
(`jobs.Jobs`), each job owned by someone, which wakes whichever loop owns the box.

Nothing here imports pygame or the phones' server: the display and the phones-only
loop drive the same core, built in one place (`pi_app.assembly`).
"""
