"""The mouse wheel scrolls pages, never a field the streamer did not pick: a spin box, a picker or a slider
changes by the wheel only once it has focus (a click or Tab gives it; the wheel does not), and a wheel over one
that has no focus scrolls the page around it instead.

Qt's own fields take the wheel whether they have focus or not, and a wheel may give them focus on its way: a
streamer scrolling down a settings page changed whatever field passed under the pointer ("A mood fades in" 25 to
13, "Language you speak" English to Polski). guard_fields(root) holds every such field under a page or a dock
with one shared event filter, and gives each Qt.StrongFocus.
"""

from __future__ import annotations

from app.widgets.qt import (
    QAbstractScrollArea,
    QAbstractSlider,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QEvent,
    QObject,
    QScrollBar,
    Qt,
    QWidget,
)

FIELDS = (QAbstractSpinBox, QComboBox, QAbstractSlider)   # what a wheel would change


def is_field(widget: QObject) -> bool:
    """A widget whose value a wheel would change (a scroll bar is for scrolling: the wheel stays its own)."""
    return isinstance(widget, FIELDS) and not isinstance(widget, QScrollBar)


class WheelGuard(QObject):
    """Stops a wheel event at an unfocused field and hands it to the scroll area the field sits in."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() != QEvent.Type.Wheel or not isinstance(watched, QWidget) or watched.hasFocus():
            return False
        area = scroll_area_of(watched)
        if area is None:
            event.ignore()   # not taken: Qt offers it to the field's parents, as for any widget that ignores it
        else:
            QApplication.sendEvent(area.viewport(), event)   # the area scrolls by the wheel's turn alone
        return True


def scroll_area_of(widget: QWidget) -> QAbstractScrollArea | None:
    """The nearest scroll area `widget` sits inside, if any."""
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QAbstractScrollArea):
            return parent
        parent = parent.parentWidget()
    return None


def guard_fields(root: QWidget) -> int:
    """Hold every field under `root` (and `root` itself, if it is one) to "no wheel without focus"; returns how
    many. Call it once a page or a dock is built (again after adding fields: it is harmless twice)."""
    guard = (root.findChild(WheelGuard, "wheelGuard", Qt.FindChildOption.FindDirectChildrenOnly)
             or WheelGuard(root, objectName="wheelGuard"))
    fields = [w for w in (root, *root.findChildren(QWidget)) if is_field(w)]
    for field in fields:
        field.setFocusPolicy(Qt.FocusPolicy.StrongFocus)   # focus by click or Tab, never by a passing wheel
        field.installEventFilter(guard)                    # installed twice, a filter is still called once
    return len(fields)
