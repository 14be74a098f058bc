"""Chats as docks show them: text that follows its newest line, a line changed in place, and a one-line label.

FollowingText stays at its newest line as lines come, unless the reader scrolled up to read (then it stays where
they are, and follows again once they are back at the bottom); shown (a dock raised, the app started again) it
opens at the newest line. ChatLog adds lines as they come, all drawn again only when a moderator removed a line
already on screen (so it can be struck through); lines carry `seq` (rising) and `removed`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from app.widgets.qt import QEvent, QLabel, QPainter, QPlainTextEdit, QSize, Qt, QTextCursor, QWidget


class FollowingText(QPlainTextEdit):
    def __init__(self, parent: QWidget | None = None, **kwargs: Any) -> None:
        super().__init__(parent, readOnly=True, **kwargs)
        self.following = True
        bar = self.verticalScrollBar()
        bar.valueChanged.connect(self._scrolled)
        bar.rangeChanged.connect(self._grew)

    def _scrolled(self, value: int) -> None:
        self.following = value >= self.verticalScrollBar().maximum()

    def _grew(self, _low: int, high: int) -> None:
        if self.following:
            self.verticalScrollBar().setValue(high)

    def to_newest(self) -> None:
        self.following = True
        bar = self.verticalScrollBar()
        bar.setValue(bar.maximum())

    def showEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)
        if self.following:
            self.to_newest()

    def replace_block(self, number: int, html: str) -> None:
        """Block `number` (a line appended earlier) says `html` now; where the reader is stays as it was."""
        block = self.document().findBlockByNumber(number)
        if not block.isValid():
            return
        cursor = QTextCursor(block)
        cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock, QTextCursor.MoveMode.KeepAnchor)
        cursor.insertHtml(html)
        if self.following:
            self.to_newest()


class ChatLog(FollowingText):
    def __init__(self, to_html: Callable[[Any], str], max_lines: int, parent: QWidget | None = None,
                 **kwargs: Any) -> None:
        super().__init__(parent, **kwargs)
        self.setMaximumBlockCount(max_lines)
        self.to_html = to_html
        self._shown_seq = 0
        self._removed = 0

    def show_lines(self, lines: Sequence[Any]) -> None:
        removed = sum(line.removed for line in lines)
        bar = self.verticalScrollBar()
        kept = None if self.following else bar.value()   # a reader who scrolled up keeps their place
        if removed != self._removed:
            self.clear()            # a removal: draw everything again, the removed line struck through
            fresh = list(lines)
        else:
            fresh = [line for line in lines if line.seq > self._shown_seq]
        for line in fresh:
            self.appendHtml(self.to_html(line))
        if kept is not None and removed != self._removed:
            bar.setValue(kept)
        self._removed = removed
        if lines:
            self._shown_seq = lines[-1].seq


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
