"""The Twitch settings page: the schema's form, and her OAuth token saved to (or forgotten from) Bea's secrets.

The token field is write-only: it is never filled back in, shown or logged; the page only says whether one is
kept, and where.
"""

from __future__ import annotations

from app.skills.twitch.skill import TwitchSettings, TwitchSkill
from app.widgets.forms import SecretField, SectionForm, help_label
from app.widgets.qt import QLabel, translate


class TwitchSettingsPage(SectionForm):
    def __init__(self, skill: TwitchSkill, prefix: str, values: TwitchSettings) -> None:
        self.skill = skill
        super().__init__(prefix, TwitchSettings, values)
        self.secret = SecretField("twitchToken", translate("twitch_settings", "oauth:… (the chat token of her login)"),
                                  translate("twitch_settings", "Save token"),
                                  self.save_token, self.forget_token)
        self.token, self.save_button, self.forget_button = (self.secret.edit, self.secret.save_button,
                                                            self.secret.forget_button)
        self.layout_.addRow(translate("twitch_settings", "OAuth token"), self.secret)
        secrets = skill.ctx.secrets
        place = translate("secrets", getattr(secrets, "where", translate("twitch_settings", "nowhere in this build")))
        self.where = help_label(translate("twitch_settings", "The token is kept in {place}.").format(place=place),
                                "twitchTokenWhere")
        self.layout_.addRow(self.where)
        self.token_status = QLabel(objectName="twitchTokenStatus", wordWrap=True)
        self.layout_.addRow(self.token_status)
        self.show_status()

    def save_token(self, text: str | None = None) -> str:
        refusal = self.skill.save_token(self.token.text() if text is None else text)
        self.token.clear()
        return self.show_status(refusal)

    def forget_token(self) -> str:
        self.skill.forget_token()
        return self.show_status()

    def show_status(self, refusal: str = "") -> str:
        secrets = self.skill.ctx.secrets
        if refusal:
            text = refusal
        elif self.skill.has_token():
            where = translate("secrets",
                              getattr(secrets, "where",
                                      translate("twitch_settings", "nowhere (this build keeps no secrets)")))
            text = translate("twitch_settings",
                             "A token is kept in {where}: with her login set, she can write in chat.").format(
                                 where=where)
        else:
            text = translate("twitch_settings", "No token: she reads chat anonymously and cannot write in it.")
        self.token_status.setText(text)
        self.forget_button.setEnabled(self.skill.has_token())
        return text


def make_page(skill: TwitchSkill, prefix: str, values: TwitchSettings) -> SectionForm:
    return TwitchSettingsPage(skill, prefix, values)
