"""What a dock shows instead of itself when the part it needs did not come up: one centred, wrapped line."""

from __future__ import annotations

from app.widgets.qt import QLabel, Qt, QVBoxLayout, QWidget


def unavailable(text: str, name: str) -> QWidget:
    """A widget holding `text`; the label is found by objectName `name`."""
    widget = QWidget()
    layout = QVBoxLayout(widget)
    layout.addWidget(QLabel(text, objectName=name, wordWrap=True, alignment=Qt.AlignmentFlag.AlignCenter))
    return widget
