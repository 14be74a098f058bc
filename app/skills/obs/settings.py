"""Settings → OBS: the schema's form, and the password, kept with Bea's secrets (the system keyring, or the
encrypted store where there is none; the page says which), never in the settings."""

from __future__ import annotations

from typing import Any

from app.core.words import PROBLEMS
from app.skills.obs.skill import ObsSettings, ObsSkill
from app.widgets.event_words import in_window
from app.widgets.forms import SectionForm, help_label
from app.widgets.qt import QHBoxLayout, QLabel, QLineEdit, QPushButton, QWidget, translate


class ObsSettingsPage(SectionForm):
    def __init__(self, skill: ObsSkill, prefix: str, values: ObsSettings,
                 parent: QWidget | None = None) -> None:
        super().__init__(prefix, ObsSettings, values, parent)
        self.skill = skill
        self.password = QLineEdit(objectName="obsPassword", echoMode=QLineEdit.EchoMode.Password,
                                  placeholderText=translate("obs_settings", "set") if skill.password()
                                  else translate("obs_settings", "OBS WebSocket password"))
        save = QPushButton(translate("obs_settings", "Save password"), objectName="obsSavePassword")
        forget = QPushButton(translate("obs_settings", "Forget"), objectName="obsForgetPassword")
        save.clicked.connect(self.save_password)
        forget.clicked.connect(self.forget_password)
        row = QHBoxLayout()
        for widget in (self.password, save, forget):
            row.addWidget(widget)
        self.layout_.addRow(translate("obs_settings", "Password"), row)
        secrets = skill.ctx.secrets
        place = translate("secrets", getattr(secrets, "where", translate("obs_settings", "nowhere in this build")))
        self.where = help_label(translate("obs_settings", "The password is kept in {place}.").format(place=place),
                                "obsPasswordWhere")
        self.layout_.addRow(self.where)
        status = skill.status
        self.result = QLabel(in_window(PROBLEMS, status.words, dict(status.args), status.message),
                             objectName="obsResult", wordWrap=True)
        self.layout_.addRow(self.result)

    def save_password(self) -> str:
        text = self.password.text().strip()
        if not text:
            self.result.setText(
                translate("obs_settings", "Type the password first (OBS: Tools → WebSocket Server Settings)."))
        else:
            self.result.setText(note_text(self.skill.set_password(text)))
            self.password.setPlaceholderText(translate("obs_settings", "set"))
        self.password.clear()
        return self.result.text()

    def forget_password(self) -> str:
        self.result.setText(note_text(self.skill.set_password("")))
        self.password.setPlaceholderText(translate("obs_settings", "OBS WebSocket password"))
        return self.result.text()


def note_text(note: tuple[str, dict[str, Any]]) -> str:
    """What the skill said of the password, in the window's language: its marked words, with where the password
    went as the secret notes say it."""
    text, data = note
    args = {k: translate("secrets", v) if k == "where" else v for k, v in data["args"].items()}
    return in_window("obs_settings", data["words"], args, text)


def make_page(skill: ObsSkill, prefix: str, values: ObsSettings) -> ObsSettingsPage:
    return ObsSettingsPage(skill, prefix, values)
