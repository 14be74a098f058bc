"""Chats as docks show them: text that follows its newest line, and a line changed in place.

FollowingText stays at its newest line as lines come, unless the reader scrolled up to read (then it stays where
they are, and follows again once they are back at the bottom); shown (a dock raised, the app started again) it
opens at the newest line. ChatLog adds lines as they come, all drawn again only when a moderator removed a line
already on screen (so it can be struck through); lines carry `seq` (rising) and `removed`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from app.widgets.qt import QEvent, QPlainTextEdit, QTextCursor, QWidget


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
