"""The one place changes are told: subscribing returns the unsubscribe, a change is
told on the owner's thread only, and one told while another is being told waits its
turn (Home Assistant's dispatcher is the model)."""

from __future__ import annotations

import threading

import pytest

from pi_app.box.changes import Change, Changes, Said, WrongThread


def test_subscribing_returns_the_unsubscribe() -> None:
    changes = Changes()
    heard: list[Change] = []
    stop = changes.subscribe(heard.append, Said)
    changes.publish(Said("one"))
    stop()
    changes.publish(Said("two"))
    assert heard == [Said("one")]
    stop()  # twice is harmless


def test_a_listener_that_unsubscribes_another_is_not_told_after() -> None:
    changes = Changes()
    heard: list[str] = []
    later: list[object] = []
    changes.subscribe(lambda _c: later[0]())  # type: ignore[operator]
    later.append(changes.subscribe(lambda _c: heard.append("second")))
    changes.publish(Said("x"))
    assert heard == []


def test_a_change_from_another_thread_is_refused() -> None:
    changes = Changes()
    failed: list[BaseException] = []

    def elsewhere() -> None:
        try:
            changes.publish(Said("from a thread"))
        except WrongThread as error:
            failed.append(error)

    thread = threading.Thread(target=elsewhere)
    thread.start()
    thread.join(30)
    assert failed and "owner's thread" in str(failed[0])
    taken = threading.Thread(target=lambda: (changes.own(), changes.publish(Said("owned"))))
    taken.start()
    taken.join(30)
    with pytest.raises(WrongThread):  # the thread that took it over owns it now
        changes.publish(Said("back here"))


def test_a_change_told_while_another_is_told_waits_its_turn() -> None:
    changes = Changes()
    order: list[str] = []

    def first(change: Change) -> None:
        order.append(f"first:{change}")
        if change == Said("a"):
            changes.publish(Said("b"))

    changes.subscribe(first)
    changes.subscribe(lambda change: order.append(f"second:{change}"))
    changes.publish(Said("a"))
    assert order == [
        f"first:{Said('a')}",
        f"second:{Said('a')}",
        f"first:{Said('b')}",
        f"second:{Said('b')}",
    ]
