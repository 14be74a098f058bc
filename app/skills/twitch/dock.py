"""The Twitch dock: the connection's state, the channel, the live chat, who is here, and a send box.

It only reads the skill (state, log, present()) on a timer and hands a typed line to send_from_dock(): a chat
of hundreds of lines a second costs one append of the new lines every REFRESH_MS, not one repaint per line.
Identities stay in the skill; the dock shows names only.
"""

from __future__ import annotations

from app.core.words import Phrase
from app.skills.platform import dock as platform_dock
from app.skills.platform.chat_ring import LINES as LOG_LINES
from app.skills.twitch.client import State
from app.skills.twitch.skill import LogLine, TwitchSkill
from app.widgets.chat_log import ChatLog
from app.widgets.dock_words import number
from app.widgets.event_words import phrase_text
from app.widgets.palette import FINE, PROBLEM, QUIET, WAITING
from app.widgets.qt import (
    QT_TRANSLATE_NOOP,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSplitter,
    Qt,
    QTimer,
    QVBoxLayout,
    QWidget,
    translate,
)

REFRESH_MS = 250
PRESENT_MS = 3000
COLOURS = {State.JOINED: FINE, State.CONNECTING: WAITING, State.RECONNECTING: WAITING,
           State.AUTH_FAILED: PROBLEM, State.REFUSED: PROBLEM, State.OFF: QUIET}
WORDS = {State.JOINED: QT_TRANSLATE_NOOP("twitch_dock", "Connected"),
         State.CONNECTING: QT_TRANSLATE_NOOP("twitch_dock", "Connecting"),
         State.RECONNECTING: QT_TRANSLATE_NOOP("twitch_dock", "Reconnecting"),
         State.AUTH_FAILED: QT_TRANSLATE_NOOP("twitch_dock", "Login refused"),
         State.REFUSED: QT_TRANSLATE_NOOP("twitch_dock", "Refused"),
         State.OFF: QT_TRANSLATE_NOOP("twitch_dock", "Off")}


def state_html(state: State, detail: Phrase | str) -> str:
    """The link's state and why: the skill's own words (a Phrase, like OFF_NO_CHANNEL or OFF_NOT_CONNECTED with its
    channel) in the window's language, the link's detail translated where it is marked, a server's words as they
    came."""
    return platform_dock.state_html(COLOURS, {k: translate("twitch_dock", w) for k, w in WORDS.items()}, state,
                                    reason_text(detail))


def reason_text(detail: Phrase | str) -> str:
    """Why the link is as it is, in the window's language where it is in marked words."""
    if isinstance(detail, Phrase):
        return phrase_text(detail)
    return translate("twitch_dock", detail) if detail else detail


def _cheer(entry: LogLine, who: str, text: str) -> str | None:
    if entry.kind != "chat" or not entry.bits:
        return None
    cheered = translate("twitch_dock", "<b>{who}</b> cheered %Ln bits: ", None, entry.bits).format(who=who)
    return cheered + (f"<i>{who} {text}</i>" if entry.action else text)


def line_html(entry: LogLine) -> str:
    return platform_dock.line_html(entry, _cheer)


def present_text(name: str, messages: int) -> str:
    return translate("twitch_dock", "{name} · %Ln messages", None, messages).format(
        name=name or translate("twitch_dock", "(no name shown)"))


class TwitchDock(QWidget):
    def __init__(self, skill: TwitchSkill, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.skill = skill
        self.state = QLabel(objectName="twitchState", wordWrap=True)
        self.channel = QLabel(objectName="twitchChannel")
        self.chat = ChatLog(line_html, LOG_LINES, objectName="twitchChat")
        self.present_title = QLabel(translate("twitch_dock", "Here now"), objectName="twitchPresentTitle")
        self.present = QListWidget(objectName="twitchPresent")
        self.entry = QLineEdit(objectName="twitchEntry",
                               placeholderText=translate("twitch_dock", "Write in Twitch chat as her…"),
                               maxLength=500)
        self.send_button = QPushButton(translate("twitch_dock", "Send"), objectName="twitchSend")
        self.status = QLabel(objectName="twitchStatus", wordWrap=True)

        side = QWidget()
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 0, 0)
        side_layout.addWidget(self.present_title)
        side_layout.addWidget(self.present, 1)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.chat)
        split.addWidget(side)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        top = QHBoxLayout()
        top.addWidget(self.state, 1)
        top.addWidget(self.channel)
        row = QHBoxLayout()
        row.addWidget(self.entry, 1)
        row.addWidget(self.send_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addWidget(split, 1)
        layout.addLayout(row)
        layout.addWidget(self.status)

        self.entry.returnPressed.connect(self.send)
        self.send_button.clicked.connect(self.send)
        self._revision = -1
        self._status: tuple[State, str] | None = None
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.refresh)
        self.timer.start(REFRESH_MS)
        self.present_timer = QTimer(self)
        self.present_timer.timeout.connect(self.refresh_present)
        self.present_timer.start(PRESENT_MS)
        self.refresh()
        self.refresh_present()

    def refresh(self) -> None:
        skill = self.skill
        status = skill.status()
        if status != self._status:
            self._status = status
            self.state.setText(state_html(*status))
        client = skill.client
        self.channel.setText(f"#{client.channel}" if client is not None else
                             (f"#{skill.settings.channel}" if skill.settings.channel
                              else translate("twitch_dock", "no channel")))
        if skill.revision == self._revision:
            return
        self._revision = skill.revision
        self.chat.show_lines(list(skill.log))
        writable = skill.can_write
        self.entry.setEnabled(writable)
        self.send_button.setEnabled(writable)
        self.entry.setPlaceholderText(translate("twitch_dock", "Write in Twitch chat as her…") if writable else
                                      translate("twitch_dock",
                                                "Read-only: set her login and a token in Settings → Twitch to write"))

    def refresh_present(self) -> None:
        try:
            rows = self.skill.present()
        except Exception as exc:  # the store closed under us (shutting down): show nothing, say why
            self.present_title.setText(translate("twitch_dock", "Here now: unavailable ({exc})").format(exc=exc))
            return
        self.present.clear()
        self.present.addItems([present_text(r.display_name, r.messages) for r in rows])
        self.present_title.setText(
            translate("twitch_dock", "Here now ({count})").format(count=number(len(rows))) if rows
                                   else translate("twitch_dock", "Here now: nobody yet"))

    def send(self) -> None:
        refusal = self.skill.send_from_dock(self.entry.text())
        self.status.setText(refusal)
        self.status.setVisible(bool(refusal))
        if not refusal:
            self.entry.clear()


def make_dock(skill: TwitchSkill) -> QWidget:
    return TwitchDock(skill)
