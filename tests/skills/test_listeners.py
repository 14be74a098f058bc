"""A skill's listeners: each told in turn, one failing is logged and the rest still hear, removal is idempotent."""

import logging

from app.skills.listeners import Listeners


def test_listeners_hear_in_turn_survive_a_failing_one_and_can_leave(caplog):
    heard = []
    ears = Listeners("test")
    remove_a = ears.add(lambda *a: heard.append(("a", a)))

    def broken(*_a):
        raise RuntimeError("the dock is gone")
    remove_broken = ears.add(broken)
    ears.add(lambda *a: heard.append(("c", a)))
    with caplog.at_level(logging.ERROR):
        ears.notify("state", "why")
    assert heard == [("a", ("state", "why")), ("c", ("state", "why"))]
    assert "a test listener failed" in caplog.text and len(ears) == 3
    remove_a()
    remove_a()                                   # twice is fine
    remove_broken()
    heard.clear()
    ears.notify()
    assert heard == [("c", ())] and len(ears) == 1
