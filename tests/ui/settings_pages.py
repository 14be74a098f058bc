"""Opening one page of the Settings dialog on the composed app, as the streamer does from the menu."""

from collections.abc import Iterator
from contextlib import contextmanager

from app.ui import launch

MIND = 1   # the Mind page's row in the dialog's list


@contextmanager
def opened(bea, qtbot, row: int = MIND) -> Iterator[tuple]:
    """(the dialog, the page's widget); the window is let go afterwards."""
    shell = launch.Shell(bea, launch.app_icon())
    dialog = shell.window.open_settings()
    qtbot.addWidget(dialog)
    dialog.pages.setCurrentRow(row)
    try:
        yield dialog, dialog.stack.currentWidget()
    finally:
        shell.window.hide_on_close = False
        shell.window.deleteLater()
