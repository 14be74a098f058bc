"""The window in Italian fits as the English one does: at 1280x720 no dock needs more width than it has (what
does not fit would scroll sideways, cut off at the dock's edge) and no Settings page is wider than the dialog.
On a real X server the Stage dock's line about animation clips, one long Italian line, pushed the dock past
the right column's edge and cut its buttons and its problem line off."""


from app.ui.settings_dialog import SettingsDialog
from app.widgets.qt import QScrollArea


def test_no_dock_of_the_right_column_needs_more_than_it_has_at_1280x720_in_italian(italian_shell):
    from app.ui.main_window import RIGHT
    w = italian_shell.window
    # the right column's share of a 1280x720 screen's window (arrange_docks), less the dock's frame and margins
    has = max(300, min(480, 1272 * 34 // 100)) - 12
    too_wide = []
    for key, dock in w.docks.items():
        if w.areas[key] != RIGHT:
            continue
        content = dock.widget()
        inner = content.widget() if isinstance(content, QScrollArea) else content
        if inner.minimumSizeHint().width() > has:
            too_wide.append((key, inner.minimumSizeHint().width()))
    assert not too_wide, f"docks that would scroll sideways in a {has} px column (dock, needs): {too_wide}"


def test_no_settings_page_is_wider_than_the_dialog_in_italian(italian_shell, qtbot):
    dialog = SettingsDialog(italian_shell.bea)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    too_wide = []
    for row in range(dialog.pages.count()):
        dialog.pages.setCurrentRow(row)
        qtbot.wait(10)
        for area in dialog.stack.currentWidget().findChildren(QScrollArea):
            if area.widget() is not None and area.isVisible() \
                    and area.widget().minimumSizeHint().width() > area.viewport().width():
                too_wide.append((dialog.pages.item(row).text(), area.widget().minimumSizeHint().width(),
                                 area.viewport().width()))
    assert not too_wide, f"pages wider than the dialog shows (page, needs, has): {too_wide}"
