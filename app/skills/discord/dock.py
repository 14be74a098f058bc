"""The Discord dock: the platform layer's TokenDock (whether she is connected and as which bot, the
conversations, the messages as she read them and who she ignored and why) with Discord's states, and her voice
call: a channel id, Join, Leave, and what the call has had of her voice."""

from __future__ import annotations

from app.process.tasks import spawn
from app.skills.discord.client import State
from app.skills.discord.skill import DiscordSkill
from app.skills.platform import token_dock
from app.widgets.palette import FINE, PROBLEM, QUIET, WAITING
from app.widgets.qt import (
    QT_TRANSLATE_NOOP,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
    translate,
)

COLOURS = {State.READING: FINE, State.CONNECTING: WAITING, State.RETRYING: WAITING, State.HUNG: WAITING,
           State.AUTH_FAILED: PROBLEM, State.INTENTS: PROBLEM, State.REFUSED: PROBLEM, State.NO_TOKEN: PROBLEM,
           State.OFF: QUIET}
NOTE = QT_TRANSLATE_NOOP("token_dock",
                         "She answers here in writing, never out loud. Where and with whom: Settings → Discord.")


def state_html(state: str, why: str, me: str) -> str:
    return token_dock.state_html(COLOURS, QT_TRANSLATE_NOOP("token_dock", "Connected"), state, why, me)


def call_text(skill: DiscordSkill) -> str:
    if not skill.in_call:
        return translate("discord_dock", "Not in a voice call.")
    sent = skill.call_voice.frames_sent * 0.02 if skill.call_voice is not None else 0.0
    heard = "" if skill.ctx.voice_tap() is not None else \
        translate("discord_dock", " Her voice is off (Voice skill): the call hears nothing.")
    return translate("discord_dock", "In the voice call {place}: {sent:.0f} s of her voice sent.").format(
        place=skill.call_place, sent=sent) + heard


class DiscordDock(token_dock.TokenDock):
    def __init__(self, skill: DiscordSkill, parent: QWidget | None = None) -> None:
        self._why = ""                 # why the last Join did not join
        super().__init__(skill, state_html, NOTE, parent)

    def add_own(self, layout: QVBoxLayout) -> None:
        skill = self.skill
        self.channel = QLineEdit(skill.settings.voice_channel, objectName="discordVoiceChannel",
                                 placeholderText=translate("discord_dock", "voice channel id"))
        self.join = QPushButton(translate("discord_dock", "Join"), objectName="discordJoin")
        self.leave = QPushButton(translate("discord_dock", "Leave"), objectName="discordLeave")
        self.join.clicked.connect(lambda: self._call(skill.join_voice(self.channel.text())))
        self.leave.clicked.connect(lambda: self._call(skill.leave_voice()))
        self.call = QLabel(objectName="discordCall", wordWrap=True)
        row = QHBoxLayout()
        row.addWidget(self.channel, 1)
        row.addWidget(self.join)
        row.addWidget(self.leave)
        layout.addLayout(row)
        layout.addWidget(self.call)

    def _call(self, work) -> None:
        async def run() -> None:
            self._why = await work
            self.refresh()
        spawn(run())

    def refresh(self) -> None:
        skill = self.skill
        self.join.setEnabled(skill.connected and not skill.in_call)
        self.leave.setEnabled(skill.in_call)
        self.call.setText(self._why if self._why and not skill.in_call else call_text(skill))
        super().refresh()


def make_dock(skill: DiscordSkill) -> QWidget:
    return DiscordDock(skill)
