"""The Chat dock: type to her as the streamer, and read what she says back, spoken or written. When her turns
fail, one plain line under the transcript says why, with a button to the settings page that fixes it."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from app.skills.chat.skill import ChatSkill, Failure, Line
from app.ui.qt import QHBoxLayout, QLabel, QLineEdit, QPlainTextEdit, QPushButton, Qt, QVBoxLayout, QWidget

PAGE_TITLES = {"mind": "Mind"}


class ChatDock(QWidget):
    def __init__(self, skill: ChatSkill, open_page: Callable[[str], Any] | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.skill = skill
        self._open_page = open_page
        self.transcript = QPlainTextEdit(objectName="chatTranscript", readOnly=True)
        self.status = QLabel(objectName="chatStatus", wordWrap=True)
        self.entry = QLineEdit(objectName="chatEntry", placeholderText="Say something to her…")
        self.send_button = QPushButton("Send")
        self.failure = QLabel(objectName="chatFailure", wordWrap=True)
        self.failure.setStyleSheet("color: #c0392b;")
        self.fix_button = QPushButton(objectName="chatFixIt")
        self.fix_button.clicked.connect(self.open_fix)
        self.failure_bar = QWidget(objectName="chatFailureBar")
        bar = QVBoxLayout(self.failure_bar)   # the button under the line: neither is cut in a narrow dock
        bar.setContentsMargins(0, 0, 0, 0)
        bar.addWidget(self.failure)
        bar.addWidget(self.fix_button, 0, Qt.AlignmentFlag.AlignLeft)
        row = QHBoxLayout()
        row.addWidget(self.entry, 1)
        row.addWidget(self.send_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.status)
        layout.addWidget(self.transcript, 1)
        layout.addWidget(self.failure_bar)
        layout.addLayout(row)
        self.entry.returnPressed.connect(self.send)
        self.send_button.clicked.connect(self.send)
        for line in skill.lines:
            self.show_line(line)
        skill.on_line(self.show_line)
        skill.on_failure(self.show_failure)
        self.show_failure(skill.failure)
        self.refresh_status()

    def show_failure(self, failure: Failure | None) -> None:
        """One line for a run of failed turns (the count grows in it), gone once she says something."""
        self.failure_bar.setVisible(failure is not None)
        if failure is not None:
            self.failure.setText(failure.line())
            title = PAGE_TITLES.get(failure.setting)
            self.fix_button.setText(f"Open Settings → {title}" if title else "Open Settings")

    def open_fix(self) -> Any:
        """Open the settings page that fixes it, the way the Get started checklist does (the main window's
        open_settings), unless one was given."""
        section = self.skill.failure.setting if self.skill.failure is not None else "mind"
        opener = self._open_page or getattr(self.window(), "open_settings", None)
        return opener(section) if opener is not None else None

    def refresh_status(self) -> None:
        notice = self.skill.notice()
        self.status.setText(notice)
        self.status.setVisible(bool(notice))

    def show_line(self, line: Line) -> None:
        who, text = line
        self.transcript.appendHtml(f"<b>{html.escape(who)}:</b> {html.escape(text)}")

    def send(self) -> None:
        self.skill.send(self.entry.text())
        self.entry.clear()
        self.refresh_status()


def make_dock(skill: ChatSkill) -> QWidget:
    return ChatDock(skill)
