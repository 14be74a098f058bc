"""A settings page built from a section's schema: one editor per field, its description as the tooltip."""

from __future__ import annotations

import typing
from typing import Any

from pydantic import BaseModel

from app.ui.qt import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)


def _label(name: str) -> str:
    return name.replace("_", " ").capitalize()


def _bounds(field: Any) -> tuple[float | None, float | None]:
    lo = hi = None
    for m in field.metadata:
        lo = getattr(m, "ge", None) if getattr(m, "ge", None) is not None else lo
        hi = getattr(m, "le", None) if getattr(m, "le", None) is not None else hi
    return lo, hi


class SectionForm(QWidget):
    """Edits one settings section. changes() returns {dotted.path: value} for the fields that differ."""

    def __init__(self, prefix: str, model: type[BaseModel], values: BaseModel,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.prefix = prefix
        self._values = values
        self._readers: dict[str, Any] = {}
        self.layout_ = QFormLayout(self)
        for name, field in model.model_fields.items():
            if isinstance(field.annotation, type) and issubclass(field.annotation, BaseModel):
                continue
            editor, read = self.editor_for(name, field, getattr(values, name))
            editor.setObjectName(f"{prefix}.{name}")
            editor.setToolTip(field.description or "")
            self.layout_.addRow(field.title or _label(name), editor)
            self._readers[name] = read
        if not self._readers:
            self.layout_.addRow(QLabel("Nothing to set here yet."))

    def editor_for(self, name: str, field: Any, value: Any) -> tuple[QWidget, Any]:
        ann = field.annotation
        if typing.get_origin(ann) is typing.Literal:
            box = QComboBox()
            box.addItems([str(c) for c in typing.get_args(ann)])
            box.setCurrentText(str(value))
            return box, box.currentText
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
            items.setPlaceholderText("comma-separated")
            return items, lambda: [part.strip() for part in items.text().split(",") if part.strip()]
        line = QLineEdit(str(value))
        return line, line.text

    def changes(self) -> dict[str, Any]:
        out = {}
        for name, read in self._readers.items():
            new = read()
            if new != getattr(self._values, name):
                out[f"{self.prefix}.{name}"] = new
        return out

    def reload(self, values: BaseModel) -> None:
        self._values = values


class SecretField(QWidget):
    """A write-only secret (a token, a key) beside a settings form: typed or pasted, saved to the keyring by
    `save(text)`, never shown again; Forget calls `forget()`. Enter saves too."""

    def __init__(self, name: str, placeholder: str, save_text: str, save: Any, forget: Any,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.edit = QLineEdit(objectName=name, placeholderText=placeholder, echoMode=QLineEdit.EchoMode.Password)
        self.save_button = QPushButton(save_text, objectName=f"{name}.save")
        self.forget_button = QPushButton("Forget", objectName=f"{name}.forget")
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
