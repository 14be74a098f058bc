"""Settings → Voice: the schema's form, with the devices picked from those the sound system lists."""

from __future__ import annotations

from typing import Any

from app.skills.voice.skill import VoiceSettings, VoiceSkill
from app.ui.forms import SectionForm
from app.ui.qt import QComboBox, QLabel, QWidget

DEFAULT = "(system default)"


def device_box(names: list[str], current: str) -> QComboBox:
    """An editable picker: the system default, the devices listed, and the stored name even if absent now."""
    box = QComboBox()
    box.setEditable(True)
    box.addItem(DEFAULT)
    box.addItems(names)
    if current and current not in names:
        box.addItem(current)
    box.setCurrentText(current or DEFAULT)
    return box


def picked(box: QComboBox) -> str:
    text = box.currentText().strip()
    return "" if text == DEFAULT else text


class VoiceSettingsPage(SectionForm):
    def __init__(self, skill: VoiceSkill, prefix: str, values: VoiceSettings,
                 parent: QWidget | None = None) -> None:
        self._inputs, self._outputs, why = skill.devices()
        super().__init__(prefix, VoiceSettings, values, parent)
        if why:
            self.layout_.addRow(QLabel(f"No audio devices: {why}", objectName="voiceNoDevices", wordWrap=True))

    def editor_for(self, name: str, field: Any, value: Any) -> tuple[QWidget, Any]:
        if name not in ("input_device", "output_device"):
            return super().editor_for(name, field, value)
        box = device_box(self._inputs if name == "input_device" else self._outputs, value)
        return box, lambda: picked(box)


def make_page(skill: VoiceSkill, prefix: str, values: VoiceSettings) -> VoiceSettingsPage:
    return VoiceSettingsPage(skill, prefix, values)
