"""The YouTube dock: what the chat poll is doing, which stream, and the live chat as she reads it (Super Chats
highlighted, what moderators removed struck through). It reads the skill on a timer, never per line."""

from __future__ import annotations

import html

from app.skills.youtube.client import State
from app.skills.youtube.skill import LOG_LINES, YouTubeSkill, YtLine
from app.ui.chat_log import ChatLog
from app.ui.qt import QHBoxLayout, QLabel, QTimer, QVBoxLayout, QWidget

REFRESH_MS = 500
COLOURS = {State.READING: "#2e7d32", State.CONNECTING: "#b7950b", State.RETRYING: "#b7950b",
           State.NOT_LIVE: "#b7950b", State.ENDED: "#7f8c8d", State.STOPPED: "#c0392b", State.REFUSED: "#c0392b",
           State.OFF: "#7f8c8d"}


def state_html(state: str, why: str) -> str:
    colour = COLOURS.get(state, "#7f8c8d")
    return (f'<span style="color:{colour}">●</span> <b>{html.escape(state.capitalize())}</b>'
            + (f" — {html.escape(why)}" if why else ""))


def line_html(line: YtLine) -> str:
    who, text = html.escape(line.who), html.escape(line.text)
    if line.kind == "system":
        body = f'<span style="color:#7f8c8d">{text}</span>'
    elif line.kind == "paid":
        body = f'<b>{who}</b> <span style="background:#fff3b0">{text}</span>'
    elif line.kind == "member":
        body = f'<i style="color:#8e44ad"><b>{who}</b> {text}</i>'
    else:
        body = f"<b>{who}:</b> {text}"
    if line.removed:
        body = f'<s>{body}</s> <span style="color:#c0392b">(removed by a moderator)</span>'
    return body


class YouTubeDock(QWidget):
    def __init__(self, skill: YouTubeSkill, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.skill = skill
        self.state = QLabel(objectName="youtubeState", wordWrap=True)
        self.stream = QLabel(objectName="youtubeStream", openExternalLinks=True)
        self.chat = ChatLog(line_html, LOG_LINES, objectName="youtubeChat")
        note = QLabel("She reads this chat and answers out loud; she cannot write in YouTube chat.",
                      objectName="youtubeNote", wordWrap=True)
        top = QHBoxLayout()
        top.addWidget(self.state, 1)
        top.addWidget(self.stream)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addWidget(self.chat, 1)
        layout.addWidget(note)
        self._revision = -1
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.refresh)
        self.timer.start(REFRESH_MS)
        self.refresh()

    def refresh(self) -> None:
        skill = self.skill
        self.state.setText(state_html(*skill.status))
        video = skill.settings.video
        self.stream.setText(f'<a href="https://www.youtube.com/watch?v={video}">{video}</a>' if video
                            else "no stream named (Settings → YouTube)")
        if skill.revision == self._revision:
            return
        self._revision = skill.revision
        self.chat.show_lines(list(skill.log))

def make_dock(skill: YouTubeSkill) -> QWidget:
    return YouTubeDock(skill)
