"""The Events dock: what the app is doing, newest last, from the event bus (its ring replays the past)."""

from __future__ import annotations

import time

from app.core.events import Event, EventBus, EventKind
from app.ui.qt import QPlainTextEdit, QVBoxLayout, QWidget

MAX_LINES = 2000


class EventLog(QWidget):
    def __init__(self, bus: EventBus, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.view = QPlainTextEdit()
        self.view.setReadOnly(True)
        self.view.setMaximumBlockCount(MAX_LINES)
        self.view.setObjectName("eventLog")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.view)
        self._unsubscribe = bus.subscribe(self.add)
        self.destroyed.connect(lambda *_: self._unsubscribe())

    def add(self, event: Event) -> None:
        stamp = time.strftime("%H:%M:%S", time.localtime(event.ts))
        mark = "!" if event.kind is EventKind.ERROR else " "
        self.view.appendPlainText(f"{stamp} {mark}{event.kind.value:<10} {event.source}: {event.text}")
