"""Settings → Voice: the schema's form, with the devices picked from those the sound system lists and the
speech model and voice picked from the packaged ones and those the model manager installed (or a typed path),
each with its licence, and the language picked by name."""

from __future__ import annotations

from typing import Any

from babel import Locale

from app.core.model_catalog import Kind
from app.core.speech_language import AUTO, HEARD_LANGUAGES
from app.core.speech_servers import Kind as Place
from app.core.speech_servers import SpeechServer, SpeechServerError, key_name, parse_list
from app.core.words import PROBLEMS
from app.process.tasks import spawn
from app.skills.voice.skill import VoiceSettings, VoiceSkill
from app.widgets.event_words import in_window
from app.widgets.forms import SecretField, SectionForm, help_label
from app.widgets.qt import QT_TRANSLATE_NOOP, QComboBox, QLabel, QLineEdit, QPushButton, QWidget, translate

DEFAULT = QT_TRANSLATE_NOOP("voice_settings", "(system default)")
PACKAGED = {"whisper_model": QT_TRANSLATE_NOOP("voice_settings", "(packaged: whisper base; tiny.en for English "
                                                                  "where base is missing; MIT)"),
            "piper_voice": QT_TRANSLATE_NOOP("voice_settings", "(packaged: en_US joe; MIT, dataset CC0)")}
DETECT = QT_TRANSLATE_NOOP("voice_settings", "Detect it")     # the other languages go by their own names
KINDS = {"whisper_model": Kind.STT, "piper_voice": Kind.VOICE}
KEY_HELP = QT_TRANSLATE_NOOP("voice_settings", "For an OpenAI-compatible server above that asks for an API key: "
                                               "pick it, paste its key and save. The key is kept in your keyring, "
                                               "never in the settings.")


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
        self._add_servers(skill)

    def _add_servers(self, skill: VoiceSkill) -> None:
        """A server's key (kept in the keyring), and "Test connection" for the servers listed above."""
        self._skill = skill
        self.key_server = QComboBox(objectName="speechKeyServer")
        self.secret = SecretField("speechKey", translate("voice_settings", "the server's API key, if it asks for one"),
                                  translate("voice_settings", "Save key"), self._keep_key, lambda: self._keep_key(""))
        self.layout_.addRow(translate("voice_settings", "Server key"), self.key_server)
        self.layout_.addRow(self.secret)
        self.layout_.addRow(help_label(translate("voice_settings", KEY_HELP), "speechKeyHelp"))
        self.test_button = QPushButton(translate("voice_settings", "Test connection"), objectName="speechTest")
        self.test_button.clicked.connect(lambda: spawn(self.test_connection()))
        self.layout_.addRow(self.test_button)
        self.server_result = QLabel(objectName="speechResult", wordWrap=True)
        self.layout_.addRow(self.server_result)
        self._fill_key_servers()
        for name in ("hear_on", "speak_on"):   # a server typed in can have its key saved at once
            self.findChild(QLineEdit, f"{self.prefix}.{name}").editingFinished.connect(self._fill_key_servers)

    def _listed(self) -> list[SpeechServer]:
        servers: list[SpeechServer] = []
        for name in ("hear_on", "speak_on"):
            try:
                servers += [s for s in parse_list(self.value(name)) if s.kind is Place.OPENAI and s not in servers]
            except SpeechServerError:
                continue
        return servers

    def _fill_key_servers(self) -> None:
        self.key_server.clear()
        for server in self._listed():
            self.key_server.addItem(server.url, key_name(server))
        secrets = self._skill.ctx.secrets
        self.secret.setEnabled(self.key_server.count() > 0)
        self.secret.kept(bool(secrets is not None and self.key_server.currentData()
                              and secrets.get(self.key_server.currentData())))

    def _keep_key(self, text: str) -> None:
        name, secrets = self.key_server.currentData(), self._skill.ctx.secrets
        if not name or secrets is None:
            self.server_result.setText(translate("voice_settings", "List an OpenAI-compatible server above first."))
            return
        if text.strip():
            secrets.set(name, text.strip())
            self.server_result.setText(translate("voice_settings", "The key is saved in {where}.").format(
                where=translate("secrets", getattr(secrets, "where", ""))))
        else:
            secrets.delete(name)
            self.server_result.setText(translate("voice_settings", "The key is forgotten."))
        self._fill_key_servers()

    async def test_connection(self) -> str:
        self._fill_key_servers()
        self.server_result.setText(translate("voice_settings", "Working…"))
        lines = await self._skill.test_places(self.value("hear_on"), self.value("speak_on"))
        self.server_result.setText("\n".join(translate("voice_settings", words).format(**args)
                                             for words, args in lines))
        return self.server_result.text()

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
