"""Starting the desktop app: Qt first (QtWebEngine before the QApplication), then asyncio on a qasync loop."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

from app import APP_NAME, compose
from app.core.shell_state import ShellState
from app.memory.database import StoreError
from app.memory.keys import KeyUnavailable
from app.process.paths import resources_dir
from app.ui import passphrase
from app.ui.actions import AppActions
from app.ui.language import install_window_language
from app.ui.main_window import MainWindow
from app.ui.tray import Tray
from app.widgets.collector import WindowThreadCollector
from app.widgets.qt import (
    QT_TRANSLATE_NOOP,
    QApplication,
    QIcon,
    QMessageBox,
    QSystemTrayIcon,
    QTimer,
    QWidget,
    translate,
)

log = logging.getLogger(__name__)

END_AND_QUIT, QUIT_ONLY, CANCEL = "end", "quit", "cancel"
TRAY_NOTE = (QT_TRANSLATE_NOOP("launch", "{name} is still running"),
             QT_TRANSLATE_NOOP("launch", "She keeps going in the tray. To quit, choose Quit in the tray icon's menu."))


def ask_end_stream(parent: QWidget, answer: Callable[[str], None]) -> QMessageBox:
    """Quitting while live: end the stream and quit, quit and leave the session open, or stay. The answer goes to
    answer() (the box is modal but not blocking: the loop keeps running under it)."""
    box = QMessageBox(QMessageBox.Icon.Question, translate("launch", "Quit {app_name}?").format(app_name=APP_NAME),
                      translate("launch", "You are live. End the stream session as you quit?"), parent=parent)
    box.setObjectName("quitWhileLive")
    box.setInformativeText(
        translate("launch", "If you don't end it, the session stays open and goes on when you start her again."))
    choices = {box.addButton(translate("launch", "End stream and quit"),
                             QMessageBox.ButtonRole.AcceptRole): END_AND_QUIT,
               box.addButton(translate("launch", "Quit without ending"),
                             QMessageBox.ButtonRole.DestructiveRole): QUIT_ONLY,
               box.addButton(QMessageBox.StandardButton.Cancel): CANCEL}
    box.setDefaultButton(next(iter(choices)))
    box.finished.connect(lambda _result: answer(choices.get(box.clickedButton(), CANCEL)))   # Esc: Cancel
    box.open()
    return box


class Shell:
    """The window, the tray and the actions around one composed Bea, and the way to quit them."""

    def __init__(self, bea: compose.Bea, icon: QIcon, *,
                 tray_available: Callable[[], bool] = QSystemTrayIcon.isSystemTrayAvailable,
                 signals: bool = False) -> None:
        self.bea = bea
        self.quit_requested = asyncio.Event()
        self._loop: asyncio.AbstractEventLoop | None = None   # set by serve(); a signal before it is kept
        if signals:   # the app's own shell, not one a test makes
            self.catch_signals()
        self.actions = AppActions(bea)
        self.tray = Tray(self.actions, icon, available=tray_available)
        self.window = MainWindow(bea, self.actions, hide_on_close=self.tray.available)
        self.window.setWindowIcon(icon)
        self.asking: QMessageBox | None = None    # the quit-while-live question, while it is open
        self.told_tray = False                    # the window went to the tray once and said so
        self.actions.quit.triggered.connect(self.quit)
        self.window.close_requested.connect(self.quit)
        self.window.sent_to_tray.connect(self._went_to_tray)
        self.tray.appeared.connect(self._tray_appeared)
        QApplication.instance().aboutToQuit.connect(self.quit_requested.set)
        self.window.status.on_change(self._state_changed)
        for action in (self.actions.go_live, self.actions.end_stream):   # a visible sign at once
            action.triggered.connect(self.window.status.refresh)

    def _state_changed(self, state: ShellState) -> None:
        self.tray.show_state(state)
        self.actions.sync_live()   # a session OBS opened or closed reaches the menus too

    def _tray_appeared(self) -> None:
        self.window.hide_on_close = True

    def _went_to_tray(self) -> None:
        if not self.told_tray:
            title, text = TRAY_NOTE
            self.told_tray = self.tray.notify(translate("launch", title).format(name=APP_NAME),
                                              translate("launch", text))
            log.info("the window went to the tray%s", ": said so in a tray message" if self.told_tray else "")

    def quit(self) -> None:
        """Quit, asking first while she is live whether the stream session ends too."""
        self.window.status.refresh()
        if not (self.window.status.state and self.window.status.state.live):
            self.quit_requested.set()
            return
        if self.asking is not None:
            self.asking.raise_()
            return
        if self.window.isHidden():
            self.window.showNormal()
        self.asking = ask_end_stream(self.window, self._answered)

    def _answered(self, choice: str) -> None:
        self.asking = None
        if choice == CANCEL:
            return
        if choice == END_AND_QUIT:
            self.actions.end_stream.trigger()
        self.quit_requested.set()

    async def serve(self) -> int:
        """Run until the streamer quits, then stop everything (bounded in time) and close the window."""
        loop = asyncio.get_running_loop()
        loop.set_default_executor(self.bea.blocking)
        self._loop = loop
        shown = not (self.tray.available and self.bea.settings.current.ui.start_minimized)
        if shown:   # first: the docks say what is still starting, the stage's web view follows once it is painted
            self.window.show()
        await compose.start(self.bea)
        self.window.refresh_mode()
        self.window.docks["turns"].widget().refresh()
        if not shown and self.window.stage_view is not None:
            self.window.stage_view.make_web()   # in the tray: the view loads the page as it always did
        try:
            await self.quit_requested.wait()
        finally:
            await compose.stop(self.bea)
            self.window.hide_on_close = False
            self.window.deleteLater()
        return 0

    def catch_signals(self) -> None:
        """Ctrl+C or SIGTERM quits like the Quit action, from the moment the shell exists: one that comes while
        she is still starting is kept, and she quits once started. Python runs signal handlers only when it gets
        the thread back from Qt, so a light timer hands it back a few times a second."""
        def request(_signum: int, _frame: object) -> None:
            if self._loop is None:
                self.quit_requested.set()   # no loop runs yet: serve() finds it set
            else:
                self._loop.call_soon_threadsafe(self.quit_requested.set)
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, request)
        self._signal_tick = QTimer()
        self._signal_tick.timeout.connect(lambda: None)
        self._signal_tick.start(250)


def application() -> QApplication:
    qapp = QApplication.instance() or QApplication(sys.argv[:1])
    qapp.setApplicationName(APP_NAME)
    qapp.setOrganizationName(APP_NAME)
    qapp.setQuitOnLastWindowClosed(False)  # quitting is ours to decide, so shutdown always runs
    return qapp


def app_icon() -> QIcon:
    return QIcon(str(resources_dir() / "icons" / "bea.svg"))


def run(data_dir: Path, env: Mapping[str, str] | None = None) -> int:
    import qasync

    qapp = application()
    collector = WindowThreadCollector(qapp)   # widgets in reference cycles die on the window's thread
    icon = app_icon()
    qapp.setWindowIcon(icon)
    install_window_language("system")   # the passphrase, before her settings can be read
    try:
        bea = compose.build(data_dir, ask_passphrase=passphrase.ask, env=env)
    except (StoreError, KeyUnavailable) as exc:
        if os.environ.get("QT_QPA_PLATFORM") != "offscreen":
            QMessageBox.critical(None,
                                 translate("launch", "{app_name} cannot open its memory").format(app_name=APP_NAME),
                                 str(exc))
        raise
    install_window_language(bea.settings.current.ui.language)
    shell = Shell(bea, icon, signals=True)
    # one qasync loop for the whole run, closed at the end (asyncio.Runner's extra teardown crashes
    # alongside a QWebEngineView)
    loop = qasync.QEventLoop(qapp)
    asyncio.set_event_loop(loop)
    try:
        return loop.run_until_complete(shell.serve())
    finally:
        loop.close()
        asyncio.set_event_loop(None)
        collector.stop()
