"""A label kept to one line, for a status or a problem in a narrow dock."""

from __future__ import annotations

from typing import Any

from app.widgets.qt import QEvent, QLabel, QPainter, QSize, Qt


class OneLine(QLabel):
    """A label kept to one line: its text cut short with "…" where it does not fit (text() is still the whole
    of it); a click shows it whole, wrapped, and another folds it again."""

    def __init__(self, text: str = "", **kwargs: Any) -> None:
        super().__init__(text, **kwargs)
        self.folded = True
        self.setMinimumWidth(1)

    def set_folded(self, folded: bool) -> None:
        self.folded = folded
        self.setWordWrap(not folded)
        self.updateGeometry()
        self.update()

    def mousePressEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt's name)
        self.set_folded(not self.folded)
        super().mousePressEvent(event)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        hint = super().minimumSizeHint()
        return QSize(1, hint.height()) if self.folded else hint

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        hint = super().sizeHint()
        return QSize(min(hint.width(), 200), self.fontMetrics().height()) if self.folded else hint

    def heightForWidth(self, width: int) -> int:  # noqa: N802 (Qt's name)
        return self.fontMetrics().height() + 2 * self.margin() if self.folded else super().heightForWidth(width)

    def paintEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt's name)
        if not self.folded:
            super().paintEvent(event)
            return
        painter = QPainter(self)
        painter.setPen(self.palette().color(self.foregroundRole()))
        area = self.contentsRect()
        line = " ".join(self.text().split())
        painter.drawText(area, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                         self.fontMetrics().elidedText(line, Qt.TextElideMode.ElideRight, area.width()))

    @property
    def whole(self) -> str:
        return self.text()

    def set_whole(self, text: str, detail: str = "") -> None:
        """Its text, and in its tooltip the text with `detail` below it (what went wrong, word for word)."""
        self.setText(text)
        self.setToolTip("\n\n".join(part for part in (text, detail) if part))
