"""The main window: the stage in the centre, one dock per skill plus Events, menus, and a status bar.

It is laid out for the streamer, not for a debugger, and fits a 1280x720 screen: her stage and the conversation
take most of it (the Chat dock runs the right column's upper part, the full height of the window less Get started
and the skills' docks below it); what is wrong shows in one list above her stage; her state is the status bar's one
line. The Activity, Turn Log and Context docks and the app's state strip are the details: hidden until View →
Details (or the status bar's Details button) shows them together. Every dock scrolls what does not fit rather than
pushing the window past the screen."""

from __future__ import annotations

import logging

from app import APP_NAME, __version__
from app.compose import Bea
from app.skills.registry import resolve_factory
from app.ui import window_layout
from app.ui.actions import AppActions
from app.ui.context_dock import ContextView
from app.ui.events_dock import EventLog
from app.ui.export_session import SessionExport
from app.ui.getting_started_dock import GettingStartedDock
from app.ui.memory_dock import MemoryDock
from app.ui.model_manager_dialog import ModelManagerDialog
from app.ui.mood_dock import make_mood_dock
from app.ui.problems_panel import ProblemsPanel
from app.ui.prompt_diff import PromptChangesDialog
from app.ui.settings_dialog import SettingsDialog
from app.ui.stage_status import StageStatus
from app.ui.status_bar import ShellStatus
from app.ui.turn_log_dock import TurnLogView
from app.widgets.qt import (
    QAction,
    QApplication,
    QCloseEvent,
    QDesktopServices,
    QDockWidget,
    QEvent,
    QKeyEvent,
    QKeySequence,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QSplitter,
    Qt,
    QTabBar,
    QTimer,
    QUrl,
    QVBoxLayout,
    QWidget,
    Signal,
    translate,
)
from app.widgets.scrolling_dock import ScrollingDock

log = logging.getLogger(__name__)

# the right column's two places, each a row of tabs, the first in front; a right dock not named here joins the
# last place, so the column never grows past what a small screen holds. Get started sits beside the conversation,
# never over it: in the second place, in front there while steps remain
RIGHT_TABS = (("chat", "twitch", "youtube"), ("start", "voice", "stage", "obs", "plan", "clock"))
DETAILS = ("events", "turns", "context")   # a debugger's view: hidden until View → Details
CHAT_SHARE = 60        # percent of the right column's height for the conversation's place
BOTTOM_SHARE = 34      # percent of the window's height for the row of tabs under her stage
BOTTOM = Qt.DockWidgetArea.BottomDockWidgetArea
SAVE_AFTER_MS = 1500
FRAME_KNOWN_MS = 300
RIGHT = Qt.DockWidgetArea.RightDockWidgetArea


