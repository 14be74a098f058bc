"""The status bar's permanent part, her state in one line: how many problems, her mood, live or not, the model she
thinks with, privacy mode, pause and mute. It reads the app each second and on demand (a session OBS opens
arrives from a worker thread, so no bus event is relied on), and tells its listeners (the tray) whenever the
state changed. The problems themselves are said in one place, the list above her stage: here only their count."""

from __future__ import annotations

from collections.abc import Callable

from app.compose import Bea
from app.core.affect import mood_word
from app.core.shell_state import ShellState, flags, model_text
from app.widgets.palette import PROBLEM, QUIET
from app.widgets.qt import QT_TRANSLATE_NOOP, QLabel, QObject, QPushButton, QStatusBar, QTimer, translate

REFRESH_MS = 1000
SWITCH_WORDS = {"mind paused": QT_TRANSLATE_NOOP("status_bar", "mind paused"),
                "voice muted": QT_TRANSLATE_NOOP("status_bar", "voice muted")}
LIVE_STYLE = "color: white; background: #c62828; border-radius: 3px; padding: 0 6px; font-weight: 600;"


def read_state(bea: Bea) -> ShellState:
    stream = bea.mind.stream
    current = bea.settings.current
    stopped = set(bea.mind.models_privacy_stops())   # she falls back past them: the first she can use is hers
    usable = [m for m in current.mind.models if m not in stopped]
    return ShellState(live=stream is not None and stream.on_air, paused=bea.switches.paused,
                      muted=bea.switches.muted, privacy=current.privacy.enabled, model=usable[0] if usable else "",
                      local_network=current.privacy.enabled and bool(current.privacy.local_network))


class ShellStatus(QObject):
    def __init__(self, bea: Bea, bar: QStatusBar) -> None:
        super().__init__(bar)
        self.bea, self.bar = bea, bar
        self.live = QLabel(objectName="statusLive")
        self.model = QLabel(objectName="statusModel")
        self.privacy = QLabel(objectName="statusPrivacy")
        self.switches = QLabel(objectName="statusSwitches")
        self.mood = QLabel(objectName="statusMood")
        self.problems = QPushButton(objectName="statusProblems", flat=True)
        self.problems.setStyleSheet(f"color: {PROBLEM}; font-weight: 600;")
        self.problems.setToolTip(translate("status_bar", "What is wrong is listed above her stage: show every line, "
                                                         "or only the first."))
        self.problems.hide()
        for label in (self.problems, self.switches, self.mood, self.live, self.model, self.privacy):
            bar.addPermanentWidget(label)
        self.state: ShellState | None = None
        self._listeners: list[Callable[[ShellState], None]] = []
        self.timer = QTimer(self, interval=REFRESH_MS)
        self.timer.timeout.connect(self.refresh)
        self.timer.start()
        self.refresh()

    def on_change(self, fn: Callable[[ShellState], None]) -> None:
        """fn(state) now and each time the state changes."""
        self._listeners.append(fn)
        if self.state is not None:
            fn(self.state)

    def set_problems(self, count: int) -> None:
        """How many problems the list above her stage holds now."""
        self.problems.setText(translate("status_bar", "⚠ 1 problem") if count == 1 else
                              translate("status_bar", "⚠ {count} problems").format(count=count))
        self.problems.setVisible(count > 0)

    def refresh(self) -> None:
        self.mood.setText(translate("status_bar", "Mood: {mood}").format(
            mood=translate("activity", mood_word(self.bea.mind.mood.current()))))   # the words: MOOD_NAMES
        state = read_state(self.bea)
        if state == self.state:
            return
        before, self.state = self.state, state
        self.live.setText(translate("status_bar", "● LIVE") if state.live else translate("status_bar", "Not live"))
        self.live.setStyleSheet(LIVE_STYLE if state.live else f"color: {QUIET};")
        self.live.setToolTip(
            translate("status_bar", "A stream session is open: what happens now belongs to this stream.") if state.live
                             else translate("status_bar", "No stream session is open: File → Go live starts one."))
        self.model.setText(translate("status_bar", "Model: {state}").format(
            state=translate("status_bar", model_text(state))))
        self.privacy.setText(translate("status_bar", "Privacy mode: off") if not state.privacy
                             else translate("status_bar", "Privacy mode: on (local network)") if state.local_network
                             else translate("status_bar", "Privacy mode: on (local only)"))
        self.switches.setText(" · ".join(translate("status_bar", SWITCH_WORDS[f]) for f in flags(state)
                                         if f in SWITCH_WORDS))
        if before is not None and before.live != state.live:
            self.bar.showMessage(
                translate("status_bar", "You're live: what happens from now on belongs to this stream.") if state.live
                                 else translate("status_bar", "The stream session has ended."), 10000)
        for fn in list(self._listeners):
            fn(state)
