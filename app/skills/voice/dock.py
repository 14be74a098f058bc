"""The Voice dock: what she is doing, how she hears you (mode, push-to-talk), the devices, the microphone's
level, the last thing she heard and where the time of her last answer went.

Push-to-talk is press-and-hold on the button or on the talk key. The key is heard system-wide where the
platform allows (the skill's hook); the main window also passes on the keys it gets (window_key), so it works
while Bea has focus everywhere else. "Stop her" silences her at once.
"""

from __future__ import annotations

import html
from collections.abc import Callable

from app.core.words import PROBLEMS
from app.skills.voice.parts import SilentOutput
from app.skills.voice.settings import DEFAULT, device_box, fill_devices, picked
from app.skills.voice.skill import VoiceSkill
from app.skills.voice.stages_bar import StagesBar
from app.skills.voice.state import DUCKED, HEARING, LISTENING, OFF, SPEAKING, THINKING, meter_percent
from app.skills.voice.teach_voice import TeachVoice
from app.widgets.event_words import in_window, skill_line
from app.widgets.keys import key_name, modifier_names
from app.widgets.palette import FINE, PROBLEM, PROBLEM_STYLE, QUIET, WAITING
from app.widgets.qt import (
    QT_TRANSLATE_NOOP,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QKeyEvent,
    QLabel,
    QProgressBar,
    QPushButton,
    Qt,
    QTimer,
    QVBoxLayout,
    QWidget,
    Signal,
    translate,
)

MODES = [(QT_TRANSLATE_NOOP("voice_dock", "Push to talk"), "push_to_talk"),
         (QT_TRANSLATE_NOOP("voice_dock", "Always on"), "always_on"), (QT_TRANSLATE_NOOP("voice_dock", "Off"), "off")]
COLORS = {LISTENING: FINE, HEARING: "#1565c0", THINKING: "#8e44ad", SPEAKING: "#e67e22",
          DUCKED: WAITING, OFF: QUIET}


NO_MIC, INTO_SILENCE = "not hearing you: no microphone", "speaking into silence: no speakers"
# the states as the dock says them (the state module's words are for logs and tests)
STATE_WORDS = {OFF: QT_TRANSLATE_NOOP("voice_dock", "Off"), "loading": QT_TRANSLATE_NOOP("voice_dock", "Loading"),
               DUCKED: QT_TRANSLATE_NOOP("voice_dock", "Ducked"), SPEAKING: QT_TRANSLATE_NOOP("voice_dock", "Speaking"),
               HEARING: QT_TRANSLATE_NOOP("voice_dock", "Hearing you"),
               THINKING: QT_TRANSLATE_NOOP("voice_dock", "Thinking"),
               LISTENING: QT_TRANSLATE_NOOP("voice_dock", "Listening"),
               NO_MIC: QT_TRANSLATE_NOOP("voice_dock", "Not hearing you: no microphone"),
               INTO_SILENCE: QT_TRANSLATE_NOOP("voice_dock", "Speaking into silence: no speakers")}
PROBLEM_COLOR = PROBLEM


def shown_state(state: str, *, hears: bool, aloud: bool) -> str:
    """The one state the dock shows, never contradicting the devices: no "listening" (or "hearing you") without
    a microphone open, no plain "speaking" into silence."""
    if state in (LISTENING, HEARING) and not hears:
        return NO_MIC
    if state in (SPEAKING, DUCKED) and not aloud:
        return INTO_SILENCE
    return state


def problem_lines(note: str, problems: list[str], no_devices: str) -> list[str]:
    """What is wrong, each said once: the device message only when no problem already says it."""
    lines = list(dict.fromkeys(line[:1].upper() + line[1:] for line in filter(None, [note, *problems])))
    why = no_devices.removeprefix(translate("voice_dock", "No audio devices: "))
    if no_devices and not any(why in line for line in lines):
        lines.append(no_devices)
    return lines


