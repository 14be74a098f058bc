"""Starting the desktop app: Qt first (QtWebEngine before the QApplication), then asyncio on a qasync loop."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
from pathlib import Path

from app import APP_NAME, compose
from app.memory.database import StoreError
from app.memory.keys import KeyUnavailable
from app.paths import resources_dir
from app.ui import passphrase
from app.ui.actions import AppActions
from app.ui.main_window import MainWindow
from app.ui.qt import QApplication, QIcon, QMessageBox, QTimer
from app.ui.tray import Tray

log = logging.getLogger(__name__)


class Shell:
    """The window, the tray and the actions around one composed Bea, and the way to quit them."""

    def __init__(self, bea: compose.Bea, icon: QIcon) -> None:
        self.bea = bea
        self.actions = AppActions(bea)
        self.tray = Tray(self.actions, icon)
        self.window = MainWindow(bea, self.actions, hide_on_close=self.tray.available)
        self.window.setWindowIcon(icon)
        self.quit_requested = asyncio.Event()
        self.actions.quit.triggered.connect(self.quit_requested.set)
        self.window.close_requested.connect(self.quit_requested.set)
        QApplication.instance().aboutToQuit.connect(self.quit_requested.set)
        self.actions.privacy.toggled.connect(self._tooltip)
        self._tooltip()

    def _tooltip(self, *_: object) -> None:
        self.tray.set_tooltip(self.window.title())

    async def serve(self) -> int:
        """Run until the streamer quits, then stop everything (bounded in time) and close the window."""
        loop = asyncio.get_running_loop()
        loop.set_default_executor(self.bea.blocking)
        self._catch_signals(loop)
        await compose.start(self.bea)
        self.window.refresh_mode()
        self.window.docks["turns"].widget().refresh()
        if not (self.tray.available and self.bea.settings.current.ui.start_minimized):
            self.window.show()
        try:
            await self.quit_requested.wait()
        finally:
            await compose.stop(self.bea)
            self.window.hide_on_close = False
            self.window.deleteLater()
        return 0


    def _catch_signals(self, loop: asyncio.AbstractEventLoop) -> None:
        """Ctrl+C or SIGTERM quits like the Quit action. Python runs signal handlers only when it gets the
        thread back from Qt, so a light timer hands it back a few times a second."""
        def request(_signum: int, _frame: object) -> None:
            loop.call_soon_threadsafe(self.quit_requested.set)
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


def run(data_dir: Path) -> int:
    import qasync

    qapp = application()
    icon = app_icon()
    qapp.setWindowIcon(icon)
    try:
        bea = compose.build(data_dir, ask_passphrase=passphrase.ask)
    except (StoreError, KeyUnavailable) as exc:
        if os.environ.get("QT_QPA_PLATFORM") != "offscreen":
            QMessageBox.critical(None, f"{APP_NAME} cannot open its memory", str(exc))
        raise
    shell = Shell(bea, icon)
    # one qasync loop for the whole run, closed at the end (asyncio.Runner's extra teardown crashes
    # alongside a QWebEngineView)
    loop = qasync.QEventLoop(qapp)
    asyncio.set_event_loop(loop)
    try:
        return loop.run_until_complete(shell.serve())
    finally:
        loop.close()
        asyncio.set_event_loop(None)
