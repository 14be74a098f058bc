"""The Discord dock: whether she is connected (and as which bot), the conversations she is in, and the messages
as she read them: her answers, and who she ignored and why (never what they wrote). Read on a timer."""

from __future__ import annotations

import time

from app.skills.discord.client import State
from app.skills.discord.skill import IGNORED, DiscordSkill
from app.skills.platform import dock as platform_dock
from app.skills.platform.chat_ring import LINES, ChatLine
from app.widgets.chat_log import ChatLog
from app.widgets.palette import FINE, PROBLEM, QUIET, WAITING
from app.widgets.qt import QHBoxLayout, QLabel, QLineEdit, QPushButton, QTimer, QVBoxLayout, QWidget

REFRESH_MS = 500
SHOWN_CONVERSATIONS = 6
COLOURS = {State.READING: FINE, State.CONNECTING: WAITING, State.RETRYING: WAITING, State.AUTH_FAILED: PROBLEM,
           State.INTENTS: PROBLEM, State.REFUSED: PROBLEM, State.NO_TOKEN: PROBLEM, State.OFF: QUIET}


def state_html(state: str, why: str, me: str) -> str:
    words = {State.READING: f"Connected as {me}"} if me else {State.READING: "Connected"}
    return platform_dock.state_html(COLOURS, words, state, why)


def _ignored(line: ChatLine, _who: str, text: str) -> str | None:
    return f'<span style="color:{QUIET}"><i>ignored:</i> {text}</span>' if line.kind == IGNORED else None


def line_html(line: ChatLine) -> str:
    return platform_dock.line_html(line, _ignored)


def call_text(skill: DiscordSkill) -> str:
    if not skill.in_call:
        return "Not in a voice call."
    sent = skill.call_voice.frames_sent * 0.02 if skill.call_voice is not None else 0.0
    heard = "" if skill.ctx.voice_tap() is not None else " Her voice is off (Voice skill): the call hears nothing."
    return f"In the voice call {skill.call_place}: {sent:.0f} s of her voice sent.{heard}"


def conversations_text(skill: DiscordSkill, now: float) -> str:
    talks = list(skill.conversations.values())[::-1][:SHOWN_CONVERSATIONS]
    if not talks:
        return "No conversations yet."
    return "\n".join(f"{t.place}: {t.lines} message(s), the last {max(0, int(now - t.last_ts)) // 60} min ago"
                     for t in talks)


class DiscordDock(QWidget):
    def __init__(self, skill: DiscordSkill, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.skill = skill
        self.state = QLabel(objectName="discordState", wordWrap=True)
        self.talks = QLabel(objectName="discordConversations", wordWrap=True)
        self.chat = ChatLog(line_html, LINES, objectName="discordChat")
        self.channel = QLineEdit(skill.settings.voice_channel, objectName="discordVoiceChannel",
                                 placeholderText="voice channel id")
        self.join = QPushButton("Join", objectName="discordJoin")
        self.leave = QPushButton("Leave", objectName="discordLeave")
        self.join.clicked.connect(lambda: self._call(skill.join_voice(self.channel.text())))
        self.leave.clicked.connect(lambda: self._call(skill.leave_voice()))
        self.call = QLabel(objectName="discordCall", wordWrap=True)
        row = QHBoxLayout()
        row.addWidget(self.channel, 1)
        row.addWidget(self.join)
        row.addWidget(self.leave)
        note = QLabel("She answers here in writing, never out loud. Where and with whom: Settings → Discord.",
                      objectName="discordNote", wordWrap=True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.state)
        layout.addWidget(self.talks)
        layout.addLayout(row)
        layout.addWidget(self.call)
        layout.addWidget(self.chat, 1)
        layout.addWidget(note)
        self._revision = -1
        self._why = ""                 # why the last Join did not join
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.refresh)
        self.timer.start(REFRESH_MS)
        self.refresh()

    def _call(self, work) -> None:
        async def run() -> None:
            self._why = await work
            self.refresh()
        self.skill.spawn(run())

    def refresh(self) -> None:
        skill = self.skill
        self.join.setEnabled(skill.connected and not skill.in_call)
        self.leave.setEnabled(skill.in_call)
        self.call.setText(self._why if self._why and not skill.in_call else call_text(skill))
        self.state.setText(state_html(*skill.status, skill.me))
        self.talks.setText(conversations_text(skill, time.time()))
        if skill.log.revision == self._revision:
            return
        self._revision = skill.log.revision
        self.chat.show_lines(list(skill.log))


def make_dock(skill: DiscordSkill) -> QWidget:
    return DiscordDock(skill)
