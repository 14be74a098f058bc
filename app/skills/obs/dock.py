"""The OBS dock: the connection, the scenes (the current one marked, and those she may use), streaming and
recording.

Double-clicking a scene switches OBS to it (the streamer's own action: no allowlist applies).
"""

from __future__ import annotations

import asyncio

from app.core.words import PROBLEMS
from app.skills.obs.client import STATE_LABELS, ObsStatus, State
from app.skills.obs.skill import ObsSkill
from app.widgets.event_words import in_window
from app.widgets.palette import PROBLEM, QUIET
from app.widgets.qt import (
    QFont,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    Qt,
    QVBoxLayout,
    QWidget,
    Signal,
    translate,
)

COLORS = {State.CONNECTED: "#27ae60", State.CONNECTING: "#e6a700", State.RETRYING: PROBLEM,
          State.REFUSED: PROBLEM, State.OFF: QUIET}


def outputs_text(status: ObsStatus) -> str:
    if not status.connected:
        return translate("obs_dock", "Streaming: unknown · Recording: unknown")
    return (translate("obs_dock", "Streaming: {value} · Recording: {value2}").format(value='LIVE' if status.streaming else 'off', value2='on' if status.recording else 'off'))


def current_text(status: ObsStatus) -> str:
    if not status.connected:
        return translate("obs_dock", "Current scene: —")
    if not status.scene_collection:
        return translate("obs_dock", "Current scene: — (OBS is changing scene collection)")
    return translate("obs_dock", "Current scene: {value} (scene collection “{scene_collection}”)").format(value=status.current_scene or '—', scene_collection=status.scene_collection)


class ObsDock(QWidget):
    changed = Signal()

    def __init__(self, skill: ObsSkill, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.skill = skill
        self.state = QLabel(objectName="obsState")
        self.state.setTextFormat(Qt.TextFormat.RichText)
        self.message = QLabel(objectName="obsMessage", wordWrap=True)
        self.outputs = QLabel(objectName="obsOutputs")
        self.current = QLabel(objectName="obsCurrentScene")
        self.scenes = QListWidget(objectName="obsScenes")
        self.scenes.setToolTip(translate("obs_dock", "Double-click a scene to switch OBS to it. ★ marks the scenes she may use."))
        self.reconnect_button = QPushButton(translate("obs_dock", "Connect now"), objectName="obs-reconnect")
        self.password_button = QPushButton(translate("obs_dock", "Password…"), objectName="obs-password")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.state)
        layout.addWidget(self.message)
        layout.addWidget(self.outputs)
        layout.addWidget(self.current)
        layout.addWidget(self.scenes, 1)
        row = QHBoxLayout()
        row.addWidget(self.reconnect_button)
        row.addWidget(self.password_button)
        layout.addLayout(row)
        self.reconnect_button.clicked.connect(skill.reconnect)
        self.password_button.clicked.connect(self.ask_password)
        self.scenes.itemDoubleClicked.connect(lambda item: self.switch(item.data(Qt.ItemDataRole.UserRole)))
        self.changed.connect(self.refresh)
        self._unsubscribe = skill.on_status(lambda _status: self.changed.emit())
        self.destroyed.connect(lambda *_: self._unsubscribe())
        self.note = ""
        self.refresh()

    def refresh(self) -> None:
        s = self.skill.status
        if not self.skill.enabled:
            self.state.setText(translate("obs_dock", "<b>OBS control is off</b> (Settings → Skills)."))
        else:
            self.state.setText(translate("obs_dock", "<span style='color:{value}'>●</span> <b>OBS: {value2}</b> {address}").format(value=COLORS[s.state], value2=translate("obs_dock", STATE_LABELS[s.state]), address=s.address))
        self.message.setText(self.note or in_window(PROBLEMS, s.words, dict(s.args), s.message))
        self.outputs.setText(outputs_text(s))
        self.current.setText(current_text(s))
        mine = set(self.skill.settings.allowed_scenes)
        self.scenes.clear()
        for name in s.scenes:
            mark = "▶" if name == s.current_scene else "  "
            item = QListWidgetItem(f"{mark} {name}{'  ★' if name in mine else ''}")
            item.setData(Qt.ItemDataRole.UserRole, name)
            font = QFont(item.font())
            font.setBold(name == s.current_scene)
            item.setFont(font)
            if not s.connected:
                item.setForeground(self.palette().placeholderText())
            self.scenes.addItem(item)
        self.scenes.setEnabled(s.connected)

    def switch(self, scene: str) -> None:
        async def run() -> None:
            self.note = await self.skill.streamer_switch(scene)
            self.refresh()
        asyncio.ensure_future(run())

    def ask_password(self) -> None:
        text, ok = QInputDialog.getText(self, translate("obs_dock", "OBS password"), translate("obs_dock", "OBS WebSocket password (Tools → WebSocket "
                                        "Server Settings → Show Connect Info).\nEmpty forgets it."),
                                        QLineEdit.EchoMode.Password)
        if ok:
            self.note = self.skill.set_password(text.strip())
            self.refresh()


def make_dock(skill: ObsSkill) -> QWidget:
    return ObsDock(skill)
