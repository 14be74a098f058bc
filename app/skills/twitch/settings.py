"""The Twitch settings page: the schema's form, and her OAuth token saved to (or forgotten from) the keyring.

The token field is write-only: it is never filled back in, shown or logged; the page only says whether one is
kept, and where.
"""

from __future__ import annotations

from app.skills.twitch.skill import TwitchSettings, TwitchSkill
from app.ui.forms import SectionForm
from app.ui.qt import QHBoxLayout, QLabel, QLineEdit, QPushButton


class TwitchSettingsPage(SectionForm):
    def __init__(self, skill: TwitchSkill, prefix: str, values: TwitchSettings) -> None:
        self.skill = skill
        super().__init__(prefix, TwitchSettings, values)
        self.token = QLineEdit(objectName="twitchToken",
                               placeholderText="oauth:… (the chat token of her login)")
        self.token.setEchoMode(QLineEdit.EchoMode.Password)
        self.save_button = QPushButton("Save token", objectName="twitchSaveToken")
        self.forget_button = QPushButton("Forget token", objectName="twitchForgetToken")
        row = QHBoxLayout()
        row.addWidget(self.token, 1)
        row.addWidget(self.save_button)
        row.addWidget(self.forget_button)
        self.layout_.addRow("OAuth token", row)
        self.token_status = QLabel(objectName="twitchTokenStatus", wordWrap=True)
        self.layout_.addRow(self.token_status)
        self.save_button.clicked.connect(self.save_token)
        self.token.returnPressed.connect(self.save_token)
        self.forget_button.clicked.connect(self.forget_token)
        self.show_status()

    def save_token(self) -> str:
        refusal = self.skill.save_token(self.token.text())
        self.token.clear()
        return self.show_status(refusal)

    def forget_token(self) -> str:
        self.skill.forget_token()
        return self.show_status()

    def show_status(self, refusal: str = "") -> str:
        secrets = self.skill.ctx.services.get("secrets")
        if refusal:
            text = refusal
        elif self.skill.has_token():
            where = ("the system keyring" if getattr(secrets, "persistent", False)
                     else "memory for this run only (there is no keyring here)")
            text = f"A token is kept in {where}: with her login set, she can write in chat."
        else:
            text = "No token: she reads chat anonymously and cannot write in it."
        self.token_status.setText(text)
        self.forget_button.setEnabled(self.skill.has_token())
        return text


def make_page(skill: TwitchSkill, prefix: str, values: TwitchSettings) -> SectionForm:
    return TwitchSettingsPage(skill, prefix, values)
