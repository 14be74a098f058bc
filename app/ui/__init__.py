"""The Qt side: main window, tray, settings dialog, shared widgets. Qt comes in through app.ui.qt only."""