class MainWindow(QMainWindow):
    close_requested = Signal()
    sent_to_tray = Signal()

    def __init__(self, bea: Bea, actions: AppActions, hide_on_close: bool = False) -> None:
        super().__init__()
        self.bea = bea
        self.actions = actions
        self.hide_on_close = hide_on_close
        self.setObjectName("mainWindow")
        self.setDockNestingEnabled(False)
        self.setCorner(Qt.Corner.BottomRightCorner, RIGHT)  # the chat column runs the window's full height
        self._placed = False
        self._arranged = False
        self._switching_details = False
        self._saved_geometry = b""
        self._save_soon = QTimer(self, singleShot=True, interval=SAVE_AFTER_MS)  # a layout settles, then is kept
        self._save_soon.timeout.connect(self.save_layout)
        self.stage = StageStatus(bea, compact="stage" in bea.skills)
        self.stage_view = None
        chat = bea.skills.get("chat")   # the Chat skill keeps what is wrong; the list above her stage shows it
        # ...but for a turn she could not answer, which the Chat dock says under the line it failed to answer
        self.problems = (ProblemsPanel(chat, self.open_settings, said_elsewhere=frozenset({"mind"}))
                         if chat is not None else None)
        if "stage" in bea.skills:  # her avatar above, the state of the app in a strip below (a detail)
            from app.skills.stage.view import make_stage  # QtWebEngine only when the stage skill exists
            self.stage_view = make_stage(bea.skills["stage"], later=True)   # web view once the window is painted
            centre = QSplitter(Qt.Orientation.Vertical, objectName="centre")
            centre.addWidget(self.stage_view)
            centre.addWidget(self.stage)
            centre.setStretchFactor(0, 1)
            centre.setStretchFactor(1, 0)
            centre.setChildrenCollapsible(False)
        else:
            centre = self.stage
        if self.problems is not None:
            holder = QWidget(objectName="centreWithProblems")
            column = QVBoxLayout(holder)
            column.setContentsMargins(0, 0, 0, 0)
            column.setSpacing(2)
            column.addWidget(self.problems)
            column.addWidget(centre, 1)
            centre = holder
        self.setCentralWidget(centre)
        self.docks: dict[str, QDockWidget] = {}
        self.areas: dict[str, Qt.DockWidgetArea] = {}
        self._add_dock("events", translate("main_window", "Activity"), EventLog(bea.bus), BOTTOM)
        self._add_dock("turns", translate("main_window", "Turn Log"), TurnLogView(bea.mind.turn_log, bea.bus), BOTTOM)
        self._add_dock("context", translate("main_window", "Context"), ContextView(bea.mind, bea.bus), BOTTOM)
        mood = make_mood_dock(bea.mind.mood.history, now=bea.clock.time,
                              half_life_s=bea.settings.current.mind.mood_half_life_minutes * 60)
        self._add_dock("mood", translate("main_window", "Mood"), mood, BOTTOM)
        memory = MemoryDock(bea.mind, bea.bus, clock=bea.clock.time)
        self._add_dock("memory", translate("main_window", "Memory"), memory, BOTTOM)
        self.getting_started = GettingStartedDock(bea, self.open_settings)
        self._add_dock("start", translate("main_window", "Get started"), self.getting_started, RIGHT)
        for key, skill in bea.skills.items():
            if skill.dock:
                widget = resolve_factory(skill.dock)(skill)
                # a wide dock joins the tabs under the stage
                self._add_dock(key, translate("skills", skill.title), widget, BOTTOM if skill.dock_area == "bottom"
                               else RIGHT)
        self.details = QAction(translate("main_window", "Details"), self, checkable=True, objectName="details")
        self.details.setShortcut(QKeySequence("Ctrl+D"))
        self.details.setToolTip(translate("main_window", "Activity, Turn Log, Context and the app's state: what she "
                                                         "perceived, thought and did, turn by turn."))
        self.details.toggled.connect(self.show_details)
        for key in DETAILS:
            if key in self.docks:   # a details dock closed or opened on its own: the switch follows
                self.docks[key].toggleViewAction().toggled.connect(self._details_followed)
        self.setGeometry(*self._default_geometry())  # the docks take their shares of the size it opens at
        self.arrange_docks()
        self.export = SessionExport(self, bea.mind.stream, lambda text: self.statusBar().showMessage(text, 15000))
        self._build_menus()
        self.status = ShellStatus(bea, self.statusBar())   # her state in one line: mood, live, model, privacy...
        details_button = QPushButton(translate("main_window", "Details"), objectName="detailsButton", flat=True,
                                     checkable=True)
        details_button.setToolTip(self.details.toolTip())
        details_button.toggled.connect(self.details.setChecked)
        self.details.toggled.connect(details_button.setChecked)
        self.statusBar().addPermanentWidget(details_button)
        self.details_button = details_button
        if self.problems is not None:
            self.problems.changed.connect(self.status.set_problems)
            self.status.set_problems(len(self.problems.order))
            self.status.problems.clicked.connect(lambda: self.problems.set_expanded(not self.problems.expanded))
        self.statusBar().showMessage(
            translate("main_window", "Memory open: schema {version}, encrypted").format(version=bea.db.version), 5000)
        bea.settings.on_change(lambda path, _v: self.refresh_mode() if path.startswith("privacy") else None)
        bea.switches.on_change(lambda _n, _v: self.refresh_mode())
        actions.show_hide.triggered.connect(self.toggle_visible)
        self.refresh_mode()
        self._restored = self._restore_layout()
        self._details_followed()
        self.close_requested.connect(self.save_layout)
        actions.quit.triggered.connect(self.save_layout)

    def _add_dock(self, key: str, title: str, widget, area) -> None:
        dock = ScrollingDock(title, widget, self)
        dock.setObjectName(f"dock-{key}")
        for changed in (dock.resized, dock.topLevelChanged, dock.dockLocationChanged, dock.visibilityChanged):
            changed.connect(self._layout_changed)
        dock.dockLocationChanged.connect(self._whole_tab_names)   # a group of tabs the streamer makes
        self.docks[key] = dock
        self.areas[key] = area

    # ---- the layout: the default one, the streamer's own, and where the window opens ----------------------
    def arrange_docks(self) -> None:
        """The default layout: every dock docked and, but the details, shown; the bottom docks as one row of tabs
        under the stage, the right ones in RIGHT_TABS' two places; sizes in proportion to the window."""
        bottom = [d for k, d in self.docks.items() if self.areas[k] == BOTTOM]
        right = [k for k, a in self.areas.items() if a == RIGHT]
        places = [[k for k in group if k in self.docks] for group in RIGHT_TABS]
        places[-1] += [k for k in right if not any(k in group for group in RIGHT_TABS)]
        places = [group for group in places if group]
        if self._arranged:  # a dock the streamer moved or closed: taken out, to go back where it was at first
            for dock in self.docks.values():
                dock.setFloating(False)
                self.removeDockWidget(dock)
        self._arranged = True
        for dock in bottom:
            self.addDockWidget(BOTTOM, dock)
            if dock is not bottom[0]:
                self.tabifyDockWidget(bottom[0], dock)
        for group in places:
            self.addDockWidget(RIGHT, self.docks[group[0]], Qt.Orientation.Vertical)
            for key in group[1:]:
                self.tabifyDockWidget(self.docks[group[0]], self.docks[key])
        for dock in self.docks.values():
            dock.show()
        for group in places:
            front = group[1] if group[0] == "start" and len(group) > 1 and not self.getting_started.left \
                else group[0]   # the checklist in front until she is ready, then the first skill
            self.docks[front].raise_()
        shown = [d for k, d in self.docks.items() if self.areas[k] == BOTTOM and k not in DETAILS]
        if shown:
            shown[0].raise_()
        width, height = self.width(), self.height()
        if places:
            fronts = [self.docks[group[0]] for group in places]
            self.resizeDocks(fronts[:1], [max(300, min(480, width * 34 // 100))], Qt.Orientation.Horizontal)
            if len(fronts) > 1:
                self.resizeDocks(fronts[:2], [height * CHAT_SHARE // 100, height * (100 - CHAT_SHARE) // 100],
                                 Qt.Orientation.Vertical)
        if bottom:
            self.resizeDocks(bottom[:1], [max(150, min(320, height * BOTTOM_SHARE // 100))], Qt.Orientation.Vertical)
        self.show_details(False)
        self._apply_state(self.saveState(window_layout.LAYOUT_VERSION))
        self._details_followed()

    def show_details(self, on: bool) -> None:
        """View → Details: the Activity, Turn Log and Context docks (the Activity tab in front) and the app's state
        strip under her stage, shown or hidden together."""
        self._switching_details = True   # the docks' own toggles, one at a time, are not the streamer's
        try:
            for key in DETAILS:
                if key in self.docks:
                    self.docks[key].setVisible(on)
        finally:
            self._switching_details = False
        if on and "events" in self.docks:
            self.docks["events"].raise_()
        if self.stage_view is not None:   # without her stage, the app's state is the whole centre
            self.stage.setVisible(on)
        if self.details.isChecked() != on:
            self.details.setChecked(on)

    def _details_followed(self, *_: object) -> None:
        """The Details switch is on while any details dock is open (one opened from View, or all closed)."""
        if self._switching_details:
            return
        on = any(self.docks[k].toggleViewAction().isChecked() for k in DETAILS if k in self.docks)
        if self.details.isChecked() != on:
            self.details.setChecked(on)   # and so show_details(on): one details dock opened brings the others
        elif self.stage_view is not None:
            self.stage.setVisible(on)

    def _apply_state(self, state: bytes) -> bool:
        """Qt 6.12 leaves behind a visible tab bar for each group of tabs made after the first, and another for
        every group when a state is restored over tabs (over other docks, at a stale place); hidden first, they
        stay hidden, and restoring builds the groups' own bars afresh."""
        for child in self.children():
            if isinstance(child, QWidget) and child.inherits("QTabBar"):
                child.hide()
        restored = self.restoreState(state, window_layout.LAYOUT_VERSION)
        self._whole_tab_names()
        return restored

    def _whole_tab_names(self, *_: object) -> None:
        """Qt cuts every name in a row of dock tabs ('Orolo...') once the row is a little too wide for its dock
        (the Italian names beside Voice at 1280x720); the row scrolls instead, each name whole."""
        for bar in self.findChildren(QTabBar):
            if bar.parent() is self:
                bar.setElideMode(Qt.TextElideMode.ElideNone)
                bar.setUsesScrollButtons(True)

    def reset_layout(self) -> None:
        """View → Reset layout: the default docks again, where they first were."""
        self.arrange_docks()
        self.save_layout()

    def _layout_changed(self, *_: object) -> None:
        if self._placed:
            self._save_soon.start()

    def resizeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._layout_changed()

    def moveEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt's name)
        super().moveEvent(event)
        self._layout_changed()

    def save_layout(self) -> None:
        self._save_soon.stop()
        window_layout.save(self.bea.paths.root, bytes(self.saveGeometry().data()),
                           bytes(self.saveState(window_layout.LAYOUT_VERSION).data()))

    def _restore_layout(self) -> bool:
        saved = window_layout.load(self.bea.paths.root)
        if saved is None:
            return False
        geometry, state = saved
        if not self._apply_state(state):
            log.warning("the saved window layout did not fit these docks: the default one stands")
            self.arrange_docks()
            return False
        self.restoreGeometry(geometry)
        self._saved_geometry = geometry
        return True

    def _frame(self) -> tuple[int, int, int, int]:
        outer, inner = self.frameGeometry(), self.geometry()
        return (inner.x() - outer.x(), inner.y() - outer.y(), outer.right() - inner.right(),
                outer.bottom() - inner.bottom())

    def _free_area(self) -> tuple[int, int, int, int]:
        """The free area (no panels, no task bar) of the screen the window is on, or would be on if shown now."""
        screen = QApplication.screenAt(self.frameGeometry().center()) or self.screen()
        return screen.availableGeometry().getRect()

    def _default_geometry(self) -> tuple[int, int, int, int]:
        """PREFERRED, centred in the free area of the window's screen and no larger (with room for a frame)."""
        free = self._free_area()
        frame = tuple(max(a, b) for a, b in zip(self._frame(), window_layout.TITLE_BAR, strict=True))
        return window_layout.placement(free, window_layout.PREFERRED, frame)

    def place_on_screen(self) -> None:
        """Inside the free area of the window's screen: the default size centred, or a restored one pulled in."""
        if not (self._placed or self._restored):
            self.setGeometry(*self._default_geometry())
        else:
            if not self._placed and self._saved_geometry:
                # before the window is shown its docks ask for more room than they will (each restored group
                # counted whole), and the saved size was held to that: the size as saved, now that they know
                self.layout().activate()
                self.restoreGeometry(self._saved_geometry)
            self.setGeometry(*window_layout.inside(self._free_area(), self.frameGeometry().getRect(), self._frame()))
        self._placed = True

    def showEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt's name)
        if not self._placed:
            self.place_on_screen()
            # the window manager tells the size of its frame only once the window is up: then check again
            QTimer.singleShot(FRAME_KNOWN_MS, self.keep_frame_on_screen)
        super().showEvent(event)

    def keep_frame_on_screen(self) -> None:
        free = self._free_area()
        outer = self.frameGeometry().getRect()
        if window_layout.inside(free, outer, (0, 0, 0, 0)) != outer:
            self.setGeometry(*window_layout.inside(free, outer, self._frame()))

    def hideEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt's name)
        self.save_layout()
        super().hideEvent(event)

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file = bar.addMenu(translate("main_window", "&File"))
        for action in (self.actions.go_live, self.actions.end_stream, self.actions.pause, self.actions.mute,
                       self.actions.privacy):
            file.addAction(action)
        file.addSeparator()
        file.addAction(translate("main_window", "Export session…"), self.export.run)
        file.addAction(translate("main_window", "Open data folder"), lambda: self._open(self.bea.paths.root))
        file.addAction(translate("main_window", "Open log file"), self.open_log)
        file.addSeparator()
        file.addAction(self.actions.quit)
        view = bar.addMenu(translate("main_window", "&View"))
        view.addAction(self.details)
        view.addSeparator()
        for dock in self.docks.values():
            view.addAction(dock.toggleViewAction())
        view.addSeparator()
        view.addAction(translate("main_window", "Reset layout"), self.reset_layout)
        settings = bar.addMenu(translate("main_window", "&Settings"))
        settings.addAction(translate("main_window", "Preferences…"), self.open_settings)
        settings.addAction(translate("main_window", "Models…"), self.open_models)
        help_menu = bar.addMenu(translate("main_window", "&Help"))
        help_menu.addAction(translate("main_window", "Open log file"), self.open_log)
        help_menu.addAction(translate("main_window", "Prompt changes…"), self.open_prompt_changes)
        help_menu.addAction(translate("main_window", "About {app_name}").format(app_name=APP_NAME), self.about)

    def _open(self, path) -> None:
        if not QDesktopServices.openUrl(QUrl.fromLocalFile(str(path))):
            self.statusBar().showMessage(translate("main_window", "Could not open {path}").format(path=path), 8000)

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
        QMessageBox.about(self, translate("main_window", "About {app_name}").format(app_name=APP_NAME),
                          translate("main_window", "<b>{app_name} {version}</b><p>An AI co-host for live streams that "
                                                   "lives on your own machine: her memory is one encrypted file in "
                                                   "your data folder.</p><p>Data folder: {root}</p>").format(
                                                       app_name=APP_NAME, version=__version__,
                                                       root=self.bea.paths.root))

    def title(self) -> str:
        privacy = self.bea.settings.current.privacy
        if not privacy.enabled:
            return APP_NAME
        if privacy.local_network:
            return translate("main_window", "{app_name} — privacy mode (local network)").format(app_name=APP_NAME)
        return translate("main_window", "{app_name} — privacy mode").format(app_name=APP_NAME)

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