def state_html(state: str, enabled: bool) -> str:
    if not enabled:
        return translate("voice_dock", "<b>Voice is off</b> (turn it on in Settings → Skills).")
    color = PROBLEM_COLOR if state in (NO_MIC, INTO_SILENCE) else COLORS.get(state, QUIET)
    word = translate("voice_dock", STATE_WORDS[state]) if state in STATE_WORDS else state.capitalize()
    return f"<span style='color:{color}'>●</span> <b>{html.escape(word)}</b>"


def list_devices_later(dock: QWidget, skill: VoiceSkill,
                       done: Callable[[tuple[list[str], list[str], str]], None]) -> None:
    """skill.devices() once the window's loop is free (the first listing loads PortAudio, which probes the sound
    system for a few tenths of a second, and the window shows first); done(devices) runs on the window's thread,
    and not at all if the dock went before (the timer is the dock's)."""
    QTimer.singleShot(0, dock, lambda: done(skill.devices()))


class VoiceDock(QWidget):
    changed = Signal()
    level = Signal(float)

    def __init__(self, skill: VoiceSkill, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.skill = skill
        self.state = QLabel(objectName="voiceState")
        self.state.setTextFormat(Qt.TextFormat.RichText)
        self.problems = QLabel(objectName="voiceProblems", wordWrap=True)
        self.problems.setStyleSheet(PROBLEM_STYLE)
        self.mode = QComboBox(objectName="voiceMode")
        for label, value in MODES:
            self.mode.addItem(translate("voice_dock", label), value)
        self.talk = QPushButton(translate("voice_dock", "Hold to talk"), objectName="voiceTalk")
        self.talk_key = QLabel(objectName="voiceTalkKey", wordWrap=True)
        self.stop = QPushButton(translate("voice_dock", "Stop her"), objectName="voiceStop")
        self.stop.setToolTip(translate("voice_dock", "Silence her now."))
        # the devices fill in once listed, off the window's thread (PortAudio loads then): the window shows first
        self.input = device_box([], skill.settings.input_device)
        self.output = device_box([], skill.settings.output_device)
        self.input.setObjectName("voiceInput")
        self.output.setObjectName("voiceOutput")
        self.listed = False
        self.no_devices = ""   # said in the problems, once
        self.meter = QProgressBar(objectName="voiceMeter")
        self.meter.setRange(0, 100)
        self.meter.setFormat(translate("voice_dock", "mic %v"))
        self.meter.setTextVisible(True)
        self.heard = QLabel(objectName="voiceHeard", wordWrap=True)
        self.heard.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.state)
        layout.addWidget(self.problems)
        form = QFormLayout()
        form.addRow(translate("voice_dock", "Hearing"), self.mode)
        form.addRow(translate("voice_dock", "Microphone"), self.input)
        form.addRow(translate("voice_dock", "Speakers"), self.output)
        form.addRow(translate("voice_dock", "Level"), self.meter)
        self.echo = QLabel(objectName="voiceEcho", wordWrap=True)
        self.echo.setVisible(False)
        form.addRow(self.echo)
        layout.addLayout(form)
        row = QHBoxLayout()
        row.addWidget(self.talk, 1)
        row.addWidget(self.stop)
        layout.addLayout(row)
        layout.addWidget(self.talk_key)
        layout.addWidget(QLabel(translate("voice_dock", "Last heard:")))
        layout.addWidget(self.heard)
        self.stages = StagesBar(self)
        layout.addWidget(self.stages)
        self.teach = TeachVoice(skill, self)
        layout.addWidget(self.teach)
        layout.addStretch(1)

        self.talk.pressed.connect(skill.press)
        self.talk.released.connect(skill.release)
        self.stop.clicked.connect(skill.stop_speaking)
        self.mode.activated.connect(lambda _i: self._choose("mode", self.mode.currentData()))
        self.input.activated.connect(lambda _i: self._choose("input_device", picked(self.input)))
        self.output.activated.connect(lambda _i: self._choose("output_device", picked(self.output)))
        self.changed.connect(self.refresh)
        self.level.connect(self.show_level)
        unsubscribe = [skill.on_change(self.changed.emit), skill.on_level(self.level.emit)]
        self.destroyed.connect(lambda *_: [u() for u in unsubscribe])
        self.note = ""
        self.refresh()
        list_devices_later(self, skill, self.show_devices)

    def show_devices(self, devices: tuple[list[str], list[str], str]) -> None:
        inputs, outputs, why = devices
        said = self.skill.why_said(why)
        why = in_window(PROBLEMS, said.get("words", ""), said.get("args", {}), why)
        fill_devices(self.input, inputs, self.skill.settings.input_device)
        fill_devices(self.output, outputs, self.skill.settings.output_device)
        self.no_devices = translate("voice_dock", "No audio devices: {why}").format(why=why) if why else ""
        self.listed = True
        self.refresh()

    def _choose(self, name: str, value: str) -> None:
        self.note = self.skill.change_setting(name, value)
        self.refresh()

    def refresh(self) -> None:
        s = self.skill.settings
        skill = self.skill
        hears = skill.mic is not None and skill.ears is not None
        aloud = skill.output is not None and not isinstance(skill.output, SilentOutput)
        self.state.setText(state_html(shown_state(skill.state, hears=hears, aloud=aloud), skill.enabled))
        problems = [skill_line(skill, line) for line in skill.problems]
        self.problems.setText("\n".join(problem_lines(self.note, problems, self.no_devices)))
        self.problems.setVisible(bool(self.problems.text()))
        self.mode.setCurrentIndex(max(0, self.mode.findData(s.mode)))
        self.input.setCurrentText(s.input_device or translate("voice_settings", DEFAULT))
        self.output.setCurrentText(s.output_device or translate("voice_settings", DEFAULT))
        ptt = s.mode == "push_to_talk" and hears   # no talk button to press when nothing can hear it
        self.talk.setEnabled(ptt)
        key = self.skill.keys.key
        self.talk.setText(translate("voice_dock", "Hold to talk ({label})").format(label=key.label) if ptt
                          and key is not None else translate("voice_dock", "Hold to talk"))
        self.talk_key.setText(self.skill.keys.status if ptt else "")
        self.talk_key.setVisible(ptt)
        self.talk.setToolTip(translate("voice_dock", "Push-to-talk: hold the button while you speak to her. "
                                                     "{key_status}").format(key_status=self.talk_key.text()))
        self.stop.setEnabled(self.skill.mouth is not None)
        self.heard.setText(self.skill.last_transcript or "—")
        self.stages.show_stages(self.skill.last_stages)
        if not self.teach.start.isChecked():   # a reading under way keeps its words
            self.teach.refresh()

    def show_level(self, level_db: float) -> None:
        self.show_echo()
        self.meter.setValue(meter_percent(level_db))
        self.meter.setFormat(
            translate("voice_dock", "mic {level_db:.0f} dB").format(level_db=level_db) if level_db > -120
            else translate("voice_dock", "mic —"))


    def show_echo(self) -> None:
        """Whether her voice is taken out of the microphone yet, and by how much."""
        echo = self.skill.echo
        self.echo.setVisible(echo is not None)
        if echo is None:
            return
        self.echo.setText(translate("voice_dock", "Her voice is taken out of the microphone ({erle_db:.0f} dB).")
                          .format(erle_db=echo.erle_db) if echo.converged else
                          translate("voice_dock", "Learning how her voice comes back from your speakers: she "
                                                  "needs to speak a few seconds."))

    # ---- keys the main window got (it calls these) -------------------------------------------------------
    def window_key(self, event: QKeyEvent, down: bool) -> bool:
        """True when the key is the talk key: the window keeps it from the focused widget."""
        name = key_name(event.key())
        if name is None:
            return False
        if event.isAutoRepeat():  # a held key repeats as up/down pairs: the hold goes on
            return self.skill.keys.key is not None and name == self.skill.keys.key.key
        return self.skill.keys.window(name, down, modifier_names(event) if down else None)

    def window_deactivated(self) -> None:
        self.skill.keys.focus_lost()


def make_dock(skill: VoiceSkill) -> QWidget:
    return VoiceDock(skill)
