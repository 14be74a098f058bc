"""The main window and what hangs on it: tray, menus, settings dialog, the app's own docks. It stands above the
composition root; the widget kit it shares with the skills' docks is app.widgets (Qt comes in through
app.widgets.qt)."""
