"""The mouse wheel changes no field the streamer did not pick: on every settings page the app builds (its Advanced
sections open) and in every dock of the main window, a wheel over each spin box, picker and slider that has no
focus leaves its value as it was (and scrolls the page when the page can scroll), a field never takes focus from
a wheel, and a field the streamer clicked into still follows the wheel. The Models window's picker too."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QAbstractSlider,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QPushButton,
    QScrollBar,
    QWidget,
)

from app.ui import launch
from app.ui.settings_dialog import SettingsDialog

UP, DOWN = 120, -120   # one notch of a mouse wheel, away from and towards the streamer


def fields_in(root: QWidget) -> list[QWidget]:
    return [w for w in root.findChildren(QWidget)
            if isinstance(w, (QAbstractSpinBox, QComboBox, QAbstractSlider)) and not isinstance(w, QScrollBar)]


def value_of(field: QWidget) -> object:
    if isinstance(field, QComboBox):
        return field.currentIndex()
    return field.text() if isinstance(field, QAbstractSpinBox) else field.value()


def wheel(field: QWidget, notch: int) -> None:
    centre = QPointF(field.rect().center())
    QApplication.sendEvent(field, QWheelEvent(centre, QPointF(field.mapToGlobal(centre)), QPoint(0, 0),
                                              QPoint(0, notch), Qt.MouseButton.NoButton,
                                              Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False))


def area_of(field: QWidget) -> QAbstractScrollArea | None:
    parent = field.parentWidget()
    while parent is not None and not isinstance(parent, QAbstractScrollArea):
        parent = parent.parentWidget()
    return parent


def check_fields(root: QWidget, where: str) -> tuple[int, int, int]:
    """Every field under `root`: unmoved by the wheel without focus, moved with it. Returns (fields, focused
    fields that followed the wheel, pages that scrolled under the wheel)."""
    checked = followed = scrolled = 0
    for field in fields_in(root):
        name = f"{where}: {type(field).__name__} {field.objectName() or field.toolTip()[:40]!r}"
        if QApplication.focusWidget() is not None:
            QApplication.focusWidget().clearFocus()
        assert not field.hasFocus(), name
        assert field.focusPolicy() != Qt.FocusPolicy.WheelFocus, f"{name} takes focus from a passing wheel"
        before = value_of(field)
        area = area_of(field)
        bar = area.verticalScrollBar() if area is not None else None
        if bar is not None:
            bar.setValue(bar.minimum())
        for notch in (DOWN, UP, DOWN):
            wheel(field, notch)
            assert value_of(field) == before, f"{name}: the wheel changed it without focus"
        if bar is not None and bar.maximum() > bar.minimum() and bar.value() > bar.minimum():
            scrolled += 1
        checked += 1
        if not (field.isVisible() and field.isEnabled()):
            continue
        field.setFocus(Qt.FocusReason.MouseFocusReason)       # the streamer clicked into it
        assert field.hasFocus(), name
        for notch in (DOWN, UP):
            wheel(field, notch)
            if value_of(field) != before:
                followed += 1
                break
        field.clearFocus()
    return checked, followed, scrolled


def open_advanced(page: QWidget) -> None:
    for button in page.findChildren(QPushButton):
        if button.objectName().endswith(".showAdvanced") and button.isVisible() and not button.isChecked():
            button.click()


def test_no_wheel_changes_an_unfocused_field_on_any_settings_page(qapp, bea, qtbot):
    dialog = SettingsDialog(bea)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    totals = [0, 0, 0]
    pages = dialog.stack.count()
    assert pages == dialog.pages.count() >= 10
    for row in range(pages):
        dialog.pages.setCurrentRow(row)
        page = dialog.stack.widget(row)
        open_advanced(page)
        qapp.processEvents()
        counts = check_fields(page, dialog.pages.item(row).text())
        totals = [a + b for a, b in zip(totals, counts, strict=True)]
    checked, followed, scrolled = totals
    assert checked >= 30, f"only {checked} fields found: the walk missed pages"
    assert followed >= checked // 2, f"{followed} of {checked} focused fields followed the wheel"
    assert scrolled >= 1, "a wheel over a field of a long page scrolls the page"


@pytest.mark.qt_log_ignore("systemTrayWindowChanged")
def test_no_wheel_changes_an_unfocused_field_in_any_dock(qapp, bea, qtbot):
    shell = launch.Shell(bea, launch.app_icon(), tray_available=lambda: False)
    w = shell.window
    try:
        w.resize(1280, 720)
        w.show()
        qtbot.waitExposed(w)
        w.activateWindow()
        qtbot.waitUntil(w.isActiveWindow)
        checked = followed = 0
        for key, dock in w.docks.items():
            dock.show()
            qapp.processEvents()
            c, f, _s = check_fields(dock, key)
            checked, followed = checked + c, followed + f
        assert checked >= 5 and followed >= 1, (checked, followed)
        models = w.open_models()                                   # the one other window with a field
        qtbot.addWidget(models)
        qtbot.waitExposed(models)
        models.activateWindow()
        qtbot.waitUntil(models.isActiveWindow)
        assert check_fields(models, "Models")[:2] == (1, 1)
    finally:
        w.hide_on_close = False
        w.deleteLater()
