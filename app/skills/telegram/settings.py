"""Settings → Telegram: who she talks to (from the schema's form), the bot token pasted into the keyring (never
shown again), and what the poll is doing."""

from __future__ import annotations

from app.skills.platform.dock import token_status
from app.skills.telegram.skill import TelegramSettings, TelegramSkill
from app.widgets.forms import SecretField, SectionForm
from app.widgets.qt import QLabel

HOWTO = ("Make her a bot: in Telegram, write /newbot to @BotFather, pick a name, and paste the token it gives "
         "you here. To let her read a group, add the bot to it; she answers there only when mentioned or replied "
         "to (for a reply, BotFather's /setprivacy need not change). Your user id: the dock shows it when you "
         "write to her before you are allowed.")


class TelegramSettingsPage(SectionForm):
    def __init__(self, skill: TelegramSkill, prefix: str, values: TelegramSettings) -> None:
        self.skill = skill
        super().__init__(prefix, TelegramSettings, values)
        self.secret = SecretField("telegram.token", "paste the bot token from @BotFather", "Save token",
                                  self.keep_token, self.forget_token)
        self.layout_.addRow("Bot token", self.secret)
        self.status = QLabel(objectName="telegram.status", wordWrap=True)
        self.layout_.addRow(self.status)
        self.layout_.addRow(QLabel(HOWTO, wordWrap=True))
        unsubscribe = skill.on_change(self.refresh)
        self.destroyed.connect(lambda *_: unsubscribe())
        self.refresh()

    def keep_token(self, text: str) -> None:
        why = self.skill.save_token(text)
        self.refresh()
        if why:
            self.status.setText(why)

    def forget_token(self) -> None:
        self.skill.forget_token()
        self.refresh()

    def refresh(self) -> None:
        has = self.skill.has_token
        self.secret.kept(has)
        state, why = self.skill.status
        self.status.setText(token_status("Telegram", has, state, why, self.skill.me or ""))


def make_page(skill: TelegramSkill, prefix: str, values: TelegramSettings) -> TelegramSettingsPage:
    return TelegramSettingsPage(skill, prefix, values)
