"""Settings: one page per core section and per skill, all written through the one validated path."""

from __future__ import annotations

from app.compose import Bea
from app.config.service import SettingsError
from app.skills.registry import resolve_factory
from app.ui.forms import SectionForm
from app.ui.mind_page import make_page as make_mind_page
from app.ui.qt import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

CORE_PAGES = [("General", "general"), ("Mind", "mind"), ("Privacy", "privacy"), ("Interface", "ui"), ("Local API", "api")]


class SettingsDialog(QDialog):
    def __init__(self, bea: Bea, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bea = bea
        self.setWindowTitle("Bea settings")
        self.resize(640, 420)
        self.pages = QListWidget()
        self.pages.setMaximumWidth(170)
        self.stack = QStackedWidget()
        self.forms: list[SectionForm] = []
        current = bea.settings.current
        for title, name in CORE_PAGES:
            values = getattr(current, name)
            form = make_mind_page(bea, name, values) if name == "mind" else SectionForm(name, type(values), values)
            self._add(title, form)
        for key, skill in bea.skills.items():
            section = getattr(current.skills, key)
            if skill.settings_page:
                form = resolve_factory(skill.settings_page)(skill, f"skills.{key}", section)
            else:
                form = SectionForm(f"skills.{key}", type(section), section)
            self._add(skill.title, form)
        self.pages.currentRowChanged.connect(self.stack.setCurrentIndex)
        self.pages.setCurrentRow(0)
        self.error = QLabel()
        self.error.setObjectName("settingsError")
        self.error.setStyleSheet("color: #c0392b;")
        self.error.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Apply
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept_changes)
        buttons.rejected.connect(self.reject)
        buttons.button(QDialogButtonBox.StandardButton.Apply).clicked.connect(self.apply)
        body = QHBoxLayout()
        body.addWidget(self.pages)
        body.addWidget(self.stack, 1)
        outer = QVBoxLayout(self)
        outer.addLayout(body, 1)
        outer.addWidget(self.error)
        outer.addWidget(buttons)

    def show_section(self, prefix: str) -> bool:
        """Bring the page of this section ("mind", "skills.voice", ...) to the front; False when there is none."""
        for row, form in enumerate(self.forms):
            if getattr(form, "prefix", None) == prefix:
                self.pages.setCurrentRow(row)
                return True
        return False

    def _add(self, title: str, form: SectionForm) -> None:
        self.pages.addItem(title)
        self.stack.addWidget(form)
        self.forms.append(form)

    def changes(self) -> dict[str, object]:
        out: dict[str, object] = {}
        for form in self.forms:
            out.update(form.changes())
        return out

    def apply(self) -> bool:
        changes = self.changes()
        if not changes:
            self.error.clear()
            return True
        try:
            self.bea.settings.update(changes)
        except SettingsError as exc:
            self.error.setText(f"Not saved: {exc.field}: {exc.reason}")
            return False
        self.error.clear()
        for form in self.forms:
            node = self.bea.settings.get(form.prefix)
            form.reload(node)
        return True

    def accept_changes(self) -> None:
        if self.apply():
            self.accept()
