"""The main window: the stage in the centre, one dock per skill plus Events, menus, and a status bar."""

from __future__ import annotations

import logging
import time

from app import APP_NAME, __version__
from app.compose import Bea
from app.skills.registry import resolve_factory
from app.ui.actions import AppActions
from app.ui.context_dock import ContextView
from app.ui.events_dock import EventLog
from app.ui.export_session import SessionExport
from app.ui.getting_started_dock import GettingStartedDock
from app.ui.memory_dock import MemoryDock
from app.ui.model_manager_dialog import ModelManagerDialog
from app.ui.mood_dock import make_mood_dock
from app.ui.prompt_diff import PromptChangesDialog
from app.ui.qt import (
    QCloseEvent,
    QDesktopServices,
    QDockWidget,
    QEvent,
    QKeyEvent,
    QMainWindow,
    QMessageBox,
    QSplitter,
    Qt,
    QUrl,
    Signal,
)
from app.ui.settings_dialog import SettingsDialog
from app.ui.stage_status import StageStatus
from app.ui.status_bar import ShellStatus
from app.ui.turn_log_dock import TurnLogView

log = logging.getLogger(__name__)

# docks on the right that share one place as tabs, the first in front
RIGHT_TABS = (("chat", "twitch", "youtube", "start"), ("stage", "obs"), ("plan", "clock"))


