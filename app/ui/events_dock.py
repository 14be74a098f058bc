"""The Activity dock: what the app and her mind are doing (thoughts, tools, errors, speech), with filters. A line
is in the window's language where the event marked its words (app.core.words): Bea's own sentences; what people
and she said, and a server's or an exception's words, stay as they came.

Captions (SPEECH events marked chunk=True: the line heard so far, once per chunk she starts playing) are left
out: the whole line follows as one SPEECH event when she is done, so each thing she says is one line here."""

from __future__ import annotations

import time

from app.core.events import Event, EventBus, EventKind
from app.widgets.event_words import event_line
from app.widgets.qt import (
    QT_TRANSLATE_NOOP,
    QCheckBox,
    QHBoxLayout,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
    translate,
)

MAX_LINES = 2000
FILTERS = [EventKind.PERCEPTION, EventKind.THOUGHT, EventKind.TOOL, EventKind.SPEECH, EventKind.ERROR,
           EventKind.TURN, EventKind.SYSTEM, EventKind.SETTINGS]
# the filters' names (the kinds' own values are English words, written in logs and the API)
FILTER_NAMES = {EventKind.PERCEPTION: QT_TRANSLATE_NOOP("events_dock", "Perception"),
                EventKind.THOUGHT: QT_TRANSLATE_NOOP("events_dock", "Thought"),
                EventKind.TOOL: QT_TRANSLATE_NOOP("events_dock", "Tool"),
                EventKind.ERROR: QT_TRANSLATE_NOOP("events_dock", "Error"),
                EventKind.SPEECH: QT_TRANSLATE_NOOP("events_dock", "Speech"),
                EventKind.TURN: QT_TRANSLATE_NOOP("events_dock", "Turn"),
                EventKind.SYSTEM: QT_TRANSLATE_NOOP("events_dock", "System"),
                EventKind.SETTINGS: QT_TRANSLATE_NOOP("events_dock", "Settings")}
# where a line came from, as the window names it (the sources are English names in the logs and the API); a
# platform's or a tool's own name is shown as it is
SOURCE_NAMES = {"mind": QT_TRANSLATE_NOOP("events_dock", "mind"),
                "memory": QT_TRANSLATE_NOOP("events_dock", "memory"),
                "context": QT_TRANSLATE_NOOP("events_dock", "context"),
                "mood": QT_TRANSLATE_NOOP("events_dock", "mood"),
                "triage": QT_TRANSLATE_NOOP("events_dock", "triage"),
                "on air": QT_TRANSLATE_NOOP("events_dock", "on air"),
                "voice": QT_TRANSLATE_NOOP("events_dock", "voice"),
                "stage": QT_TRANSLATE_NOOP("events_dock", "stage"),
                "donations": QT_TRANSLATE_NOOP("events_dock", "donations"),
                "network": QT_TRANSLATE_NOOP("events_dock", "network"),
                "privacy": QT_TRANSLATE_NOOP("events_dock", "privacy"),
                "settings": QT_TRANSLATE_NOOP("events_dock", "settings"),
                "stream": QT_TRANSLATE_NOOP("events_dock", "stream"),
                "runtime": QT_TRANSLATE_NOOP("events_dock", "runtime"),
                "person": QT_TRANSLATE_NOOP("events_dock", "person"),
                "app": QT_TRANSLATE_NOOP("events_dock", "app")}


class EventLog(QWidget):
    def __init__(self, bus: EventBus, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bus = bus
        self.view = QPlainTextEdit(objectName="eventLog", readOnly=True)
        self.view.setMaximumBlockCount(MAX_LINES)
        self.filters: dict[EventKind, QCheckBox] = {}
        row = QHBoxLayout()
        for kind in FILTERS:
            box = QCheckBox(translate("events_dock", FILTER_NAMES[kind]), checked=True,
                            objectName=f"filter-{kind.value}")
            box.toggled.connect(self.rebuild)
            self.filters[kind] = box
            row.addWidget(box)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(row)
        layout.addWidget(self.view)
        self._unsubscribe = bus.subscribe(self.add)
        self.destroyed.connect(lambda *_: self._unsubscribe())

    def shown(self, kind: EventKind) -> bool:
        box = self.filters.get(kind)
        return box is None or box.isChecked()

    def add(self, event: Event) -> None:
        if not self.shown(event.kind) or (event.kind is EventKind.SPEECH and event.data.get("chunk")):
            return
        stamp = time.strftime("%H:%M:%S", time.localtime(event.ts))
        mark = "!" if event.kind is EventKind.ERROR else " "
        kind = translate("events_dock", FILTER_NAMES[event.kind]).lower() if event.kind in FILTER_NAMES \
            else event.kind.value
        source = translate("events_dock", SOURCE_NAMES[event.source]) if event.source in SOURCE_NAMES \
            else event.source
        self.view.appendPlainText(f"{stamp} {mark}{kind:<10} {source}: {event_line(event)}")

    def rebuild(self) -> None:
        self.view.clear()
        for event in self.bus.recent():
            self.add(event)
