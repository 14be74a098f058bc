"""The YouTube dock: what the chat poll is doing, which stream, and the live chat as she reads it (Super Chats
highlighted, what moderators removed struck through). It reads the skill on a timer, never per line."""

from __future__ import annotations

from app.skills.platform import dock as platform_dock
from app.skills.platform.chat_ring import LINES as LOG_LINES
from app.skills.youtube.client import State
from app.skills.youtube.skill import YouTubeSkill, YtLine
from app.widgets.chat_log import ChatLog
from app.widgets.palette import FINE, PROBLEM, QUIET, WAITING
from app.widgets.qt import QT_TRANSLATE_NOOP, QHBoxLayout, QLabel, QTimer, QVBoxLayout, QWidget, translate

REFRESH_MS = 500
COLOURS = {State.READING: FINE, State.CONNECTING: WAITING, State.RETRYING: WAITING, State.NOT_LIVE: WAITING,
           State.ENDED: QUIET, State.STOPPED: PROBLEM, State.REFUSED: PROBLEM, State.OFF: QUIET}


WORDS = {State.READING: QT_TRANSLATE_NOOP("youtube_dock", "Reading"),
         State.CONNECTING: QT_TRANSLATE_NOOP("youtube_dock", "Connecting"),
         State.RETRYING: QT_TRANSLATE_NOOP("youtube_dock", "Retrying"),
         State.NOT_LIVE: QT_TRANSLATE_NOOP("youtube_dock", "Not live"),
         State.ENDED: QT_TRANSLATE_NOOP("youtube_dock", "Ended"),
         State.STOPPED: QT_TRANSLATE_NOOP("youtube_dock", "Stopped"),
         State.REFUSED: QT_TRANSLATE_NOOP("youtube_dock", "Refused"),
         State.NO_KEY: QT_TRANSLATE_NOOP("youtube_dock", "No key"),
         State.OFF: QT_TRANSLATE_NOOP("youtube_dock", "Off")}


def state_html(state: str, why: str) -> str:
    return platform_dock.state_html(COLOURS, {k: translate("youtube_dock", w) for k, w in WORDS.items()}, state, why)


def line_html(line: YtLine) -> str:
    return platform_dock.line_html(line)


class YouTubeDock(QWidget):
    def __init__(self, skill: YouTubeSkill, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.skill = skill
        self.state = QLabel(objectName="youtubeState", wordWrap=True)
        self.stream = QLabel(objectName="youtubeStream", openExternalLinks=True)
        self.chat = ChatLog(line_html, LOG_LINES, objectName="youtubeChat")
        note = QLabel(
            translate("youtube_dock", "She reads this chat and answers out loud; she cannot write in YouTube chat."),
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
                            else translate("youtube_dock", "no stream named (Settings → YouTube)"))
        if skill.revision == self._revision:
            return
        self._revision = skill.revision
        self.chat.show_lines(list(skill.log))

def make_dock(skill: YouTubeSkill) -> QWidget:
    return YouTubeDock(skill)
