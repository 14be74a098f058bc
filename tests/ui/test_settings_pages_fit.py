"""Every Settings page fits the dialog's width at its opening size: a page scrolls up and down, never sideways,
so nothing on it may need more width than the page has (on a real X server the Voice page's speech-recognition
box, whose packaged entry is a long line, pushed the page past the dialog's edge and cut every box, hint and the
audio status off on the right)."""

from app.ui.settings_dialog import SettingsDialog
from app.widgets.qt import QScrollArea


def test_no_page_is_wider_than_the_dialog_shows(bea, qtbot):
    dialog = SettingsDialog(bea)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    too_wide = []
    for row in range(dialog.pages.count()):
        dialog.pages.setCurrentRow(row)
        page = dialog.stack.currentWidget()
        qtbot.wait(10)
        for area in page.findChildren(QScrollArea):
            inner = area.widget()
            if inner is None or not area.isVisible():
                continue
            shown = area.viewport().width()
            if inner.width() > shown or inner.minimumSizeHint().width() > shown:
                too_wide.append((dialog.pages.item(row).text(), inner.minimumSizeHint().width(), shown))
    assert not too_wide, f"pages wider than the dialog shows (page, needs, has): {too_wide}"
