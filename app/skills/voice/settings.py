"""Settings → Voice: the schema's form, with the devices picked from those the sound system lists and the
speech model and voice picked from the packaged ones and those the model manager installed (or a typed path),
each with its licence, and the language picked by name."""

from __future__ import annotations

from typing import Any

from babel import Locale

from app.core.model_catalog import Kind
from app.core.speech_language import AUTO, HEARD_LANGUAGES
from app.core.words import PROBLEMS
from app.skills.voice.skill import VoiceSettings, VoiceSkill
from app.widgets.event_words import in_window
from app.widgets.forms import SectionForm
from app.widgets.qt import QT_TRANSLATE_NOOP, QComboBox, QLabel, QWidget, translate

DEFAULT = QT_TRANSLATE_NOOP("voice_settings", "(system default)")
PACKAGED = {"whisper_model": QT_TRANSLATE_NOOP("voice_settings", "(packaged: whisper base; tiny.en for English "
                                                                  "where base is missing; MIT)"),
            "piper_voice": QT_TRANSLATE_NOOP("voice_settings", "(packaged: en_US joe; MIT, dataset CC0)")}
DETECT = QT_TRANSLATE_NOOP("voice_settings", "Detect it")     # the other languages go by their own names
KINDS = {"whisper_model": Kind.STT, "piper_voice": Kind.VOICE}


def installed_models(manager: Any, kind: Kind) -> list[tuple[str, str]]:
    """(title with its licence, folder) of the models of this kind the model manager installed."""
    if manager is None:
        return []
    return [(f"{m.title} ({m.licence})" if m.licence not in ("", "unknown") else m.title, str(m.path))
            for m in manager.installed() if m.kind == kind]


def model_box(packaged: str, models: list[tuple[str, str]], current: str) -> QComboBox:
    """An editable picker: the packaged model, the installed ones by title, or any folder or file typed in."""
    box = QComboBox()
    box.setEditable(True)
    box.addItem(packaged, "")
    for title, path in models:
        box.addItem(title, path)
    found = box.findData(current) if current else 0
    if found < 0:
        box.addItem(current, current)
        found = box.count() - 1
    box.setCurrentIndex(found)
    return box


def model_picked(box: QComboBox) -> str:
    text = box.currentText().strip()
    index = box.findText(text)
    return box.itemData(index) if index >= 0 else text


def language_box(current: str) -> QComboBox:
    """The languages she knows by name (data: the code), and any other code typed in."""
    box = QComboBox()
    box.setEditable(True)
    box.addItem(translate("voice_settings", DETECT), AUTO)
    for code in HEARD_LANGUAGES:   # each by its own name (CLDR): "Italiano (it)"
        name = Locale.parse(code).get_display_name(code) or code
        box.addItem(f"{name[:1].upper()}{name[1:]} ({code})", code)
    found = box.findData(current)
    if found < 0:
        box.addItem(current, current)
        found = box.count() - 1
    box.setCurrentIndex(found)
    return box


def device_box(names: list[str], current: str) -> QComboBox:
    """An editable picker: the system default, the devices listed, and the stored name even if absent now."""
    box = QComboBox()
    box.setEditable(True)
    fill_devices(box, names, current)
    return box


def fill_devices(box: QComboBox, names: list[str], current: str) -> None:
    """A device picker's items, anew (the Voice dock's fill in once the devices are listed)."""
    box.clear()
    box.addItem(translate("voice_settings", DEFAULT))
    box.addItems(names)
    if current and current not in names:
        box.addItem(current)
    box.setCurrentText(current or translate("voice_settings", DEFAULT))


def picked(box: QComboBox) -> str:
    text = box.currentText().strip()
    return "" if text in (DEFAULT, translate("voice_settings", DEFAULT)) else text


class VoiceSettingsPage(SectionForm):
    def __init__(self, skill: VoiceSkill, prefix: str, values: VoiceSettings,
                 parent: QWidget | None = None) -> None:
        self._inputs, self._outputs, why = skill.devices()
        said = skill.why_said(why)
        why = in_window(PROBLEMS, said.get("words", ""), said.get("args", {}), why)
        self._models = skill.ctx.models
        super().__init__(prefix, VoiceSettings, values, parent)
        if why:
            self.layout_.addRow(QLabel(translate("voice_settings", "No audio devices: {why}").format(why=why),
                                       objectName="voiceNoDevices", wordWrap=True))

    def editor_for(self, name: str, field: Any, value: Any) -> tuple[QWidget, Any]:
        if name in KINDS:
            box = model_box(translate("voice_settings", PACKAGED[name]), installed_models(self._models, KINDS[name]),
                            value)
            return box, lambda: model_picked(box)
        if name == "language":
            box = language_box(value)
            return box, lambda: model_picked(box)
        if name not in ("input_device", "output_device"):
            return super().editor_for(name, field, value)
        box = device_box(self._inputs if name == "input_device" else self._outputs, value)
        return box, lambda: picked(box)


def make_page(skill: VoiceSkill, prefix: str, values: VoiceSettings) -> VoiceSettingsPage:
    return VoiceSettingsPage(skill, prefix, values)
