"""The Activity dock: one line per event, filters that hide a kind, and her captions left out (the whole line
follows them)."""

from app.core.events import EventBus, EventKind
from app.ui.events_dock import EventLog


def lines(log: EventLog) -> list[str]:
    return [line.split(" ", 1)[1] for line in log.view.toPlainText().splitlines()]


def test_one_line_per_event_captions_left_out_and_filters_apply(qtbot):
    bus = EventBus(lambda: 0.0)
    log = EventLog(bus)
    qtbot.addWidget(log)
    bus.publish(EventKind.SPEECH, "voice", "Hey chat,", chunk=True)
    bus.publish(EventKind.SPEECH, "voice", "Hey chat, welcome back!", chunk=True)
    bus.publish(EventKind.SPEECH, "voice", "Hey chat, welcome back!")
    bus.publish(EventKind.ERROR, "twitch", "the link dropped")
    assert lines(log) == [" speech     voice: Hey chat, welcome back!", "!error      twitch: the link dropped"]
    log.filters[EventKind.SPEECH].setChecked(False)
    assert lines(log) == ["!error      twitch: the link dropped"]
    log.filters[EventKind.SPEECH].setChecked(True)
    assert len(lines(log)) == 2
