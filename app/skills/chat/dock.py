"""The Chat dock: type to her as the streamer, and read what she says back, spoken or written."""

from __future__ import annotations

import html

from app.skills.chat.skill import ChatSkill, Line
from app.ui.qt import QHBoxLayout, QLabel, QLineEdit, QPlainTextEdit, QPushButton, QVBoxLayout, QWidget


class ChatDock(QWidget):
    def __init__(self, skill: ChatSkill, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.skill = skill
        self.transcript = QPlainTextEdit(objectName="chatTranscript", readOnly=True)
        self.status = QLabel(objectName="chatStatus", wordWrap=True)
        self.entry = QLineEdit(objectName="chatEntry", placeholderText="Say something to her…")
        self.send_button = QPushButton("Send")
        row = QHBoxLayout()
        row.addWidget(self.entry, 1)
        row.addWidget(self.send_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.status)
        layout.addWidget(self.transcript, 1)
        layout.addLayout(row)
        self.entry.returnPressed.connect(self.send)
        self.send_button.clicked.connect(self.send)
        for line in skill.lines:
            self.show_line(line)
        skill.on_line(self.show_line)
        self.refresh_status()

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
