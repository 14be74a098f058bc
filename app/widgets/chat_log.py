"""A chat as a dock shows it: new lines appended as they come, all drawn again only when a moderator removed a
line already on screen (so it can be struck through). Lines carry `seq` (rising) and `removed`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from app.widgets.qt import QPlainTextEdit, QWidget


class ChatLog(QPlainTextEdit):
    def __init__(self, to_html: Callable[[Any], str], max_lines: int, parent: QWidget | None = None,
                 **kwargs: Any) -> None:
        super().__init__(parent, readOnly=True, **kwargs)
        self.setMaximumBlockCount(max_lines)
        self.to_html = to_html
        self._shown_seq = 0
        self._removed = 0

    def show_lines(self, lines: Sequence[Any]) -> None:
        removed = sum(line.removed for line in lines)
        if removed != self._removed:
            self.clear()            # a removal: draw everything again, the removed line struck through
            fresh = list(lines)
        else:
            fresh = [line for line in lines if line.seq > self._shown_seq]
        for line in fresh:
            self.appendHtml(self.to_html(line))
        self._removed = removed
        if lines:
            self._shown_seq = lines[-1].seq