class MainWindow(QMainWindow):
    close_requested = Signal()
    sent_to_tray = Signal()

    def __init__(self, bea: Bea, actions: AppActions, hide_on_close: bool = False) -> None:
        super().__init__()
        self.bea = bea
        self.actions = actions
        self.hide_on_close = hide_on_close
        self.setObjectName("mainWindow")
        self.resize(1200, 760)
        self.stage = StageStatus(bea, compact="stage" in bea.skills)
        self.stage_view = None
        if "stage" in bea.skills:  # her avatar above, the state of the app in a strip below
            from app.stage.view import make_stage  # QtWebEngine only when the stage skill exists
            self.stage_view = make_stage(bea)
            centre = QSplitter(Qt.Orientation.Vertical, objectName="centre")
            centre.addWidget(self.stage_view)
            centre.addWidget(self.stage)
            centre.setStretchFactor(0, 1)
            centre.setStretchFactor(1, 0)
            centre.setChildrenCollapsible(False)
            self.setCentralWidget(centre)
        else:
            self.setCentralWidget(self.stage)
        self.docks: dict[str, QDockWidget] = {}
        self._add_dock("events", "Activity", EventLog(bea.bus), Qt.DockWidgetArea.BottomDockWidgetArea)
        self._add_dock("turns", "Turn Log", TurnLogView(bea.mind.turn_log, bea.bus),
                       Qt.DockWidgetArea.BottomDockWidgetArea)
        self._add_dock("context", "Context", ContextView(bea.mind, bea.bus), Qt.DockWidgetArea.BottomDockWidgetArea)
        self._add_dock("mood", "Mood", make_mood_dock(bea.mind.mood.history, now=time.time,
                                                     half_life_s=bea.settings.current.mind.mood_half_life_minutes * 60),
                       Qt.DockWidgetArea.BottomDockWidgetArea)
        self._add_dock("memory", "Memory", MemoryDock(bea.mind, bea.bus), Qt.DockWidgetArea.BottomDockWidgetArea)
        for key in ("turns", "context", "mood", "memory"):
            self.tabifyDockWidget(self.docks["events"], self.docks[key])
        self.getting_started = GettingStartedDock(bea, self.open_settings)
        self._add_dock("start", "Get started", self.getting_started, Qt.DockWidgetArea.RightDockWidgetArea)
        for key, skill in bea.skills.items():
            if skill.dock:
                widget = resolve_factory(skill.dock)(skill)
                wide = skill.dock_area == "bottom"  # a wide dock joins the tabs under the stage
                self._add_dock(key, skill.title, widget, Qt.DockWidgetArea.BottomDockWidgetArea if wide
                               else Qt.DockWidgetArea.RightDockWidgetArea)
                if wide:
                    self.tabifyDockWidget(self.docks["events"], self.docks[key])
        for front, *behind in RIGHT_TABS:  # the right column stays readable: related docks share a place
            for key in behind:
                if front in self.docks and key in self.docks:
                    self.tabifyDockWidget(self.docks[front], self.docks[key])
            if front in self.docks:
                self.docks[front].raise_()
        self.docks["events"].raise_()  # the Activity tab in front
        if self.getting_started.left:  # until she has what she needs, the checklist is in front of the chat
            self.docks["start"].raise_()
        self.resizeDocks([self.docks["events"]], [170], Qt.Orientation.Vertical)
        self.export = SessionExport(self, bea.mind.stream, lambda text: self.statusBar().showMessage(text, 15000))
        self._build_menus()
        self.status = ShellStatus(bea, self.statusBar())   # live, model, privacy, pause and mute
        self.statusBar().showMessage(f"Memory open: schema {bea.db.version}, encrypted", 5000)
        bea.settings.on_change(lambda path, _v: self.refresh_mode() if path.startswith("privacy") else None)
        bea.switches.on_change(lambda _n, _v: self.refresh_mode())
        actions.show_hide.triggered.connect(self.toggle_visible)
        self.refresh_mode()

    def _add_dock(self, key: str, title: str, widget, area) -> None:
        dock = QDockWidget(title, self)
        dock.setObjectName(f"dock-{key}")
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        self.docks[key] = dock

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file = bar.addMenu("&File")
        for action in (self.actions.go_live, self.actions.end_stream, self.actions.pause, self.actions.mute,
                       self.actions.privacy):
            file.addAction(action)
        file.addSeparator()
        file.addAction("Export session…", self.export.run)
        file.addAction("Open data folder", lambda: self._open(self.bea.paths.root))
        file.addAction("Open log file", self.open_log)
        file.addSeparator()
        file.addAction(self.actions.quit)
        view = bar.addMenu("&View")
        for dock in self.docks.values():
            view.addAction(dock.toggleViewAction())
        settings = bar.addMenu("&Settings")
        settings.addAction("Preferences…", self.open_settings)
        settings.addAction("Models…", self.open_models)
        help_menu = bar.addMenu("&Help")
        help_menu.addAction("Open log file", self.open_log)
        help_menu.addAction("Prompt changes…", self.open_prompt_changes)
        help_menu.addAction(f"About {APP_NAME}", self.about)

    def _open(self, path) -> None:
        if not QDesktopServices.openUrl(QUrl.fromLocalFile(str(path))):
            self.statusBar().showMessage(f"Could not open {path}", 8000)

    def open_log(self) -> None:
        self._open(self.bea.paths.log)

    def open_settings(self, section: str | None = None) -> SettingsDialog:
        dialog = SettingsDialog(self.bea, self)
        if section:
            dialog.show_section(section)
        dialog.open()
        return dialog

    def open_prompt_changes(self) -> PromptChangesDialog:
        dialog = PromptChangesDialog(self.bea.mind.prompts, self)
        dialog.open()
        return dialog

    def open_models(self) -> ModelManagerDialog:
        dialog = ModelManagerDialog(self.bea.models, self)
        dialog.open()
        return dialog

    def about(self) -> None:
        QMessageBox.about(self, f"About {APP_NAME}",
                          f"<b>{APP_NAME} {__version__}</b><p>An AI co-host for live streams that lives on your "
                          "own machine: her memory is one encrypted file in your data folder.</p>"
                          f"<p>Data folder: {self.bea.paths.root}</p>")

    def title(self) -> str:
        privacy = self.bea.settings.current.privacy.enabled
        return f"{APP_NAME} — privacy mode" if privacy else APP_NAME

    def refresh_mode(self) -> None:
        self.setWindowTitle(self.title())
        self.status.refresh()
        self.stage.refresh()

    def toggle_visible(self) -> None:
        if self.isVisible() and not self.isMinimized():
            self.hide()
        else:
            self.showNormal()
            self.raise_()
            self.activateWindow()

    # keys nothing inside the window took (and the ones a dock claims) go to the docks that want them: a
    # virtual override, not an event filter on the application (a Python filter there crashed the app at quit)
    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt's name)
        if not self._dock_key(event, True):
            super().keyPressEvent(event)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt's name)
        if not self._dock_key(event, False):
            super().keyReleaseEvent(event)

    def _dock_key(self, event: QKeyEvent, down: bool) -> bool:
        taken = False
        for dock in self.docks.values():
            handler = getattr(dock.widget(), "window_key", None)
            if handler is not None and handler(event, down):
                taken = True
        if taken:
            event.accept()
        return taken

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.ActivationChange and not self.isActiveWindow():
            for dock in self.docks.values():
                handler = getattr(dock.widget(), "window_deactivated", None)
                if handler is not None:
                    handler()
        super().changeEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt's name)
        if self.hide_on_close:   # she keeps running in the tray (the shell says so, once)
            event.ignore()
            self.hide()
            self.sent_to_tray.emit()
            return
        event.ignore()
        self.close_requested.emit()
