"""The event bus: fan-out by kind, a bounded replay ring, and a broken subscriber that harms nobody."""

from app.core.events import EventBus, EventKind


def make_bus(ring=3, errors=None):
    ticks = iter(range(1000))
    return EventBus(lambda: float(next(ticks)), ring_size=ring,
                    on_subscriber_error=(lambda e, exc: errors.append((e.text, str(exc)))) if errors is not None
                    else None)


def test_subscribers_get_only_their_kinds():
    bus = make_bus()
    got, everything = [], []
    bus.subscribe(got.append, kinds=[EventKind.ERROR])
    bus.subscribe(everything.append)
    bus.publish(EventKind.SYSTEM, "app", "up")
    bus.publish(EventKind.ERROR, "net", "refused", host="x")
    assert [e.text for e in got] == ["refused"]
    assert got[0].data == {"host": "x"} and got[0].ts == 1.0
    assert [e.text for e in everything] == ["up", "refused"]


def test_late_subscriber_replays_the_ring_oldest_first():
    bus = make_bus(ring=3)
    for i in range(5):
        bus.publish(EventKind.THOUGHT, "mind", f"t{i}")
    late = []
    bus.subscribe(late.append)
    assert [e.text for e in late] == ["t2", "t3", "t4"]
    no_replay = []
    bus.subscribe(no_replay.append, replay=False)
    assert no_replay == []


def test_a_failing_subscriber_does_not_stop_the_others():
    errors = []
    bus = make_bus(errors=errors)

    def broken(_e):
        raise RuntimeError("dock gone")

    after = []
    bus.subscribe(broken, replay=False)
    bus.subscribe(after.append, replay=False)
    bus.publish(EventKind.SPEECH, "voice", "hello")
    assert [e.text for e in after] == ["hello"]
    assert errors == [("hello", "dock gone")]


def test_unsubscribe():
    bus = make_bus()
    got = []
    stop = bus.subscribe(got.append)
    bus.publish(EventKind.TURN, "mind", "a")
    stop()
    bus.publish(EventKind.TURN, "mind", "b")
    assert [e.text for e in got] == ["a"]
    assert [e.text for e in bus.recent([EventKind.TURN])] == ["a", "b"]
