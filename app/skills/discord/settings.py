"""Settings → Discord: where she joins in and who she talks to (from the schema's form), the bot token pasted
into the keyring (never shown again, masked while typed), and what the connection is doing."""

from __future__ import annotations

from app.skills.discord.skill import DiscordSettings, DiscordSkill
from app.skills.platform.dock import token_status
from app.widgets.forms import SecretField, SectionForm
from app.widgets.qt import QLabel

HOWTO = ("Make her a bot: in the Discord Developer Portal (discord.com/developers/applications) create an "
         "application, open Bot, press Reset Token and paste the token here; on the same page switch on "
         "'Message Content Intent'. Invite the bot to your server (OAuth2 → URL Generator: scope bot, permissions "
         "Send Messages, Add Reactions, Read Message History). She answers in an allowed channel only when "
         "mentioned or replied to. Ids: Discord Settings → Advanced → Developer Mode, then right-click → Copy ID; "
         "the dock shows them when someone writes before they are allowed.")


class DiscordSettingsPage(SectionForm):
    def __init__(self, skill: DiscordSkill, prefix: str, values: DiscordSettings) -> None:
        self.skill = skill
        super().__init__(prefix, DiscordSettings, values)
        self.secret = SecretField("discord.token", "paste the bot token from the Developer Portal", "Save token",
                                  self.keep_token, self.forget_token)
        self.layout_.addRow("Bot token", self.secret)
        self.status = QLabel(objectName="discord.status", wordWrap=True)
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
        self.status.setText(token_status("Discord", has, state, why, self.skill.me or ""))


def make_page(skill: DiscordSkill, prefix: str, values: DiscordSettings) -> DiscordSettingsPage:
    return DiscordSettingsPage(skill, prefix, values)
