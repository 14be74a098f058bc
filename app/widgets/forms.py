"""A settings page built from the schema: each field's title is its label, its description a grey help line
under the editor (and its tooltip), and the fields marked advanced sit under a collapsed "Advanced" section.

A skill's `enabled` switch is not on its page: Settings → Skills holds every skill's switch.
"""

from __future__ import annotations

import typing
from typing import Any

from pydantic import BaseModel

from app.config.section import SkillSettings
from app.widgets.qt import (
    QT_TRANSLATE_NOOP,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QEvent,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    Qt,
    QTimer,
    QVBoxLayout,
    QWidget,
    translate,
)

CLOSED, OPEN = QT_TRANSLATE_NOOP("forms", "▸ Advanced"), QT_TRANSLATE_NOOP("forms", "▾ Advanced")


def schema_text(text: str) -> str:
    """A settings field's title, description or choice label in the window's language (installer/i18n.py puts
    every schema's words in the "settings" context)."""
    return translate("settings", text) if text else text


def _extra(field: Any) -> dict[str, Any]:
    extra = field.json_schema_extra
    return extra if isinstance(extra, dict) else {}


def is_advanced(field: Any) -> bool:
    return bool(_extra(field).get("advanced"))


def _bounds(field: Any) -> tuple[float | None, float | None]:
    lo = hi = None
    for m in field.metadata:
        lo = getattr(m, "ge", None) if getattr(m, "ge", None) is not None else lo
        hi = getattr(m, "le", None) if getattr(m, "le", None) is not None else hi
    return lo, hi


def help_label(text: str, name: str = "") -> QLabel:
    """A grey, word-wrapped line of help under an editor."""
    label = QLabel(text, objectName=name, wordWrap=True)
    label.setStyleSheet("color: gray;")
    font = label.font()
    font.setPointSizeF(font.pointSizeF() * 0.9)
    label.setFont(font)
    return label


class _TallPage(QWidget):
    """What a scroll area scrolls: the rows, kept at least as tall as they need at the width they are shown. A scroll
    area sizes its page by the page's minimum height, which word-wrapped lines (help, results) do not raise, so
    without this the rows are squeezed and their lines cut instead of the page scrolling. The page watches its own
    resizes and layout requests (a resizable scroll area gives it the viewport's width) in its own event(): an
    event filter on the rows, a Python object called from Qt's filter list, crashed the process when Qt delivered
    an event after the filter's wrapper had gone."""

    def __init__(self, inner: QWidget) -> None:
        super().__init__()
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(inner)

    def event(self, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.Resize, QEvent.Type.LayoutRequest):
            layout = self.layout()
            if layout is not None:
                needed = layout.totalHeightForWidth(self.width())
                if needed > 0 and needed != self.minimumHeight():
                    self.setMinimumHeight(needed)
        return super().event(event)


