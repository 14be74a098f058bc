"""The tray icon and its menu. Its icon and tooltip show whether she is live, paused or muted. Where the platform
has no system tray the app runs window-only, and keeps looking for one for a while: a desktop panel that starts
after Bea (autostart) still gets her icon."""

from __future__ import annotations

import logging
from collections.abc import Callable

from app import APP_NAME
from app.core.shell_state import LIVE, PAUSED, ShellState, badges, tooltip
from app.ui.actions import AppActions
from app.widgets.qt import (
    QColor,
    QIcon,
    QMenu,
    QObject,
    QPainter,
    QPen,
    QPixmap,
    QRectF,
    QSystemTrayIcon,
    QTimer,
    Signal,
    translate,
)

log = logging.getLogger(__name__)

POLL_MS = 5000            # how often to look for a tray that was not there at start-up
POLL_FOR_MS = 10 * 60_000  # and for how long
ICON_SIZES = (16, 22, 24, 32, 48, 64)
COLORS = {LIVE: "#e53935", PAUSED: "#f9a825"}
MUTED_COLOR = "#607d8b"


def badge_pixmap(base: QIcon, size: int, marks: tuple[str, ...]) -> QPixmap:
    """The icon at one size with its marks: the live dot bottom right, the pause/mute dot top right."""
    pixmap = base.pixmap(size, size)
    if not marks:
        return pixmap
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    dot = max(6.0, size * 0.42)
    painter.setPen(QPen(QColor("white"), max(1.0, size / 16)))
    for mark in marks:
        top = 0.5 if mark != LIVE else size - dot - 0.5
        painter.setBrush(QColor(COLORS.get(mark, MUTED_COLOR)))
        painter.drawEllipse(QRectF(size - dot - 0.5, top, dot, dot))
    painter.end()
    return pixmap


def badged_icon(base: QIcon, state: ShellState) -> QIcon:
    marks = badges(state)
    if not marks:
        return base
    icon = QIcon()
    for size in ICON_SIZES:
        icon.addPixmap(badge_pixmap(base, size, marks))
    return icon


class Tray(QObject):
    appeared = Signal()   # a tray turned up after start-up: the icon is there now

    def __init__(self, actions: AppActions, icon: QIcon, parent: QObject | None = None, *,
                 available: Callable[[], bool] = QSystemTrayIcon.isSystemTrayAvailable) -> None:
        super().__init__(parent)
        self._actions = actions
        self.base_icon = icon
        self.state = ShellState()
        self.menu = QMenu()
        self.menu.setObjectName("trayMenu")
        self.menu.addAction(actions.show_hide)
        self.menu.addSeparator()
        self.menu.addAction(actions.go_live)
        self.menu.addAction(actions.end_stream)
        self.menu.addSeparator()
        for action in (actions.pause, actions.mute, actions.privacy):
            self.menu.addAction(action)
        self.menu.addSeparator()
        self.menu.addAction(actions.quit)
        self.icon: QSystemTrayIcon | None = None
        self._available = available
        self._polls_left = POLL_FOR_MS // POLL_MS
        self.poll_timer = QTimer(self, interval=POLL_MS)
        self.poll_timer.timeout.connect(self.look_again)
        if available():
            self._create()
        else:
            log.info("no system tray here: running window-only (looking again every %d s for a while)",
                     POLL_MS // 1000)
            self.poll_timer.start()

    @property
    def available(self) -> bool:
        return self.icon is not None

    def look_again(self) -> bool:
        """One look for a system tray that was missing; True once the icon is there."""
        if self.icon is None and self._available():
            self.poll_timer.stop()
            self._create()
            log.info("a system tray turned up: her icon is there now")
            self.appeared.emit()
        else:
            self._polls_left -= 1
            if self._polls_left <= 0:
                self.poll_timer.stop()
        return self.icon is not None

    def _create(self) -> None:
        self.icon = QSystemTrayIcon(self.current_icon(), self)
        self.icon.setToolTip(tooltip(self.state, APP_NAME))
        self.icon.setContextMenu(self.menu)
        self.icon.activated.connect(self._activated)
        self.icon.show()

    def current_icon(self) -> QIcon:
        return badged_icon(self.base_icon, self.state)

    def tooltip(self) -> str:
        return tooltip(self.state, APP_NAME, translate)

    def show_state(self, state: ShellState) -> None:
        """Live, paused, muted, privacy and the model, on the icon and in its tooltip (kept for a late tray)."""
        self.state = state
        if self.icon is not None:
            self.icon.setIcon(self.current_icon())
            self.icon.setToolTip(self.tooltip())

    def notify(self, title: str, text: str) -> bool:
        """A balloon from the tray icon; False where there is no tray to show it."""
        if self.icon is None or not QSystemTrayIcon.supportsMessages():
            return False
        self.icon.showMessage(title, text, self.base_icon, 8000)
        return True

    def _activated(self, reason: QSystemTrayIcon.ActivationReason) -> None:
        if reason == QSystemTrayIcon.ActivationReason.Trigger:
            self._actions.show_hide.trigger()
