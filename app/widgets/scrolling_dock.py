"""A dock whose content scrolls when the dock is smaller than what the content needs, so no dock's minimum
can push the window past a small screen."""

from __future__ import annotations

from app.widgets.qt import QDockWidget, QEvent, QScrollArea, QSize, QVBoxLayout, QWidget, Signal
from app.widgets.wheel_guard import guard_fields

# the least a dock shrinks to: its title, a few lines of content, and scroll bars for the rest
FLOOR = QSize(220, 90)


class _Holder(QWidget):
    """Holds the content in the scroll area. A scroll area gives content with wrapped text the height that text
    prefers; this asks only for the least it needs at that width, so a dock scrolls only when it must (and a
    dock with a list of its own does not get two scroll bars)."""

    def __init__(self, content: QWidget) -> None:
        super().__init__()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(content)

    def heightForWidth(self, width: int) -> int:  # noqa: N802 (Qt's name)
        return self.layout().totalMinimumHeightForWidth(width)


class ScrollingDock(QDockWidget):
    resized = Signal()  # the streamer dragged an edge, or the window changed size

    def __init__(self, title: str, content: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(title, parent)
        self.content = content
        scroll = QScrollArea(widgetResizable=True, frameShape=QScrollArea.Shape.NoFrame,
                             objectName="dockScroll")
        scroll.setWidget(_Holder(content))  # the content the size of the dock, or its minimum and scroll bars
        guard_fields(content)               # scrolling the dock with the wheel changes none of its fields
        needs = content.minimumSizeHint().expandedTo(content.minimumSize())
        scroll.setMinimumSize(needs.boundedTo(FLOOR).expandedTo(QSize(0, 0)))
        super().setWidget(scroll)

    def resizeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self.resized.emit()

    def widget(self) -> QWidget:
        """The dock's content, as for any dock (the scroll area around it is this class's own)."""
        return self.content
