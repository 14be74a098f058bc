"""The Telegram dock: whether she is reading (and as which bot), the conversations she is in, and the messages
as she read them: her answers, and who she ignored and why (never what they wrote). Read on a timer."""

from __future__ import annotations

import time

from app.skills.platform import dock as platform_dock
from app.skills.platform.chat_ring import LINES, ChatLine
from app.skills.telegram.client import State
from app.skills.telegram.skill import IGNORED, TelegramSkill
from app.widgets.chat_log import ChatLog
from app.widgets.palette import FINE, PROBLEM, QUIET, WAITING
from app.widgets.qt import QLabel, QTimer, QVBoxLayout, QWidget

REFRESH_MS = 500
SHOWN_CONVERSATIONS = 6
COLOURS = {State.READING: FINE, State.CONNECTING: WAITING, State.RETRYING: WAITING, State.WAITING: WAITING,
           State.CONFLICT: PROBLEM, State.AUTH_FAILED: PROBLEM, State.REFUSED: PROBLEM, State.NO_TOKEN: PROBLEM,
           State.OFF: QUIET}


def state_html(state: str, why: str, me: str) -> str:
    words = {State.READING: f"Reading as {me}"} if me else {}
    return platform_dock.state_html(COLOURS, words, state, why)


def _ignored(line: ChatLine, _who: str, text: str) -> str | None:
    return f'<span style="color:{QUIET}"><i>ignored:</i> {text}</span>' if line.kind == IGNORED else None


def line_html(line: ChatLine) -> str:
    return platform_dock.line_html(line, _ignored)


def conversations_text(skill: TelegramSkill, now: float) -> str:
    talks = list(skill.conversations.values())[::-1][:SHOWN_CONVERSATIONS]
    if not talks:
        return "No conversations yet."
    return "\n".join(f"{t.place}: {t.lines} message(s), the last {max(0, int(now - t.last_ts)) // 60} min ago"
                     for t in talks)


class TelegramDock(QWidget):
    def __init__(self, skill: TelegramSkill, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.skill = skill
        self.state = QLabel(objectName="telegramState", wordWrap=True)
        self.talks = QLabel(objectName="telegramConversations", wordWrap=True)
        self.chat = ChatLog(line_html, LINES, objectName="telegramChat")
        note = QLabel("She answers here in writing, never out loud. Who she may talk to: Settings → Telegram.",
                      objectName="telegramNote", wordWrap=True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.state)
        layout.addWidget(self.talks)
        layout.addWidget(self.chat, 1)
        layout.addWidget(note)
        self._revision = -1
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.refresh)
        self.timer.start(REFRESH_MS)
        self.refresh()

    def refresh(self) -> None:
        skill = self.skill
        self.state.setText(state_html(*skill.status, skill.me))
        self.talks.setText(conversations_text(skill, time.time()))
        if skill.log.revision == self._revision:
            return
        self._revision = skill.log.revision
        self.chat.show_lines(list(skill.log))


def make_dock(skill: TelegramSkill) -> QWidget:
    return TelegramDock(skill)
