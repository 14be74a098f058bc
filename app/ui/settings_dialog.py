"""Settings: General (with privacy and the interface), Mind, Skills (every skill's switch), a page per skill
that has more to set, and the local API; all written through the one validated path."""

from __future__ import annotations

from typing import Any

from app.compose import Bea
from app.config.service import SettingsError
from app.core.ui_language import SYSTEM
from app.skills.registry import resolve_factory
from app.ui.language import language_name, window_languages
from app.ui.mind_page import make_page as make_mind_page
from app.ui.skills_page import SkillsPage
from app.widgets.forms import SectionForm
from app.widgets.palette import PROBLEM_STYLE
from app.widgets.qt import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
    translate,
)
from app.widgets.wheel_guard import guard_fields

# General also holds privacy mode and the interface: a page of one switch reads like a config file
GENERAL = ("general", "privacy", "ui")


class GeneralForm(SectionForm):
    """Settings → General: the window's language is chosen among the translations present, by their own names."""

    def editor_for(self, name: str, field: Any, value: Any) -> tuple[QWidget, Any]:
        if name != "language":
            return super().editor_for(name, field, value)
        box = QComboBox()
        box.addItem(translate("settings", "As the system"), SYSTEM)
        for code in window_languages():
            box.addItem(language_name(code), code)
        box.setCurrentIndex(max(box.findData(value), 0))
        return box, box.currentData
NARROWEST_BOX = 16      # characters a picker asks room for; a longer entry is cut in the box, whole in its list


class SettingsDialog(QDialog):
    def __init__(self, bea: Bea, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bea = bea
        self.setWindowTitle(translate("settings_dialog", "Bea settings"))
        self.resize(820, 580)
        self.pages = QListWidget()
        self.pages.setMaximumWidth(170)
        self.stack = QStackedWidget()
        self.forms: list[Any] = []
        current = bea.settings.current
        general = GeneralForm("general", type(current.general), current.general)
        for name in GENERAL[1:]:
            general.add_section(name, type(getattr(current, name)), getattr(current, name))
        self._add(translate("settings_dialog", "General"), general)
        self.mind = make_mind_page(bea, "mind", current.mind)
        self._add(translate("settings_dialog", "Mind"), self.mind)
        skill_pages = []
        for key, skill in bea.skills.items():
            section = getattr(current.skills, key)
            if skill.settings_page:
                skill_pages.append(
                    (translate("skills", skill.title), resolve_factory(skill.settings_page)(skill, f"skills.{key}",
                                                                                     section)))
            elif set(type(section).model_fields) != {"enabled"}:  # else its one setting is on the Skills page
                skill_pages.append(
                    (translate("skills", skill.title), SectionForm(f"skills.{key}", type(section), section)))
        own = {form.prefix for _title, form in skill_pages}
        self._add(translate("settings_dialog", "Skills"),
                  SkillsPage(bea.skills, current.skills, self.show_section, own.__contains__))
        for title, form in skill_pages:
            self._add(title, form)
        self._add(translate("settings_dialog", "Local API"), SectionForm("api", type(current.api), current.api))
        self.pages.currentRowChanged.connect(self.stack.setCurrentIndex)
        self.pages.setCurrentRow(0)
        self.error = QLabel()
        self.error.setObjectName("settingsError")
        self.error.setStyleSheet(PROBLEM_STYLE)
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
        """Bring the page of this section ("mind", "skills.voice", ...) to the front; a skill with no page of
        its own shows the Skills page. False when there is no such section."""
        for row, form in enumerate(self.forms):
            if prefix in form.prefixes:
                self.pages.setCurrentRow(row)
                return True
        key = prefix.removeprefix("skills.")
        return prefix.startswith("skills.") and key in self.bea.skills and self.show_section("skills")

    def _add(self, title: str, form: Any) -> None:
        # a page scrolls up and down, never sideways: a picker holding a long entry (the packaged speech model,
        # a sound device's full name) must not ask for more width than the page has, or the page is cut off
        for box in form.findChildren(QComboBox):
            box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            box.setMinimumContentsLength(NARROWEST_BOX)
        guard_fields(form)   # scrolling the page with the wheel changes none of its fields
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
        waiting = self.mind.hold(changes, self.apply, self.error.setText)   # a typed server is checked first
        if waiting:
            self.error.setText(waiting)
            return False
        try:
            self.bea.settings.update(changes)
        except SettingsError as exc:
            self.error.setText(
                translate("settings_dialog", "Not saved: {field}: {reason}").format(field=exc.field, reason=exc.reason))
            return False
        self.error.clear()
        for form in self.forms:
            for prefix in form.prefixes:
                form.reload(self.bea.settings.get(prefix), prefix)
        return True

    def accept_changes(self) -> None:
        if self.apply():
            self.accept()
