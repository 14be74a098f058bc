"""The actions the streamer reaches from both the tray and the window menus, sharing one checked state."""

from __future__ import annotations

import asyncio
import logging

from app.compose import Bea
from app.config.service import SettingsError
from app.core.events import EventKind
from app.core.failures import summary
from app.core.words import QT_TRANSLATE_NOOP, said
from app.process.tasks import spawn
from app.widgets.qt import QAction, QKeySequence, QObject, translate

log = logging.getLogger(__name__)


class AppActions(QObject):
    def __init__(self, bea: Bea, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.bea = bea
        self.show_hide = QAction(translate("actions", "Show/Hide"), self)
        self.pause = QAction(translate("actions", "Pause mind"), self, checkable=True)
        self.mute = QAction(translate("actions", "Mute voice"), self, checkable=True)
        self.privacy = QAction(translate("actions", "Privacy mode"), self, checkable=True)
        self.privacy.setToolTip(
            translate("actions", "Nothing leaves this machine, except to your own machines listed in Settings → "
                                 "General."))
        self.go_live = QAction(translate("actions", "Go live"), self)
        self.go_live.setToolTip(
            translate("actions", "Start a new session: what happens from now on belongs to this stream."))
        self.end_stream = QAction(translate("actions", "End stream"), self)
        self.go_live.triggered.connect(self._go_live)
        self.end_stream.triggered.connect(self._end_stream)
        self.quit = QAction(translate("actions", "Quit"), self)
        self.quit.setShortcut(QKeySequence.StandardKey.Quit)
        self.privacy.setChecked(bea.settings.current.privacy.enabled)
        self.pause.toggled.connect(bea.switches.set_paused)
        self.mute.toggled.connect(bea.switches.set_muted)
        self.privacy.toggled.connect(self._set_privacy)
        bea.settings.on_change(self._setting_changed)
        self.sync_live()

    def _go_live(self) -> None:
        stream = self.bea.mind.stream
        if stream is not None:
            sid = stream.go_live("streamer")
            text, data = said(QT_TRANSLATE_NOOP("activity", "live: session {session} is open"), session=sid)
            self.bea.bus.publish(EventKind.SYSTEM, "stream", text, session=sid, **data)
            self.sync_live()

    def _end_stream(self) -> None:
        mind = self.bea.mind
        if mind.consolidation is not None and mind.consolidation.end() is not None:
            try:
                asyncio.get_running_loop()
            except RuntimeError:   # no loop runs (a test driving the menu): the lines wait for the quit or the night
                pass
            else:
                # the stream's lines become memories now, not at night
                spawn(mind.consolidation.remember(), held=mind.tasks)
        self.sync_live()

    def sync_live(self) -> None:
        """The tray and the File menu offer only the step that fits: Go live while she is not on air, End
        stream while she is (a sitting that a heard line opened off air is not a stream to end)."""
        stream = self.bea.mind.stream
        live = stream is not None and stream.on_air
        self.go_live.setVisible(not live)
        self.go_live.setEnabled(stream is not None and not live)
        self.end_stream.setVisible(live)
        self.end_stream.setEnabled(live)

    def _set_privacy(self, on: bool) -> None:
        if self.bea.settings.current.privacy.enabled == on:
            return
        try:
            self.bea.settings.set("privacy.enabled", on)
        except (SettingsError, OSError) as exc:
            log.error("privacy mode could not be changed: %s", summary(exc))
            self.privacy.setChecked(not on)

    def _setting_changed(self, path: str, value: object) -> None:
        if path == "privacy.enabled" and self.privacy.isChecked() != bool(value):
            self.privacy.setChecked(bool(value))
