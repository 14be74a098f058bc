"""The tray icon and its menu. Where the platform has no system tray, the app runs window-only."""

from __future__ import annotations

import logging

from app.ui.actions import AppActions
from app.ui.qt import QIcon, QMenu, QObject, QSystemTrayIcon

log = logging.getLogger(__name__)


class Tray(QObject):
    def __init__(self, actions: AppActions, icon: QIcon, parent: QObject | None = None) -> None:
        super().__init__(parent)
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
        if QSystemTrayIcon.isSystemTrayAvailable():
            self.icon = QSystemTrayIcon(icon, self)
            self.icon.setContextMenu(self.menu)
            self.icon.activated.connect(self._activated)
            self.icon.show()
            self._actions = actions
        else:
            log.info("no system tray here: running window-only")

    @property
    def available(self) -> bool:
        return self.icon is not None

    def set_tooltip(self, text: str) -> None:
        if self.icon is not None:
            self.icon.setToolTip(text)

    def _activated(self, reason: QSystemTrayIcon.ActivationReason) -> None:
        if reason == QSystemTrayIcon.ActivationReason.Trigger:
            self._actions.show_hide.trigger()
