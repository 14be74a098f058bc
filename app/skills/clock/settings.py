"""The Clock settings page: the schema's form, with the time zone picked from the known zone names."""

from __future__ import annotations

from typing import Any

from app.skills.clock.skill import ClockSettings, ClockSkill, zone_names
from app.widgets.forms import SectionForm
from app.widgets.qt import QComboBox, QWidget, translate


class ClockSettingsPage(SectionForm):
    def editor_for(self, name: str, field: Any, value: Any) -> tuple[QWidget, Any]:
        if name != "timezone":
            return super().editor_for(name, field, value)
        box = QComboBox()
        box.setEditable(True)
        box.addItem("")  # this computer's own zone
        box.addItems(zone_names())
        box.setCurrentText(value)
        box.lineEdit().setPlaceholderText(translate("clock_settings", "this computer's zone"))
        return box, lambda: box.currentText().strip()


def make_page(skill: ClockSkill, prefix: str, values: ClockSettings) -> SectionForm:
    return ClockSettingsPage(prefix, ClockSettings, values)
