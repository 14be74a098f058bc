"""A token platform's dock (Telegram, Discord): whether she is reading (and as which bot), the conversations
she is in, and the messages as she read them: her answers, and who she ignored and why (never what they wrote).
Read on a timer. A platform's own widgets (Discord's voice call) go between the conversations and the chat."""

from __future__ import annotations

import html
from typing import Any

from app.core.words import Phrase
from app.skills.platform import dock as platform_dock
from app.skills.platform.chat_ring import DROPPED, LINES, ChatLine
from app.skills.platform.token_platform import IGNORED, READING, STATE_WORDS
from app.widgets.chat_log import ChatLog
from app.widgets.event_words import phrase_text
from app.widgets.palette import PROBLEM, QUIET
from app.widgets.qt import QT_TRANSLATE_NOOP, QLabel, QTimer, QVBoxLayout, QWidget, translate

REFRESH_MS = 500
SHOWN_CONVERSATIONS = 6


def why_text(why: Phrase | str) -> str:
    """Why a platform is in its state, in the window's language when the platform layer said it in marked words
    (a Phrase); the clients' reasons are the servers' words and stay as they are."""
    return phrase_text(why) if isinstance(why, Phrase) else why


def state_word(state: str, reading: str = QT_TRANSLATE_NOOP("token_dock", "Reading")) -> str:
    """A state as the dock says it ("Off", "Retrying"), or the state itself when it has no word."""
    word = STATE_WORDS.get(state) or (reading if state == READING else "")
    return translate("token_dock", word) if word else state


def state_html(colours: dict[str, str], reading: str, state: str, why: Phrase | str, me: str) -> str:
    """`reading` is the word for READING ("Reading", "Connected", marked in the "token_dock" context), with her
    bot's name when known."""
    word = translate("token_dock", reading)
    words = {s: translate("token_dock", w) for s, w in STATE_WORDS.items()}
    words[READING] = translate("token_dock", "{reading} as {me}").format(reading=word, me=me) if me else word
    return platform_dock.state_html(colours, words, state, why_text(why))


def _special(line: ChatLine, _who: str, text: str) -> str | None:
    """Who she ignored (the reason only), a line of hers that a platform's limits dropped, and the platform's own
    state lines ("Off: why", kept as a Phrase) in the window's language."""
    if line.kind == IGNORED:
        ignored = translate("token_dock", "ignored:")
        return f'<span style="color:{QUIET}"><i>{ignored}</i> {text}</span>'
    if line.kind == DROPPED and line.phrase is not None:
        return f'<span style="color:{PROBLEM}">⚠ {html.escape(phrase_text(line.phrase))}</span>'
    if line.kind != "system" or line.phrase is None:
        return None
    return f'<span style="color:{QUIET}">{html.escape(phrase_text(line.phrase))}</span>'



def line_html(line: ChatLine) -> str:
    return platform_dock.line_html(line, _special)


def conversations_text(skill: Any, now: float) -> str:
    talks = list(skill.conversations.values())[::-1][:SHOWN_CONVERSATIONS]
    if not talks:
        return translate("token_dock", "No conversations yet.")
    return "\n".join(translate("token_dock", "{place}: {lines} message(s), the last {minutes} min ago").format(
        place=t.place, lines=t.lines, minutes=max(0, int(now - t.last_ts)) // 60) for t in talks)


class TokenDock(QWidget):
    def __init__(self, skill: Any, state_text: Any, note: str, parent: QWidget | None = None) -> None:
        """`state_text(state, why, me)` is the platform's state line."""
        super().__init__(parent)
        self.skill, self._state_text = skill, state_text
        key = skill.key
        self.state = QLabel(objectName=f"{key}State", wordWrap=True)
        self.talks = QLabel(objectName=f"{key}Conversations", wordWrap=True)
        self.chat = ChatLog(line_html, LINES, objectName=f"{key}Chat")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.state)
        layout.addWidget(self.talks)
        self.add_own(layout)
        layout.addWidget(self.chat, 1)
        layout.addWidget(QLabel(translate("token_dock", note), objectName=f"{key}Note", wordWrap=True))
        self._revision = -1
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.refresh)
        self.timer.start(REFRESH_MS)
        self.refresh()

    def add_own(self, layout: QVBoxLayout) -> None:
        """The platform's own widgets, between the conversations and the chat."""

    def refresh(self) -> None:
        skill = self.skill
        self.state.setText(self._state_text(*skill.status, skill.me))
        self.talks.setText(conversations_text(skill, skill.ctx.clock.time()))
        if skill.log.revision == self._revision:
            return
        self._revision = skill.log.revision
        self.chat.show_lines(list(skill.log))