def scrolling(inner: QWidget, parent: QWidget) -> QScrollArea:
    """`inner` in a frameless vertical scroll area filling `parent`, scrolling rather than squeezing its rows."""
    area = QScrollArea(parent, widgetResizable=True, frameShape=QFrame.Shape.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    area.setWidget(_TallPage(inner))
    outer = QVBoxLayout(parent)
    outer.setContentsMargins(0, 0, 0, 0)
    outer.addWidget(area)
    return area


class SectionForm(QWidget):
    """Edits one settings section (or a few, add_section). changes() returns {dotted.path: value} for the
    fields that differ. Subclasses add their own rows to `layout_`, above the Advanced section."""

    def __init__(self, prefix: str, model: type[BaseModel], values: BaseModel,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.prefix = prefix
        self._values: dict[str, BaseModel] = {}
        self._readers: dict[str, Any] = {}
        self._labels: list[QLabel] = []
        inner = QWidget()
        column = QVBoxLayout(inner)
        self.layout_ = QFormLayout()
        column.addLayout(self.layout_)
        self.advanced_button = QPushButton(translate("forms", CLOSED), checkable=True, flat=True,
                                           objectName=f"{prefix}.showAdvanced",
                                           toolTip=translate("forms", "Settings you seldom need to change"))
        self.advanced = QWidget(objectName=f"{prefix}.advanced")
        self.advanced_layout = QFormLayout(self.advanced)
        self.advanced_layout.setContentsMargins(0, 0, 0, 0)
        self.advanced.hide()
        self.advanced_button.toggled.connect(self._show_advanced)
        left = QHBoxLayout()
        left.addWidget(self.advanced_button)
        left.addStretch(1)
        column.addLayout(left)
        column.addWidget(self.advanced)
        column.addStretch(1)
        self._area = scrolling(inner, self)
        self.add_section(prefix, model, values)

    @property
    def prefixes(self) -> list[str]:
        return list(self._values)

    def add_section(self, prefix: str, model: type[BaseModel], values: BaseModel) -> None:
        """The rows of another section on this page (Settings → General holds privacy and the interface too)."""
        self._values[prefix] = values
        for name, field in model.model_fields.items():
            if isinstance(field.annotation, type) and issubclass(field.annotation, BaseModel):
                continue
            if name == "enabled" and issubclass(model, SkillSettings):
                continue  # the switch is on Settings → Skills
            editor, read = self.editor_for(name, field, getattr(values, name))
            path = f"{prefix}.{name}"
            editor.setObjectName(path)
            description = schema_text(field.description or "")
            editor.setToolTip(description)
            label = QLabel(schema_text(field.title or name), objectName=f"{path}.label", toolTip=description)
            label.setBuddy(editor)
            cell = QWidget()
            stack = QVBoxLayout(cell)
            stack.setContentsMargins(0, 0, 0, 0)
            stack.setSpacing(1)
            stack.addWidget(editor)
            stack.addWidget(help_label(description, f"{path}.help"))
            (self.advanced_layout if is_advanced(field) else self.layout_).addRow(label, cell)
            self._readers[path] = read
            self._labels.append(label)
        widest = max((label.sizeHint().width() for label in self._labels), default=0)
        for label in self._labels:  # the Advanced rows line up with the others
            label.setMinimumWidth(widest)
        self.advanced_button.setVisible(self.advanced_layout.rowCount() > 0)

    def _show_advanced(self, on: bool) -> None:
        self.advanced.setVisible(on)
        self.advanced_button.setText(translate("forms", OPEN if on else CLOSED))
        if on:  # once the layout has made room, scroll the opened section into view
            QTimer.singleShot(0, lambda: self._area.ensureWidgetVisible(self.advanced))

    def value(self, name: str) -> Any:
        """What the editor of this page's own field `name` holds now (applied or not)."""
        return self._readers[f"{self.prefix}.{name}"]()

    def editor_for(self, name: str, field: Any, value: Any) -> tuple[QWidget, Any]:
        ann = field.annotation
        if typing.get_origin(ann) is typing.Literal:
            labels = _extra(field).get("choices", {})
            box = QComboBox()
            for choice in typing.get_args(ann):
                box.addItem(schema_text(labels[choice]) if choice in labels else str(choice), choice)
            box.setCurrentIndex(max(box.findData(value), 0))
            return box, box.currentData
        if ann is bool:
            check = QCheckBox()
            check.setChecked(bool(value))
            return check, check.isChecked
        if ann is int:
            spin = QSpinBox()
            lo, hi = _bounds(field)
            spin.setRange(int(lo) if lo is not None else -2**31, int(hi) if hi is not None else 2**31 - 1)
            spin.setValue(int(value))
            return spin, spin.value
        if ann is float:
            dspin = QDoubleSpinBox()
            lo, hi = _bounds(field)
            dspin.setRange(lo if lo is not None else -1e12, hi if hi is not None else 1e12)
            dspin.setDecimals(3)
            dspin.setValue(float(value))
            return dspin, dspin.value
        if typing.get_origin(ann) is list:
            items = QLineEdit(", ".join(str(v) for v in value))
            items.setPlaceholderText(translate("forms", "comma-separated"))
            return items, lambda: [part.strip() for part in items.text().split(",") if part.strip()]
        line = QLineEdit(str(value))
        return line, line.text

    def changes(self) -> dict[str, Any]:
        out = {}
        for path, read in self._readers.items():
            prefix, _, name = path.rpartition(".")
            new = read()
            if new != getattr(self._values[prefix], name):
                out[path] = new
        return out

    def reload(self, values: BaseModel, prefix: str | None = None) -> None:
        self._values[prefix or self.prefix] = values


class SecretField(QWidget):
    """A write-only secret (a token, a key) beside a settings form: typed or pasted, saved to the keyring by
    `save(text)`, never shown again; Forget calls `forget()`. Enter saves too."""

    def __init__(self, name: str, placeholder: str, save_text: str, save: Any, forget: Any,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.edit = QLineEdit(objectName=name, placeholderText=placeholder, echoMode=QLineEdit.EchoMode.Password)
        self.save_button = QPushButton(save_text, objectName=f"{name}.save")
        self.forget_button = QPushButton(translate("forms", "Forget"), objectName=f"{name}.forget")
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.edit, 1)
        row.addWidget(self.save_button)
        row.addWidget(self.forget_button)
        self._save = save
        self.save_button.clicked.connect(self._saved)
        self.edit.returnPressed.connect(self._saved)
        self.forget_button.clicked.connect(lambda: forget())

    def _saved(self) -> None:
        text = self.edit.text()
        self.edit.clear()           # out of sight at once, whatever the save says
        self._save(text)

    def kept(self, has: bool) -> None:
        """Forget is there only when a secret is kept (what is being typed stays)."""
        self.forget_button.setEnabled(has)
