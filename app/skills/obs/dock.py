"""The OBS dock: the connection, the scenes (the current one marked, and those she may use), streaming and
recording. Never set up (switched off), it is grey and says so; what is wrong with a connection the streamer
asked for is said in the window's problems list, so here it is a grey word and when the next try comes.

Double-clicking a scene switches OBS to it (the streamer's own action: no allowlist applies).
"""

from __future__ import annotations

from app.core.words import PROBLEMS
from app.process.tasks import spawn
from app.skills.obs import words
from app.skills.obs.client import STATE_LABELS, ObsStatus, State
from app.skills.obs.settings import note_text
from app.skills.obs.skill import ObsSkill
from app.widgets.event_words import in_window
from app.widgets.palette import FINE, QUIET, WAITING
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

COLOURS = {State.CONNECTED: FINE, State.CONNECTING: WAITING, State.HUNG: WAITING, State.RETRYING: QUIET,
           State.REFUSED: QUIET, State.OFF: QUIET}
SAID_ELSEWHERE = (State.RETRYING, State.REFUSED)   # the problems list says why


def outputs_text(status: ObsStatus) -> str:
    if not status.connected:
        return translate("obs_dock", "Streaming: unknown · Recording: unknown")
    off = translate("obs_dock", "off", "an output, streaming or recording")
    return translate("obs_dock", "Streaming: {streaming} · Recording: {recording}").format(
        streaming=translate("obs_dock", "LIVE") if status.streaming else off,
        recording=translate("obs_dock", "on") if status.recording else off)


def current_text(status: ObsStatus) -> str:
    if not status.connected:
        return translate("obs_dock", "Current scene: —")
    if not status.scene_collection:
        return translate("obs_dock", "Current scene: — (OBS is changing scene collection)")
    return translate("obs_dock", "Current scene: {scene} (scene collection “{scene_collection}”)").format(
        scene=status.current_scene or "—", scene_collection=status.scene_collection)


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
        self.scenes.setToolTip(
            translate("obs_dock", "Double-click a scene to switch OBS to it. ★ marks the scenes she may use."))
        self.reconnect_button = QPushButton(translate("obs_dock", "Connect now"), objectName="obs-reconnect")
        self.password_button = QPushButton(translate("obs_dock", "Password…"), objectName="obs-password")
        self.set_up_button = QPushButton(translate("obs_dock", "Set up OBS…"), objectName="obs-set-up")
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
        row.addWidget(self.set_up_button)
        row.addStretch(1)
        layout.addLayout(row)
        layout.addStretch(0)   # takes the room the scene list leaves while OBS is not set up
        self.reconnect_button.clicked.connect(skill.reconnect)
        self.password_button.clicked.connect(self.ask_password)
        self.set_up_button.clicked.connect(self.open_skills_page)
        self.scenes.itemDoubleClicked.connect(lambda item: self.switch(item.data(Qt.ItemDataRole.UserRole)))
        self.changed.connect(self.refresh)
        self._unsubscribe = skill.on_status(lambda _status: self.changed.emit())
        self.destroyed.connect(lambda *_: self._unsubscribe())
        self.note = ""
        self.refresh()

    def refresh(self) -> None:
        s = self.skill.status
        set_up = self.skill.enabled
        if not set_up:   # grey and quiet: nothing is wrong with a skill the streamer never asked for
            self.state.setText(translate("obs_dock", "<span style='color:{quiet}'>OBS: not set up</span>").format(
                quiet=QUIET))
            self.message.setText(translate("obs_dock", "When you stream with OBS, switch it on in Settings → Skills: "
                                           "she then switches scenes, shows captions and knows when you go live."))
        else:
            state = translate("obs_dock", STATE_LABELS[s.state])
            self.state.setText(translate("obs_dock", "<span style='color:{colour}'>●</span> <b>OBS: {state}</b> "
                                                     "{address}").format(colour=COLOURS[s.state], state=state,
                                                                         address=s.address))
            shown = tuple(x for x in s.words if x == words.AGAIN) if s.state in SAID_ELSEWHERE else s.words
            self.message.setText(self.note or in_window(PROBLEMS, shown, dict(s.args),
                                                        "" if s.state in SAID_ELSEWHERE else s.message))
        self.message.setStyleSheet("" if set_up and s.state not in SAID_ELSEWHERE else f"color: {QUIET};")
        for widget in (self.outputs, self.current, self.scenes, self.reconnect_button, self.password_button):
            widget.setVisible(set_up)
        self.set_up_button.setVisible(not set_up)
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

    def open_skills_page(self) -> None:
        """Settings → Skills, where OBS is switched on (the main window's open_settings)."""
        opener = getattr(self.window(), "open_settings", None)
        if opener is not None:
            opener("skills")

    def switch(self, scene: str) -> None:
        async def run() -> None:
            self.note = await self.skill.streamer_switch(scene)
            self.refresh()
        spawn(run())

    def ask_password(self) -> None:
        text, ok = QInputDialog.getText(self, translate("obs_dock", "OBS password"),
                                        translate("obs_dock", "OBS WebSocket password (Tools → WebSocket Server "
                                                              "Settings → Show Connect Info).\nEmpty forgets it."),
                                        QLineEdit.EchoMode.Password)
        if ok:
            self.note = note_text(self.skill.set_password(text.strip()))
            self.refresh()


def make_dock(skill: ObsSkill) -> QWidget:
    return ObsDock(skill)
